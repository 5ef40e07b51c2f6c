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
 * The shift test's cost against a brute-force count, and the shift it finds in content moved by a
 * known amount.
 */
class ContentShiftCostTest {

  private static final int T = ChangedCells.MEAN_THRESHOLD;

  private static byte[] levels(Random r, int n, int spread) {
    byte[] px = new byte[n];
    int base = r.nextInt(256 - spread);
    for (int i = 0; i < n; i++) {
      px[i] = (byte) (base + r.nextInt(spread));
    }
    return px;
  }

  /**
   * Pixels of {@code to} left unexplained by {@code from} moved by (dx, dy): changed ones and
   * broken ones.
   */
  private static long[] bruteForce(byte[] from, byte[] to, int w, PixelRect r, int dx, int dy) {
    int ux = Integer.signum(dx);
    int uy = Integer.signum(dy);
    long unexplained = 0;
    long broken = 0;
    for (int y = r.y(); y < r.bottom(); y++) {
      for (int x = r.x(); x < r.right(); x++) {
        int nx = x - dx;
        int ny = y - dy;
        int fx = x - dx - ux;
        int fy = y - dy - uy;
        if (!r.contains(nx, ny) || !r.contains(fx, fy)) {
          continue; // revealed by the shift: nothing can explain it
        }
        int vb = to[y * w + x] & 0xFF;
        int v0 = from[ny * w + nx] & 0xFF;
        int v1 = from[fy * w + fx] & 0xFF;
        if (vb >= Math.min(v0, v1) - T && vb <= Math.max(v0, v1) + T) {
          continue;
        }
        if (Math.abs((from[y * w + x] & 0xFF) - vb) > T) {
          unexplained++;
        } else {
          broken++;
        }
      }
    }
    return new long[] {unexplained, broken};
  }

  @Test
  void costCountsThePixelsTheShiftLeavesUnexplainedUpToItsLimits() {
    qt().withExamples(300)
        .forAll(
            longs().all(),
            integers().between(-ContentShift.MAX_SHIFT, ContentShift.MAX_SHIFT),
            integers().between(-ContentShift.MAX_SHIFT, ContentShift.MAX_SHIFT))
        .checkAssert(
            (seed, dx, dy) -> {
              Random r = new Random(seed);
              int w = 1 + r.nextInt(30);
              int h = 1 + r.nextInt(30);
              int spread = 1 + r.nextInt(120); // from flat to busy
              byte[] a = levels(r, w * h, spread);
              byte[] b = levels(r, w * h, spread);
              int x = r.nextInt(w);
              int y = r.nextInt(h);
              PixelRect region = new PixelRect(x, y, 1 + r.nextInt(w - x), 1 + r.nextInt(h - y));
              long[] expected = bruteForce(a, b, w, region, dx, dy);
              long total = expected[0] + expected[1];
              assertThat(
                      ContentShift.cost(
                          a, b, w, region, dx, dy, Long.MAX_VALUE - 1, Long.MAX_VALUE - 1))
                  .as("(%d, %d) in %s", dx, dy, region)
                  .isEqualTo(total);
              // at its limits the count stands; one past either and the shift is out
              assertThat(ContentShift.cost(a, b, w, region, dx, dy, expected[0], expected[1]))
                  .isEqualTo(total);
              if (expected[0] > 0) {
                assertThat(ContentShift.cost(a, b, w, region, dx, dy, expected[0] - 1, expected[1]))
                    .isEqualTo(Long.MAX_VALUE);
              }
              if (expected[1] > 0) {
                assertThat(ContentShift.cost(a, b, w, region, dx, dy, expected[0], expected[1] - 1))
                    .isEqualTo(Long.MAX_VALUE);
              }
            });
  }

  @Test
  void contentMovedByAFewPixelsIsFoundAtExactlyThatShift() {
    qt().withExamples(30)
        .forAll(
            longs().all(),
            integers().between(-ContentShift.MAX_SHIFT, ContentShift.MAX_SHIFT),
            integers().between(-ContentShift.MAX_SHIFT, ContentShift.MAX_SHIFT))
        .checkAssert(
            (seed, dx, dy) -> {
              if (dx == 0 && dy == 0) {
                return;
              }
              Random r = new Random(seed);
              int w = 60;
              int h = 50;
              int margin = ContentShift.MAX_SHIFT;
              byte[] world = new byte[(w + 2 * margin) * (h + 2 * margin)];
              r.nextBytes(world);
              GreyRaster a = view(world, w + 2 * margin, margin, margin, w, h);
              GreyRaster b = view(world, w + 2 * margin, margin - dx, margin - dy, w, h);
              PixelRect all = PixelRect.full(w, h);
              int[] expected = shortestShiftExplaining(dx, dy);
              assertThat(ContentShift.find(a, b, all))
                  .as("(%d, %d)", dx, dy)
                  .containsExactly(expected);
              assertThat(ContentShift.find(b, a, all))
                  .as("(%d, %d) back", dx, dy)
                  .containsExactly(-expected[0], -expected[1]);
            });
  }

  /**
   * A shift {@code s} explains moves from {@code s} to {@code s + signum(s)} (a fractional move
   * blends two sources), so a whole-pixel move {@code d} is explained by {@code d} itself and by
   * the shift one pixel shorter along each moving axis, if there is one; the shorter one wins.
   */
  private static int[] shortestShiftExplaining(int dx, int dy) {
    int[] best = {dx, dy};
    for (int sy = -ContentShift.MAX_SHIFT; sy <= ContentShift.MAX_SHIFT; sy++) {
      for (int sx = -ContentShift.MAX_SHIFT; sx <= ContentShift.MAX_SHIFT; sx++) {
        boolean explains = sx + Integer.signum(sx) == dx && sy + Integer.signum(sy) == dy;
        if ((sx != 0 || sy != 0)
            && explains
            && Math.abs(sx) + Math.abs(sy) < Math.abs(best[0]) + Math.abs(best[1])) {
          best = new int[] {sx, sy};
        }
      }
    }
    return best;
  }

  @Test
  void aSpeckOrAChangeInPlaceHasNoShift() {
    Random r = new Random(2);
    byte[] px = new byte[40 * 40];
    r.nextBytes(px);
    GreyRaster a = GreyRaster.of(40, 40, px);
    byte[] changed = px.clone();
    for (int i = 0; i < ContentShift.MIN_CHANGED - 1; i++) {
      changed[i * 41] = (byte) ((changed[i * 41] & 0xFF) ^ 0x80);
    }
    assertThat(ContentShift.find(a, GreyRaster.of(40, 40, changed), PixelRect.full(40, 40)))
        .as("a speck")
        .isNull();
    byte[] other = new byte[40 * 40];
    r.nextBytes(other);
    assertThat(ContentShift.find(a, GreyRaster.of(40, 40, other), PixelRect.full(40, 40)))
        .as("replaced")
        .isNull();
  }

  private static GreyRaster view(byte[] world, int stride, int x0, int y0, int w, int h) {
    byte[] px = new byte[w * h];
    for (int y = 0; y < h; y++) {
      System.arraycopy(world, (y0 + y) * stride + x0, px, y * w, w);
    }
    return GreyRaster.of(w, h, px);
  }
}
