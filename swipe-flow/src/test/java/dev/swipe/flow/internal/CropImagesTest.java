package dev.swipe.flow.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.sim.SimOracle;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An anchor's image is found where it is, at another frame size, and nowhere it is not. */
class CropImagesTest {
  private static NormRegion rowBox(Device phone, Observation shot, int nth) {
    SimOracle truth = SimOracle.of(phone);
    String name = truth.visibleListRows(shot).get(nth);
    SimOracle.DrawnText row =
        truth.textOn(shot).stream().filter(t -> t.text().equals(name)).findFirst().orElseThrow();
    NormPoint c =
        NormPoint.fromPixel(
            row.box().getCenterX(), row.box().getCenterY(), shot.width(), shot.height());
    return NormRegion.fromCorners(c.x() - 120, c.y() - 14, c.x() + 120, c.y() + 14);
  }

  @Test
  void aRowsImageIsFoundAtItsPlaceOnTheSameScreenAndAtHalfTheSize() {
    try (Device phone = Device.open("sim:?scene=list&seed=7");
        Device half = Device.open("sim:?scene=list&seed=7&scale=0.5")) {
      Observation shot = phone.screenshot();
      NormRegion box = rowBox(phone, shot, 3);
      byte[] png = CropImages.cut(shot.grey(), box).orElseThrow();
      for (Observation o : new Observation[] {shot, half.screenshot()}) {
        Optional<NormRegion> found =
            CropImages.find(o.grey(), png, box, shot.width(), NormRegion.FULL);
        assertThat(found).as("on a %dx%d frame", o.width(), o.height()).isPresent();
        assertThat(Math.abs(found.get().center().x() - box.center().x())).isLessThan(4);
        assertThat(Math.abs(found.get().center().y() - box.center().y())).isLessThan(4);
      }
    }
  }

  @Test
  void aRowsImageIsNotFoundOnTheRowsAroundIt() {
    try (Device phone = Device.open("sim:?scene=list&seed=7")) {
      Observation shot = phone.screenshot();
      NormRegion box = rowBox(phone, shot, 3);
      byte[] png = CropImages.cut(shot.grey(), box).orElseThrow();
      // Everything but the row itself: other names in the same font and layout.
      NormRegion below = NormRegion.fromCorners(0, box.y2() + 20, 1000, 1000);
      assertThat(CropImages.find(shot.grey(), png, box, shot.width(), below)).isEmpty();
    }
  }

  @Test
  void aPlainRegionKeepsNoImage() {
    try (Device phone = Device.open("sim:?scene=list")) {
      Observation shot = phone.screenshot();
      // The list's right margin, beside the names: one colour.
      assertThat(CropImages.cut(shot.grey(), NormRegion.of(960, 600, 30, 30))).isEmpty();
    }
  }
}
