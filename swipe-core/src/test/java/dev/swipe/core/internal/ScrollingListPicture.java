package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.diff.GreyRaster;
import java.util.Random;

/**
 * A drawn list for travel tests: a tall strip of rows laid out alike as a contacts list's are (a
 * grey avatar whose shade repeats every eight rows, a name of random glyph-like strokes on white, a
 * fainter second line, a rule between rows) seen through a screen with a header and a tab bar that
 * never move. {@link #frame(int)} is the screen with the strip scrolled by {@code offset} pixels.
 */
final class ScrollingListPicture {
  static final int WIDTH = 200;
  static final int HEIGHT = 500;
  static final int HEADER = 60;
  static final int TAB_BAR = 440;
  static final int PITCH = 70;

  /** The list's area as a normalized region. */
  static final NormRegion LIST =
      NormRegion.of(0, HEADER * 1000.0 / HEIGHT, 1000, (TAB_BAR - HEADER) * 1000.0 / HEIGHT);

  private final byte[] strip;
  private final int stripHeight;

  ScrollingListPicture(long seed, int rows) {
    Random rnd = new Random(seed);
    stripHeight = rows * PITCH;
    strip = new byte[WIDTH * stripHeight];
    java.util.Arrays.fill(strip, (byte) 250);
    for (int r = 0; r < rows; r++) {
      int top = r * PITCH;
      int avatar = 60 + 20 * (r % 8);
      fill(10, top + 15, 40, 40, avatar);
      // a name of random letters, each a few strokes in a 6 x 12 cell, and a grey line under it
      int end = 60 + 7 * (6 + rnd.nextInt(14));
      for (int x = 60; x < end && x < WIDTH - 8; x += 7) {
        if (rnd.nextInt(6) == 0) {
          continue; // a space
        }
        fill(x + rnd.nextInt(4), top + 18, 2, 12, 40);
        fill(x, top + 18 + rnd.nextInt(11), 6, 2, 40);
        if (rnd.nextBoolean()) {
          fill(x + rnd.nextInt(5), top + 22 + rnd.nextInt(8), 2, 4, 60);
        }
      }
      int sub = 40 + rnd.nextInt(100);
      for (int x = 60; x < 60 + sub; x += 5) {
        fill(x + rnd.nextInt(2), top + 40 + rnd.nextInt(4), 3, 4, 140);
      }
      fill(0, top + PITCH - 1, WIDTH, 1, 215);
    }
  }

  /** Content rows the strip holds. */
  int rows() {
    return stripHeight / PITCH;
  }

  /** The screen with the strip scrolled by {@code offset} pixels (0: its first row at the top). */
  GreyRaster frame(int offset) {
    byte[] px = new byte[WIDTH * HEIGHT];
    for (int y = 0; y < HEIGHT; y++) {
      for (int x = 0; x < WIDTH; x++) {
        int v;
        if (y < HEADER) {
          v = (x / 20 + y / 20) % 2 == 0 ? 235 : 200;
        } else if (y >= TAB_BAR) {
          v = x % 50 < 25 ? 120 : 225;
        } else {
          int sy = y - HEADER + offset;
          v = sy < 0 || sy >= stripHeight ? 250 : strip[sy * WIDTH + x] & 0xFF;
        }
        px[y * WIDTH + x] = (byte) v;
      }
    }
    return GreyRaster.of(WIDTH, HEIGHT, px);
  }

  private void fill(int x0, int y0, int w, int h, int v) {
    for (int y = y0; y < y0 + h && y < stripHeight; y++) {
      for (int x = x0; x < x0 + w && x < WIDTH; x++) {
        strip[y * WIDTH + x] = (byte) v;
      }
    }
  }
}
