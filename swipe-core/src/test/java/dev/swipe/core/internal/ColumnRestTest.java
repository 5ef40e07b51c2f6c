package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormRegion;
import dev.swipe.core.spi.Frame;
import dev.swipe.diff.GreyRaster;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The wait of a nudge on the way to a wheel's target ends once the column's rows have rested for
 * the window, over enough frames, whatever the rest of the screen does.
 */
class ColumnRestTest {
  static final int W = 100;
  static final int H = 200;
  static final long MS = 1_000_000L;

  /** The column's rows: the middle of the screen, 40 to 60 % across, 35 to 65 % down. */
  static final NormRegion ROWS = NormRegion.of(400, 350, 200, 300);

  /** A screen with dark rows every 20 px from {@code rowShift}, and a dot at {@code (dotX, 10)}. */
  static GreyRaster screen(int rowShift, int dotX) {
    byte[] px = new byte[W * H];
    Arrays.fill(px, (byte) 230);
    for (int y = 0; y < H; y++) {
      if (Math.floorMod(y - rowShift, 20) < 6) {
        for (int x = 40; x < 60; x++) {
          px[y * W + x] = (byte) 30;
        }
      }
    }
    for (int y = 8; y < 12; y++) {
      for (int x = dotX; x < dotX + 4; x++) {
        px[y * W + x] = (byte) 0;
      }
    }
    return GreyRaster.of(W, H, px);
  }

  static Frame at(long ms) {
    return new Frame(new byte[] {1}, W, H, ms * MS);
  }

  @Test
  void itStopsOnceTheRowsRestedForTheWindowOverThreeFrames() {
    ColumnRest rest = new ColumnRest(ROWS);
    long quietMs = ColumnRest.QUIET_NANOS / MS;
    // the rows still move for three frames, then rest
    assertThat(rest.stopAt(at(0), screen(0, 10))).isFalse();
    assertThat(rest.stopAt(at(33), screen(3, 10))).isFalse();
    assertThat(rest.stopAt(at(66), screen(5, 10))).isFalse();
    assertThat(rest.stopAt(at(100), screen(6, 10))).as("the rows' last step").isFalse();
    long t = 100;
    while (t + 33 - 100 < quietMs) {
      t += 33;
      assertThat(rest.stopAt(at(t), screen(6, 10))).as("rested %d ms", t - 100).isFalse();
    }
    assertThat(rest.stopAt(at(t + 33), screen(6, 10))).as("rested past the window").isTrue();
  }

  @Test
  void twoFramesAFullWindowApartAreNotEnough() {
    ColumnRest rest = new ColumnRest(ROWS);
    assertThat(rest.stopAt(at(0), screen(4, 10))).isFalse();
    assertThat(rest.stopAt(at(1000), screen(4, 10)))
        .as("two equal frames may bracket a row that moved and came back")
        .isFalse();
    assertThat(rest.stopAt(at(1033), screen(4, 10))).isTrue();
  }

  @Test
  void aStepOfTheRowsStartsTheWindowAgain() {
    ColumnRest rest = new ColumnRest(ROWS);
    long quietMs = ColumnRest.QUIET_NANOS / MS;
    assertThat(rest.stopAt(at(0), screen(4, 10))).isFalse();
    assertThat(rest.stopAt(at(quietMs / 2), screen(4, 10))).isFalse();
    // a crawl's late whole-pixel step
    assertThat(rest.stopAt(at(quietMs), screen(5, 10))).isFalse();
    assertThat(rest.stopAt(at(quietMs + 10), screen(5, 10))).isFalse();
    assertThat(rest.stopAt(at(quietMs + 20), screen(5, 10)))
        .as("three frames, but only 20 ms since the step")
        .isFalse();
    assertThat(rest.stopAt(at(2 * quietMs), screen(5, 10))).isTrue();
  }

  @Test
  void motionOutsideTheColumnDoesNotHoldItBack() {
    ColumnRest rest = new ColumnRest(ROWS);
    long quietMs = ColumnRest.QUIET_NANOS / MS;
    assertThat(rest.stopAt(at(0), screen(4, 10))).isFalse();
    assertThat(rest.stopAt(at(quietMs / 2), screen(4, 30))).isFalse();
    assertThat(rest.stopAt(at(quietMs), screen(4, 50)))
        .as("a dot moving across the top of the screen is not the column")
        .isTrue();
  }
}
