package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.base.NormRegion;
import dev.swipe.diff.GreyRaster;
import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The snap of a wheel column is read as the shift that carries its rows from the frame of release
 * onto the frame of rest, under a selection band that does not move, and nothing is read where the
 * column shows nothing that moved or moved further than asked.
 */
class LandingShiftTest {
  static final int W = 120;
  static final int H = 400;
  static final int PITCH = 40;

  /** The column's rows: 40 to 70 % across, three pitches about the middle. */
  static final NormRegion BAND =
      NormRegion.of(400, 500 - 1500.0 * PITCH / H, 300, 3000.0 * PITCH / H);

  /**
   * A column of labels: a block of ink of random width in every row, its top {@code offset} px down
   * from the rows' rhythm, a grey band behind the middle row that stays put, and JPEG-like noise.
   */
  static GreyRaster column(long seed, int offset, boolean noisy) {
    Random noise = new Random(seed * 31 + offset);
    byte[] px = new byte[W * H];
    for (int y = 0; y < H; y++) {
      boolean band = Math.abs(y - H / 2) < PITCH / 2;
      Arrays.fill(px, y * W, (y + 1) * W, (byte) (band ? 210 : 245));
    }
    for (int row = -2; row * PITCH < H + PITCH; row++) {
      Random labels = new Random(seed * 1000 + row);
      int x0 = 50 + labels.nextInt(8);
      int x1 = x0 + 10 + labels.nextInt(14);
      int top = row * PITCH + 12 + offset;
      for (int y = Math.max(0, top); y < Math.min(H, top + 16); y++) {
        for (int x = x0; x < x1; x++) {
          px[y * W + x] = (byte) (40 + labels.nextInt(20));
        }
      }
    }
    if (noisy) {
      for (int i = 0; i < px.length; i++) {
        int v = (px[i] & 0xff) + noise.nextInt(7) - 3;
        px[i] = (byte) Math.max(0, Math.min(255, v));
      }
    }
    return GreyRaster.of(W, H, px);
  }

  @Test
  void theSnapIsReadToAPixelWhereverTheReleaseLeftTheRows() {
    int max = PITCH / 2;
    qt().forAll(longs().between(1, 1_000_000), integers().between(-max + 2, max - 2))
        .checkAssert(
            (seed, snap) -> {
              GreyRaster release = column(seed, 0, true);
              GreyRaster rest = column(seed, snap, true);
              OptionalDouble shift = LandingShift.of(release, rest, BAND, 500.0 * PITCH / H);
              assertThat(shift).as("a snap of %d px", snap).isPresent();
              assertThat(shift.getAsDouble())
                  .as("a snap of %d px", snap)
                  .isCloseTo(snap * 1000.0 / H, within(1000.0 / H));
            });
  }

  @Test
  void aColumnOfFlatColourTellsNoShift() {
    byte[] px = new byte[W * H];
    Arrays.fill(px, (byte) 200);
    GreyRaster flat = GreyRaster.of(W, H, px);
    assertThat(LandingShift.of(flat, flat, BAND, 500.0 * PITCH / H)).isEmpty();
  }

  @Test
  void aSnapBeyondTheSearchIsNotReadAsOneWithinIt() {
    GreyRaster release = column(7, 0, true);
    GreyRaster rest = column(7, 17, true);
    assertThat(LandingShift.of(release, rest, BAND, 500.0 * PITCH / H))
        .as("a 17 px snap read within 20 px")
        .isPresent();
    assertThat(LandingShift.of(release, rest, BAND, 1000.0 * 10 / H))
        .as("the same snap searched within 10 px")
        .isEmpty();
  }

  @Test
  void framesOfAnotherSizeTellNoShift() {
    GreyRaster release = column(3, 0, false);
    GreyRaster smaller = release.reduce(2);
    assertThat(LandingShift.of(release, smaller, BAND, 500.0 * PITCH / H)).isEmpty();
  }
}
