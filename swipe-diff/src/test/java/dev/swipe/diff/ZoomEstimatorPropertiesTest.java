package dev.swipe.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Synthetic pinches on map-, photo- and page-like screens (random centre, 0.3-3.5x, some with a
 * small turn and pan, a fixed status bar, JPEG at quality 75-90): never a wrong direction, and an
 * observed scale close to the truth.
 */
class ZoomEstimatorPropertiesTest {

  private static final int W = 720;
  private static final int H = 1600;

  @Test
  void neverAWrongDirectionAndObservedScalesAreClose() {
    qt().withExamples(24)
        .forAll(longs().all(), integers().between(300, 3500), integers().between(0, 2))
        .checkAssert(
            (seed, milli, kind) -> {
              Random r = new Random(seed);
              ZoomScreens.Pinch random = ZoomScreens.randomPinch(r, W, H, 1, 1, r.nextBoolean());
              double scale = milli / 1000.0;
              ZoomScreens.Pinch p =
                  new ZoomScreens.Pinch(
                      scale,
                      random.turnDegrees(),
                      random.cx(),
                      random.cy(),
                      random.panX(),
                      random.panY());
              ZoomScreens.Frames f =
                  ZoomScreens.pinch(
                      ZoomScreens.Kind.values()[kind],
                      seed,
                      W,
                      H,
                      p,
                      0.75f + 0.15f * r.nextFloat(),
                      r.nextBoolean());
              ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
              assertThat(ZoomScreens.wrongDirection(z, scale)).as("%s for %s", z, p).isFalse();
              if (z.observed()) {
                assertThat(ZoomScreens.within(z, scale, 0.15)).as("%s for %s", z, p).isTrue();
              }
            });
  }

  /** A property must hold for every example; the share within 10% is a count over a fixed batch. */
  @Test
  void seededBatchIsWithinTenPercentNearlyAlways() {
    Random r = new Random(20261204L);
    int n = 100;
    int within = 0;
    int wrong = 0;
    StringBuilder misses = new StringBuilder();
    for (int i = 0; i < n; i++) {
      ZoomScreens.Kind kind = ZoomScreens.Kind.values()[i % 3];
      long seed = r.nextLong();
      ZoomScreens.Pinch p = ZoomScreens.randomPinch(r, W, H, 0.3, 3.5, true);
      float q = 0.75f + 0.15f * r.nextFloat();
      ZoomScreens.Frames f = ZoomScreens.pinch(kind, seed, W, H, p, q, r.nextBoolean());
      ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
      if (ZoomScreens.within(z, p.scale(), 0.10)) {
        within++;
      } else {
        misses.append(kind).append(' ').append(p).append(" -> ").append(z).append('\n');
      }
      wrong += ZoomScreens.wrongDirection(z, p.scale()) ? 1 : 0;
    }
    assertThat(wrong).as(misses.toString()).isZero();
    assertThat(within).as(misses.toString()).isGreaterThanOrEqualTo(95);
  }

  @Test
  void unrelatedScreensAndScrollsAreNeverZooms() {
    Random r = new Random(20261206L);
    for (int i = 0; i < 24; i++) {
      ZoomScreens.Kind k1 = ZoomScreens.Kind.values()[r.nextInt(3)];
      ZoomScreens.Kind k2 = ZoomScreens.Kind.values()[r.nextInt(3)];
      if (k1 == ZoomScreens.Kind.PAGE && k2 == k1) {
        // Known limit: two pages of this generator share one typography, an 18-word vocabulary
        // and a tiled layout, so one can pass for the other zoomed; see ZoomEstimatorReportTest.
        k2 = ZoomScreens.Kind.MAP;
      }
      long s1 = r.nextLong();
      long s2 = r.nextLong();
      if (k1 == ZoomScreens.Kind.PHOTO
          && k2 == k1
          && ZoomScreens.photoOf(s1) == ZoomScreens.photoOf(s2)) {
        s2++; // one texture is one photo: not unrelated
      }
      GreyRaster a =
          ZoomScreens.decode(
              ZoomScreens.render(k1, s1, ZoomScreens.worldView(s1, W), W, H, true), 0.8f);
      GreyRaster b =
          ZoomScreens.decode(
              ZoomScreens.render(k2, s2, ZoomScreens.worldView(s2, W), W, H, true), 0.8f);
      ZoomChange unrelated = ZoomEstimator.estimate(a, b);
      assertThat(unrelated.observed())
          .as("%s %s vs %s %s: %s", k1, s1, k2, s2, unrelated)
          .isFalse();
      boolean vertical = r.nextBoolean();
      double d = (r.nextBoolean() ? 1 : -1) * (40 + r.nextInt(vertical ? 900 : 400));
      ZoomScreens.Pinch scroll =
          new ZoomScreens.Pinch(1.0, 0, W / 2.0, H / 2.0, vertical ? 0 : d, vertical ? d : 0);
      ZoomScreens.Frames f = ZoomScreens.pinch(k1, s1, W, H, scroll, 0.8f, r.nextBoolean());
      ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
      assertThat(z.direction())
          .as("%s %s scrolled %s: %s", k1, s1, d, z)
          .isEqualTo(ZoomChange.Direction.NONE);
    }
  }
}
