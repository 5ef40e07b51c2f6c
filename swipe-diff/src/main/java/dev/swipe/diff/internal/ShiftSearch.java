package dev.swipe.diff.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The shifts that best carry one frame onto another, found coarse to fine by normalized correlation
 * of the overlap: what a pan did, with no corners needed.
 *
 * <p>Why: a sparse screen (a map of flat blocks and thin roads) gives too few corners to match, and
 * then a pan, which keeps the size, left the zoom verdict unobserved. The whole picture still says
 * where it went. Only shifts that leave {@link #MIN_OVERLAP} of the frame shared are tried.
 */
final class ShiftSearch {
  /** The share of the frame a shift must leave in both frames. */
  static final double MIN_OVERLAP = 0.3;

  /** The coarsest level's width, pixels: small enough to try every shift. */
  static final int COARSE_WIDTH = 48;

  /** A coarse peak below this correlation is no candidate. */
  static final double MIN_PEAK = 0.5;

  /** How many coarse peaks are refined. */
  static final int CANDIDATES = 3;

  private ShiftSearch() {}

  /**
   * Up to twice {@link #CANDIDATES} shifts {@code {dx, dy}} in pixels of {@code a} and {@code b}
   * (both {@code w x h}), the best over every pixel first, then the best over the pixels that
   * moved, such that the content at {@code (x, y)} of {@code a} shows at {@code (x + dx, y + dy)}
   * of {@code b}.
   */
  static List<int[]> of(float[] a, float[] b, int w, int h) {
    int f = 1;
    while (w / f > COARSE_WIDTH) {
      f *= 2;
    }
    // levels reduce by f, f / 2, ..., 1: the coarsest first, the frame itself last
    List<Level> la = new ArrayList<>();
    List<Level> lb = new ArrayList<>();
    List<Level> sa = new ArrayList<>();
    List<Level> sb = new ArrayList<>();
    for (int g = f; g >= 1; g /= 2) {
      Level pa = Level.of(a, w, h, g);
      Level pb = Level.of(b, w, h, g);
      boolean[] still = still(pa, pb);
      la.add(pa);
      lb.add(pb);
      sa.add(pa.without(still));
      sb.add(pb.without(still));
    }
    // every pixel, then the pixels that moved: a pan's content that meets itself in place (the
    // sides of a tall block under a pan straight down) counts in the first, a status bar that
    // holds the search at no shift is left out of the second
    List<int[]> out = new ArrayList<>();
    for (int[] s : search(la, lb)) {
      add(out, s);
    }
    for (int[] s : search(sa, sb)) {
      add(out, s);
    }
    return out;
  }

  private static void add(List<int[]> out, int[] s) {
    for (int[] o : out) {
      if (o[0] == s[0] && o[1] == s[1]) {
        return;
      }
    }
    out.add(s);
  }

  /** The best {@link #CANDIDATES} shifts on the coarsest level, each refined level by level. */
  private static List<int[]> search(List<Level> la, List<Level> lb) {
    Level ca = la.get(0);
    Level cb = lb.get(0);
    int mx = (int) (ca.w * (1 - MIN_OVERLAP));
    int my = (int) (ca.h * (1 - MIN_OVERLAP));
    int span = 2 * mx + 1;
    double[] score = new double[span * (2 * my + 1)];
    for (int dy = -my; dy <= my; dy++) {
      for (int dx = -mx; dx <= mx; dx++) {
        score[(dy + my) * span + dx + mx] = correlation(ca, cb, dx, dy);
      }
    }
    List<double[]> peaks = new ArrayList<>(); // {dx, dy, score}
    for (int dy = -my; dy <= my; dy++) {
      for (int dx = -mx; dx <= mx; dx++) {
        double s = score[(dy + my) * span + dx + mx];
        if (s >= MIN_PEAK && peak(score, mx, my, dx, dy, s)) {
          peaks.add(new double[] {dx, dy, s});
        }
      }
    }
    peaks.sort((p, q) -> Double.compare(q[2], p[2]));
    List<int[]> out = new ArrayList<>();
    for (double[] p : peaks.subList(0, Math.min(CANDIDATES, peaks.size()))) {
      int dx = (int) p[0];
      int dy = (int) p[1];
      for (int k = 1; k < la.size(); k++) {
        int[] best = refine(la.get(k), lb.get(k), dx * 2, dy * 2);
        dx = best[0];
        dy = best[1];
      }
      out.add(new int[] {dx, dy});
    }
    return out;
  }

  /** Whether {@code s} at {@code (dx, dy)} is the largest within two steps. */
  private static boolean peak(double[] score, int mx, int my, int dx, int dy, double s) {
    for (int y = Math.max(-my, dy - 2); y <= Math.min(my, dy + 2); y++) {
      for (int x = Math.max(-mx, dx - 2); x <= Math.min(mx, dx + 2); x++) {
        double o = score[(y + my) * (2 * mx + 1) + x + mx];
        // ties go to the first in scan order, so a flat top yields one peak
        if (o > s || (o == s && (y < dy || (y == dy && x < dx)))) {
          return false;
        }
      }
    }
    return true;
  }

  /** The best shift within two steps of {@code (dx, dy)} on one level. */
  private static int[] refine(Level a, Level b, int dx, int dy) {
    int[] best = {dx, dy};
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int y = dy - 2; y <= dy + 2; y++) {
      for (int x = dx - 2; x <= dx + 2; x++) {
        double s = correlation(a, b, x, y);
        if (s > bestScore) {
          bestScore = s;
          best = new int[] {x, y};
        }
      }
    }
    return best;
  }

  /**
   * The normalized correlation of {@code a} with {@code b} shifted by {@code (dx, dy)} over their
   * overlap, the pixels that stood still left out; -1 when the overlap is under {@link
   * #MIN_OVERLAP} of the frame, under half that once the still pixels are left out, or flat.
   */
  static double correlation(Level a, Level b, int dx, int dy) {
    int x0 = Math.max(0, -dx);
    int x1 = Math.min(a.w, a.w - dx);
    int y0 = Math.max(0, -dy);
    int y1 = Math.min(a.h, a.h - dy);
    long n = (long) Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
    if (n < MIN_OVERLAP * a.w * a.h) {
      return -1;
    }
    double sa = 0;
    double sb = 0;
    double saa = 0;
    double sbb = 0;
    double sab = 0;
    for (int y = y0; y < y1; y++) {
      int ra = y * a.w;
      int rb = (y + dy) * b.w + dx;
      for (int x = x0; x < x1; x++) {
        if (a.still[ra + x] || b.still[rb + x]) {
          n--;
          continue;
        }
        double u = a.px[ra + x];
        double v = b.px[rb + x];
        sa += u;
        sb += v;
        saa += u * u;
        sbb += v * v;
        sab += u * v;
      }
    }
    if (n < MIN_OVERLAP * a.w * a.h / 2) {
      return -1;
    }
    double va = saa - sa * sa / n;
    double vb = sbb - sb * sb / n;
    if (va <= 1e-9 || vb <= 1e-9) {
      return -1;
    }
    return (sab - sa * sb / n) / Math.sqrt(va * vb);
  }

  /** A grey step two frames may differ by at one place and still show the same. */
  static final float STILL_STEP = 3;

  /** The least range of its 3x3 neighbourhood a pixel needs to count as detail that stood still. */
  static final float STILL_DETAIL = 12;

  /**
   * The pixels that stood still: detail at the same place in both frames (a status bar, a search
   * field over a map). Left out of every comparison, they would pull the search to no shift at all.
   */
  static boolean[] still(Level a, Level b) {
    boolean[] out = new boolean[a.w * a.h];
    for (int y = 1; y < a.h - 1; y++) {
      for (int x = 1; x < a.w - 1; x++) {
        int i = y * a.w + x;
        if (Math.abs(a.px[i] - b.px[i]) > STILL_STEP) {
          continue;
        }
        float lo = Float.MAX_VALUE;
        float hi = -Float.MAX_VALUE;
        for (int yy = y - 1; yy <= y + 1; yy++) {
          for (int xx = x - 1; xx <= x + 1; xx++) {
            float v = a.px[yy * a.w + xx];
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
          }
        }
        out[i] = hi - lo >= STILL_DETAIL;
      }
    }
    // a still part is a region: its flat inside and its rim go with it
    boolean[] grown = out.clone();
    for (int y = 0; y < a.h; y++) {
      for (int x = 0; x < a.w; x++) {
        if (!out[y * a.w + x]) {
          continue;
        }
        for (int yy = Math.max(0, y - 2); yy <= Math.min(a.h - 1, y + 2); yy++) {
          for (int xx = Math.max(0, x - 2); xx <= Math.min(a.w - 1, x + 2); xx++) {
            grown[yy * a.w + xx] = true;
          }
        }
      }
    }
    return grown;
  }

  /** A frame reduced by block means of {@code f x f} pixels, with the pixels left out marked. */
  static final class Level {
    final int w;
    final int h;
    final float[] px;
    final boolean[] still;

    private Level(int w, int h, float[] px, boolean[] still) {
      this.w = w;
      this.h = h;
      this.px = px;
      this.still = still;
    }

    private Level(int w, int h, float[] px) {
      this(w, h, px, new boolean[w * h]);
    }

    /** This level with {@code still} pixels left out. */
    Level without(boolean[] still) {
      return new Level(w, h, px, still);
    }

    static Level of(float[] img, int w, int h, int f) {
      if (f == 1) {
        return new Level(w, h, img);
      }
      int lw = Math.max(1, w / f);
      int lh = Math.max(1, h / f);
      float[] out = new float[lw * lh];
      float k = 1f / (f * f);
      for (int y = 0; y < lh; y++) {
        for (int x = 0; x < lw; x++) {
          float s = 0;
          for (int yy = y * f; yy < (y + 1) * f; yy++) {
            int row = yy * w;
            for (int xx = x * f; xx < (x + 1) * f; xx++) {
              s += img[row + xx];
            }
          }
          out[y * lw + x] = s * k;
        }
      }
      return new Level(lw, lh, out);
    }
  }
}
