package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ZoomChange;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The estimate a pinch's own path guides ({@link ZoomEstimator#estimate(GreyRaster, GreyRaster,
 * double, double, double, double, double)}): where the corners of a sparse screen are too few, the
 * zooms the pinch could have made are tried on the pixels; and it never claims a zoom the pixels do
 * not show, whatever the fingers asked for.
 */
class ZoomAlongThePinchTest {
  private static final int W = 720;
  private static final int H = 1600;

  /** The fingers' centroid path of {@code p}, in 0-1000 of the frames, and the scale asked. */
  private static ZoomChange guided(ZoomScreens.Frames f, ZoomScreens.Pinch p, double asked) {
    return ZoomEstimator.estimate(
        f.before(),
        f.after(),
        p.cx() / (W - 1) * 1000,
        p.cy() / (H - 1) * 1000,
        (p.cx() + p.panX()) / (W - 1) * 1000,
        (p.cy() + p.panY()) / (H - 1) * 1000,
        asked);
  }

  @Test
  void sparseStreetsZoomedFarAreReadWhereTheCornersAloneAreNot() {
    Random r = new Random(20261205);
    int cornersAlone = 0;
    int alongThePinch = 0;
    for (int i = 0; i < 24; i++) {
      boolean in = i % 2 == 0;
      double scale = in ? 2.2 + 0.8 * r.nextDouble() : 1 / (2.2 + 0.8 * r.nextDouble());
      ZoomScreens.Pinch p =
          new ZoomScreens.Pinch(
              scale, 0, W * (0.3 + 0.4 * r.nextDouble()), H * (0.3 + 0.4 * r.nextDouble()), 0, 0);
      ZoomScreens.Frames f =
          ZoomScreens.pinch(ZoomScreens.Kind.STREETS, 500 + i, W, H, p, 0.8f, true);
      ZoomChange alone = ZoomEstimator.estimate(f.before(), f.after());
      ZoomChange along = guided(f, p, scale);
      assertThat(ZoomScreens.wrongDirection(alone, scale)).as("case %d alone", i).isFalse();
      assertThat(ZoomScreens.wrongDirection(along, scale)).as("case %d along", i).isFalse();
      if (alone.observed()) {
        cornersAlone++;
        assertThat(along).as("case %d: the corners' answer stands", i).isEqualTo(alone);
      }
      if (along.observed()) {
        alongThePinch++;
        assertThat(ZoomScreens.within(along, scale, 0.1)).as("case %d: %s", i, along).isTrue();
      }
    }
    assertThat(alongThePinch).isGreaterThan(cornersAlone);
  }

  @Test
  void aMapWhoseLabelsKeepTheirSizeIsReadWhereTheFingersKeptItsContent() {
    // The fingers ask 1.7x or 0.6x about their centroid c; the map then snaps to a whole level, 2x
    // or 0.5x, about the centre o of its view, as tile maps do. The content under the fingers
    // moves a little, and the tiles' seams and labels are drawn again at their one size.
    Random r = new Random(20261207);
    int cornersAlone = 0;
    int alongThePinch = 0;
    for (int i = 0; i < 16; i++) {
      boolean in = i % 2 == 0;
      double asked = in ? 1.7 : 0.6;
      double scale = in ? 2.0 : 0.5;
      double cx = W * (0.35 + 0.3 * r.nextDouble());
      double cy = H * (0.35 + 0.3 * r.nextDouble());
      // asked about c, then scale / asked about o: the fixed point of the whole
      double snap = scale / asked;
      double fx = (snap * (1 - asked) * cx + (1 - snap) * W / 2.0) / (1 - scale);
      double fy = (snap * (1 - asked) * cy + (1 - snap) * H / 2.0) / (1 - scale);
      ZoomScreens.Pinch p = new ZoomScreens.Pinch(scale, 0, fx, fy, 0, 0);
      ZoomScreens.Frames f =
          ZoomScreens.pinchUnderLabels(ZoomScreens.Kind.MAP, 700 + i, W, H, p, 0.8f);
      ZoomChange alone = ZoomEstimator.estimate(f.before(), f.after());
      double nx = cx / (W - 1) * 1000;
      double ny = cy / (H - 1) * 1000;
      ZoomChange along = ZoomEstimator.estimate(f.before(), f.after(), nx, ny, nx, ny, asked);
      assertThat(ZoomScreens.wrongDirection(alone, scale)).as("case %d alone", i).isFalse();
      assertThat(ZoomScreens.wrongDirection(along, scale)).as("case %d along", i).isFalse();
      cornersAlone += alone.observed() ? 1 : 0;
      if (along.observed()) {
        alongThePinch++;
        assertThat(ZoomScreens.within(along, scale, 0.1)).as("case %d: %s", i, along).isTrue();
      }
    }
    assertThat(alongThePinch).isGreaterThan(cornersAlone);
  }

  @Test
  void aSparseMapWhoseTileSeamsLineUpShiftedIsNoPanWhereTheFingersAskedAZoom() {
    // the seams and labels keep their size and move with the map: zoomed, a sparse map with them
    // can line up with itself by a shift, which once read a zoom as none
    Random r = new Random(20261207);
    for (int i = 0; i < 16; i++) {
      boolean in = i % 2 == 0;
      double scale = in ? 2.0 : 0.5;
      ZoomScreens.Pinch p =
          new ZoomScreens.Pinch(
              scale, 0, W * (0.35 + 0.3 * r.nextDouble()), H * (0.35 + 0.3 * r.nextDouble()), 0, 0);
      ZoomScreens.Frames f =
          ZoomScreens.pinchUnderLabels(ZoomScreens.Kind.STREETS, 700 + i, W, H, p, 0.8f);
      ZoomChange along = guided(f, p, in ? 1.7 : 0.6);
      assertThat(ZoomScreens.wrongDirection(along, scale)).as("case %d: %s", i, along).isFalse();
    }
  }

  @Test
  void unrelatedScreensOfOnePatternAreNoZoomWhereverTheFingersWere() {
    for (ZoomScreens.Frames f : ZoomScreens.knownAliases()) {
      for (int cx = 300; cx <= 700; cx += 200) {
        for (int cy = 300; cy <= 700; cy += 200) {
          for (double asked : new double[] {1.7, 0.6}) {
            ZoomChange z = ZoomEstimator.estimate(f.before(), f.after(), cx, cy, cx, cy, asked);
            assertThat(z.direction())
                .as("at (%d,%d) asking %s: %s", cx, cy, asked, z)
                .isEqualTo(ZoomChange.Direction.NONE);
          }
        }
      }
    }
  }

  @Test
  void aPinchThatChangedNothingIsNeverAZoom() {
    for (ZoomScreens.Kind kind : ZoomScreens.Kind.values()) {
      ZoomScreens.Pinch nothing = new ZoomScreens.Pinch(1, 0, 360, 800, 0, 0);
      ZoomScreens.Frames f = ZoomScreens.pinch(kind, 31, W, H, nothing, 0.8f, true);
      for (double asked : new double[] {2.5, 0.4}) {
        ZoomChange z = guided(f, nothing, asked);
        assertThat(z.direction())
            .as("%s, %s asked", kind, asked)
            .isEqualTo(ZoomChange.Direction.NONE);
      }
    }
  }

  @Test
  void anUnrelatedScreenIsNoZoomWhateverTheFingersAsked() {
    for (ZoomScreens.Kind kind : ZoomScreens.Kind.values()) {
      ZoomScreens.Frames a =
          ZoomScreens.pinch(
              kind, 41, W, H, new ZoomScreens.Pinch(1, 0, 360, 800, 0, 0), 0.8f, true);
      ZoomScreens.Frames b =
          ZoomScreens.pinch(
              kind, 42, W, H, new ZoomScreens.Pinch(1, 0, 360, 800, 0, 0), 0.8f, true);
      ZoomChange z = ZoomEstimator.estimate(a.before(), b.before(), 500, 500, 500, 500, 2.0);
      assertThat(z.direction()).as("%s: %s", kind, z).isEqualTo(ZoomChange.Direction.NONE);
    }
  }

  @Test
  void aZoomBeyondWhatTheFingersCouldExplainIsNotForcedIntoTheirRange() {
    // the app zoomed 3x where the fingers asked 1.2x: the tried zooms end at 1.44x
    ZoomScreens.Pinch p = new ZoomScreens.Pinch(3.0, 0, 360, 800, 0, 0);
    for (long seed = 600; seed < 606; seed++) {
      ZoomScreens.Frames f = ZoomScreens.pinch(ZoomScreens.Kind.STREETS, seed, W, H, p, 0.8f, true);
      ZoomChange z = guided(f, p, 1.2);
      assertThat(!z.observed() || ZoomScreens.within(z, 3.0, 0.1))
          .as("seed %d: %s", seed, z)
          .isTrue();
    }
  }

  @Test
  void badPinchesAreRefused() {
    ZoomScreens.Frames f =
        ZoomScreens.pinch(
            ZoomScreens.Kind.MAP,
            51,
            W,
            H,
            new ZoomScreens.Pinch(1, 0, 360, 800, 0, 0),
            0.8f,
            true);
    assertThatThrownBy(() -> ZoomEstimator.estimate(f.before(), f.after(), -1, 0, 0, 0, 2))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("0-1000");
    assertThatThrownBy(() -> ZoomEstimator.estimate(f.before(), f.after(), 0, 0, 0, 0, 0))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("scale");
    assertThatThrownBy(() -> ZoomEstimator.estimate(f.before(), f.after(), 0, 0, 0, 0, Double.NaN))
        .isInstanceOf(SwipeException.class);
  }
}
