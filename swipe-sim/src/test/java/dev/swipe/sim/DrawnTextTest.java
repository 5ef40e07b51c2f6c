package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import java.awt.Color;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The simulator's record of the text it drew: the truth text-reading tests and benchmarks use. */
class DrawnTextTest {

  private static Optional<SimOracle.DrawnText> find(List<SimOracle.DrawnText> texts, String s) {
    return texts.stream().filter(t -> t.text().equals(s)).findFirst();
  }

  private static double luma(int rgb) {
    return 0.299 * ((rgb >> 16) & 0xFF) + 0.587 * ((rgb >> 8) & 0xFF) + 0.114 * (rgb & 0xFF);
  }

  /** Mean grey inside a box minus mean grey of a ring around it: negative for dark ink. */
  private static double inkMinusRing(BufferedImage img, Rectangle b) {
    double in = 0;
    int n = 0;
    for (int y = b.y; y < b.y + b.height; y++) {
      for (int x = b.x; x < b.x + b.width; x++) {
        in += luma(img.getRGB(x, y));
        n++;
      }
    }
    double ring = 0;
    int m = 0;
    for (int x = b.x - 4; x < b.x + b.width + 4; x++) {
      ring += luma(img.getRGB(x, b.y - 4)) + luma(img.getRGB(x, b.y + b.height + 3));
      m += 2;
    }
    return in / n - ring / m;
  }

  @Test
  void everyVisibleContactOfAListFrameIsRecordedWithInkInsideItsBox() throws IOException {
    try (Device phone = Device.open("sim:?scene=list&seed=11")) {
      Observation o = phone.screenshot();
      List<SimOracle.DrawnText> texts = SimOracle.of(phone).textOn(o);
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(o.jpeg()));
      List<String> rows = SimOracle.of(phone).visibleListRows(o);
      assertThat(rows).isNotEmpty();
      for (String name : rows) {
        SimOracle.DrawnText t =
            find(texts, name).orElseThrow(() -> new AssertionError("no record of " + name));
        assertThat(t.fullyVisible()).isTrue();
        assertThat(t.words())
            .extracting(SimOracle.DrawnText.Word::text)
            .containsExactly(name.split(" "));
        assertThat(new Rectangle(0, 0, o.width(), o.height()).contains(t.box())).isTrue();
        // Dark text: the box is clearly darker than what surrounds it, so the box holds the ink.
        assertThat(inkMinusRing(img, t.box())).as(name).isLessThan(-20);
        assertThat(t.capHeightPx()).isBetween(20.0, 60.0);
      }
      assertThat(texts).anySatisfy(t -> assertThat(t.statusBar()).isTrue());
      assertThat(find(texts, "Contacts")).isPresent();
    }
  }

  @Test
  void boxesFollowTheFrameScale() {
    try (Device full = Device.open("sim:?scene=picker&seed=3");
        Device half = Device.open("sim:?scene=picker&seed=3&scale=0.5")) {
      SimOracle.DrawnText big =
          find(SimOracle.of(full).textOn(full.screenshot()), "Save").orElseThrow();
      SimOracle.DrawnText small =
          find(SimOracle.of(half).textOn(half.screenshot()), "Save").orElseThrow();
      assertThat(small.box().getCenterX())
          .isCloseTo(big.box().getCenterX() / 2, org.assertj.core.data.Offset.offset(2.0));
      assertThat(small.box().getCenterY())
          .isCloseTo(big.box().getCenterY() / 2, org.assertj.core.data.Offset.offset(2.0));
      assertThat(small.capHeightPx())
          .isCloseTo(big.capHeightPx() / 2, org.assertj.core.data.Offset.offset(0.5));
    }
  }

  @Test
  void theKeyboardHidesTheRowsBelowItsTopAndIsRecordedItself() {
    try (Device phone = Device.open("sim:?scene=list")) {
      phone.tap(NormPoint.of(500, 134));
      SimOracle oracle = SimOracle.of(phone);
      Observation o = phone.screenshot();
      assertThat(oracle.keyboardVisible()).isTrue();
      List<SimOracle.DrawnText> texts = oracle.textOn(o);
      SimOracle.DrawnText q = find(texts, "q").orElseThrow();
      int keyboardTop = q.box().y - 200;
      for (SimOracle.DrawnText t : texts) {
        if (t.box().y > keyboardTop && t.text().startsWith("+1 555")) {
          assertThat(t.visibleFraction()).as(t.text()).isLessThan(1.0);
        }
      }
      // A visible contact row above the keyboard is still fully there.
      String first = oracle.visibleListRows(o).get(0);
      assertThat(find(texts, first).orElseThrow().fullyVisible()).isTrue();
    }
  }

  @Test
  void darkThemeDrawsLightTextOnDarkBackgrounds() throws IOException {
    try (Device phone = Device.open("sim:?scene=list&theme=dark")) {
      Observation o = phone.screenshot();
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(o.jpeg()));
      SimOracle.DrawnText title = find(SimOracle.of(phone).textOn(o), "Contacts").orElseThrow();
      assertThat(luma(title.color().getRGB()))
          .isGreaterThan(luma(title.background().getRGB()) + 100);
      assertThat(inkMinusRing(img, title.box())).isGreaterThan(20);
    }
    assertThat(SimConfig.fromUri("sim:?theme=dark").theme()).isEqualTo(SimConfig.Theme.DARK);
    assertThat(SimConfig.fromUri("sim:?theme=dark").toUri()).contains("theme=dark");
    assertThatThrownBy(() -> SimConfig.fromUri("sim:?theme=sepia"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.getMessage()).contains("theme"));
  }

  @Test
  void fadedPickerRowsCarryTheirOpacity() {
    try (Device phone = Device.open("sim:?scene=picker")) {
      List<SimOracle.DrawnText> texts = SimOracle.of(phone).textOn(phone.screenshot());
      SimState.Wheel hour = SimOracle.of(phone).wheel("hour");
      SimOracle.DrawnText selected = find(texts, hour.label()).orElseThrow();
      assertThat(selected.alpha()).isEqualTo(1.0);
      assertThat(texts).anySatisfy(t -> assertThat(t.alpha()).isLessThan(0.9));
      assertThat(find(texts, "Save").orElseThrow().background()).isNotEqualTo(Color.WHITE);
    }
  }

  @Test
  void letterboxedFramesPlaceTheBoxesInsideTheScreenArea() {
    try (Device d = Device.open("sim:?scene=picker&letterbox=true&scale=0.5")) {
      Observation o = d.screenshot();
      assertThat(o.width()).isEqualTo(1920);
      Rectangle area = SimPhone.of(d).orElseThrow().hdmiScreenArea();
      List<SimOracle.DrawnText> texts = SimOracle.of(d).textOn(o);
      assertThat(texts)
          .isNotEmpty()
          .allSatisfy(t -> assertThat(area.contains(t.box())).as(t.text()).isTrue());
      SimOracle.DrawnText save = find(texts, "Save").orElseThrow();
      assertThat(save.box().getCenterX())
          .isCloseTo(960.0, org.assertj.core.data.Offset.offset(3.0));
    }
  }

  @Test
  void aScreenshotOfAnotherPhoneIsRefused() {
    try (Device a = Device.open("sim:");
        Device b = Device.open("sim:?scene=picker")) {
      Observation fromB = b.screenshot();
      SimOracle oracleA = SimOracle.of(a);
      a.screenshot();
      assertThatThrownBy(() -> oracleA.textOn(fromB))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.getMessage()).contains("screenshot"));
    }
  }
}
