package dev.swipe.diff.internal;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.jspecify.annotations.Nullable;

/**
 * Decides along which axis content moved between two frames, without measuring how far.
 *
 * <p>Both frames are first box-reduced to about {@value #WORK_PIXELS} pixels (direction needs no
 * more, and averaging smooths JPEG noise). Two explanations of the change are then tried, and the
 * one that leaves the least of the change energy unexplained wins:
 *
 * <ul>
 *   <li><b>Small moves</b> (below a grid cell or two): on a grid of about {@value
 *       #TARGET_GRID_CELLS} cells the temporal difference is correlated with the spatial gradients
 *       (a global Lucas-Kanade step). A translation {@code (u, v)} predicts {@code B - A = -(gx u +
 *       gy v)}; the least-squares fit gives the dominant component and the residual says how well a
 *       translation explains the change.
 *   <li><b>Large moves</b> (up to three quarters of the region): row and column brightness profiles
 *       are compared at every shift (coarse to fine, pixel precise); the best few shifts per axis
 *       are verified on per-strip profiles, where parts that did not move (status bar, app bar)
 *       keep their unshifted match, and every plausible one then on the pixels, where a shifted row
 *       must match within noise. The gradient model breaks down here, profile matching does not.
 * </ul>
 *
 * If no translation explains at least half of the change (content replaced, a caret blinking, a
 * diagonal pan), the answer is {@link PrimaryAxis#NONE}.
 */
final class MotionAxisEstimator {

  /** Pixels per frame the motion analysis works on; larger regions are box-reduced first. */
  static final int WORK_PIXELS = 320_000;

  /** Grid cells the region is reduced to for the gradient (small-move) analysis. */
  static final int TARGET_GRID_CELLS = 40_000;

  /** A translation must leave at most this fraction of the change energy unexplained. */
  static final double MAX_UNEXPLAINED = 0.35;

  /** One component must be this much larger than the other for a small move to have an axis. */
  private static final double DOMINANCE = 1.25;

  /**
   * Every row height of a list is an alias the profile ranks close to the true shift; a 0.8
   * scroll's true shift (328 raster rows, ios seed 5014) ranked 26th, past the 24 once kept.
   */
  private static final int CANDIDATES_PER_AXIS = 40;

  /** Length a profile is reduced to for the exhaustive shift search. */
  static final int COARSE_LENGTH = 256;

  private MotionAxisEstimator() {}

  static PrimaryAxis estimate(GreyRaster a, GreyRaster b, PixelRect region) {
    // Direction does not need every pixel: work on box-reduced copies of at most WORK_PIXELS.
    int f = 1;
    while (f < 16 && region.area() / ((long) f * f) > WORK_PIXELS) {
      f *= 2;
    }
    if (f > 1) {
      GreyRaster ra = reduceRegion(a, region, f);
      GreyRaster rb = reduceRegion(b, region, f);
      return estimateOn(ra, rb, PixelRect.full(ra.width(), ra.height()));
    }
    return estimateOn(a, b, region);
  }

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long EVEN_BYTES = 0x00FF00FF00FF00FFL;
  private static final long EVEN_SHORTS = 0x0000FFFF0000FFFFL;

  /**
   * Means of {@code f x f} blocks of the region ({@code f} a power of two up to 16); a trailing
   * partial block is dropped. Eight pixels of a row are summed at a time in the lanes of a long.
   */
  static GreyRaster reduceRegion(GreyRaster r, PixelRect region, int f) {
    int ow = Math.max(1, region.width() / f);
    int oh = Math.max(1, region.height() / f);
    int bw = Math.min(f, region.width());
    int bh = Math.min(f, region.height());
    byte[] p = Rasters.pixels(r);
    int w = r.width();
    byte[] out = new byte[ow * oh];
    int[] sums = new int[ow];
    int n = bw * bh;
    boolean swar = bw == f && (f == 2 || f == 4 || f == 8);
    int perLong = swar ? 8 / f : 0;
    int longs = swar ? ow / perLong : 0;
    for (int oy = 0; oy < oh; oy++) {
      java.util.Arrays.fill(sums, 0);
      int y0 = region.y() + oy * bh;
      for (int y = y0; y < y0 + bh; y++) {
        int o = y * w + region.x();
        int ox = 0;
        for (int j = 0; j < longs; j++, o += 8) {
          long v = (long) LONGS.get(p, o);
          long pairs = (v & EVEN_BYTES) + ((v >>> 8) & EVEN_BYTES);
          if (f == 2) {
            sums[ox++] += (int) (pairs & 0xFFFF);
            sums[ox++] += (int) ((pairs >>> 16) & 0xFFFF);
            sums[ox++] += (int) ((pairs >>> 32) & 0xFFFF);
            sums[ox++] += (int) (pairs >>> 48);
          } else {
            long quads = (pairs & EVEN_SHORTS) + ((pairs >>> 16) & EVEN_SHORTS);
            if (f == 4) {
              sums[ox++] += (int) (quads & 0xFFFFFFFFL);
              sums[ox++] += (int) (quads >>> 32);
            } else {
              sums[ox++] += (int) ((quads & 0xFFFFFFFFL) + (quads >>> 32));
            }
          }
        }
        for (; ox < ow; ox++) {
          int s = 0;
          for (int k = 0; k < bw; k++) {
            s += p[o++] & 0xFF;
          }
          sums[ox] += s;
        }
      }
      int o = oy * ow;
      if (Integer.bitCount(n) == 1) {
        int shift = Integer.numberOfTrailingZeros(n);
        for (int ox = 0; ox < ow; ox++) {
          out[o + ox] = (byte) ((sums[ox] + n / 2) >> shift);
        }
      } else {
        for (int ox = 0; ox < ow; ox++) {
          out[o + ox] = (byte) ((sums[ox] + n / 2) / n);
        }
      }
    }
    return Rasters.wrap(ow, oh, ow, oh, out);
  }

  private static PrimaryAxis estimateOn(GreyRaster a, GreyRaster b, PixelRect region) {
    int m = (int) Math.max(1, Math.ceil(Math.sqrt(region.area() / (double) TARGET_GRID_CELLS)));
    int gw = Math.max(1, region.width() / m);
    int gh = Math.max(1, region.height() / m);
    int bw = Math.min(m, region.width());
    int bh = Math.min(m, region.height());
    float[] ga = grid(a, region, bw, bh, gw, gh);
    float[] gb = grid(b, region, bw, bh, gw, gh);

    double total = 0;
    for (int i = 0; i < ga.length; i++) {
      double d = gb[i] - ga[i];
      total += d * d;
    }
    if (total <= 1e-6 * ga.length) {
      return PrimaryAxis.NONE;
    }

    PrimaryAxis bestAxis = PrimaryAxis.NONE;
    double best = MAX_UNEXPLAINED;

    double[] lk = lucasKanade(ga, gb, gw, gh);
    if (lk != null && lk[2] <= best) {
      double u = Math.abs(lk[0]);
      double v = Math.abs(lk[1]);
      if (v >= DOMINANCE * u) {
        best = lk[2];
        bestAxis = PrimaryAxis.VERTICAL;
      } else if (u >= DOMINANCE * v) {
        best = lk[2];
        bestAxis = PrimaryAxis.HORIZONTAL;
      }
    }

    StripProfiles pa = StripProfiles.of(a, region);
    StripProfiles pb = StripProfiles.of(b, region);
    double[] pixelTotal = {-1};
    double verticalTotal = StripProfiles.energy(pa.rows, pb.rows, pa.strips, region.height(), 0);
    int[] rowShifts = candidateShifts(pa.meanRows(), pb.meanRows());
    double v =
        bestVerified(
            a,
            b,
            region,
            pixelTotal,
            true,
            rowShifts,
            shift ->
                StripProfiles.unexplained(
                    pa.rows, pb.rows, pa.strips, region.height(), shift, verticalTotal));
    if (v < best) {
      best = v;
      bestAxis = PrimaryAxis.VERTICAL;
    }
    if (best <= CLEAR_MATCH) {
      return bestAxis; // a vertical shift explains nearly everything: no need to try the other axis
    }
    double horizontalTotal =
        StripProfiles.energy(pa.columns, pb.columns, pa.strips, region.width(), 0);
    int[] columnShifts = candidateShifts(pa.meanColumns(), pb.meanColumns());
    double h =
        bestVerified(
            a,
            b,
            region,
            pixelTotal,
            false,
            columnShifts,
            shift ->
                StripProfiles.unexplained(
                    pa.columns, pb.columns, pa.strips, region.width(), shift, horizontalTotal));
    if (h < best) {
      best = h;
      bestAxis = PrimaryAxis.HORIZONTAL;
    }
    if (bestAxis == PrimaryAxis.NONE) {
      bestAxis =
          diagonal(
              a,
              b,
              region,
              pixelTotal,
              topShifts(rowShifts, pa.meanRows(), pb.meanRows()),
              topShifts(columnShifts, pa.meanColumns(), pb.meanColumns()));
    }
    return bestAxis;
  }

  /**
   * Candidates per axis combined into two-dimensional shifts when no single axis explains the
   * change.
   */
  static final int DIAGONAL_CANDIDATES = 4;

  /**
   * The axis of a move along both axes at once (a map panned at an angle), which neither axis alone
   * explains: the best few shifts of each profile are combined and checked on the pixels. Named
   * only when one component is {@link #DOMINANCE} times the other; a move near 45 degrees has no
   * primary axis. Found by the honesty benchmark: a 200-unit pan 17 degrees off vertical (187 px
   * down, 60 px across) read {@code none}.
   */
  private static PrimaryAxis diagonal(
      GreyRaster a, GreyRaster b, PixelRect region, double[] pixelTotal, int[] ys, int[] xs) {
    if (ys.length == 0 || xs.length == 0) {
      return PrimaryAxis.NONE;
    }
    if (pixelTotal[0] < 0) {
      pixelTotal[0] = pixelEnergy(a, b, region);
    }
    double best = MAX_UNEXPLAINED;
    PrimaryAxis axis = PrimaryAxis.NONE;
    for (int dy : ys) {
      for (int dx : xs) {
        double u = Math.abs(dx);
        double v = Math.abs(dy);
        PrimaryAxis dominant =
            v >= DOMINANCE * u
                ? PrimaryAxis.VERTICAL
                : u >= DOMINANCE * v ? PrimaryAxis.HORIZONTAL : PrimaryAxis.NONE;
        double r = pixelUnexplained(a, b, region, pixelTotal[0], dx, dy);
        if (r < best) {
          best = r;
          axis = dominant;
        }
      }
    }
    return axis;
  }

  /**
   * The {@link #DIAGONAL_CANDIDATES} of an axis's candidate shifts that match its profile best,
   * best first.
   */
  private static int[] topShifts(int[] shifts, float[] pa, float[] pb) {
    Integer[] order = new Integer[shifts.length];
    double[] err = new double[shifts.length];
    for (int i = 0; i < shifts.length; i++) {
      order[i] = i;
      err[i] = profileError(pa, pb, shifts[i]);
    }
    java.util.Arrays.sort(order, (i, j) -> Double.compare(err[i], err[j]));
    int n = Math.min(DIAGONAL_CANDIDATES, shifts.length);
    int[] out = new int[n];
    for (int k = 0; k < n; k++) {
      out[k] = shifts[order[k]];
    }
    return out;
  }

  /**
   * Unexplained fraction at which a verified shift ends the search: nothing else can explain the
   * change much better, and checking up to {@link #VERIFIED_PER_AXIS} shifts per axis on the pixels
   * is most of the estimate's cost.
   */
  static final double CLEAR_MATCH = 0.1;

  /**
   * Mean squared difference per pixel below which a shifted row counts as matched: the change
   * threshold of {@link ImageDiff} (24 levels), squared.
   */
  static final double MATCH_MSE = 24.0 * 24.0;

  /**
   * Candidates per axis checked on the pixels, best profile match first. On a list every row height
   * is an alias the profile cannot tell from the true shift (a 0.8 scroll's true shift ranked
   * fifth, another's 26th), so all plausible candidates may need a look.
   */
  static final int VERIFIED_PER_AXIS = CANDIDATES_PER_AXIS;

  /**
   * The lowest pixel-verified unexplained fraction among the shifts whose profile match passes
   * {@link #MAX_UNEXPLAINED} (at most {@link #VERIFIED_PER_AXIS}; all of them, so swapping the
   * frames gives the same answer), or 1.0 when none does.
   *
   * <p>Why verify: a profile sample keeps the better of its shifted and unshifted match, so any
   * shift gets credit wherever it happens to fit, and with a quarter-region overlap a replaced page
   * (a carousel switch: same card, other colour and art) found a vertical shift that "explained"
   * two thirds of the change. On pixels, whole rows choose between shifted and unshifted (static
   * bars stay allowed), which a coincidence cannot pass.
   */
  private static double bestVerified(
      GreyRaster a,
      GreyRaster b,
      PixelRect region,
      double[] total,
      boolean vertical,
      int[] shifts,
      java.util.function.IntToDoubleFunction profileUnexplained) {
    int n = shifts.length;
    double[] r = new double[n];
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      r[i] = profileUnexplained.applyAsDouble(shifts[i]);
      order[i] = i;
    }
    java.util.Arrays.sort(order, (i, j) -> Double.compare(r[i], r[j]));
    double best = 1.0;
    for (int k = 0; k < Math.min(n, VERIFIED_PER_AXIS); k++) {
      int i = order[k];
      if (r[i] > MAX_UNEXPLAINED) {
        break;
      }
      if (total[0] < 0) {
        total[0] = pixelEnergy(a, b, region); // once per estimate, and only when a shift needs it
      }
      int dx = vertical ? 0 : shifts[i];
      int dy = vertical ? shifts[i] : 0;
      best = Math.min(best, pixelUnexplained(a, b, region, total[0], dx, dy));
      if (best <= CLEAR_MATCH) {
        break; // the same candidate stops the search with the frames swapped (mirrored ranking)
      }
    }
    return best;
  }

  /**
   * Fraction of the change over the overlap that undoing the shift {@code (dx, dy)} leaves, row by
   * row ({@code total} is the region's {@link #pixelEnergy}): each row of the overlap keeps the
   * better of its shifted and (symmetric) unshifted mismatch. 1.0 when the overlap holds less than
   * half its share of the change (cropping the change away is no match).
   */
  static double pixelUnexplained(
      GreyRaster a, GreyRaster b, PixelRect region, double total, int dx, int dy) {
    byte[] pa = Rasters.pixels(a);
    byte[] pb = Rasters.pixels(b);
    int w = a.width();
    int rw = region.width();
    int rh = region.height();
    int fromY = Math.max(0, -dy);
    int toY = Math.min(rh, rh - dy);
    int fromX = Math.max(0, -dx);
    int toX = Math.min(rw, rw - dx);
    if (toY - fromY < 1 || toX - fromX < 1 || total <= 0) {
      return 1.0;
    }
    int length = toX - fromX;
    // Moves of a pixel or two along one axis are sub-pixel on this raster and cannot match
    // exactly at a whole shift; a vertical move is rarely a whole number of rows either.
    boolean subPixel = (dx == 0 || dy == 0) && Math.max(Math.abs(dx), Math.abs(dy)) <= 2;
    boolean halfRows = dx == 0 && !subPixel;
    long[] m = new long[3];
    double shifted = 0;
    double still = 0;
    // Row y of A (its overlap) against row y + dy of B, moved dx along it.
    for (int y = fromY; y < toY; y++) {
      int ia = (region.y() + y) * w + region.x() + fromX;
      int ib = ia + dy * w + dx;
      segmentMismatch(pa, pb, ia, ib, length, m);
      if (halfRows && m[0] > MATCH_MSE * length) {
        // Try half a row either way, averaging neighbours in either frame so that swapping the
        // frames tries the same.
        boolean up = y - 1 >= 0 && y + dy - 1 >= 0;
        boolean down = y + 1 < rh && y + dy + 1 < rh;
        m[0] = Math.min(m[0], halfRowMismatch(pa, pb, ia, ib, length, w, up, down));
      }
      double z = 0.5 * (m[1] + m[2]);
      // A row the shift explains matches to within noise; merely matching better than the
      // unshifted pair (a changed card laid over a static blank) is no explanation.
      double matched = subPixel || m[0] <= MATCH_MSE * length ? m[0] : z;
      shifted += Math.min(matched, z);
      still += z;
    }
    double overlapShare = (toY - fromY) * (double) length / ((double) rw * rh);
    if (still <= 0 || still < 0.5 * overlapShare * total) {
      return 1.0;
    }
    return shifted / still;
  }

  /**
   * Means of {@code bw x bh} blocks of the region, row-major, {@code gw x gh}; leftovers dropped.
   */
  static float[] grid(GreyRaster r, PixelRect region, int bw, int bh, int gw, int gh) {
    byte[] p = Rasters.pixels(r);
    int w = r.width();
    float[] out = new float[gw * gh];
    int[] sums = new int[gw];
    float inv = 1f / (bw * bh);
    for (int gy = 0; gy < gh; gy++) {
      java.util.Arrays.fill(sums, 0);
      int y0 = region.y() + gy * bh;
      for (int y = y0; y < y0 + bh; y++) {
        int o = y * w + region.x();
        for (int gx = 0; gx < gw; gx++) {
          int s = 0;
          for (int k = 0; k < bw; k++) {
            s += p[o++] & 0xFF;
          }
          sums[gx] += s;
        }
      }
      int o = gy * gw;
      for (int gx = 0; gx < gw; gx++) {
        out[o + gx] = sums[gx] * inv;
      }
    }
    return out;
  }

  /**
   * Global Lucas-Kanade on the grid; returns {u, v, unexplained fraction} or null when the region
   * is too small or has no texture to correlate with.
   */
  static double @Nullable [] lucasKanade(float[] a, float[] b, int gw, int gh) {
    if (gw < 3 || gh < 3) {
      return null;
    }
    double sxx = 0;
    double syy = 0;
    double sxy = 0;
    double sxt = 0;
    double syt = 0;
    double stt = 0;
    for (int y = 1; y < gh - 1; y++) {
      int o = y * gw;
      for (int x = 1; x < gw - 1; x++) {
        int i = o + x;
        double gx = 0.25 * ((a[i + 1] + b[i + 1]) - (a[i - 1] + b[i - 1]));
        double gy = 0.25 * ((a[i + gw] + b[i + gw]) - (a[i - gw] + b[i - gw]));
        double dt = b[i] - a[i];
        sxx += gx * gx;
        syy += gy * gy;
        sxy += gx * gy;
        sxt += gx * dt;
        syt += gy * dt;
        stt += dt * dt;
      }
    }
    double det = sxx * syy - sxy * sxy;
    if (stt <= 0 || det <= 1e-9 * Math.max(1.0, sxx * syy)) {
      return null;
    }
    double u = (-sxt * syy + syt * sxy) / det;
    double v = (-syt * sxx + sxt * sxy) / det;
    double res = stt + 2 * u * sxt + 2 * v * syt + u * u * sxx + 2 * u * v * sxy + v * v * syy;
    return new double[] {u, v, Math.max(0.0, res / stt)};
  }

  /** Sum of squared pixel differences of the two frames over the region: the change to explain. */
  static double pixelEnergy(GreyRaster a, GreyRaster b, PixelRect region) {
    byte[] pa = Rasters.pixels(a);
    byte[] pb = Rasters.pixels(b);
    int w = a.width();
    double total = 0;
    for (int y = 0; y < region.height(); y++) {
      int row = (region.y() + y) * w + region.x();
      long z = 0;
      for (int x = 0; x < region.width(); x++) {
        int d = (pa[row + x] & 0xFF) - (pb[row + x] & 0xFF);
        z += (long) d * d;
      }
      total += z;
    }
    return total;
  }

  /**
   * Squared mismatches of two equally long pixel runs starting at {@code ia} and {@code ib}: {@code
   * out[0]} A at ia against B at ib (the shifted match), {@code out[1]} and {@code out[2]} each run
   * against itself in the other frame (the unshifted matches).
   */
  private static void segmentMismatch(
      byte[] pa, byte[] pb, int ia, int ib, int length, long[] out) {
    long d2 = 0;
    long z1 = 0;
    long z2 = 0;
    for (int x = 0; x < length; x++) {
      int a1 = pa[ia + x] & 0xFF;
      int d = a1 - (pb[ib + x] & 0xFF);
      int e1 = a1 - (pb[ia + x] & 0xFF);
      int e2 = (pa[ib + x] & 0xFF) - (pb[ib + x] & 0xFF);
      d2 += (long) d * d;
      z1 += (long) e1 * e1;
      z2 += (long) e2 * e2;
    }
    out[0] = d2;
    out[1] = z1;
    out[2] = z2;
  }

  /**
   * The best squared mismatch of row {@code ia} of A against row {@code ib} of B moved by half a
   * row: B averaged with its row above or below, or A averaged likewise ({@code w} is the row
   * stride; {@code up} and {@code down} say which neighbours exist in both frames).
   */
  private static long halfRowMismatch(
      byte[] pa, byte[] pb, int ia, int ib, int length, int w, boolean up, boolean down) {
    long best = Long.MAX_VALUE;
    for (int dir = -1; dir <= 1; dir += 2) {
      if ((dir < 0 && !up) || (dir > 0 && !down)) {
        continue;
      }
      int o = dir * w;
      long bAvg = 0;
      long aAvg = 0;
      for (int x = 0; x < length; x++) {
        int a1 = pa[ia + x] & 0xFF;
        int b1 = pb[ib + x] & 0xFF;
        int d = 2 * a1 - b1 - (pb[ib + o + x] & 0xFF);
        int e = a1 + (pa[ia + o + x] & 0xFF) - 2 * b1;
        bAvg += (long) d * d;
        aAvg += (long) e * e;
      }
      best = Math.min(best, Math.min(bAvg, aAvg) / 4);
    }
    return best;
  }

  /**
   * Pixel-precise candidate shifts for one axis: an exhaustive search on a profile reduced to at
   * most {@value #COARSE_LENGTH} samples, each of the best few (and the neighbourhood of zero, so
   * moves of a few pixels are found) refined on the full-resolution profile.
   */
  static int[] candidateShifts(float[] pa, float[] pb) {
    int n = pa.length;
    int d = Math.max(1, (n + COARSE_LENGTH - 1) / COARSE_LENGTH);
    float[] ca = downsample(pa, d);
    float[] cb = downsample(pb, d);
    int maxShift = n - minOverlap(n);
    // the coarse search must reach every shift the fine one allows: the reduced profile's own
    // overlap rule would stop a quarter of its (shorter) length short of the fine range's edge
    int coarseMax = Math.min(ca.length - 1, (maxShift + d - 1) / d);
    int[] coarse = profileCandidates(ca, cb, coarseMax);
    int[] out = new int[coarse.length + 1];
    int count = 0;
    for (int c = -1; c < coarse.length; c++) {
      int centre = c < 0 ? 0 : coarse[c] * d;
      int best = 0;
      double bestErr = Double.MAX_VALUE;
      for (int s = Math.max(-maxShift, centre - d); s <= Math.min(maxShift, centre + d); s++) {
        if (s == 0) {
          continue;
        }
        double e = profileError(pa, pb, s);
        if (e < bestErr) {
          bestErr = e;
          best = s;
        }
      }
      if (best != 0) {
        boolean seen = false;
        for (int i = 0; i < count; i++) {
          seen |= out[i] == best;
        }
        if (!seen) {
          out[count++] = best;
        }
      }
    }
    return java.util.Arrays.copyOf(out, count);
  }

  /**
   * Shortest overlap a candidate shift may leave: a quarter of the profile. Shorter overlaps let a
   * caret's blank surroundings or a replaced page match by coincidence.
   */
  static int minOverlap(int n) {
    return Math.max(2, (int) Math.ceil(MIN_OVERLAP_SHARE * n));
  }

  /** See {@link #minOverlap(int)}. */
  static final double MIN_OVERLAP_SHARE = 0.25;

  private static float[] downsample(float[] p, int d) {
    if (d == 1) {
      return p;
    }
    float[] out = new float[p.length / d];
    for (int i = 0; i < out.length; i++) {
      float s = 0;
      for (int k = 0; k < d; k++) {
        s += p[i * d + k];
      }
      out[i] = s / d;
    }
    return out;
  }

  private static double profileError(float[] pa, float[] pb, int s) {
    int n = pa.length;
    int from = Math.max(0, -s);
    int to = Math.min(n, n - s);
    double e = 0;
    for (int i = from; i < to; i++) {
      double d = pa[i] - pb[i + s];
      e += d * d;
    }
    return e / (to - from);
  }

  /**
   * Non-zero shifts {@code s} (content at {@code i} in A is at {@code i + s} in B) whose profile
   * mismatch is a local minimum, best first, at most {@value #CANDIDATES_PER_AXIS}.
   */
  static int[] profileCandidates(float[] pa, float[] pb) {
    return profileCandidates(pa, pb, pa.length - minOverlap(pa.length));
  }

  /**
   * As {@link #profileCandidates(float[], float[])} over shifts up to {@code maxShift} either way.
   */
  private static int[] profileCandidates(float[] pa, float[] pb, int maxShift) {
    int n = pa.length;
    if (maxShift < 1) {
      return new int[0];
    }
    double[] err = new double[2 * maxShift + 1];
    for (int s = -maxShift; s <= maxShift; s++) {
      int from = Math.max(0, -s);
      int to = Math.min(n, n - s);
      double e = 0;
      for (int i = from; i < to; i++) {
        double d = pa[i] - pb[i + s];
        e += d * d;
      }
      err[s + maxShift] = e / (to - from);
    }
    int[] best = new int[CANDIDATES_PER_AXIS];
    double[] bestErr = new double[CANDIDATES_PER_AXIS];
    int count = 0;
    for (int k = 0; k < err.length; k++) {
      int s = k - maxShift;
      if (s == 0) {
        continue;
      }
      double e = err[k];
      boolean localMin = (k == 0 || e <= err[k - 1]) && (k == err.length - 1 || e <= err[k + 1]);
      if (!localMin) {
        continue;
      }
      int pos = count < CANDIDATES_PER_AXIS ? count : CANDIDATES_PER_AXIS;
      while (pos > 0
          && (bestErr[pos - 1] > e
              || (bestErr[pos - 1] == e && Math.abs(best[pos - 1]) > Math.abs(s)))) {
        if (pos < CANDIDATES_PER_AXIS) {
          best[pos] = best[pos - 1];
          bestErr[pos] = bestErr[pos - 1];
        }
        pos--;
      }
      if (pos < CANDIDATES_PER_AXIS) {
        best[pos] = s;
        bestErr[pos] = e;
        count = Math.min(CANDIDATES_PER_AXIS, count + 1);
      }
    }
    return java.util.Arrays.copyOf(best, count);
  }
}
