package dev.swipe.text.tesseract;

import java.util.Arrays;
import java.util.List;

/**
 * One candidate line cut out for the engine: dark text on white (light-on-dark lines are inverted),
 * contrast stretched, scaled so its height suits the recogniser, with a white margin. A line of
 * several parts (glyphs spaced wider than words) is set with one word space between parts. {@link
 * #toImageX} and {@link #toImageY} map the picture's pixels back to the whole image's.
 */
final class LinePicture {
  /**
   * Line height (pixels) the recogniser reads best at; smaller lines are enlarged, larger shrunk.
   */
  static final int TARGET_HEIGHT = 32;

  /** The height of a second look at a line the recogniser was unsure of. */
  static final int SECOND_LOOK_HEIGHT = 52;

  /** Largest enlargement. */
  static final double MAX_UPSCALE = 4;

  /** Space set between parts, as a share of the line height. */
  static final double PART_GAP = 1.6;

  final byte[] px;
  final int width;
  final int height;
  final boolean inverted;
  private final double scale;
  private final int padY;
  private final int imageY;
  private final int imageH;

  /** Per part: its first column in the picture, its width there, and its left edge in the image. */
  private final int[] partX;

  private final int[] partW;
  private final int[] partImageX;
  private final int[] partImageW;

  private LinePicture(
      byte[] px,
      int width,
      int height,
      boolean inverted,
      double scale,
      int padY,
      int imageY,
      int imageH,
      int[] partX,
      int[] partW,
      int[] partImageX,
      int[] partImageW) {
    this.px = px;
    this.width = width;
    this.height = height;
    this.inverted = inverted;
    this.scale = scale;
    this.padY = padY;
    this.imageY = imageY;
    this.imageH = imageH;
    this.partX = partX;
    this.partW = partW;
    this.partImageX = partImageX;
    this.partImageW = partImageW;
  }

  /**
   * Whole-image x of picture column {@code x} (through the part it falls in, or the nearest; the
   * white margin maps to the edge of the cut).
   */
  double toImageX(double x) {
    x = Math.max(partX[0], Math.min(partX[partX.length - 1] + partW[partW.length - 1], x));
    int best = 0;
    for (int i = 0; i < partX.length; i++) {
      if (x >= partX[i]) {
        best = i;
      }
    }
    if (best + 1 < partX.length && x >= partX[best] + partW[best]) {
      // In the set gap: snap to the nearer part's edge.
      double toLeft = x - (partX[best] + partW[best]);
      double toRight = partX[best + 1] - x;
      if (toRight < toLeft) {
        best++;
        x = partX[best];
      } else {
        x = partX[best] + partW[best];
      }
    }
    return partImageX[best] + Math.max(0, Math.min(partImageW[best], (x - partX[best]) / scale));
  }

  /** Whole-image y of picture row {@code y} (the white margin maps to the edge of the cut). */
  double toImageY(double y) {
    y = Math.max(padY, Math.min(height - padY, y));
    return imageY + Math.min(imageH, (y - padY) / scale);
  }

  /** Cuts {@code line} (grey-image pixels) out of {@code g} at the usual height. */
  static LinePicture of(GreyImage g, LineFinder.Line line) {
    return of(g, line, TARGET_HEIGHT);
  }

  /** Cuts {@code line} out of {@code g}, scaled towards {@code targetHeight} pixels. */
  static LinePicture of(GreyImage g, LineFinder.Line line, int targetHeight) {
    List<LineFinder.Line> parts = line.pieces();
    int y1 = Math.max(0, line.y() - 2);
    int y2 = Math.min(g.height, line.bottom() + 2);
    int h = y2 - y1;
    int n = parts.size();
    int[] xs1 = new int[n];
    int[] xs2 = new int[n];
    int[] hist = new int[256];
    int[] border = new int[256];
    int borderCount = 0;
    int total = 0;
    for (int i = 0; i < n; i++) {
      LineFinder.Line p = parts.get(i);
      xs1[i] = Math.max(0, p.x() - 2);
      xs2[i] = Math.min(g.width, p.right() + 2);
      for (int y = y1; y < y2; y++) {
        int row = y * g.width;
        boolean edgeRow = y == y1 || y == y2 - 1;
        for (int x = xs1[i]; x < xs2[i]; x++) {
          int v = g.px[row + x] & 0xFF;
          hist[v]++;
          total++;
          if (edgeRow || x == xs1[i] || x == xs2[i] - 1) {
            border[v]++;
            borderCount++;
          }
        }
      }
    }
    int bg = percentile(border, borderCount, 0.5);
    // Ink is what differs clearly from the background; its side decides the polarity.
    long darker = 0;
    long lighter = 0;
    for (int v = 0; v < 256; v++) {
      if (v < bg - 40) {
        darker += hist[v];
      } else if (v > bg + 40) {
        lighter += hist[v];
      }
    }
    boolean invert = lighter > darker;
    int ink = invert ? percentile(hist, total, 0.99) : percentile(hist, total, 0.01);
    int lo = invert ? 255 - ink : ink;
    int hi = invert ? 255 - bg : bg;
    if (hi - lo < 16) {
      lo = Math.max(0, hi - 16);
    }
    byte[] lut = new byte[256];
    for (int v = 0; v < 256; v++) {
      int u = invert ? 255 - v : v;
      int s = (u - lo) * 255 / (hi - lo);
      lut[v] = (byte) Math.max(0, Math.min(255, s));
    }
    double scale = Math.min(MAX_UPSCALE, (double) targetHeight / line.height());
    if (Math.abs(scale - 1) < 0.15) {
      scale = 1;
    }
    int oh = Math.max(1, (int) Math.round(h * scale));
    int pad = Math.max(6, oh / 4);
    int gap = (int) Math.round(PART_GAP * oh);
    int[] partX = new int[n];
    int[] partW = new int[n];
    int[] partImageX = new int[n];
    int[] partImageW = new int[n];
    int x = pad;
    for (int i = 0; i < n; i++) {
      partX[i] = x;
      partW[i] = Math.max(1, (int) Math.round((xs2[i] - xs1[i]) * scale));
      partImageX[i] = g.x0 + xs1[i];
      partImageW[i] = xs2[i] - xs1[i];
      x += partW[i] + gap;
    }
    int pw = x - gap + pad;
    int ph = oh + 2 * pad;
    byte[] out = new byte[pw * ph];
    Arrays.fill(out, (byte) 255);
    for (int i = 0; i < n; i++) {
      resample(g, xs1[i], y1, xs2[i] - xs1[i], h, lut, out, pw, partX[i], pad, partW[i], oh);
      eraseCaret(out, pw, partX[i], partW[i], pad, oh);
    }
    return new LinePicture(
        out, pw, ph, invert, scale, pad, g.y0 + y1, h, partX, partW, partImageX, partImageW);
  }

  /**
   * Whitens a text caret at either end of a part: a solid bar taller than the text beside it
   * (focused fields draw one), which the recogniser would read as a letter ("Bearch").
   */
  static void eraseCaret(byte[] out, int stride, int x0, int w, int y0, int h) {
    int[] top = new int[w];
    int[] bottom = new int[w];
    int[] ink = new int[w];
    for (int c = 0; c < w; c++) {
      top[c] = -1;
      for (int r = 0; r < h; r++) {
        if ((out[(y0 + r) * stride + x0 + c] & 0xFF) < 128) {
          if (top[c] < 0) {
            top[c] = r;
          }
          bottom[c] = r;
          ink[c]++;
        }
      }
    }
    int maxBar = Math.max(2, (int) Math.round(0.15 * h));
    for (int side = 0; side < 2; side++) {
      int step = side == 0 ? 1 : -1;
      int c = side == 0 ? 0 : w - 1;
      while (c >= 0 && c < w && top[c] < 0) {
        c += step;
      }
      int start = c;
      int barTop = Integer.MAX_VALUE;
      int barBottom = -1;
      while (c >= 0
          && c < w
          && top[c] >= 0
          && ink[c] >= 0.9 * (bottom[c] - top[c] + 1)
          && bottom[c] - top[c] + 1 >= 0.6 * h) {
        barTop = Math.min(barTop, top[c]);
        barBottom = Math.max(barBottom, bottom[c]);
        c += step;
      }
      int width = Math.abs(c - start);
      if (width == 0 || width > maxBar) {
        continue;
      }
      int restTop = Integer.MAX_VALUE;
      int restBottom = -1;
      for (int k = c; k >= 0 && k < w; k += step) {
        if (top[k] >= 0) {
          restTop = Math.min(restTop, top[k]);
          restBottom = Math.max(restBottom, bottom[k]);
        }
      }
      if (restBottom < 0 || barBottom - barTop + 1 < 1.3 * (restBottom - restTop + 1)) {
        continue;
      }
      for (int k = start; k != c; k += step) {
        for (int r = 0; r < h; r++) {
          out[(y0 + r) * stride + x0 + k] = (byte) 255;
        }
      }
    }
  }

  /** Area-average when shrinking, bilinear when enlarging, through {@code lut}. */
  private static void resample(
      GreyImage g,
      int x1,
      int y1,
      int w,
      int h,
      byte[] lut,
      byte[] out,
      int stride,
      int padX,
      int padY,
      int ow,
      int oh) {
    if (ow == w && oh == h) {
      for (int y = 0; y < h; y++) {
        int s = (y1 + y) * g.width + x1;
        int o = (padY + y) * stride + padX;
        for (int x = 0; x < w; x++) {
          out[o + x] = lut[g.px[s + x] & 0xFF];
        }
      }
      return;
    }
    double fx = (double) w / ow;
    double fy = (double) h / oh;
    if (ow < w) {
      for (int y = 0; y < oh; y++) {
        int sy1 = y1 + (int) (y * fy);
        int sy2 = Math.max(sy1 + 1, y1 + (int) ((y + 1) * fy));
        int o = (padY + y) * stride + padX;
        for (int x = 0; x < ow; x++) {
          int sx1 = x1 + (int) (x * fx);
          int sx2 = Math.max(sx1 + 1, x1 + (int) ((x + 1) * fx));
          int sum = 0;
          int n = 0;
          for (int sy = sy1; sy < sy2; sy++) {
            int row = sy * g.width;
            for (int sx = sx1; sx < sx2; sx++) {
              sum += lut[g.px[row + sx] & 0xFF] & 0xFF;
              n++;
            }
          }
          out[o + x] = (byte) (sum / n);
        }
      }
      return;
    }
    for (int y = 0; y < oh; y++) {
      double sy = (y + 0.5) * fy - 0.5;
      int ya = Math.max(0, Math.min(h - 1, (int) Math.floor(sy)));
      int yb = Math.min(h - 1, ya + 1);
      double wy = Math.max(0, Math.min(1, sy - ya));
      int ra = (y1 + ya) * g.width + x1;
      int rb = (y1 + yb) * g.width + x1;
      int o = (padY + y) * stride + padX;
      for (int x = 0; x < ow; x++) {
        double sx = (x + 0.5) * fx - 0.5;
        int xa = Math.max(0, Math.min(w - 1, (int) Math.floor(sx)));
        int xb = Math.min(w - 1, xa + 1);
        double wx = Math.max(0, Math.min(1, sx - xa));
        double top =
            (lut[g.px[ra + xa] & 0xFF] & 0xFF) * (1 - wx) + (lut[g.px[ra + xb] & 0xFF] & 0xFF) * wx;
        double bot =
            (lut[g.px[rb + xa] & 0xFF] & 0xFF) * (1 - wx) + (lut[g.px[rb + xb] & 0xFF] & 0xFF) * wx;
        out[o + x] = (byte) Math.round(top * (1 - wy) + bot * wy);
      }
    }
  }

  private static int percentile(int[] hist, int total, double q) {
    long want = Math.max(1, Math.round(total * q));
    long seen = 0;
    for (int v = 0; v < 256; v++) {
      seen += hist[v];
      if (seen >= want) {
        return v;
      }
    }
    return 255;
  }
}
