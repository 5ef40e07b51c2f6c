package dev.swipe.diff;

/**
 * Measures the row pitch of a picker wheel from one screenshot, so {@code wheel_nudge} can
 * override a caller's wrong {@code row_spacing} estimate.
 *
 * <p>Method: inside the column band, each row's horizontal-gradient energy (text has strong
 * left-right edges, the selection band's horizontal lines and tints have almost none) gives a
 * profile over y. Its normalized autocorrelation peaks at every multiple of the pitch; the first
 * strong peak is taken (never a later multiple), refined to sub-pixel precision with a parabola and
 * with the positions of the later multiples. Confidence combines how high the peak is, how deep
 * the trough before it is (the profile really alternates text and gap) and whether the multiples
 * repeat it.
 *
 * <p>Stateless and thread-safe.
 */
public final class RowPitch {

  /** Default half-width of the column band around {@code column_x}, normalized (width rule). */
  public static final double DEFAULT_HALF_WIDTH = 60;

  /** Default half-height of the band around {@code center_y}, normalized (height rule). */
  public static final double DEFAULT_HALF_HEIGHT = 200;

  /** Shortest pitch considered, in raster pixels. */
  static final int MIN_LAG = 4;

  /** Rows whose mean gradient is below this (0-255 levels per pixel) are treated as blank. */
  private static final double BLANK_GRADIENT = 1.5;

  /** A peak within this fraction of the highest peak counts as "strong". */
  private static final double STRONG_FRACTION = 0.7;

  private RowPitch() {}

  /**
   * Measures the pitch inside a pixel band of the raster (clipped to it).
   *
   * @throws ImageException {@code invalid_argument} for a null raster or band, or a band outside
   */
  public static RowPitchResult measure(GreyRaster raster, PixelRect band) {
    if (raster == null || band == null) {
      throw ImageException.invalidArgument("raster and band are required");
    }
    PixelRect b = band.clipTo(raster.width(), raster.height());
    double[] profile = gradientProfile(raster, b);
    if (profile == null) {
      return RowPitchResult.NOT_FOUND;
    }
    double[] lagConf = pitchFromProfile(profile);
    if (lagConf == null) {
      return RowPitchResult.NOT_FOUND;
    }
    double pitchPx = lagConf[0] * raster.scaleY();
    double pitchNorm = pitchPx / Math.max(raster.sourceHeight() - 1, 1) * 1000.0;
    return new RowPitchResult(pitchPx, pitchNorm, lagConf[1]);
  }

  /**
   * Measures the pitch around a wheel column given in normalized units, the way {@code
   * wheel_nudge} receives it: {@code columnX} by the width rule, {@code centerY} by the height
   * rule, with the default band half-extents.
   */
  public static RowPitchResult measureColumn(GreyRaster raster, double columnX, double centerY) {
    return measureColumn(raster, columnX, centerY, DEFAULT_HALF_WIDTH, DEFAULT_HALF_HEIGHT);
  }

  /**
   * Measures the pitch in the band {@code [columnX - halfWidth, columnX + halfWidth] x [centerY -
   * halfHeight, centerY + halfHeight]}, all normalized (0-1000), clipped to the screen.
   *
   * @throws ImageException {@code invalid_argument} naming a field that is not finite or out of range
   */
  public static RowPitchResult measureColumn(GreyRaster raster, double columnX, double centerY,
      double halfWidth, double halfHeight) {
    if (raster == null) {
      throw ImageException.invalidArgument("raster is required");
    }
    checkRange("column_x", columnX, 0, 1000);
    checkRange("center_y", centerY, 0, 1000);
    checkRange("half_width", halfWidth, Double.MIN_VALUE, 1000);
    checkRange("half_height", halfHeight, Double.MIN_VALUE, 1000);
    double sx = Math.max(raster.width() - 1, 1) / 1000.0;
    double sy = Math.max(raster.height() - 1, 1) / 1000.0;
    int left = clamp((int) Math.floor((columnX - halfWidth) * sx), raster.width() - 1);
    int right = clamp((int) Math.ceil((columnX + halfWidth) * sx), raster.width() - 1);
    int top = clamp((int) Math.floor((centerY - halfHeight) * sy), raster.height() - 1);
    int bottom = clamp((int) Math.ceil((centerY + halfHeight) * sy), raster.height() - 1);
    return measure(raster, PixelRect.ofCorners(left, top, Math.max(left, right), Math.max(top, bottom)));
  }

  /** sqrt of the mean absolute horizontal gradient of each row, mean removed; null when blank. */
  static double[] gradientProfile(GreyRaster r, PixelRect b) {
    if (b.width() < 2 || b.height() < 2 * MIN_LAG + 1) {
      return null;
    }
    byte[] p = r.pixels();
    int w = r.width();
    int n = b.height();
    double[] prof = new double[n];
    double maxMean = 0;
    for (int i = 0; i < n; i++) {
      int o = (b.y() + i) * w + b.x();
      int end = o + b.width() - 1;
      int s = 0;
      int prev = p[o] & 0xFF;
      for (int k = o + 1; k <= end; k++) {
        int cur = p[k] & 0xFF;
        int d = cur - prev;
        s += d < 0 ? -d : d;
        prev = cur;
      }
      double mean = s / (double) (b.width() - 1);
      maxMean = Math.max(maxMean, mean);
      prof[i] = Math.sqrt(mean);
    }
    if (maxMean < BLANK_GRADIENT) {
      return null;
    }
    double avg = 0;
    for (double v : prof) {
      avg += v;
    }
    avg /= n;
    for (int i = 0; i < n; i++) {
      prof[i] -= avg;
    }
    return prof;
  }

  /** Returns {pitch in profile samples, confidence} or null. */
  static double[] pitchFromProfile(double[] f) {
    int n = f.length;
    int maxLag = (2 * n) / 3;
    if (maxLag < MIN_LAG + 2) {
      return null;
    }
    double[] rho = new double[maxLag + 2];
    for (int k = 0; k <= maxLag + 1 && k < n; k++) {
      double sab = 0;
      double saa = 0;
      double sbb = 0;
      for (int i = 0; i + k < n; i++) {
        double a = f[i];
        double c = f[i + k];
        sab += a * c;
        saa += a * a;
        sbb += c * c;
      }
      rho[k] = (saa <= 0 || sbb <= 0) ? 0 : sab / Math.sqrt(saa * sbb);
    }
    // Local maxima in [MIN_LAG, maxLag].
    double highest = 0;
    for (int k = MIN_LAG; k <= maxLag; k++) {
      if (isPeak(rho, k)) {
        highest = Math.max(highest, rho[k]);
      }
    }
    if (highest <= 0.05) {
      return null;
    }
    int lag = -1;
    for (int k = MIN_LAG; k <= maxLag; k++) {
      if (isPeak(rho, k) && rho[k] >= STRONG_FRACTION * highest) {
        lag = k;
        break;
      }
    }
    if (lag < 0) {
      return null;
    }
    double first = lag + parabolicOffset(rho, lag);

    // Refine with later multiples (least squares through the origin) and count how many repeat.
    double num = first;
    double den = 1;
    int expected = 0;
    int repeated = 0;
    for (int m = 2; m * first <= maxLag - 1; m++) {
      expected++;
      int guess = (int) Math.round(m * first);
      int radius = Math.max(2, (int) Math.ceil(0.06 * m * first));
      int best = -1;
      for (int k = Math.max(MIN_LAG, guess - radius); k <= Math.min(maxLag, guess + radius); k++) {
        if (isPeak(rho, k) && (best < 0 || rho[k] > rho[best])) {
          best = k;
        }
      }
      if (best >= 0 && rho[best] >= 0.5 * rho[lag]) {
        repeated++;
        double pos = best + parabolicOffset(rho, best);
        num += m * pos;
        den += (double) m * m;
      }
    }
    double pitch = num / den;

    double trough = rho[lag];
    for (int k = 1; k < lag; k++) {
      trough = Math.min(trough, rho[k]);
    }
    double height = clamp01(rho[lag]);
    double prominence = clamp01((rho[lag] - trough) / 0.8);
    double repetition = expected == 0 ? 0.75 : 0.5 + 0.5 * repeated / (double) expected;
    double confidence = clamp01(Math.sqrt(height * prominence) * repetition);
    return new double[] {pitch, confidence};
  }

  private static boolean isPeak(double[] rho, int k) {
    return k > 0 && k + 1 < rho.length && rho[k] >= rho[k - 1] && rho[k] > rho[k + 1];
  }

  private static double parabolicOffset(double[] rho, int k) {
    if (k <= 0 || k + 1 >= rho.length) {
      return 0;
    }
    double a = rho[k - 1];
    double b = rho[k];
    double c = rho[k + 1];
    double den = a - 2 * b + c;
    if (den >= 0) {
      return 0;
    }
    double off = 0.5 * (a - c) / den;
    return Math.max(-0.5, Math.min(0.5, off));
  }

  private static double clamp01(double v) {
    return Math.max(0.0, Math.min(1.0, v));
  }

  private static int clamp(int v, int max) {
    return Math.max(0, Math.min(max, v));
  }

  private static void checkRange(String field, double v, double min, double max) {
    if (!Double.isFinite(v) || v < min || v > max) {
      throw ImageException.invalidArgument(
          field + " must be a finite number within " + (min == Double.MIN_VALUE ? "(0" : "[" + (int) min)
              + ", " + (int) max + "], got " + v);
    }
  }
}
