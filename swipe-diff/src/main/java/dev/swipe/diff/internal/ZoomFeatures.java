package dev.swipe.diff.internal;

import java.util.Arrays;
import java.util.Random;

/**
 * Corner points of one frame, found on every level of a pyramid and described so that the same
 * corner is recognised at another size and angle; {@link ZoomEstimator} matches them between two
 * frames.
 *
 * <p>Levels shrink by a third of an octave, so a corner drawn at any size in the other frame meets
 * a level where it has nearly the same size in level pixels. Corners are the minimum eigenvalue of
 * the structure tensor (Shi-Tomasi), kept spread over the frame by a per-cell quota so a dense
 * label or texture cannot take the whole budget. Each corner gets the angle of its patch's
 * intensity centroid and a 256-bit binary descriptor (BRIEF) sampled in that angle's frame, on a
 * smoothed level so that JPEG noise flips few bits.
 */
final class ZoomFeatures {

  /** Levels per octave. */
  static final int LEVELS_PER_OCTAVE = 3;

  /** Radius of the descriptor and orientation patch, in level pixels. */
  static final int PATCH_RADIUS = 14;

  /** Keypoints stay this far from a level's edge, so every patch sample is inside. */
  private static final int BORDER = PATCH_RADIUS + 3;

  /** Smallest side a level may have: below it too few corners fit between the borders. */
  private static final int MIN_LEVEL_SIDE = 3 * BORDER + 8;

  /**
   * Cells are this fraction of the size that would hold a level's quota at one keypoint each, so
   * flat cells (which give none) leave room for the quota to be met elsewhere.
   */
  static final double CELL_FILL = 0.8;

  /** Keypoints kept per cell. */
  private static final int PER_CELL = 1;

  /**
   * Corner strength below which a corner is JPEG noise: the minimum eigenvalue of the structure
   * tensor summed over a 5x5 window, for gradients in grey levels per pixel.
   */
  static final float MIN_RESPONSE = 60f;

  /** Bits per descriptor. */
  static final int BITS = 256;

  static final int WORDS = BITS / 64;

  /** The descriptor's sample pairs (x1, y1, x2, y2 each), fixed so every frame uses the same. */
  private static final float[] PAIRS = pairs();

  /** Offsets of the orientation disk. */
  private static final int[] DISK = disk();

  final int count;

  /** Position in base pixels. */
  final float[] x;

  final float[] y;

  /** Base pixels per level pixel of the keypoint's level: its size. */
  final float[] size;

  /** The level each keypoint was found on. */
  final int[] level;

  /** Patch angle, radians. */
  final float[] angle;

  /** {@link #WORDS} longs per keypoint. */
  final long[] descriptors;

  /** The levels, finest first. */
  final Level[] levels;

  private ZoomFeatures(
      int count,
      float[] x,
      float[] y,
      float[] size,
      int[] level,
      float[] angle,
      long[] descriptors,
      Level[] levels) {
    this.count = count;
    this.x = x;
    this.y = y;
    this.size = size;
    this.level = level;
    this.angle = angle;
    this.descriptors = descriptors;
    this.levels = levels;
  }

  /** One pyramid level: its smoothed pixels and its size relative to the base. */
  static final class Level {
    final int width;
    final int height;

    /** Base pixels per level pixel, horizontally and vertically. */
    final double fx;

    final double fy;

    /** The level's pixels smoothed by a 5-tap binomial: what descriptors and checks read. */
    final float[] smooth;

    Level(int width, int height, double fx, double fy, float[] smooth) {
      this.width = width;
      this.height = height;
      this.fx = fx;
      this.fy = fy;
      this.smooth = smooth;
    }

    /** Bilinear sample at level coordinates, clamped to the level. */
    float sample(double lx, double ly) {
      double cx = Math.max(0, Math.min(width - 1.001, lx));
      double cy = Math.max(0, Math.min(height - 1.001, ly));
      int ix = (int) cx;
      int iy = (int) cy;
      float ax = (float) (cx - ix);
      float ay = (float) (cy - iy);
      int o = iy * width + ix;
      float top = smooth[o] + ax * (smooth[o + 1] - smooth[o]);
      float bottom = smooth[o + width] + ax * (smooth[o + width + 1] - smooth[o + width]);
      return top + ay * (bottom - top);
    }
  }

  /**
   * Finds and describes up to about {@code budget} corners of a {@code w x h} base image.
   *
   * @param levelCount how many levels to build at most (fewer when the frame is small)
   */
  static ZoomFeatures of(float[] base, int w, int h, int budget, int levelCount) {
    Level[] levels = pyramid(base, w, h, levelCount);
    double totalArea = 0;
    for (Level l : levels) {
      totalArea += (double) l.width * l.height;
    }
    int cap = budget + 64;
    float[] xs = new float[cap];
    float[] ys = new float[cap];
    float[] sizes = new float[cap];
    int[] lv = new int[cap];
    float[] angles = new float[cap];
    long[] desc = new long[cap * WORDS];
    int n = 0;
    for (int k = 0; k < levels.length; k++) {
      Level l = levels[k];
      int quota = (int) Math.max(24, Math.round(budget * (double) l.width * l.height / totalArea));
      int[] corners = corners(l, quota);
      for (int c : corners) {
        if (n == cap) {
          break;
        }
        int cx = c % l.width;
        int cy = c / l.width;
        float a = orientation(l, cx, cy);
        describe(l, cx, cy, a, desc, n * WORDS);
        xs[n] = (float) ((cx + 0.5) * l.fx - 0.5);
        ys[n] = (float) ((cy + 0.5) * l.fy - 0.5);
        sizes[n] = (float) Math.sqrt(l.fx * l.fy);
        lv[n] = k;
        angles[n] = a;
        n++;
      }
    }
    return new ZoomFeatures(n, xs, ys, sizes, lv, angles, desc, levels);
  }

  /** Levels {@code 2^(-k/3)} of the base; every third one is a 2x2 box reduction of an earlier. */
  static Level[] pyramid(float[] base, int w, int h, int levelCount) {
    Level[] out = new Level[levelCount];
    float[][] raw = new float[levelCount][];
    int[] ws = new int[levelCount];
    int[] hs = new int[levelCount];
    int n = 0;
    for (int k = 0; k < levelCount; k++) {
      float[] img;
      int lw;
      int lh;
      if (k == 0) {
        img = base;
        lw = w;
        lh = h;
      } else if (k < LEVELS_PER_OCTAVE) {
        double s = Math.pow(2, -k / (double) LEVELS_PER_OCTAVE);
        lw = (int) Math.round(w * s);
        lh = (int) Math.round(h * s);
        img = resize(base, w, h, lw, lh);
      } else {
        int p = k - LEVELS_PER_OCTAVE;
        lw = ws[p] / 2;
        lh = hs[p] / 2;
        img = halve(raw[p], ws[p], lw, lh);
      }
      if (Math.min(lw, lh) < MIN_LEVEL_SIDE) {
        break;
      }
      raw[k] = img;
      ws[k] = lw;
      hs[k] = lh;
      out[k] = new Level(lw, lh, w / (double) lw, h / (double) lh, binomial(img, lw, lh));
      n++;
    }
    return Arrays.copyOf(out, n);
  }

  /** Area-averaging reduction to {@code dw x dh} (each at most the source's). */
  static float[] resize(float[] src, int sw, int sh, int dw, int dh) {
    float[] tmp = new float[dw * sh];
    double rx = sw / (double) dw;
    int span = (int) Math.ceil(rx) + 1;
    int[] first = new int[dw];
    float[] weights = new float[dw * span];
    for (int dx = 0; dx < dw; dx++) {
      double a = dx * rx;
      double b = a + rx;
      int i0 = (int) a;
      int i1 = Math.min(sw, (int) Math.ceil(b));
      first[dx] = i0;
      for (int i = i0; i < i1 && i - i0 < span; i++) {
        weights[dx * span + i - i0] = (float) ((Math.min(b, i + 1) - Math.max(a, i)) / rx);
      }
    }
    for (int y = 0; y < sh; y++) {
      int so = y * sw;
      int o = y * dw;
      for (int dx = 0; dx < dw; dx++) {
        int i0 = first[dx];
        int n = Math.min(span, sw - i0);
        float acc = 0;
        for (int k = 0; k < n; k++) {
          acc += weights[dx * span + k] * src[so + i0 + k];
        }
        tmp[o + dx] = acc;
      }
    }
    float[] out = new float[dw * dh];
    double ry = sh / (double) dh;
    for (int dy = 0; dy < dh; dy++) {
      double a = dy * ry;
      double b = a + ry;
      int j0 = (int) a;
      int j1 = Math.min(sh, (int) Math.ceil(b));
      int o = dy * dw;
      for (int j = j0; j < j1; j++) {
        float wgt = (float) ((Math.min(b, j + 1) - Math.max(a, j)) / ry);
        int s = j * dw;
        for (int x = 0; x < dw; x++) {
          out[o + x] += wgt * tmp[s + x];
        }
      }
    }
    return out;
  }

  /** Means of 2x2 blocks; a trailing odd row or column is dropped. */
  private static float[] halve(float[] src, int sw, int dw, int dh) {
    float[] out = new float[dw * dh];
    for (int y = 0; y < dh; y++) {
      int s0 = 2 * y * sw;
      int s1 = s0 + sw;
      int o = y * dw;
      for (int x = 0; x < dw; x++) {
        out[o + x] =
            0.25f * (src[s0 + 2 * x] + src[s0 + 2 * x + 1] + src[s1 + 2 * x] + src[s1 + 2 * x + 1]);
      }
    }
    return out;
  }

  /** Separable [1 4 6 4 1]/16 smoothing, edges clamped. */
  static float[] binomial(float[] src, int w, int h) {
    float[] tmp = new float[w * h];
    for (int y = 0; y < h; y++) {
      int o = y * w;
      for (int x = 0; x < w; x++) {
        float m2 = src[o + Math.max(0, x - 2)];
        float m1 = src[o + Math.max(0, x - 1)];
        float p1 = src[o + Math.min(w - 1, x + 1)];
        float p2 = src[o + Math.min(w - 1, x + 2)];
        tmp[o + x] = (m2 + p2 + 4 * (m1 + p1) + 6 * src[o + x]) * (1f / 16);
      }
    }
    float[] out = new float[w * h];
    for (int y = 0; y < h; y++) {
      int m2 = Math.max(0, y - 2) * w;
      int m1 = Math.max(0, y - 1) * w;
      int c = y * w;
      int p1 = Math.min(h - 1, y + 1) * w;
      int p2 = Math.min(h - 1, y + 2) * w;
      for (int x = 0; x < w; x++) {
        out[c + x] =
            (tmp[m2 + x] + tmp[p2 + x] + 4 * (tmp[m1 + x] + tmp[p1 + x]) + 6 * tmp[c + x])
                * (1f / 16);
      }
    }
    return out;
  }

  /**
   * The strongest local maxima of the corner response, at most {@link #PER_CELL} per cell and
   * {@code quota} in all, strongest first, as {@code y * width + x}.
   */
  static int[] corners(Level l, int quota) {
    int w = l.width;
    int h = l.height;
    float[] r = response(l.smooth, w, h);
    int cell =
        (int) Math.max(8, Math.round(Math.sqrt(PER_CELL * (double) w * h / quota) * CELL_FILL));
    int cellsX = (w + cell - 1) / cell;
    int cellsY = (h + cell - 1) / cell;
    int[] best = new int[cellsX * cellsY * PER_CELL];
    float[] bestR = new float[best.length];
    Arrays.fill(best, -1);
    for (int y = BORDER; y < h - BORDER; y++) {
      int o = y * w;
      for (int x = BORDER; x < w - BORDER; x++) {
        float v = r[o + x];
        if (v < MIN_RESPONSE || !isPeak(r, o + x, w, v)) {
          continue;
        }
        int at = ((y / cell) * cellsX + x / cell) * PER_CELL;
        for (int k = 0; k < PER_CELL; k++) {
          if (best[at + k] < 0 || v > bestR[at + k]) {
            for (int m = PER_CELL - 1; m > k; m--) {
              best[at + m] = best[at + m - 1];
              bestR[at + m] = bestR[at + m - 1];
            }
            best[at + k] = o + x;
            bestR[at + k] = v;
            break;
          }
        }
      }
    }
    int n = 0;
    long[] keyed = new long[best.length];
    for (int i = 0; i < best.length; i++) {
      if (best[i] >= 0) {
        // strongest first: a positive float's bits grow with it, so sort on their complement
        keyed[n++] = ((long) (Integer.MAX_VALUE - Float.floatToIntBits(bestR[i])) << 32) | best[i];
      }
    }
    long[] sorted = Arrays.copyOf(keyed, n);
    Arrays.sort(sorted);
    int m = Math.min(n, quota);
    int[] out = new int[m];
    for (int i = 0; i < m; i++) {
      out[i] = (int) (sorted[i] & 0xFFFF_FFFFL);
    }
    return out;
  }

  /**
   * Whether {@code v} at {@code i} is the strict maximum of its 3x3 neighbourhood (ties: first).
   */
  private static boolean isPeak(float[] r, int i, int w, float v) {
    return v > r[i - w - 1]
        && v > r[i - w]
        && v > r[i - w + 1]
        && v > r[i - 1]
        && v >= r[i + 1]
        && v >= r[i + w - 1]
        && v >= r[i + w]
        && v >= r[i + w + 1];
  }

  /**
   * The minimum eigenvalue of the structure tensor summed over 5x5 windows, per pixel (0 on the
   * outermost pixels). Rows are summed horizontally first, then windows of five such rows are kept
   * as running sums, so every pass reads memory in order.
   */
  static float[] response(float[] s, int w, int h) {
    float[] xx = new float[w * h];
    float[] yy = new float[w * h];
    float[] xy = new float[w * h];
    float[] gxx = new float[w];
    float[] gyy = new float[w];
    float[] gxy = new float[w];
    for (int y = 1; y < h - 1; y++) {
      int o = y * w;
      for (int x = 1; x < w - 1; x++) {
        float gx = 0.5f * (s[o + x + 1] - s[o + x - 1]);
        float gy = 0.5f * (s[o + x + w] - s[o + x - w]);
        gxx[x] = gx * gx;
        gyy[x] = gy * gy;
        gxy[x] = gx * gy;
      }
      for (int x = 2; x < w - 2; x++) {
        xx[o + x] = gxx[x - 2] + gxx[x - 1] + gxx[x] + gxx[x + 1] + gxx[x + 2];
        yy[o + x] = gyy[x - 2] + gyy[x - 1] + gyy[x] + gyy[x + 1] + gyy[x + 2];
        xy[o + x] = gxy[x - 2] + gxy[x - 1] + gxy[x] + gxy[x + 1] + gxy[x + 2];
      }
    }
    float[] r = new float[w * h];
    float[] a = new float[w];
    float[] b = new float[w];
    float[] c = new float[w];
    for (int y = 0; y < h; y++) {
      int add = y + 2;
      int sub = y - 3;
      if (add < h) {
        int o = add * w;
        for (int x = 0; x < w; x++) {
          a[x] += xx[o + x];
          b[x] += xy[o + x];
          c[x] += yy[o + x];
        }
      }
      if (sub >= 0) {
        int o = sub * w;
        for (int x = 0; x < w; x++) {
          a[x] -= xx[o + x];
          b[x] -= xy[o + x];
          c[x] -= yy[o + x];
        }
      }
      if (y < 2 || y >= h - 2) {
        continue;
      }
      int o = y * w;
      for (int x = 2; x < w - 2; x++) {
        float half = 0.5f * (a[x] - c[x]);
        r[o + x] = 0.5f * (a[x] + c[x]) - (float) Math.sqrt(half * half + b[x] * b[x]);
      }
    }
    return r;
  }

  /** The angle from the patch centre to its intensity centroid. */
  private static float orientation(Level l, int cx, int cy) {
    float[] s = l.smooth;
    int w = l.width;
    int c = cy * w + cx;
    float m10 = 0;
    float m01 = 0;
    for (int i = 0; i < DISK.length; i += 2) {
      float v = s[c + DISK[i + 1] * w + DISK[i]];
      m10 += DISK[i] * v;
      m01 += DISK[i + 1] * v;
    }
    return (float) Math.atan2(m01, m10);
  }

  /** Writes the 256-bit descriptor of the patch at (cx, cy) turned by {@code a}. */
  private static void describe(Level l, int cx, int cy, float a, long[] out, int at) {
    float cos = (float) Math.cos(a);
    float sin = (float) Math.sin(a);
    float[] s = l.smooth;
    int w = l.width;
    int c = cy * w + cx;
    for (int word = 0; word < WORDS; word++) {
      long bits = 0;
      for (int b = 0; b < 64; b++) {
        int p = (word * 64 + b) * 4;
        float v1 = at(s, c, w, PAIRS[p], PAIRS[p + 1], cos, sin);
        float v2 = at(s, c, w, PAIRS[p + 2], PAIRS[p + 3], cos, sin);
        if (v1 < v2) {
          bits |= 1L << b;
        }
      }
      out[at + word] = bits;
    }
  }

  private static float at(float[] s, int c, int w, float px, float py, float cos, float sin) {
    int dx = Math.round(cos * px - sin * py);
    int dy = Math.round(sin * px + cos * py);
    return s[c + dy * w + dx];
  }

  /** Bits in which descriptor {@code i} of {@code a} and {@code j} of {@code b} differ. */
  static int distance(ZoomFeatures a, int i, ZoomFeatures b, int j) {
    int d = 0;
    for (int k = 0; k < WORDS; k++) {
      d += Long.bitCount(a.descriptors[i * WORDS + k] ^ b.descriptors[j * WORDS + k]);
    }
    return d;
  }

  private static float[] pairs() {
    Random r = new Random(0x5A1F_E200L);
    float[] p = new float[BITS * 4];
    double sigma = PATCH_RADIUS / 2.0;
    for (int i = 0; i < p.length; i += 2) {
      double dx;
      double dy;
      do {
        dx = r.nextGaussian() * sigma;
        dy = r.nextGaussian() * sigma;
      } while (dx * dx + dy * dy > (PATCH_RADIUS - 1) * (PATCH_RADIUS - 1));
      p[i] = (float) dx;
      p[i + 1] = (float) dy;
    }
    return p;
  }

  private static int[] disk() {
    int r = PATCH_RADIUS;
    int[] out = new int[2 * (2 * r + 1) * (2 * r + 1)];
    int n = 0;
    for (int dy = -r; dy <= r; dy++) {
      for (int dx = -r; dx <= r; dx++) {
        if (dx * dx + dy * dy <= r * r) {
          out[n++] = dx;
          out[n++] = dy;
        }
      }
    }
    return Arrays.copyOf(out, n);
  }
}
