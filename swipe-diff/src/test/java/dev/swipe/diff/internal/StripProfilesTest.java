package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How much of a change a shift of the brightness profiles explains, on profiles built to know the
 * answer.
 */
class StripProfilesTest {

  /** {@code strips} profiles of length {@code n}, values in {@code [lo, lo + range)}. */
  private static float[] profiles(Random r, int strips, int n, int lo, int range) {
    float[] p = new float[strips * n];
    for (int i = 0; i < p.length; i++) {
      p[i] = lo + r.nextInt(range);
    }
    return p;
  }

  /** B: every strip of A moved by {@code shift}, the uncovered part new content. */
  private static float[] moved(float[] a, int strips, int n, int shift, Random r) {
    float[] b = new float[a.length];
    for (int s = 0; s < strips; s++) {
      for (int j = 0; j < n; j++) {
        int from = j - shift;
        b[s * n + j] = from >= 0 && from < n ? a[s * n + from] : r.nextInt(256);
      }
    }
    return b;
  }

  @Test
  void theTrueShiftExplainsAllOfAMoveAndOthersDoNot() {
    qt().withExamples(100)
        .forAll(
            longs().all(),
            integers().between(1, 8),
            integers().between(40, 120),
            integers().between(1, 40))
        .checkAssert(
            (seed, strips, n, percent) -> {
              Random r = new Random(seed);
              int shift = Math.max(1, n * percent / 100) * (r.nextBoolean() ? 1 : -1);
              float[] a = profiles(r, strips, n, 0, 256);
              float[] b = moved(a, strips, n, shift, r);
              double total = StripProfiles.energy(a, b, strips, n, 0);
              assertThat(StripProfiles.energy(a, b, strips, n, shift)).isZero();
              assertThat(StripProfiles.unexplained(a, b, strips, n, shift, total)).isZero();
              // the same frames swapped: undone by the opposite shift
              assertThat(StripProfiles.unexplained(b, a, strips, n, -shift, total)).isZero();
              // random content matches itself nowhere else: the opposite shift leaves much of it
              // (more than a fifth in 200,000 trials of this construction; 0.1 leaves room)
              assertThat(StripProfiles.unexplained(a, b, strips, n, -shift, total))
                  .isGreaterThan(0.1);
            });
  }

  @Test
  void theAnswerIsARatioAndTheSameWithTheFramesSwapped() {
    qt().withExamples(150)
        .forAll(
            longs().all(),
            integers().between(1, 8),
            integers().between(2, 80),
            integers().between(-79, 79))
        .checkAssert(
            (seed, strips, n, shift) -> {
              Random r = new Random(seed);
              float[] a = profiles(r, strips, n, 0, 256);
              float[] b =
                  r.nextBoolean()
                      ? profiles(r, strips, n, 0, 256)
                      : moved(a, strips, n, r.nextInt(n), r);
              double total = StripProfiles.energy(a, b, strips, n, 0);
              assertThat(StripProfiles.energy(b, a, strips, n, 0)).isEqualTo(total);
              double u = StripProfiles.unexplained(a, b, strips, n, shift, total);
              assertThat(u).isBetween(0.0, 1.0);
              assertThat(StripProfiles.unexplained(b, a, strips, n, -shift, total)).isEqualTo(u);
            });
  }

  @Test
  void aBrightnessChangeIsNoShift() {
    // The whole region turned brighter by more than its content varies: every shifted sample
    // still differs by most of the change, so no shift explains it.
    qt().withExamples(100)
        .forAll(
            longs().all(),
            integers().between(1, 8),
            integers().between(8, 100),
            integers().between(-6, 6))
        .checkAssert(
            (seed, strips, n, shift) -> {
              Random r = new Random(seed);
              float[] a = profiles(r, strips, n, 100, 11);
              float[] b = a.clone();
              for (int i = 0; i < b.length; i++) {
                b[i] += 40;
              }
              double total = StripProfiles.energy(a, b, strips, n, 0);
              assertThat(StripProfiles.unexplained(a, b, strips, n, shift, total))
                  .isGreaterThanOrEqualTo(0.5);
            });
  }

  @Test
  void partsThatDidNotMoveDoNotCountAgainstTheShift() {
    // A static bar above a list that moved: the bar's samples keep their unshifted match.
    Random r = new Random(5);
    int n = 100;
    int bar = 20;
    int shift = 12;
    float[] a = profiles(r, 1, n, 0, 256);
    float[] b = new float[n];
    for (int j = 0; j < n; j++) {
      b[j] = j < bar ? a[j] : j - shift >= bar ? a[j - shift] : r.nextInt(256);
    }
    double total = StripProfiles.energy(a, b, 1, n, 0);
    assertThat(StripProfiles.unexplained(a, b, 1, n, shift, total)).isLessThan(0.1);
  }

  @Test
  void anOverlapThatMissesTheChangeExplainsNothing() {
    // A long shift compares only the two ends of the profile; a change in the middle is cropped
    // away, which is no explanation of it, even if the ends match.
    Random r = new Random(9);
    int n = 60;
    float[] a = profiles(r, 2, n, 0, 256);
    float[] b = a.clone();
    for (int s = 0; s < 2; s++) {
      for (int j = 25; j < 35; j++) {
        b[s * n + j] = 255 - a[s * n + j];
      }
    }
    double total = StripProfiles.energy(a, b, 2, n, 0);
    assertThat(StripProfiles.unexplained(a, b, 2, n, 40, total))
        .as("nothing changed at the ends")
        .isEqualTo(1.0);
    b[3] += 30; // a little change at an end: still most of it is outside the overlap
    total = StripProfiles.energy(a, b, 2, n, 0);
    assertThat(StripProfiles.unexplained(a, b, 2, n, 40, total)).isEqualTo(1.0);
    assertThat(StripProfiles.unexplained(a, b, 2, n, -40, total)).isEqualTo(1.0);
    assertThat(StripProfiles.unexplained(a, b, 2, n, 20, total))
        .as("an overlap holding the change")
        .isLessThan(1.0);
    assertThat(StripProfiles.unexplained(a, b, 2, n, n, total)).as("no overlap").isEqualTo(1.0);
    assertThat(StripProfiles.unexplained(a, b, 2, n, -n, total)).as("no overlap").isEqualTo(1.0);
    assertThat(StripProfiles.unexplained(a, a, 2, n, 3, 0.0)).as("no change").isEqualTo(1.0);
  }

  @Test
  void profilesAreTheMeansOfTheirStripsAndBands() {
    qt().withExamples(60)
        .forAll(longs().all(), integers().between(1, 60), integers().between(1, 60))
        .checkAssert(
            (seed, w, h) -> {
              Random r = new Random(seed);
              int fw = w + r.nextInt(5);
              int fh = h + r.nextInt(5);
              byte[] px = new byte[fw * fh];
              r.nextBytes(px);
              GreyRaster g = GreyRaster.of(fw, fh, px);
              PixelRect region = new PixelRect(fw - w, fh - h, w, h);
              StripProfiles p = StripProfiles.of(g, region);
              int k = p.strips;
              assertThat(k)
                  .isEqualTo(Math.max(1, Math.min(StripProfiles.MAX_STRIPS, Math.min(w, h) / 4)));
              float[] rows = p.meanRows();
              float[] columns = p.meanColumns();
              assertThat(rows).hasSize(h);
              assertThat(columns).hasSize(w);
              for (int s = 0; s < k; s++) {
                int x0 = w * s / k;
                int x1 = w * (s + 1) / k;
                int y0 = h * s / k;
                int y1 = h * (s + 1) / k;
                for (int y = 0; y < h; y++) {
                  assertThat(p.rows[s * h + y])
                      .isCloseTo(mean(g, region, x0, x1, y, y + 1), within());
                }
                for (int x = 0; x < w; x++) {
                  assertThat(p.columns[s * w + x])
                      .isCloseTo(mean(g, region, x, x + 1, y0, y1), within());
                }
              }
              // the mean profiles weigh every strip alike
              for (int y = 0; y < h; y++) {
                double m = 0;
                for (int s = 0; s < k; s++) {
                  m += p.rows[s * h + y];
                }
                assertThat(rows[y]).isCloseTo((float) (m / k), within());
              }
              for (int x = 0; x < w; x++) {
                double m = 0;
                for (int s = 0; s < k; s++) {
                  m += p.columns[s * w + x];
                }
                assertThat(columns[x]).isCloseTo((float) (m / k), within());
              }
            });
  }

  private static org.assertj.core.data.Offset<Float> within() {
    return org.assertj.core.data.Offset.offset(1e-3f);
  }

  private static float mean(GreyRaster g, PixelRect region, int x0, int x1, int y0, int y1) {
    double s = 0;
    for (int y = y0; y < y1; y++) {
      for (int x = x0; x < x1; x++) {
        s += g.get(region.x() + x, region.y() + y);
      }
    }
    return (float) (s / ((x1 - x0) * (y1 - y0)));
  }

  /**
   * The limits of {@code unexplained}: one sample of overlap is enough to judge, no change energy
   * is nothing to explain, and a shift is only judged when the unshifted mismatch over the overlap
   * holds at least half its share of the change.
   */
  @Test
  void unexplainedJudgesFromOneSampleOfOverlapAndHalfTheOverlapsShare() {
    float[] a = {5, 0};
    float[] b = {0, 5};
    // shift 1 overlaps one sample: the shift explains it fully (d = 0), unshifted mismatch 25
    assertThat(StripProfiles.unexplained(a, b, 1, 2, 1, 50)).isZero();
    assertThat(StripProfiles.unexplained(a, b, 1, 2, 1, 0)).as("no change").isEqualTo(1.0);
    // the overlap's share is half the samples: judged while 25 >= 0.5 * 0.5 * total
    assertThat(StripProfiles.unexplained(a, b, 1, 2, 1, 100)).isZero();
    assertThat(StripProfiles.unexplained(a, b, 1, 2, 1, 40)).isZero();
    assertThat(StripProfiles.unexplained(a, b, 1, 2, 1, 100.001)).isEqualTo(1.0);
    assertThat(StripProfiles.unexplained(a, b, 1, 2, 1, 1000)).isEqualTo(1.0);
  }
}
