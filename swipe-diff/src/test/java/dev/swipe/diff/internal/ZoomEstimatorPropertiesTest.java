package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ZoomChange;
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
    ZoomScreens.Kind[] kinds = ZoomScreens.Kind.values();
    for (int i = 0; i < 24; i++) {
      ZoomScreens.Kind k1 = kinds[r.nextInt(kinds.length)];
      // half the pairs are two screens of one kind: one font, one grid, one street pattern
      ZoomScreens.Kind k2 = i % 2 == 0 ? k1 : kinds[r.nextInt(kinds.length)];
      long s1 = r.nextLong();
      long s2 = unrelatedSeed(k1, s1, k2, r.nextLong());
      GreyRaster a =
          ZoomScreens.decode(
              ZoomScreens.render(k1, s1, ZoomScreens.worldView(s1, W), W, H, true), 0.8f);
      GreyRaster b =
          ZoomScreens.decode(
              ZoomScreens.render(k2, s2, ZoomScreens.worldView(s2, W), W, H, true), 0.8f);
      ZoomChange unrelated = ZoomEstimator.estimate(a, b);
      assertThat(unrelated.direction())
          .as("%s %s vs %s %s: %s", k1, s1, k2, s2, unrelated)
          .isEqualTo(ZoomChange.Direction.NONE);
      if (k1 != k2 || k1 == ZoomScreens.Kind.PHOTO) {
        // nothing shared at all: not even a scale of 1 can be claimed
        assertThat(unrelated.observed())
            .as("%s %s vs %s %s: %s", k1, s1, k2, s2, unrelated)
            .isFalse();
      }
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

  /**
   * Unrelated screens of one regular pattern (pages of one typography, a street grid, a month grid)
   * can be aligned at the ratio of their sizes: a seeded batch of such pairs on phone-size frames
   * must never come back as a zoom.
   */
  @Test
  void seededUnrelatedPairsOfOnePatternAreNeverZooms() {
    Random r = new Random(20261207L);
    ZoomScreens.Kind[] kinds = ZoomScreens.Kind.values();
    int w = 1080;
    int h = 2400;
    int n = 100;
    int zooms = 0;
    StringBuilder claims = new StringBuilder();
    for (int i = 0; i < n; i++) {
      ZoomScreens.Kind k1 = kinds[i % kinds.length];
      // nine in ten of one kind, so of one pattern; the last tenth mixed
      ZoomScreens.Kind k2 = i >= n - n / 10 ? kinds[r.nextInt(kinds.length)] : k1;
      long s1 = r.nextLong();
      long s2 = unrelatedSeed(k1, s1, k2, r.nextLong());
      boolean bar = r.nextBoolean();
      GreyRaster a =
          ZoomScreens.decode(
              ZoomScreens.render(k1, s1, ZoomScreens.worldView(s1, w), w, h, bar), 0.8f);
      GreyRaster b =
          ZoomScreens.decode(
              ZoomScreens.render(k2, s2, ZoomScreens.worldView(s2, w), w, h, bar), 0.8f);
      ZoomChange z = ZoomEstimator.estimate(a, b);
      if (z.direction() != ZoomChange.Direction.NONE) {
        zooms++;
        claims.append(k1).append(' ').append(s1).append(" vs ").append(k2).append(' ');
        claims.append(s2).append(" -> ").append(z).append('\n');
      }
    }
    assertThat(zooms).as(claims.toString()).isZero();
  }

  /** The second seed, moved off the first's photo texture: one texture is one photo. */
  static long unrelatedSeed(ZoomScreens.Kind k1, long s1, ZoomScreens.Kind k2, long s2) {
    if (k1 == ZoomScreens.Kind.PHOTO
        && k2 == k1
        && ZoomScreens.photoOf(s1) == ZoomScreens.photoOf(s2)) {
      return s2 - ZoomScreens.photoOf(s2) + ZoomScreens.photoOf(s1) + 1;
    }
    return s2;
  }

  /** Pinches on a month grid and on a sparse street map: never a wrong direction. */
  @Test
  void gridsAndSparseMapsNeverGiveAWrongDirection() {
    Random r = new Random(20261208L);
    ZoomScreens.Kind[] kinds = {ZoomScreens.Kind.CALENDAR, ZoomScreens.Kind.STREETS};
    int observed = 0;
    for (int i = 0; i < 24; i++) {
      ZoomScreens.Kind kind = kinds[i % 2];
      long seed = r.nextLong();
      ZoomScreens.Pinch p = ZoomScreens.randomPinch(r, W, H, 0.3, 3.5, true);
      ZoomScreens.Frames f = ZoomScreens.pinch(kind, seed, W, H, p, 0.8f, r.nextBoolean());
      ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
      assertThat(ZoomScreens.wrongDirection(z, p.scale())).as("%s for %s", z, p).isFalse();
      if (z.observed()) {
        observed++;
        assertThat(ZoomScreens.within(z, p.scale(), 0.15)).as("%s for %s", z, p).isTrue();
      }
    }
    assertThat(observed).isGreaterThanOrEqualTo(12);
  }
}
