package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.diff.GreyRaster;
import java.util.OptionalDouble;

/**
 * How far a wheel column's rows moved between a frame of a nudge's dwell, where the finger let them
 * go, and the frame where they rested: the picker's snap, which is by how much the release missed
 * its row.
 *
 * <p>Why: a release off its row costs the snap's whole crawl before the column rests, and a picker
 * that follows the finger only past its touch slop lets every drag go the same distance short. The
 * snap is how much, measured where it shows, so the next drag of the column can travel that much
 * further (see {@link WheelActions}).
 */
final class LandingShift {
  /**
   * The best shift's mean difference must stay below this share of the worst one tried: a band of
   * flat colour, or rows that changed otherwise than by moving, matches every shift about as badly.
   */
  static final double MAX_COST_SHARE = 0.5;

  private LandingShift() {}

  /**
   * The vertical shift, normalized units (positive: the rows moved down), that best carries the
   * rows of {@code band} in {@code release} onto {@code rest}, searched up to {@code maxShift}
   * either way; empty when the rasters differ in size, the band has nothing that tells shifts
   * apart, or the best shift lies at the end of the search (the snap went further than a miss can).
   */
  static OptionalDouble of(GreyRaster release, GreyRaster rest, NormRegion band, double maxShift) {
    int w = release.width();
    int h = release.height();
    if (rest.width() != w || rest.height() != h || maxShift <= 0) {
      return OptionalDouble.empty();
    }
    int x0 = clamp((int) Math.floor(band.x() / 1000 * w), w);
    int x1 = clamp((int) Math.ceil(band.x2() / 1000 * w), w);
    int y0 = clamp((int) Math.floor(band.y() / 1000 * h), h);
    int y1 = clamp((int) Math.ceil(band.y2() / 1000 * h), h);
    int max = (int) Math.floor(maxShift / 1000 * h);
    if (x1 <= x0 || y1 - y0 <= 2 * max || max < 2) {
      return OptionalDouble.empty();
    }
    double[] cost = new double[2 * max + 1];
    for (int dy = -max; dy <= max; dy++) {
      cost[dy + max] = cost(release, rest, x0, x1, y0 + max, y1 - max, dy);
    }
    int best = 0;
    double worst = 0;
    for (int i = 0; i < cost.length; i++) {
      if (cost[i] < cost[best]) {
        best = i;
      }
      worst = Math.max(worst, cost[i]);
    }
    if (best == 0 || best == cost.length - 1 || cost[best] > MAX_COST_SHARE * worst) {
      return OptionalDouble.empty();
    }
    // a parabola through the best shift and its neighbours places the minimum between pixels
    double before = cost[best - 1];
    double after = cost[best + 1];
    double curve = before - 2 * cost[best] + after;
    double offset = curve > 0 ? Math.max(-0.5, Math.min(0.5, (before - after) / (2 * curve))) : 0;
    return OptionalDouble.of((best - max + offset) / h * 1000);
  }

  /**
   * Mean absolute difference between {@code a}'s rows {@code y0..y1} and {@code b}'s rows {@code
   * dy} further down, over columns {@code x0..x1}.
   */
  private static double cost(GreyRaster a, GreyRaster b, int x0, int x1, int y0, int y1, int dy) {
    long sum = 0;
    for (int y = y0; y < y1; y++) {
      for (int x = x0; x < x1; x++) {
        sum += Math.abs(a.get(x, y) - b.get(x, y + dy));
      }
    }
    return (double) sum / ((long) (x1 - x0) * (y1 - y0));
  }

  private static int clamp(int v, int size) {
    return Math.max(0, Math.min(size, v));
  }
}
