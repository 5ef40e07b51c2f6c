package dev.swipe.diff.internal;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;

/**
 * Brightness profiles of a region at full pixel resolution, kept per strip so that a shift can be
 * verified in (coarse) 2D: row profiles of {@code strips} vertical strips (for vertical motion) and
 * column profiles of {@code strips} horizontal bands (for horizontal motion). A vertical scroll
 * shifts every strip's row profile by the same amount; replaced content does not.
 */
final class StripProfiles {

  /** Strips per axis; enough to tell a translation from a local change, cheap to compare. */
  static final int MAX_STRIPS = 8;

  final int strips;
  final int width;
  final int height;

  /** {@code rows[k * height + y]}: mean of row y inside vertical strip k. */
  final float[] rows;

  /** {@code columns[k * width + x]}: mean of column x inside horizontal band k. */
  final float[] columns;

  private StripProfiles(int strips, int width, int height, float[] rows, float[] columns) {
    this.strips = strips;
    this.width = width;
    this.height = height;
    this.rows = rows;
    this.columns = columns;
  }

  static StripProfiles of(GreyRaster r, PixelRect region) {
    int w = region.width();
    int h = region.height();
    int k = Math.max(1, Math.min(MAX_STRIPS, Math.min(w, h) / 4));
    byte[] p = Rasters.pixels(r);
    int stride = r.width();
    float[] rows = new float[k * h];
    int[] colSums = new int[k * w];
    int[] xEdges = edges(w, k);
    int[] yEdges = edges(h, k);
    int band = 0;
    for (int y = 0; y < h; y++) {
      while (y >= yEdges[band + 1]) {
        band++;
      }
      int o = (region.y() + y) * stride + region.x();
      int co = band * w;
      for (int s = 0; s < k; s++) {
        int sum = 0;
        for (int x = xEdges[s]; x < xEdges[s + 1]; x++) {
          int v = p[o + x] & 0xFF;
          sum += v;
          colSums[co + x] += v;
        }
        rows[s * h + y] = sum / (float) (xEdges[s + 1] - xEdges[s]);
      }
    }
    float[] columns = new float[k * w];
    for (int b = 0; b < k; b++) {
      float inv = 1f / (yEdges[b + 1] - yEdges[b]);
      for (int x = 0; x < w; x++) {
        columns[b * w + x] = colSums[b * w + x] * inv;
      }
    }
    return new StripProfiles(k, w, h, rows, columns);
  }

  private static int[] edges(int length, int parts) {
    int[] e = new int[parts + 1];
    for (int i = 0; i <= parts; i++) {
      e[i] = (int) ((long) length * i / parts);
    }
    return e;
  }

  /** Row profile of the whole region (mean of the strips). */
  float[] meanRows() {
    return mean(rows, height);
  }

  /** Column profile of the whole region (mean of the bands). */
  float[] meanColumns() {
    return mean(columns, width);
  }

  private float[] mean(float[] perStrip, int n) {
    float[] out = new float[n];
    for (int s = 0; s < strips; s++) {
      for (int i = 0; i < n; i++) {
        out[i] += perStrip[s * n + i];
      }
    }
    for (int i = 0; i < n; i++) {
      out[i] /= strips;
    }
    return out;
  }

  /** Sum over strips and positions of (a[i] - b[i + shift])^2 over the overlap. */
  static double energy(float[] a, float[] b, int strips, int n, int shift) {
    int from = Math.max(0, -shift);
    int to = Math.min(n, n - shift);
    double e = 0;
    for (int s = 0; s < strips; s++) {
      int o = s * n;
      for (int i = from; i < to; i++) {
        double d = a[o + i] - b[o + i + shift];
        e += d * d;
      }
    }
    return e;
  }

  /**
   * Fraction of the change energy over the overlap left after undoing {@code shift} (samples of
   * static parts keep their unshifted match); 1.0 when the overlap misses most of the change, so
   * cropping the changed part away never looks like a match.
   */
  static double unexplained(float[] a, float[] b, int strips, int n, int shift, double total) {
    int from = Math.max(0, -shift);
    int to = Math.min(n, n - shift);
    if (to - from < 1 || total <= 0) {
      return 1.0;
    }
    double shifted = 0;
    double still = 0;
    for (int s = 0; s < strips; s++) {
      int o = s * n;
      for (int i = from; i < to; i++) {
        double d = a[o + i] - b[o + i + shift];
        // The unshifted mismatch of the pair's two positions: symmetric in (a, b), so swapping
        // the frames gives exactly the same answer.
        double z1 = a[o + i] - b[o + i];
        double z2 = a[o + i + shift] - b[o + i + shift];
        double z = 0.5 * (z1 * z1 + z2 * z2);
        // Parts that did not move (status bar, app bar, a fixed footer) match better unshifted;
        // they must not count against the shift, so each sample keeps its better explanation.
        shifted += Math.min(d * d, z);
        still += z;
      }
    }
    double overlapShare = (to - from) / (double) n;
    if (still <= 0 || still < 0.5 * overlapShare * total) {
      return 1.0;
    }
    return shifted / still;
  }
}
