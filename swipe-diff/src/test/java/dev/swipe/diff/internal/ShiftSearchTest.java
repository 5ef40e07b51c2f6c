package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The shift that carries one frame onto another, against the shift that made it. */
class ShiftSearchTest {
  private static final int W = 180;
  private static final int H = 400;

  /** A world of soft blobs and a few sharp blocks, larger than any frame cut from it. */
  private static float[] world(long seed, int ww, int wh) {
    SplittableRandom r = new SplittableRandom(seed);
    float[] img = new float[ww * wh];
    java.util.Arrays.fill(img, 200);
    for (int k = 0; k < 220; k++) {
      int x0 = r.nextInt(ww);
      int y0 = r.nextInt(wh);
      int bw = 4 + r.nextInt(30);
      int bh = 4 + r.nextInt(30);
      float v = 20 + r.nextInt(200);
      for (int y = y0; y < Math.min(wh, y0 + bh); y++) {
        for (int x = x0; x < Math.min(ww, x0 + bw); x++) {
          img[y * ww + x] = v;
        }
      }
    }
    return img;
  }

  /** The {@code W x H} frame of the world whose top-left corner is at {@code (x0, y0)}. */
  private static float[] frame(float[] world, int ww, int x0, int y0) {
    float[] out = new float[W * H];
    for (int y = 0; y < H; y++) {
      System.arraycopy(world, (y0 + y) * ww + x0, out, y * W, W);
    }
    return out;
  }

  @Test
  void aPanIsFoundToThePixel() {
    int ww = 3 * W;
    int wh = 3 * H;
    qt().withExamples(40)
        .forAll(
            integers().between(0, 10_000),
            integers().between(-(int) (0.6 * W), (int) (0.6 * W)),
            integers().between(-(int) (0.6 * H), (int) (0.6 * H)))
        // shifts that leave the overlap the search needs, with a margin
        .assuming(
            (seed, dx, dy) ->
                (1 - Math.abs(dx) / (double) W) * (1 - Math.abs(dy) / (double) H)
                    >= ShiftSearch.MIN_OVERLAP + 0.05)
        .checkAssert(
            (seed, dx, dy) -> {
              float[] world = world(seed, ww, wh);
              // the content at (x, y) of the first frame shows at (x + dx, y + dy) of the second
              float[] a = frame(world, ww, W, H);
              float[] b = frame(world, ww, W - dx, H - dy);
              List<int[]> found = ShiftSearch.of(a, b, W, H);
              assertThat(found).isNotEmpty();
              assertThat(found.get(0)).containsExactly(dx, dy);
            });
  }

  @Test
  void aStillBarOverTheContentDoesNotHoldTheSearchAtNoShift() {
    int ww = 3 * W;
    int wh = 3 * H;
    float[] world = world(7, ww, wh);
    float[] a = frame(world, ww, W, H);
    float[] b = frame(world, ww, W - 40, H - 90);
    for (float[] f : new float[][] {a, b}) {
      for (int y = 0; y < 30; y++) {
        for (int x = 0; x < W; x++) {
          f[y * W + x] = (x / 6) % 2 == 0 ? 10 : 245; // a status bar's strong detail, in place
        }
      }
    }
    assertThat(ShiftSearch.of(a, b, W, H)).anySatisfy(s -> assertThat(s).containsExactly(40, 90));
  }

  @Test
  void aFlatFrameGivesNoShift() {
    float[] flat = new float[W * H];
    java.util.Arrays.fill(flat, 128);
    assertThat(ShiftSearch.of(flat, flat, W, H)).isEmpty();
  }
}
