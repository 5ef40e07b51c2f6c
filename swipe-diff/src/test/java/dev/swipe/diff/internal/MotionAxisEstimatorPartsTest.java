package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The motion-axis estimator's parts against brute-force oracles (block means, energies, profile
 * minima) and the symmetries its answers rely on (swapping the frames, undoing the true shift).
 */
class MotionAxisEstimatorPartsTest {

  private static GreyRaster noise(Random r, int w, int h) {
    byte[] px = new byte[w * h];
    r.nextBytes(px);
    return GreyRaster.of(w, h, px);
  }

  /** A random region of a {@code w x h} raster: any position, at least one pixel. */
  private static PixelRect someRegion(Random r, int w, int h) {
    int x = r.nextInt(w);
    int y = r.nextInt(h);
    return new PixelRect(x, y, 1 + r.nextInt(w - x), 1 + r.nextInt(h - y));
  }

  @Test
  void reduceRegionIsTheRoundedMeanOfItsWholeBlocks() {
    qt().withExamples(200)
        .forAll(longs().all(), integers().between(1, 4))
        .checkAssert(
            (seed, power) -> {
              int f = 1 << power; // 2, 4, 8, 16: the factors the estimator uses
              Random r = new Random(seed);
              int w = 1 + r.nextInt(90);
              int h = 1 + r.nextInt(40);
              GreyRaster raster = noise(r, w, h);
              PixelRect region = someRegion(r, w, h);
              GreyRaster reduced = MotionAxisEstimator.reduceRegion(raster, region, f);
              int ow = Math.max(1, region.width() / f);
              int oh = Math.max(1, region.height() / f);
              int bw =
                  Math.min(
                      f,
                      region.width()); // a region narrower than a block is one block of its width
              int bh = Math.min(f, region.height());
              assertThat(reduced.width()).isEqualTo(ow);
              assertThat(reduced.height()).isEqualTo(oh);
              for (int oy = 0; oy < oh; oy++) {
                for (int ox = 0; ox < ow; ox++) {
                  int sum = 0;
                  for (int y = 0; y < bh; y++) {
                    for (int x = 0; x < bw; x++) {
                      sum += raster.get(region.x() + ox * bw + x, region.y() + oy * bh + y);
                    }
                  }
                  int n = bw * bh;
                  int expected = (int) Math.floor(sum / (double) n + 0.5); // half rounds up
                  assertThat(reduced.get(ox, oy))
                      .as("f %d block (%d, %d) of %s in %dx%d", f, ox, oy, region, w, h)
                      .isEqualTo(expected);
                }
              }
            });
  }

  @Test
  void gridIsTheMeanOfItsBlocks() {
    qt().withExamples(150)
        .forAll(longs().all())
        .checkAssert(
            seed -> {
              Random r = new Random(seed);
              int w = 1 + r.nextInt(60);
              int h = 1 + r.nextInt(50);
              GreyRaster raster = noise(r, w, h);
              PixelRect region = someRegion(r, w, h);
              int bw = 1 + r.nextInt(region.width());
              int bh = 1 + r.nextInt(region.height());
              int gw = region.width() / bw;
              int gh = region.height() / bh;
              float[] grid = MotionAxisEstimator.grid(raster, region, bw, bh, gw, gh);
              assertThat(grid).hasSize(gw * gh);
              for (int gy = 0; gy < gh; gy++) {
                for (int gx = 0; gx < gw; gx++) {
                  double sum = 0;
                  for (int y = 0; y < bh; y++) {
                    for (int x = 0; x < bw; x++) {
                      sum += raster.get(region.x() + gx * bw + x, region.y() + gy * bh + y);
                    }
                  }
                  assertThat((double) grid[gy * gw + gx])
                      .isCloseTo(sum / (bw * bh), Offset.offset(1e-3));
                }
              }
            });
  }

  @Test
  void pixelEnergyIsTheSumOfSquaredDifferencesOverTheRegion() {
    qt().withExamples(150)
        .forAll(longs().all())
        .checkAssert(
            seed -> {
              Random r = new Random(seed);
              int w = 1 + r.nextInt(60);
              int h = 1 + r.nextInt(50);
              GreyRaster a = noise(r, w, h);
              GreyRaster b = noise(r, w, h);
              PixelRect region = someRegion(r, w, h);
              double expected = 0;
              for (int y = region.y(); y < region.bottom(); y++) {
                for (int x = region.x(); x < region.right(); x++) {
                  int d = a.get(x, y) - b.get(x, y);
                  expected += d * d;
                }
              }
              assertThat(MotionAxisEstimator.pixelEnergy(a, b, region)).isEqualTo(expected);
              assertThat(MotionAxisEstimator.pixelEnergy(b, a, region)).isEqualTo(expected);
            });
  }

  @Test
  void aCandidateShiftLeavesAtLeastAQuarterOfTheProfile() {
    assertThat(MotionAxisEstimator.minOverlap(1)).isEqualTo(2);
    assertThat(MotionAxisEstimator.minOverlap(8)).isEqualTo(2);
    assertThat(MotionAxisEstimator.minOverlap(9)).isEqualTo(3);
    assertThat(MotionAxisEstimator.minOverlap(100)).isEqualTo(25);
    assertThat(MotionAxisEstimator.minOverlap(101)).isEqualTo(26);
    assertThat(MotionAxisEstimator.profileCandidates(new float[2], new float[2]))
        .as("no room to shift")
        .isEmpty();
  }

  /**
   * The mean squared profile mismatch at shift s, over the overlap (content at i in A is at i + s
   * in B).
   */
  private static double profileError(float[] pa, float[] pb, int s) {
    int n = pa.length;
    double e = 0;
    int count = 0;
    for (int i = 0; i < n; i++) {
      if (i + s >= 0 && i + s < n) {
        double d = pa[i] - pb[i + s];
        e += d * d;
        count++;
      }
    }
    return e / count;
  }

  private static float[] profile(Random r, int n) {
    float[] p = new float[n];
    for (int i = 0; i < n; i++) {
      p[i] = r.nextInt(256);
    }
    return p;
  }

  @Test
  void profileCandidatesAreTheBestLocalMinimaOfTheMismatch() {
    qt().withExamples(200)
        .forAll(longs().all(), integers().between(3, 160))
        .checkAssert(
            (seed, n) -> {
              Random r = new Random(seed);
              float[] pa = profile(r, n);
              float[] pb = r.nextBoolean() ? profile(r, n) : wrappedShift(pa, r);
              int maxShift = n - Math.max(2, (int) Math.ceil(0.25 * n));
              double[] err = new double[2 * maxShift + 1];
              for (int s = -maxShift; s <= maxShift; s++) {
                err[s + maxShift] = profileError(pa, pb, s);
              }
              List<Integer> minima = new ArrayList<>();
              for (int k = 0; k < err.length; k++) {
                boolean left = k == 0 || err[k] <= err[k - 1];
                boolean right = k == err.length - 1 || err[k] <= err[k + 1];
                if (k != maxShift && left && right) {
                  minima.add(k - maxShift);
                }
              }
              // best first; between equal mismatches the smaller shift, then the earlier one (a
              // stable sort)
              minima.sort(
                  Comparator.<Integer>comparingDouble(s -> err[s + maxShift])
                      .thenComparingInt(Math::abs));
              List<Integer> expected = minima.subList(0, Math.min(40, minima.size()));
              int[] got = MotionAxisEstimator.profileCandidates(pa, pb);
              assertThat(got)
                  .as("n %d", n)
                  .containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
            });
  }

  /**
   * {@code p} moved by a random shift (wrapping), lightly perturbed: a profile with a clear best
   * shift.
   */
  private static float[] wrappedShift(float[] p, Random r) {
    int n = p.length;
    int s = r.nextInt(n);
    float[] out = new float[n];
    for (int i = 0; i < n; i++) {
      out[(i + s) % n] = p[i] + r.nextInt(3);
    }
    return out;
  }

  /**
   * The largest shift the overlap rule allows, either way, for every profile length that is reduced
   * before the search: the reduced search once stopped short of the full range's edge.
   */
  @Test
  void theLargestAllowedShiftIsFoundForEveryReducedLength() {
    Random r = new Random(7);
    for (int n = MotionAxisEstimator.COARSE_LENGTH + 1; n <= 1500; n += 7) {
      int max = n - MotionAxisEstimator.minOverlap(n);
      for (int s : new int[] {max, -max, max - 1, -(max - 1)}) {
        float[] world = profile(r, n + Math.abs(s));
        float[] pa = new float[n];
        float[] pb = new float[n];
        for (int i = 0; i < n; i++) {
          pa[i] = s > 0 ? world[i + s] : world[i];
          pb[i] = s > 0 ? world[i] : world[i - s];
        }
        assertThat(MotionAxisEstimator.candidateShifts(pa, pb))
            .as("n %d shift %d", n, s)
            .contains(s);
      }
    }
  }

  @Test
  void theTrueShiftOfALongProfileIsFoundToThePixel() {
    qt().withExamples(60)
        .forAll(longs().all(), integers().between(300, 1500))
        .checkAssert(
            (seed, n) -> {
              Random r = new Random(seed);
              // content that moved by s: B at i + s is A at i; what enters B is new content
              int max = n - MotionAxisEstimator.minOverlap(n);
              int s = (r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(max));
              float[] world = profile(r, n + Math.abs(s));
              float[] pa = new float[n];
              float[] pb = new float[n];
              for (int i = 0; i < n; i++) {
                pa[i] = s > 0 ? world[i + s] : world[i];
                pb[i] = s > 0 ? world[i] : world[i - s];
              }
              int[] candidates = MotionAxisEstimator.candidateShifts(pa, pb);
              assertThat(candidates).as("n %d shift %d", n, s).contains(s);
              assertThat(candidates).doesNotContain(0).doesNotHaveDuplicates();
              for (int c : candidates) {
                assertThat(Math.abs(c)).isLessThanOrEqualTo(max);
              }
            });
  }

  @Test
  void undoingTheTrueShiftExplainsTheWholeChangeAndSwappingTheFramesChangesNothing() {
    qt().withExamples(120)
        .forAll(longs().all(), integers().between(-30, 30), integers().between(-30, 30))
        .checkAssert(
            (seed, dx, dy) -> {
              Random r = new Random(seed);
              int w = 40 + r.nextInt(40);
              int h = 40 + r.nextInt(40);
              // a world larger than the frames; B shows it moved by (dx, dy): A's pixel (x, y) is
              // B's (x + dx, y + dy)
              GreyRaster world = noise(r, w + 60, h + 60);
              GreyRaster a = crop(world, 30, 30, w, h);
              GreyRaster b = crop(world, 30 - dx, 30 - dy, w, h);
              PixelRect all = PixelRect.full(w, h);
              double total = MotionAxisEstimator.pixelEnergy(a, b, all);
              double undone = MotionAxisEstimator.pixelUnexplained(a, b, all, total, dx, dy);
              double swapped = MotionAxisEstimator.pixelUnexplained(b, a, all, total, -dx, -dy);
              assertThat(swapped).as("(%d, %d) swapped", dx, dy).isEqualTo(undone);
              if (dx != 0 || dy != 0) {
                assertThat(undone).as("(%d, %d)", dx, dy).isEqualTo(0.0);
                // any other shift of noise explains little of it
                int ox = dx + 1 + r.nextInt(5);
                double wrong = MotionAxisEstimator.pixelUnexplained(a, b, all, total, ox, dy);
                assertThat(wrong)
                    .as("(%d, %d) undone as (%d, %d)", dx, dy, ox, dy)
                    .isGreaterThan(0.5);
                assertThat(MotionAxisEstimator.pixelUnexplained(b, a, all, total, -ox, -dy))
                    .isEqualTo(wrong);
              }
            });
  }

  @Test
  void aShiftWithNoOverlapOrNoChangeExplainsNothing() {
    Random r = new Random(11);
    GreyRaster a = noise(r, 30, 20);
    GreyRaster b = noise(r, 30, 20);
    PixelRect all = PixelRect.full(30, 20);
    double total = MotionAxisEstimator.pixelEnergy(a, b, all);
    assertThat(MotionAxisEstimator.pixelUnexplained(a, b, all, total, 0, 20)).isEqualTo(1.0);
    assertThat(MotionAxisEstimator.pixelUnexplained(a, b, all, total, 0, -20)).isEqualTo(1.0);
    assertThat(MotionAxisEstimator.pixelUnexplained(a, b, all, total, 30, 0)).isEqualTo(1.0);
    assertThat(MotionAxisEstimator.pixelUnexplained(a, b, all, total, -30, 0)).isEqualTo(1.0);
    assertThat(MotionAxisEstimator.pixelUnexplained(a, b, all, 0.0, 0, 5)).isEqualTo(1.0);
    assertThat(MotionAxisEstimator.pixelUnexplained(a, b, all, total, 0, 19))
        .isLessThanOrEqualTo(1.0);
    // a frame against itself holds no change for a shift to explain
    assertThat(MotionAxisEstimator.pixelUnexplained(a, a, all, 1.0, 0, 19)).isEqualTo(1.0);
  }

  @Test
  void aLargeMoveHasTheAxisOfItsLargerComponentOnAReducedFrame() {
    // 800 x 640 pixels is past WORK_PIXELS, so the frames are box-reduced first
    Random r = new Random(5);
    int w = 800;
    int h = 640;
    GreyRaster world = blocks(r, w + 400, h + 400, 8);
    GreyRaster a = crop(world, 200, 200, w, h);
    PixelRect all = PixelRect.full(w, h);
    assertThat(MotionAxisEstimator.estimate(a, crop(world, 200, 120, w, h), all))
        .isEqualTo(PrimaryAxis.VERTICAL);
    assertThat(MotionAxisEstimator.estimate(a, crop(world, 96, 200, w, h), all))
        .isEqualTo(PrimaryAxis.HORIZONTAL);
    assertThat(MotionAxisEstimator.estimate(a, crop(world, 160, 72, w, h), all))
        .as("mostly down")
        .isEqualTo(PrimaryAxis.VERTICAL);
    assertThat(MotionAxisEstimator.estimate(a, crop(world, 72, 160, w, h), all))
        .as("mostly across")
        .isEqualTo(PrimaryAxis.HORIZONTAL);
    assertThat(MotionAxisEstimator.estimate(a, crop(world, 104, 104, w, h), all))
        .as("45 degrees")
        .isEqualTo(PrimaryAxis.NONE);
    assertThat(MotionAxisEstimator.estimate(a, blocks(r, w, h, 8), all))
        .as("replaced")
        .isEqualTo(PrimaryAxis.NONE);
    assertThat(MotionAxisEstimator.estimate(a, a, all)).as("unchanged").isEqualTo(PrimaryAxis.NONE);
  }

  /** Random blocks of {@code size} pixels: texture that survives box reduction. */
  private static GreyRaster blocks(Random r, int w, int h, int size) {
    int bw = (w + size - 1) / size;
    int bh = (h + size - 1) / size;
    int[] level = new int[bw * bh];
    for (int i = 0; i < level.length; i++) {
      level[i] = r.nextInt(256);
    }
    byte[] px = new byte[w * h];
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        px[y * w + x] = (byte) level[(y / size) * bw + x / size];
      }
    }
    return GreyRaster.of(w, h, px);
  }

  private static GreyRaster crop(GreyRaster r, int x0, int y0, int w, int h) {
    byte[] px = new byte[w * h];
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        px[y * w + x] = (byte) r.get(x0 + x, y0 + y);
      }
    }
    return GreyRaster.of(w, h, px);
  }
}
