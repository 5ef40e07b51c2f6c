package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PrimaryAxis;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ImageDiff} at its thresholds: a change of exactly 1% is no change and has no axis, and a
 * small shift's axis is the longer of its two components, none when they are equal.
 */
class ImageDiffEdgesTest {
  private static final int WHITE = 255;

  /** A white raster with a black rectangle [x0, x1) x [y0, y1). */
  private static GreyRaster rectangle(int w, int h, int x0, int x1, int y0, int y1) {
    byte[] px = new byte[w * h];
    Arrays.fill(px, (byte) WHITE);
    for (int y = y0; y < y1; y++) {
      Arrays.fill(px, y * w + x0, y * w + x1, (byte) 0);
    }
    return GreyRaster.of(w, h, px);
  }

  @Test
  void exactlyOnePercentChangedIsNoChangeAndNoAxis() {
    // a 50-wide bar moved down 2 rows changes 2 x 2 x 50 = 200 of 20000 pixels: 1% exactly
    GreyRaster a = rectangle(200, 100, 40, 90, 20, 50);
    DiffResult atThreshold = ImageDiff.compare(a, rectangle(200, 100, 40, 90, 22, 52));
    assertThat(atThreshold.diffRatio()).isEqualTo(DiffResult.CHANGED_THRESHOLD);
    assertThat(atThreshold.changed()).isFalse();
    assertThat(atThreshold.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
    // moved 4 rows it is 2%: a change along the vertical axis
    DiffResult past = ImageDiff.compare(a, rectangle(200, 100, 40, 90, 24, 54));
    assertThat(past.changed()).isTrue();
    assertThat(past.primaryAxis()).isEqualTo(PrimaryAxis.VERTICAL);
  }

  /** White with a block of coarse noise (2x2-pixel grains) whose top-left is (x, y). */
  private static GreyRaster noiseBlock(int x, int y) {
    int size = 400;
    byte[] px = new byte[size * size];
    Arrays.fill(px, (byte) WHITE);
    Random r = new Random(7);
    for (int gy = 0; gy < 32; gy += 2) {
      for (int gx = 0; gx < 32; gx += 2) {
        byte v = (byte) (r.nextBoolean() ? 0 : WHITE);
        for (int k = 0; k < 4; k++) {
          px[(y + gy + k / 2) * size + x + gx + k % 2] = v;
        }
      }
    }
    return GreyRaster.of(size, size, px);
  }

  @Test
  void aSmallShiftsAxisIsItsLongerComponentAndNoneOnAnExactDiagonal() {
    GreyRaster a = noiseBlock(100, 100);
    DiffResult diagonal = ImageDiff.compareNoticingShifts(a, noiseBlock(104, 104), null);
    assertThat(diagonal.diffRatio()).isPositive().isLessThan(DiffResult.CHANGED_THRESHOLD);
    assertThat(diagonal.changed()).isTrue();
    assertThat(diagonal.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
    DiffResult mostlySideways = ImageDiff.compareNoticingShifts(a, noiseBlock(106, 102), null);
    assertThat(mostlySideways.changed()).isTrue();
    assertThat(mostlySideways.primaryAxis()).isEqualTo(PrimaryAxis.HORIZONTAL);
    DiffResult mostlyDown = ImageDiff.compareNoticingShifts(a, noiseBlock(102, 106), null);
    assertThat(mostlyDown.changed()).isTrue();
    assertThat(mostlyDown.primaryAxis()).isEqualTo(PrimaryAxis.VERTICAL);
  }
}
