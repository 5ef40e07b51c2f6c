package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.diff.GreyRaster;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How far scrolled content travelled between two frames: the shift along the scroll's axis, in the
 * direction the finger moves, that lines the region of the later frame up with the earlier one. A
 * coasting list travels a screen in a fraction of a second; knowing how far each frame has come
 * lets a search keep only frames that overlap one another, so that every row it passes is whole on
 * a frame it reads.
 *
 * <p>Every shift from none up to {@code 1 - }{@link #MIN_OVERLAP} of the region is tried on rasters
 * reduced to at most {@link #MAX_LENGTH} pixels along the axis (the mismatch of a shift is the mean
 * absolute difference over the overlap); the {@link #CANDIDATES} best local minima are then tried
 * again at quarter pixels around them on the rasters as given (content is drawn at fractions of a
 * pixel), where the right shift matches to within JPEG noise. The best stands only when it is
 * {@link #DISTINCT}ly better than every other minimum further than a line away (a list's rows look
 * alike one row apart, and frames that share nothing match several shifts equally badly) and its
 * difference is under {@link #MAX_MISMATCH} of the content's own variation plus {@link #NOISE} grey
 * levels. Among shifts within {@link #TIE} of the best, the longest wins: an overstated travel only
 * makes a reader look at one more frame, never skip one.
 */
final class ContentTravel {
  /** Longest region, in reduced pixels along the axis, that the shifts are tried on. */
  static final int MAX_LENGTH = 160;

  /** Least share of the region the two frames must share to be lined up. */
  static final double MIN_OVERLAP = 0.25;

  /** Largest summed difference, as a share of the overlap's own variation, that lines up. */
  static final double MAX_MISMATCH = 0.05;

  /** Grey levels a pixel of JPEG noise the mismatch may carry besides. */
  static final double NOISE = 1.0;

  /** Mean differences this close to the best are ties. */
  static final double TIE = 0.5;

  /**
   * A shift stands only when it matches at least this many times better than any other local best
   * further than a line away: rows that look alike line up one row apart too, and when the frames
   * share no content at all, several such shifts match about equally.
   */
  static final double DISTINCT = 0.35;

  /** Best coarse shifts refined pixel by pixel. */
  static final int CANDIDATES = 4;

  /** Pixels skipped across the axis in the fine pass. */
  static final int CROSS_STRIDE = 2;

  private ContentTravel() {}

  /**
   * The content's travel from {@code a} to {@code b} inside {@code region}, in normalized units
   * along the axis of {@code direction} (0 when it stood still), or NaN when no shift up to {@code
   * 1 - MIN_OVERLAP} of the region lines the frames up, or when two shifts far apart line them up
   * about as well (rows alike, and the frames too far apart to tell which).
   */
  static double along(GreyRaster a, GreyRaster b, NormRegion region, ScrollDirection direction) {
    if (a.width() != b.width() || a.height() != b.height()) {
      return Double.NaN;
    }
    boolean vertical = direction.vertical();
    int sign = -(vertical ? direction.fingerDy() : direction.fingerDx());
    int axisPixels =
        (int) Math.round((vertical ? region.h() * a.height() : region.w() * a.width()) / 1000.0);
    int factor = Math.max(1, Math.min(16, (axisPixels + MAX_LENGTH - 1) / MAX_LENGTH));
    // coarse: every shift on rasters reduced to at most MAX_LENGTH along the axis
    Lines ca = Lines.of(a.reduce(factor), region, vertical, 1);
    Lines cb = Lines.of(b.reduce(factor), region, vertical, 1);
    if (ca.len() < 4 || ca.cross() < 1) {
      return Double.NaN;
    }
    int coarseMax = (int) Math.floor(ca.len() * (1 - MIN_OVERLAP));
    double[] coarse = new double[coarseMax + 1];
    for (int s = 0; s <= coarseMax; s++) {
      coarse[s] = mismatch(ca, cb, s, sign);
    }
    // fine: the best local minima again, at quarter pixels around them, on the rasters as given
    Lines fa = Lines.of(a, region, vertical, CROSS_STRIDE);
    Lines fb = Lines.of(b, region, vertical, CROSS_STRIDE);
    int fineMax = (int) Math.floor(fa.len() * (1 - MIN_OVERLAP));
    List<Integer> minima = new ArrayList<>();
    for (int s = 0; s <= coarseMax; s++) {
      boolean low =
          (s == 0 || coarse[s] <= coarse[s - 1]) && (s == coarseMax || coarse[s] <= coarse[s + 1]);
      if (low) {
        minima.add(s);
      }
    }
    minima.sort(Comparator.comparingDouble(m -> coarse[m]));
    int n = Math.min(CANDIDATES, minima.size());
    double[] shift = new double[n];
    double[] fine = new double[n];
    for (int k = 0; k < n; k++) {
      int centre = (int) Math.round(minima.get(k) * (double) fa.len() / ca.len());
      fine[k] = Double.MAX_VALUE;
      for (int s = Math.max(0, centre - factor); s <= Math.min(fineMax, centre + factor); s++) {
        // content drawn at fractions of a pixel: a quarter-pixel step between s and s + 1
        for (int q = 0; q < (s < fineMax ? 4 : 1); q++) {
          double m = mismatch(fa, fb, s, q / 4.0, sign);
          if (m < fine[k] || (m <= fine[k] + TIE && s + q / 4.0 > shift[k])) {
            fine[k] = Math.min(fine[k], m);
            shift[k] = s + q / 4.0;
          }
        }
      }
    }
    int chosen = -1;
    for (int k = 0; k < n; k++) {
      if (chosen < 0
          || fine[k] < fine[chosen] - TIE
          || (fine[k] <= fine[chosen] + TIE && shift[k] > shift[chosen])) {
        chosen = k;
      }
    }
    if (chosen < 0) {
      return Double.NaN;
    }
    for (int k = 0; k < n; k++) {
      if (Math.abs(shift[k] - shift[chosen]) > 2 * factor && fine[chosen] > DISTINCT * fine[k]) {
        return Double.NaN;
      }
    }
    int s = (int) Math.ceil(shift[chosen]);
    int overlap = fa.len() - s;
    double variation =
        (variation(fa, sign > 0 ? s : 0, overlap) + variation(fb, sign > 0 ? 0 : s, overlap))
            / ((double) overlap * fa.cross());
    if (fine[chosen] > MAX_MISMATCH * variation + NOISE) {
      return Double.NaN;
    }
    return shift[chosen] * 1000.0 / fa.rasterAxis();
  }

  /** Mean absolute difference of the overlap when the content travelled {@code s} lines. */
  private static double mismatch(Lines a, Lines b, int s, int sign) {
    return mismatch(a, b, s, 0, sign);
  }

  /**
   * Mean absolute difference of the overlap when the content travelled {@code s + f} lines ({@code
   * 0 <= f < 1}), the earlier frame's lines blended linearly between whole shifts.
   */
  private static double mismatch(Lines a, Lines b, int s, double f, int sign) {
    double sum = 0;
    int n = a.len() - s - (f > 0 ? 1 : 0);
    int cross = a.cross();
    for (int i = 0; i < n; i++) {
      // b shows at i what a showed at i + s + f (content moved against the axis); or, moved the
      // other way, b shows at i + s + 1 what a showed between i + 1 and i
      int[] la0;
      int[] la1;
      int[] lb;
      if (sign > 0) {
        la0 = a.px()[i + s];
        la1 = f > 0 ? a.px()[i + s + 1] : la0;
        lb = b.px()[i];
      } else {
        int ib = f > 0 ? i + s + 1 : i + s;
        la0 = a.px()[ib - s];
        la1 = f > 0 ? a.px()[ib - s - 1] : la0;
        lb = b.px()[ib];
      }
      for (int j = 0; j < cross; j++) {
        sum += Math.abs((1 - f) * la0[j] + f * la1[j] - lb[j]);
      }
    }
    return sum / ((double) n * cross);
  }

  /** A region's pixels as lines across the axis: {@code [along][across]} grey values. */
  private static final class Lines {
    private final int[][] px;

    /** The raster's size along the axis, for normalizing. */
    private final int rasterAxis;

    private Lines(int[][] px, int rasterAxis) {
      this.px = px;
      this.rasterAxis = rasterAxis;
    }

    int[][] px() {
      return px;
    }

    int rasterAxis() {
      return rasterAxis;
    }

    int len() {
      return px.length;
    }

    int cross() {
      return px.length == 0 ? 0 : px[0].length;
    }

    /** The region's lines, every {@code stride}-th pixel across. */
    static Lines of(GreyRaster r, NormRegion region, boolean vertical, int stride) {
      int w = r.width();
      int h = r.height();
      int x0 = clamp((int) Math.floor(region.x() * w / 1000.0), w);
      int x1 = clamp((int) Math.ceil(region.x2() * w / 1000.0), w);
      int y0 = clamp((int) Math.floor(region.y() * h / 1000.0), h);
      int y1 = clamp((int) Math.ceil(region.y2() * h / 1000.0), h);
      int lo = vertical ? y0 : x0;
      int hi = vertical ? y1 : x1;
      int crossLo = vertical ? x0 : y0;
      int crossHi = vertical ? x1 : y1;
      int cross = Math.max(0, (crossHi - crossLo + stride - 1) / stride);
      byte[] bytes = r.toByteArray();
      int[][] out = new int[Math.max(0, hi - lo)][cross];
      for (int i = lo; i < hi; i++) {
        for (int j = 0; j < cross; j++) {
          int c = crossLo + j * stride;
          out[i - lo][j] = bytes[vertical ? i * w + c : c * w + i] & 0xFF;
        }
      }
      return new Lines(out, vertical ? h : w);
    }
  }

  /** Summed absolute deviation from their mean of {@code n} lines from {@code from}. */
  private static double variation(Lines l, int from, int n) {
    int[][] lines = l.px();
    int cross = l.cross();
    long sum = 0;
    for (int i = from; i < from + n; i++) {
      for (int j = 0; j < cross; j++) {
        sum += lines[i][j];
      }
    }
    double mean = (double) sum / ((long) n * cross);
    double dev = 0;
    for (int i = from; i < from + n; i++) {
      for (int j = 0; j < cross; j++) {
        dev += Math.abs(lines[i][j] - mean);
      }
    }
    return dev;
  }

  private static int clamp(int v, int size) {
    return Math.max(0, Math.min(size, v));
  }
}
