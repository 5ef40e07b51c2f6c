package dev.swipe.core.internal;

import dev.swipe.diff.GreyRaster;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Finds a drawn pointer by its motion, whatever it looks like: the pixels that changed when the
 * pointer was moved, less those that changed again while it rested (animation around it), grouped
 * into blobs of a pointer's size. A translucent circle and an arrow, light or dark, are found
 * alike; no template is assumed.
 */
final class CursorFinder {
  /** Grey levels two frames must differ by for a pixel to count as changed (above JPEG noise). */
  static final int THRESHOLD = 12;

  /** How far a pixel that changed while the pointer rested spoils its neighbours, pixels. */
  static final int SPOIL_RADIUS = 2;

  private CursorFinder() {}

  /** One group of changed pixels, in the frames' pixels. */
  record Blob(int minX, int minY, int maxX, int maxY, int area, double cx, double cy) {
    int width() {
      return maxX - minX + 1;
    }

    int height() {
      return maxY - minY + 1;
    }

    /** The larger side, pixels. */
    int size() {
      return Math.max(width(), height());
    }

    /**
     * Where the pointer points: a tall blob is an arrow, which points with its top-left tip; a
     * round one is a circle, which points with its centre, taken from its box (a box holds where
     * parts of the pointer match what lies under it and leave holes that would pull a centroid).
     */
    double hotX() {
      return arrow() ? minX : (minX + maxX) / 2.0;
    }

    /** See {@link #hotX()}. */
    double hotY() {
      return arrow() ? minY : (minY + maxY) / 2.0;
    }

    /** Whether it is taller than wide, as an arrow is (a circle is as wide as tall). */
    boolean arrow() {
      return height() > 1.3 * width();
    }

    /**
     * Whether the blob reaches the border of a raster {@code w} by {@code h}: a pointer pushed
     * against the screen's edge is cut off there, down to a sliver.
     */
    boolean cut(int w, int h) {
      return minX <= 0 || minY <= 0 || maxX >= w - 1 || maxY >= h - 1;
    }
  }

  /**
   * The pointer moved sideways by a wiggle: frames {@code there} (moved {@code dir}-ward, 1 or -1),
   * {@code back} (returned) and {@code again} (moved as the first time). Returns the pointer's blob
   * now and its blob where it was in {@code back}, the largest such pair, or null when none is
   * seen: two blobs of like size, the one a distance {@code dir}-ward of the other, on one row.
   */
  static Blob @Nullable [] wiggled(
      GreyRaster back, GreyRaster there, GreyRaster again, int dir, int minSize, int maxSize) {
    List<Blob> blobs = moved(back, there, again, minSize, maxSize);
    Blob best = null;
    Blob pair = null;
    for (Blob a : blobs) {
      for (Blob b : blobs) {
        // a positive distance, so never a blob paired with itself
        double dx = (a.hotX() - b.hotX()) * dir;
        if (dx > Math.max(a.size(), b.size()) * 0.5
            && Math.abs(a.hotY() - b.hotY()) < 0.25 * dx
            && Math.abs(a.size() - b.size()) <= 0.35 * Math.max(a.size(), b.size())
            && (best == null || pair == null || a.area() + b.area() > best.area() + pair.area())) {
          best = a;
          pair = b;
        }
      }
    }
    return best == null ? null : new Blob[] {best, pair};
  }

  /**
   * The blobs of pixels that changed between {@code before} and {@code moved} but not between
   * {@code moved} and {@code rested} (a later frame, the pointer still), with a pointer's size:
   * {@code minSize..maxSize} pixels on their larger side.
   */
  static List<Blob> moved(
      GreyRaster before, GreyRaster moved, GreyRaster rested, int minSize, int maxSize) {
    int w = moved.width();
    int h = moved.height();
    if (before.width() != w
        || before.height() != h
        || rested.width() != w
        || rested.height() != h) {
      return List.of();
    }
    boolean[] spoiled = new boolean[w * h];
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        if (Math.abs(moved.get(x, y) - rested.get(x, y)) > THRESHOLD) {
          for (int yy = Math.max(0, y - SPOIL_RADIUS);
              yy <= Math.min(h - 1, y + SPOIL_RADIUS);
              yy++) {
            for (int xx = Math.max(0, x - SPOIL_RADIUS);
                xx <= Math.min(w - 1, x + SPOIL_RADIUS);
                xx++) {
              spoiled[yy * w + xx] = true;
            }
          }
        }
      }
    }
    boolean[] mask = new boolean[w * h];
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int i = y * w + x;
        mask[i] = !spoiled[i] && Math.abs(before.get(x, y) - moved.get(x, y)) > THRESHOLD;
      }
    }
    return blobs(mask, w, h, minSize, maxSize);
  }

  /**
   * A pointer's smaller side is at least this share of its larger, unless the screen's edge cuts it
   * off: a circle's is all of it, an arrow's about two thirds. A text caret's is a tenth or less,
   * and a caret blinks, so its change can look like a moved pointer's (found on an iPhone rig: the
   * loop took a caret for the pointer and drove the real one into the Home screen).
   */
  static final double MIN_ASPECT = 1 / 3.0;

  /**
   * The 8-connected groups of {@code mask} whose larger side is {@code minSize..maxSize}, whose
   * smaller side is at least {@link #MIN_ASPECT} of it where the mask's border does not cut them (a
   * pointer is no bar, such as a caret) and which fill at least a fifth of their box (a pointer is
   * a solid shape, not a line of text's edge).
   */
  static List<Blob> blobs(boolean[] mask, int w, int h, int minSize, int maxSize) {
    List<Blob> out = new ArrayList<>();
    boolean[] seen = new boolean[w * h];
    int[] stack = new int[w * h];
    for (int start = 0; start < w * h; start++) {
      if (!mask[start] || seen[start]) {
        continue;
      }
      int top = 0;
      stack[top++] = start;
      seen[start] = true;
      int minX = Integer.MAX_VALUE;
      int minY = Integer.MAX_VALUE;
      int maxX = -1;
      int maxY = -1;
      int area = 0;
      long sumX = 0;
      long sumY = 0;
      while (top > 0) {
        int i = stack[--top];
        int x = i % w;
        int y = i / w;
        area++;
        sumX += x;
        sumY += y;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
        for (int dy = -1; dy <= 1; dy++) {
          for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx;
            int ny = y + dy;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
              continue;
            }
            int j = ny * w + nx;
            if (mask[j] && !seen[j]) {
              seen[j] = true;
              stack[top++] = j;
            }
          }
        }
      }
      Blob b = new Blob(minX, minY, maxX, maxY, area, (double) sumX / area, (double) sumY / area);
      if (b.size() >= minSize
          && b.size() <= maxSize
          && (Math.min(b.width(), b.height()) >= MIN_ASPECT * b.size() || b.cut(w, h))
          && 5L * area >= (long) b.width() * b.height()) {
        out.add(b);
      }
    }
    return out;
  }
}
