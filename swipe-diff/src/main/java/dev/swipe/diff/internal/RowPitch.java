package dev.swipe.diff.internal;

import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.RowPitchResult;
import org.jspecify.annotations.Nullable;

/**
 * Measures the row pitch of a picker wheel from one screenshot, so {@code wheel_nudge} can override
 * a caller's wrong {@code row_spacing} estimate.
 *
 * <p>Method: inside the column band, each row's horizontal-gradient energy (text has strong
 * left-right edges, the selection band's horizontal lines and tints have almost none),
 * soft-saturated so every text line weighs about the same, gives a profile over y. Its normalized
 * autocorrelation peaks at every multiple of the pitch; the first strong peak is taken (never a
 * later multiple), refined to sub-pixel precision with a parabola and with the positions of the
 * later multiples. Confidence combines how high the peak is, how deep the trough before it is (the
 * profile really alternates text and gap) and whether the multiples repeat it.
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

  /** Rows with this fraction of the 90th-percentile gradient count as half a text row. */
  private static final double SATURATION_KNEE = 0.15;

  /** An autocorrelation window with less than this share of the profile's variance is ignored. */
  private static final double MIN_WINDOW_VARIANCE = 0.25;

  /** A peak within this fraction of the highest peak counts as "strong". */
  private static final double STRONG_FRACTION = 0.7;

  private RowPitch() {}

  /**
   * Measures the pitch inside a pixel band of the raster (clipped to it).
   *
   * @throws SwipeException {@code invalid_argument} for a null raster or band, or a band outside
   */
  public static RowPitchResult measure(GreyRaster raster, PixelRect band) {
    return measure(raster, band, Double.NaN);
  }

  /**
   * {@link #measure(GreyRaster, PixelRect)} knowing the raster row of the selected row's centre
   * (NaN when unknown), so that rows drawn on a cylinder can be measured too.
   */
  private static RowPitchResult measure(GreyRaster raster, PixelRect band, double centreRow) {
    if (raster == null || band == null) {
      throw ImageFailures.invalidArgument("raster and band are required");
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
    if (!Double.isNaN(centreRow)) {
      double[] cylinder = CylinderFit.pitch(profile, centreRow - b.y(), lagConf[0]);
      if (cylinder != null && cylinder[1] > lagConf[1]) {
        lagConf = cylinder;
      }
    }
    double pitchPx = lagConf[0] * raster.scaleY();
    double pitchNorm = NormSpace.toNorm(pitchPx, raster.sourceHeight());
    return new RowPitchResult(pitchPx, pitchNorm, lagConf[1]);
  }

  /**
   * Measures the pitch around a wheel column given in normalized units, the way {@code wheel_nudge}
   * receives it: {@code columnX} by the width rule, {@code centerY} by the height rule, with the
   * default band half-extents.
   */
  public static RowPitchResult measureColumn(GreyRaster raster, double columnX, double centerY) {
    return measureColumn(raster, columnX, centerY, DEFAULT_HALF_WIDTH, DEFAULT_HALF_HEIGHT);
  }

  /**
   * Measures the pitch in the band {@code [columnX - halfWidth, columnX + halfWidth] x [centerY -
   * halfHeight, centerY + halfHeight]}, all normalized (0-1000), clipped to the screen.
   *
   * @throws SwipeException {@code invalid_argument} naming a field that is not finite or out of
   *     range
   */
  public static RowPitchResult measureColumn(
      GreyRaster raster, double columnX, double centerY, double halfWidth, double halfHeight) {
    if (raster == null) {
      throw ImageFailures.invalidArgument("raster is required");
    }
    checkRange("column_x", columnX, 0, 1000);
    checkRange("center_y", centerY, 0, 1000);
    checkRange("half_width", halfWidth, Double.MIN_VALUE, 1000);
    checkRange("half_height", halfHeight, Double.MIN_VALUE, 1000);
    double sx = NormSpace.pixelsPerUnit(raster.width());
    double sy = NormSpace.pixelsPerUnit(raster.height());
    int left = clamp((int) Math.floor((columnX - halfWidth) * sx), raster.width() - 1);
    int right = clamp((int) Math.ceil((columnX + halfWidth) * sx), raster.width() - 1);
    int top = clamp((int) Math.floor((centerY - halfHeight) * sy), raster.height() - 1);
    int bottom = clamp((int) Math.ceil((centerY + halfHeight) * sy), raster.height() - 1);
    return measure(
        raster,
        PixelRect.ofCorners(left, top, Math.max(left, right), Math.max(top, bottom)),
        centerY * sy);
  }

  /**
   * Text-row envelope over y: each row's mean absolute horizontal gradient, soft-saturated so that
   * every row holding glyphs counts about the same (digits differ in shape, faded rows in contrast;
   * all of them are "a text line here") while thin overlays barely count. Null when the band is
   * blank or too small.
   */
  static double @Nullable [] gradientProfile(GreyRaster r, PixelRect b) {
    if (b.width() < 2 || b.height() < 2 * MIN_LAG + 1) {
      return null;
    }
    byte[] p = Rasters.pixels(r);
    int w = r.width();
    int n = b.height();
    double[] prof = new double[n];
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
      prof[i] = s / (double) (b.width() - 1);
    }
    double[] sorted = prof.clone();
    java.util.Arrays.sort(sorted);
    double high = sorted[(int) Math.floor(0.9 * (n - 1))];
    if (sorted[n - 1] < BLANK_GRADIENT || high <= 0) {
      return null;
    }
    double knee = Math.max(BLANK_GRADIENT, SATURATION_KNEE * high);
    for (int i = 0; i < n; i++) {
      prof[i] = prof[i] / (prof[i] + knee);
    }
    return prof;
  }

  /** The most a pitch that the text rows do not confirm is trusted: below the wheel's 0.6. */
  static final double UNCONFIRMED_CONFIDENCE = 0.5;

  /**
   * Regularity below which a grid of only three rows does not confirm its pitch (rms 3% of it).
   * Longer grids are left alone: more rows outvote a stray one, and an ios wheel's rows sit less
   * evenly (applied to every grid, 51 more of 720 ios columns fell back to the caller's estimate).
   */
  static final double MIN_REGULARITY = 0.7;

  /** Returns {pitch in profile samples, confidence} or null. */
  static double @Nullable [] pitchFromProfile(double[] f) {
    int n = f.length;
    int maxLag = (2 * n) / 3;
    if (maxLag < MIN_LAG + 2) {
      return null;
    }
    double globalMean = 0;
    for (double v : f) {
      globalMean += v;
    }
    globalMean /= n;
    double globalVar = 0;
    for (double v : f) {
      globalVar += (v - globalMean) * (v - globalMean);
    }
    globalVar /= n;
    if (globalVar <= 1e-9) {
      return null;
    }
    // Prefix sums give each window's mean and variance in O(1); only the cross term needs a loop.
    double[] sum = new double[n + 1];
    double[] sumSq = new double[n + 1];
    for (int i = 0; i < n; i++) {
      sum[i + 1] = sum[i] + f[i];
      sumSq[i + 1] = sumSq[i] + f[i] * f[i];
    }
    double[] rho = new double[maxLag + 2];
    for (int k = 0; k <= maxLag + 1 && k < n; k++) {
      int m = n - k;
      double sab = 0;
      for (int i = 0; i < m; i++) {
        sab += f[i] * f[i + k];
      }
      double meanA = sum[m] / m;
      double meanC = (sum[n] - sum[k]) / m;
      double varA = sumSq[m] / m - meanA * meanA;
      double varC = (sumSq[n] - sumSq[k]) / m - meanC * meanC;
      // Windows that are nearly flat (blank margins) correlate by accident; they say nothing.
      if (varA < MIN_WINDOW_VARIANCE * globalVar || varC < MIN_WINDOW_VARIANCE * globalVar) {
        rho[k] = 0;
      } else {
        rho[k] = (sab / m - meanA * meanC) / Math.sqrt(varA * varC);
      }
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

    // Cross-check with the text rows themselves: with few rows the autocorrelation is diluted by
    // the band's margins and biased by rows cut at its edges, while the midpoints of whole rows
    // are exact. When the rows agree with the autocorrelation, their spacing wins.
    RowFit rows = RowFit.best(f, pitch);
    if (rows != null && rows.fitted >= 2) {
      pitch = rows.pitch;
      confidence = Math.max(confidence, rows.confidence());
    }
    if (rows != null && rows.fitted == 3 && rows.regularity() < MIN_REGULARITY) {
      // The rows sit on the grid only loosely (rms over 3% of the pitch): wheel rows are drawn
      // a pitch apart to the pixel, so the grid spans something else too. Found on android month
      // wheels at an end: two rows drawn 75 px apart and a label further down made a 3-row grid
      // of 85.7 px (rms 4.5 px) that the autocorrelation trusted at 0.72, and drags planned on
      // it landed a row off.
      confidence = Math.min(confidence, UNCONFIRMED_CONFIDENCE);
    }
    return new double[] {pitch, confidence};
  }

  /** Whole text rows of the profile (runs above 60% of the maximum) and a least-squares spacing. */
  static final class RowFit {
    final double pitch;
    final int fitted;
    final int segments;
    final double rms;

    private RowFit(double pitch, int fitted, int segments, double rms) {
      this.pitch = pitch;
      this.fitted = fitted;
      this.segments = segments;
      this.rms = rms;
    }

    /**
     * 0 for fewer than three regular rows; 0.7 at three, rising to 1 at six (three whole rows
     * evenly spaced to a pixel rarely happen by chance); scaled by regularity and by the share of
     * the segments between the first and last fitted row that the grid explains. Segments outside
     * that span are other content (a label below the wheel) and say nothing against it.
     */
    double confidence() {
      if (fitted < 3) {
        return 0;
      }
      double base = Math.min(1.0, 0.7 + 0.1 * (fitted - 3));
      return clamp01(base * regularity() * fitted / (double) segments);
    }

    /** 1 for midpoints exactly on the grid, 0 at an rms of 10% of the pitch (at least 1.5 px). */
    double regularity() {
      // Midpoints are only good to about a pixel: small rows get an absolute allowance.
      return clamp01(1 - rms / Math.max(1.5, 0.1 * pitch));
    }

    /**
     * Tries the autocorrelation pitch and its halves and thirds (in case it locked onto a
     * multiple). A finer candidate replaces a coarser one only when it explains at least half as
     * many rows again: a finer grid always fits one more midpoint (a faded row at the band's edge
     * sits between two grid lines of the true pitch and on one of half of it), and taking that as
     * evidence measured month wheels at half their pitch. Null when the rows disagree with every
     * candidate by more than 10%.
     */
    static @Nullable RowFit best(double[] f, double approx) {
      RowFit best = null;
      for (int m = 1; m <= 3; m++) {
        double candidate = approx / m;
        if (candidate < MIN_LAG) {
          break;
        }
        double[] mids = rowMidpoints(f, candidate);
        if (mids.length < 2) {
          continue;
        }
        RowFit fit = fit(mids, candidate);
        if (fit != null
            && Math.abs(fit.pitch - candidate) <= 0.1 * candidate
            && (best == null || 2 * fit.fitted >= 3 * best.fitted)) {
          best = fit;
        }
      }
      return best;
    }

    static double[] rowMidpoints(double[] f, double approx) {
      int n = f.length;
      double max = 0;
      for (double v : f) {
        max = Math.max(max, v);
      }
      double t = 0.6 * max;
      int mergeGap = Math.max(2, (int) Math.round(0.2 * approx));
      int minLength = Math.max(2, (int) Math.round(0.15 * approx));
      double[] mids = new double[n];
      int count = 0;
      int i = 0;
      while (i < n) {
        if (f[i] < t) {
          i++;
          continue;
        }
        int start = i;
        int end = i;
        // Extend over short dips (horizontal strokes have little horizontal gradient).
        while (end < n) {
          while (end < n && f[end] >= t) {
            end++;
          }
          int gap = end;
          while (gap < n && f[gap] < t) {
            gap++;
          }
          if (gap < n && gap - end < mergeGap) {
            end = gap;
          } else {
            break;
          }
        }
        i = end;
        if (start == 0 || end >= n || end - start < minLength) {
          continue; // cut by the band edge, or a thin line / speck
        }
        double top = start - 1 + (t - f[start - 1]) / (f[start] - f[start - 1]);
        double bottom = end - 1 + (f[end - 1] - t) / (f[end - 1] - f[end]);
        mids[count++] = 0.5 * (top + bottom);
      }
      return java.util.Arrays.copyOf(mids, count);
    }

    private static @Nullable RowFit fit(double[] mids, double pitch) {
      RowFit best = null;
      for (double anchor : mids) {
        // Row index of every midpoint relative to the anchor; keep the closest per index.
        java.util.TreeMap<Long, Double> byIndex = new java.util.TreeMap<>();
        for (double c : mids) {
          long idx = Math.round((c - anchor) / pitch);
          double res = Math.abs(c - anchor - idx * pitch);
          if (res <= 0.2 * pitch) {
            Double prev = byIndex.get(idx);
            if (prev == null || res < Math.abs(prev - anchor - idx * pitch)) {
              byIndex.put(idx, c);
            }
          }
        }
        if (byIndex.size() < 2) {
          continue;
        }
        RowFit fit = regress(byIndex, mids);
        if (byIndex.size() >= 4 && fit.rms > 0.01 * pitch) {
          // A first or last "row" that is really other content (a label just outside the wheel)
          // drags the slope; drop it when the rows without it are far more regular.
          java.util.TreeMap<Long, Double> withoutFirst = new java.util.TreeMap<>(byIndex);
          withoutFirst.pollFirstEntry();
          java.util.TreeMap<Long, Double> withoutLast = new java.util.TreeMap<>(byIndex);
          withoutLast.pollLastEntry();
          RowFit a = regress(withoutFirst, mids);
          RowFit b = regress(withoutLast, mids);
          RowFit trimmed = a.rms <= b.rms ? a : b;
          if (trimmed.rms < fit.rms / 3) {
            fit = trimmed;
          }
        }
        if (best == null
            || fit.fitted > best.fitted
            || (fit.fitted == best.fitted && fit.rms < best.rms)) {
          best = fit;
        }
      }
      return best;
    }

    /** Least-squares spacing of rows given by grid index; segments counted inside their span. */
    private static RowFit regress(java.util.NavigableMap<Long, Double> byIndex, double[] mids) {
      double mi = 0;
      double mc = 0;
      for (var e : byIndex.entrySet()) {
        mi += e.getKey();
        mc += e.getValue();
      }
      int k = byIndex.size();
      mi /= k;
      mc /= k;
      double sic = 0;
      double sii = 0;
      for (var e : byIndex.entrySet()) {
        sic += (e.getKey() - mi) * (e.getValue() - mc);
        sii += (e.getKey() - mi) * (e.getKey() - mi);
      }
      double slope = sic / sii;
      double sse = 0;
      for (var e : byIndex.entrySet()) {
        double r = e.getValue() - (mc + slope * (e.getKey() - mi));
        sse += r * r;
      }
      double lo = byIndex.firstEntry().getValue();
      double hi = byIndex.lastEntry().getValue();
      int inSpan = 0;
      for (double c : mids) {
        if (c >= lo && c <= hi) {
          inSpan++;
        }
      }
      return new RowFit(slope, k, Math.max(k, inSpan), Math.sqrt(sse / k));
    }
  }

  /**
   * Rows drawn on a cylinder (iOS's UIPickerView, Flutter's ListWheelScrollView): a row {@code k}
   * rows from the selected one sits {@code R sin(k a)} from the centre, so the rows crowd together
   * away from it and no even grid fits them; the drag still turns the wheel one row per arc pitch
   * {@code P = R a}, which is the rows' spacing at the centre. Fitting {@code P sin(k a) / a} to
   * the rows on both sides of the selected one measures {@code P} where an even grid measures the
   * crowded rows' mean spacing (about 8% short on a wheel showing seven rows). Only a clearly
   * curved fit that explains the rows far better than an even grid is used: flat wheels keep the
   * grid's measurement.
   */
  static final class CylinderFit {
    /** Least curvature (radians per row) taken as a cylinder; flatter rows are left to the grid. */
    static final double MIN_CURVATURE = 0.1;

    /** Most curvature tried: a row more than a quarter turn from the centre is not drawn. */
    static final double MAX_CURVATURE = 0.9;

    /** The curved fit's squared residuals must be at most this share of the even grid's. */
    static final double BETTER_THAN_GRID = 0.25;

    private CylinderFit() {}

    /**
     * Returns {arc pitch in profile samples, confidence}, or null unless the rows on both sides of
     * the one at {@code centre} (at least two each) fit a cylinder better than an even grid.
     */
    static double @Nullable [] pitch(double[] f, double centre, double approx) {
      if (!(approx >= MIN_LAG)) {
        return null;
      }
      double[] mids = RowFit.rowMidpoints(f, approx);
      int ci = -1;
      for (int i = 0; i < mids.length; i++) {
        if (Math.abs(mids[i] - centre) <= 0.35 * approx
            && (ci < 0 || Math.abs(mids[i] - centre) < Math.abs(mids[ci] - centre))) {
          ci = i;
        }
      }
      if (ci < 0) {
        return null;
      }
      double[] below = outward(mids, ci, 1, approx);
      double[] above = outward(mids, ci, -1, approx);
      int k = Math.min(below.length, above.length);
      if (k < 2) {
        return null;
      }
      double[] fitted = fit(below, above, k);
      if (fitted == null) {
        return null;
      }
      double pitch = fitted[0];
      double rms = fitted[1];
      int rows = 2 * k + 1;
      double span0 = mids[ci] - above[k - 1];
      double span1 = mids[ci] + below[k - 1];
      int segments = 0;
      for (double m : mids) {
        if (m >= span0 - 1e-9 && m <= span1 + 1e-9) {
          segments++;
        }
      }
      // As for an even grid: 0.7 at the fewest rows, rising with more.
      double base = Math.min(1.0, 0.7 + 0.1 * (rows - 5));
      double regularity = clamp01(1 - rms / Math.max(1.5, 0.1 * pitch));
      double confidence = clamp01(base * regularity * rows / (double) Math.max(rows, segments));
      return new double[] {pitch, confidence};
    }

    /**
     * Distances from the centre row of the rows after it in direction {@code dir}, while they
     * follow on.
     */
    private static double[] outward(double[] mids, int ci, int dir, double approx) {
      double[] out = new double[mids.length];
      int n = 0;
      double previous = mids[ci];
      for (int i = ci + dir; i >= 0 && i < mids.length; i += dir) {
        double gap = Math.abs(mids[i] - previous);
        if (gap < 0.3 * approx || gap > 1.4 * approx) {
          break;
        }
        out[n++] = Math.abs(mids[i] - mids[ci]);
        previous = mids[i];
      }
      return java.util.Arrays.copyOf(out, n);
    }

    /**
     * Least squares of {@code c + P sin(j a) / a} (j = -k..-1 above the centre, 1..k below it) with
     * the curvature {@code a} searched on a grid: {arc pitch, rms}, or null when the curve is too
     * flat, or no better than an even grid. The centre {@code c} is fitted, not the selected row's
     * midpoint: that row is drawn larger, and its text box sits off its centre.
     */
    private static double @Nullable [] fit(double[] below, double[] above, int k) {
      double bestA = 0;
      double bestP = 0;
      double bestSse = Double.POSITIVE_INFINITY;
      double gridSse = Double.NaN;
      double maxA = Math.min(MAX_CURVATURE, 1.5 / k);
      int n = 2 * k;
      for (int step = 0; step * 0.001 <= maxA; step++) {
        double a = step * 0.001;
        double my = 0;
        for (int j = 1; j <= k; j++) {
          my += below[j - 1] - above[j - 1];
        }
        my /= n;
        // the abscissae are symmetric, so their mean is 0
        double sxy = 0;
        double sxx = 0;
        for (int j = 1; j <= k; j++) {
          double x = a == 0 ? j : Math.sin(j * a) / a;
          sxy += x * (below[j - 1] - my) + -x * (-above[j - 1] - my);
          sxx += 2 * x * x;
        }
        double p = sxy / sxx;
        double sse = 0;
        for (int j = 1; j <= k; j++) {
          double x = a == 0 ? j : Math.sin(j * a) / a;
          double rb = below[j - 1] - (my + p * x);
          double ra = -above[j - 1] - (my - p * x);
          sse += rb * rb + ra * ra;
        }
        if (step == 0) {
          gridSse = sse;
        }
        if (sse < bestSse) {
          bestSse = sse;
          bestA = a;
          bestP = p;
        }
      }
      if (bestA < MIN_CURVATURE || bestSse > BETTER_THAN_GRID * gridSse) {
        return null;
      }
      return new double[] {bestP, Math.sqrt(bestSse / n)};
    }
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
      throw ImageFailures.invalidArgument(
          field
              + " must be a finite number within "
              + (min == Double.MIN_VALUE ? "(0" : "[" + (int) min)
              + ", "
              + (int) max
              + "], got "
              + v);
    }
  }
}
