package dev.swipe.diff.internal;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import org.jspecify.annotations.Nullable;

/**
 * Whether a small change between two frames is content shifted by a few pixels: a short pan of a
 * sparse map, a list nudged by a few pixels.
 *
 * <p>Why: {@code diff_ratio} counts changed pixels, and content with few edges (a map of pale
 * blocks and roads) shifted by a few pixels changes under 1% of them, so {@code changed} said false
 * while the content had moved, which an agent reads as "the boundary". A caret, a ticking clock or
 * any other change in place is no shift, and stays under the threshold.
 *
 * <p>The test, on a raster reduced for diffing (single-pixel cells): for each shift {@code d} of up
 * to {@link #MAX_SHIFT} pixels along each axis, a pixel of {@code b} is explained when it lies
 * within the noise threshold of the span of {@code a} at {@code p - d} and its neighbour one more
 * pixel along {@code d} (content moved by a fraction of a pixel more than {@code d} blends the
 * two). A shift is the answer when it explains nearly every changed pixel ({@link #MAX_UNEXPLAINED}
 * of them may stay) both ways: {@code a} moved by {@code d} gives {@code b}, and {@code b} moved
 * back gives {@code a}. Content that appears or vanishes passes one way only (a vanished caret
 * leaves background, which any shift of the background explains), and content replaced in place is
 * left unexplained. Changed pixels in the strip a shift reveals cannot be explained and do not
 * count against it. Unchanged pixels a shift breaks (static chrome over a map, such as a search
 * field, breaks at its edges) only rank the shifts that pass.
 */
final class ContentShift {
  /** Largest shift tried, in raster pixels, along each axis. */
  static final int MAX_SHIFT = 8;

  /** Fewest changed pixels worth judging; fewer are a speck, not content. */
  static final int MIN_CHANGED = 16;

  /** Share of the changed pixels a shift may leave unexplained. */
  static final double MAX_UNEXPLAINED = 0.1;

  /**
   * Unchanged pixels a shift may break, as a share of the region: past it the shift is not followed
   * further (a wrong shift of a busy screen breaks most of its edges).
   */
  static final double MAX_BROKEN = 0.05;

  private ContentShift() {}

  /**
   * The shift {@code {dx, dy}} (raster pixels, content of {@code a} moved to {@code b}) that
   * explains the change inside {@code r}, or null when none does.
   */
  static int @Nullable [] find(GreyRaster a, GreyRaster b, PixelRect r) {
    byte[] pa = Rasters.pixels(a);
    byte[] pb = Rasters.pixels(b);
    int w = a.width();
    int t = ChangedCells.MEAN_THRESHOLD;
    long changed = 0;
    for (int y = r.y(); y < r.bottom(); y++) {
      for (int x = r.x(), p = y * w + x; x < r.right(); x++, p++) {
        int d = (pa[p] & 0xFF) - (pb[p] & 0xFF);
        if (d > t || d < -t) {
          changed++;
        }
      }
    }
    if (changed < MIN_CHANGED) {
      return null;
    }
    long unexplainedLimit = (long) (MAX_UNEXPLAINED * changed);
    long brokenLimit = (long) (MAX_BROKEN * r.area());
    int[] best = null;
    long bestCost = Long.MAX_VALUE;
    for (int dy = -MAX_SHIFT; dy <= MAX_SHIFT; dy++) {
      for (int dx = -MAX_SHIFT; dx <= MAX_SHIFT; dx++) {
        if (dx == 0 && dy == 0) {
          continue;
        }
        long forward = cost(pa, pb, w, r, dx, dy, unexplainedLimit, brokenLimit);
        if (forward == Long.MAX_VALUE) {
          continue;
        }
        long backward = cost(pb, pa, w, r, -dx, -dy, unexplainedLimit, brokenLimit);
        if (backward == Long.MAX_VALUE) {
          continue;
        }
        long cost = forward + backward;
        // on a tie the shortest shift: content even along one axis shows no shift along it
        if (cost < bestCost
            || (cost == bestCost
                && best != null
                && Math.abs(dx) + Math.abs(dy) < Math.abs(best[0]) + Math.abs(best[1]))) {
          bestCost = cost;
          best = new int[] {dx, dy};
        }
      }
    }
    return best;
  }

  /**
   * Pixels of {@code to} that {@code from} moved by {@code (dx, dy)} does not explain: changed ones
   * plus broken ones, or {@link Long#MAX_VALUE} once either passes its limit.
   */
  static long cost(
      byte[] from,
      byte[] to,
      int w,
      PixelRect r,
      int dx,
      int dy,
      long unexplainedLimit,
      long brokenLimit) {
    int ux = Integer.signum(dx);
    int uy = Integer.signum(dy);
    // pixels whose sources p - d and p - d - u both lie inside the region (ends exclusive)
    int x0 = r.x() + Math.max(0, Math.max(dx, dx + ux));
    int x1 = r.right() + Math.min(0, Math.min(dx, dx + ux));
    int y0 = r.y() + Math.max(0, Math.max(dy, dy + uy));
    int y1 = r.bottom() + Math.min(0, Math.min(dy, dy + uy));
    int t = ChangedCells.MEAN_THRESHOLD;
    int near = dy * w + dx;
    int far = (dy + uy) * w + dx + ux;
    long unexplained = 0;
    long broken = 0;
    for (int y = y0; y < y1; y++) {
      for (int x = x0, p = y * w + x; x < x1; x++, p++) {
        int vb = to[p] & 0xFF;
        int v0 = from[p - near] & 0xFF;
        int v1 = from[p - far] & 0xFF;
        boolean explained = vb >= Math.min(v0, v1) - t && vb <= Math.max(v0, v1) + t;
        if (explained) {
          continue;
        }
        int d = (from[p] & 0xFF) - vb;
        if (d > t || d < -t) {
          if (++unexplained > unexplainedLimit) {
            return Long.MAX_VALUE;
          }
        } else if (++broken > brokenLimit) {
          return Long.MAX_VALUE;
        }
      }
    }
    return unexplained + broken;
  }
}
