package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A pointer left out of a raster: each row of its box bridged from the pixels beside it. */
class FilledAcrossTest {
  private static final int W = 40;
  private static final int H = 30;

  @Test
  void eachRowRunsStraightFromTheLeftNeighbourToTheRightAndNothingElseChanges() {
    qt().withExamples(200)
        .forAll(
            integers().between(0, W - 1),
            integers().between(0, H - 1),
            integers().between(1, W),
            integers().between(1, H))
        .checkAssert(
            (x, y, w, h) -> {
              GreyRaster g = noise(((x * 31 + y) * 31 + w) * 31 + h);
              PixelRect box = new PixelRect(x, y, w, h);
              GreyRaster f = g.filledAcross(List.of(box));
              int r = Math.min(W, x + w);
              int b = Math.min(H, y + h);
              for (int py = 0; py < H; py++) {
                for (int px = 0; px < W; px++) {
                  boolean inside = px >= x && px < r && py >= y && py < b;
                  if (!inside || (x == 0 && r == W)) {
                    assertThat(f.get(px, py)).isEqualTo(g.get(px, py));
                    continue;
                  }
                  int left = x > 0 ? g.get(x - 1, py) : g.get(r, py);
                  int right = r < W ? g.get(r, py) : left;
                  // between its two neighbours, never outside them
                  assertThat(f.get(px, py)).isBetween(Math.min(left, right), Math.max(left, right));
                }
              }
            });
  }

  @Test
  void aGapBetweenTwoGreysIsARampAndAWholeRowIsLeftAsItIs() {
    byte[] px = new byte[W * H];
    java.util.Arrays.fill(px, (byte) 200);
    for (int y = 0; y < H; y++) {
      px[y * W + 9] = (byte) 100; // left of the box
      for (int x = 10; x < 20; x++) {
        px[y * W + x] = 0; // the pointer
      }
      px[y * W + 20] = (byte) 210; // right of the box
    }
    GreyRaster f = GreyRaster.of(W, H, px).filledAcross(List.of(new PixelRect(10, 5, 10, 4)));
    assertThat(f.get(10, 5)).isEqualTo(110);
    assertThat(f.get(19, 5)).isEqualTo(200);
    assertThat(f.get(14, 8)).isGreaterThan(f.get(13, 8));
    assertThat(f.get(14, 9)).as("below the box").isZero();
    GreyRaster whole = GreyRaster.of(W, H, px).filledAcross(List.of(new PixelRect(0, 0, W, 3)));
    assertThat(whole.get(12, 1)).as("no pixel beside it to bridge from").isZero();
    assertThatThrownBy(() -> f.filledAcross(null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT));
  }

  private static GreyRaster noise(int seed) {
    Random r = new Random(seed);
    byte[] px = new byte[W * H];
    r.nextBytes(px);
    return GreyRaster.of(W, H, px);
  }
}
