package dev.swipe.core.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.diff.GreyRaster;
import java.util.OptionalDouble;

/**
 * Finds an on-screen keyboard at the bottom of a screenshot, light or dark, from its shape alone:
 * rows of similar-sized key caps on a flat background, several rows of them stacked in the bottom
 * part of the screen. Returns where the keyboard begins (normalized y), so scrolls stay above it.
 *
 * <p>A pixel row counts as a key row when it splits into at least {@link #MIN_KEYS} runs of similar
 * luminance, each 4%..16% of the width wide, separated by short gaps: letter rows on phone
 * keyboards have 9..10 such keys, while list text is made of narrow glyph strokes and wide blank
 * runs.
 */
final class KeyboardDetector {
  static final int MIN_KEYS = 6;
  private static final double MIN_KEY_WIDTH = 0.04;
  private static final double MAX_KEY_WIDTH = 0.16;
  private static final double MAX_GAP_WIDTH = 0.04;
  private static final int LEVEL_TOLERANCE = 10;

  /** Keyboards take 25%..55% of a portrait screen. */
  private static final double MIN_TOP = 0.45;

  private static final int MIN_KEY_ROW_BANDS = 3;

  private KeyboardDetector() {}

  /** The normalized y where a keyboard begins, or empty when the screen shows none. */
  static OptionalDouble detect(GreyRaster raster) {
    int w = raster.width();
    int h = raster.height();
    int start = (int) (h * MIN_TOP);
    boolean[] keyRow = new boolean[h];
    for (int y = start; y < h; y++) {
      keyRow[y] = isKeyRow(raster, y, w);
    }
    // bands of consecutive key rows, bottom-up; the keyboard is the block of >= 3 bands whose
    // gaps are short (less than 3 band heights) and that reaches the bottom quarter
    int bands = 0;
    int topOfBlock = -1;
    int lastBandTop = -1;
    int y = h - 1;
    while (y >= start) {
      if (!keyRow[y]) {
        y--;
        continue;
      }
      int bottom = y;
      while (y >= start && keyRow[y]) {
        y--;
      }
      int top = y + 1;
      int bandHeight = bottom - top + 1;
      if (bandHeight < Math.max(3, h / 200)) {
        continue; // a stray line, not a row of keys
      }
      if (lastBandTop >= 0 && lastBandTop - bottom > 3 * Math.max(bandHeight, h / 40)) {
        break; // too far above the previous row of keys: not part of the keyboard
      }
      if (bands == 0 && bottom < h * 0.75) {
        return OptionalDouble.empty(); // nothing key-like in the bottom quarter
      }
      bands++;
      topOfBlock = top;
      lastBandTop = top;
    }
    if (bands < MIN_KEY_ROW_BANDS) {
      return OptionalDouble.empty();
    }
    // the keyboard's background usually extends a little above its first key row
    int margin = Math.max(2, h / 100);
    return OptionalDouble.of(NormPoint.toNorm(Math.max(0, topOfBlock - margin), h));
  }

  private static boolean isKeyRow(GreyRaster r, int y, int w) {
    int minKey = (int) Math.ceil(w * MIN_KEY_WIDTH);
    int maxKey = (int) (w * MAX_KEY_WIDTH);
    int maxGap = Math.max(1, (int) (w * MAX_GAP_WIDTH));
    int keys = 0;
    int x = 0;
    int lastKeyEnd = -1;
    while (x < w) {
      int level = r.get(x, y);
      int runStart = x;
      while (x < w && Math.abs(r.get(x, y) - level) <= LEVEL_TOLERANCE) {
        x++;
      }
      int len = x - runStart;
      if (len >= minKey && len <= maxKey) {
        if (lastKeyEnd < 0 || runStart - lastKeyEnd <= maxGap) {
          keys++;
        } else {
          keys = 1; // a long interruption: start counting again
        }
        lastKeyEnd = x;
      } else if (len > maxKey) {
        if (keys >= MIN_KEYS) {
          return true;
        }
        keys = 0;
        lastKeyEnd = -1;
      }
    }
    return keys >= MIN_KEYS;
  }
}
