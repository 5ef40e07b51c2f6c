package dev.swipe.flow.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.NormSpace;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.ImageDecoder;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;

/**
 * An anchor's image: cut from the recorded screen, and found again on another screen by normalized
 * cross-correlation, coarse then fine. A crop is found only where it matches well and nothing else
 * in the search region matches nearly as well (rows that look alike give no answer).
 */
public final class CropImages {
  /** Crops wider than this are kept at a smaller size. */
  static final int MAX_WIDTH = 200;

  /** A region plainer than this (grey levels, standard deviation) is not kept: nothing to find. */
  static final double MIN_TEXTURE = 10;

  /** The correlation a match needs. */
  static final double MIN_SCORE = 0.8;

  /** How many of the coarse search's best places are refined. */
  static final int PEAKS = 6;

  /** How far ahead of any other place in the region a match must score. */
  static final double MIN_LEAD = 0.08;

  private CropImages() {}

  /** A grey PNG of {@code region} of {@code screen}, or empty where the region is too plain. */
  public static Optional<byte[]> cut(GreyRaster screen, NormRegion region) {
    int x1 = px(region.x(), screen.width());
    int y1 = px(region.y(), screen.height());
    int x2 = Math.max(x1 + 1, px(region.x2(), screen.width()));
    int y2 = Math.max(y1 + 1, px(region.y2(), screen.height()));
    int w = x2 - x1;
    int h = y2 - y1;
    int factor = Math.max(1, (w + MAX_WIDTH - 1) / MAX_WIDTH);
    int ow = Math.max(1, w / factor);
    int oh = Math.max(1, h / factor);
    BufferedImage img = new BufferedImage(ow, oh, BufferedImage.TYPE_BYTE_GRAY);
    byte[] px = ((java.awt.image.DataBufferByte) img.getRaster().getDataBuffer()).getData();
    double sum = 0;
    double sq = 0;
    for (int y = 0; y < oh; y++) {
      for (int x = 0; x < ow; x++) {
        int acc = 0;
        int n = 0;
        for (int dy = 0; dy < factor; dy++) {
          for (int dx = 0; dx < factor; dx++) {
            int sx = x1 + x * factor + dx;
            int sy = y1 + y * factor + dy;
            if (sx < screen.width() && sy < screen.height()) {
              acc += screen.get(sx, sy);
              n++;
            }
          }
        }
        int v = n == 0 ? 0 : acc / n;
        px[y * ow + x] = (byte) v;
        sum += v;
        sq += (double) v * v;
      }
    }
    int count = ow * oh;
    double mean = sum / count;
    double sd = Math.sqrt(Math.max(0, sq / count - mean * mean));
    if (sd < MIN_TEXTURE || ow < 4 || oh < 4) {
      return Optional.empty();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(img, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Optional.of(out.toByteArray());
  }

  /**
   * Where {@code png} (cut from a screen {@code recordedWidth} pixels wide) is on {@code screen},
   * looked for inside {@code searchIn}; empty when it is not there, or not there alone.
   */
  public static Optional<NormRegion> find(
      GreyRaster screen,
      byte[] png,
      NormRegion recordedRegion,
      int recordedWidth,
      NormRegion searchIn) {
    GreyRaster crop = ImageDecoder.decode(png);
    double tw = recordedRegion.w() / NormSpace.MAX * screen.width();
    if (tw < 4) {
      return Optional.empty();
    }
    double th = tw * crop.height() / crop.width();
    int k = (int) Math.max(1, Math.round(Math.min(tw, th) / 10));
    Plane s = Plane.of(screen, k);
    Plane t = Plane.resized(crop, (int) Math.round(tw / k), (int) Math.round(th / k));
    int sx1 = Math.max(0, (int) Math.floor(searchIn.x() / NormSpace.MAX * screen.width() / k));
    int sy1 = Math.max(0, (int) Math.floor(searchIn.y() / NormSpace.MAX * screen.height() / k));
    int sx2 = Math.min(s.w, (int) Math.ceil(searchIn.x2() / NormSpace.MAX * screen.width() / k));
    int sy2 = Math.min(s.h, (int) Math.ceil(searchIn.y2() / NormSpace.MAX * screen.height() / k));
    if (t.w < 2 || t.h < 2 || sx2 - sx1 < t.w || sy2 - sy1 < t.h) {
      return Optional.empty();
    }
    int rows = sy2 - sy1 - t.h + 1;
    int cols = sx2 - sx1 - t.w + 1;
    double[] score = new double[rows * cols];
    for (int y = 0; y < rows; y++) {
      for (int x = 0; x < cols; x++) {
        score[y * cols + x] = t.ncc(s, sx1 + x, sy1 + y);
      }
    }
    // The coarse map's best places, each refined at full size: coarse scores are blurred by where
    // the pixel grid falls, so the lead is judged on the refined ones.
    List<Integer> peaks = peaks(score, cols, Math.max(1, t.w / 2), Math.max(1, t.h / 2));
    Plane full = Plane.of(screen, 1);
    Plane tf = Plane.resized(crop, (int) Math.round(tw), (int) Math.round(th));
    double fine = -1;
    double second = -1;
    int fx = 0;
    int fy = 0;
    for (int peak : peaks) {
      int cx = (sx1 + peak % cols) * k;
      int cy = (sy1 + peak / cols) * k;
      double here = -1;
      int hx = cx;
      int hy = cy;
      for (int y = cy - k; y <= cy + k; y++) {
        for (int x = cx - k; x <= cx + k; x++) {
          if (x < 0 || y < 0 || x + tf.w > full.w || y + tf.h > full.h) {
            continue;
          }
          double v = tf.ncc(full, x, y);
          if (v > here) {
            here = v;
            hx = x;
            hy = y;
          }
        }
      }
      if (here > fine) {
        second = fine;
        fine = here;
        fx = hx;
        fy = hy;
      } else if (here > second) {
        second = here;
      }
    }
    if (fine < MIN_SCORE || fine - second < MIN_LEAD) {
      return Optional.empty();
    }
    return Optional.of(
        NormRegion.of(
            NormSpace.toNorm(fx, screen.width()),
            NormSpace.toNorm(fy, screen.height()),
            tf.w * NormSpace.MAX / screen.width(),
            tf.h * NormSpace.MAX / screen.height()));
  }

  /** Up to {@link #PEAKS} places that score highest in their neighbourhood, best first. */
  private static List<Integer> peaks(double[] score, int cols, int rx, int ry) {
    Integer[] order = new Integer[score.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> Double.compare(score[b], score[a]));
    List<Integer> out = new ArrayList<>();
    for (int i : order) {
      int x = i % cols;
      int y = i / cols;
      boolean near = false;
      for (int p : out) {
        near |= Math.abs(p % cols - x) <= rx && Math.abs(p / cols - y) <= ry;
      }
      if (!near) {
        out.add(i);
        if (out.size() == PEAKS) {
          break;
        }
      }
    }
    return out;
  }

  private static int px(double norm, int size) {
    return (int) Math.max(0, Math.min(size - 1, Math.round(NormSpace.toPixel(norm, size))));
  }

  /** Grey levels in a plain array, with what correlation needs. */
  private static final class Plane {
    final int w;
    final int h;
    final float[] v;
    double mean;
    double norm;

    Plane(int w, int h, float[] v) {
      this.w = w;
      this.h = h;
      this.v = v;
      double sum = 0;
      for (float f : v) {
        sum += f;
      }
      mean = sum / v.length;
      double sq = 0;
      for (float f : v) {
        sq += (f - mean) * (f - mean);
      }
      norm = Math.sqrt(sq);
    }

    static Plane of(GreyRaster g, int k) {
      int w = g.width() / k;
      int h = g.height() / k;
      float[] v = new float[w * h];
      for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
          int acc = 0;
          for (int dy = 0; dy < k; dy++) {
            for (int dx = 0; dx < k; dx++) {
              acc += g.get(x * k + dx, y * k + dy);
            }
          }
          v[y * w + x] = (float) acc / (k * k);
        }
      }
      return new Plane(w, h, v);
    }

    /** {@code g} resampled to {@code w x h} by averaging the source pixels each covers. */
    static Plane resized(GreyRaster g, int w, int h) {
      w = Math.max(1, w);
      h = Math.max(1, h);
      float[] v = new float[w * h];
      double sx = (double) g.width() / w;
      double sy = (double) g.height() / h;
      for (int y = 0; y < h; y++) {
        int y1 = (int) Math.floor(y * sy);
        int y2 = Math.max(y1 + 1, Math.min(g.height(), (int) Math.ceil((y + 1) * sy)));
        for (int x = 0; x < w; x++) {
          int x1 = (int) Math.floor(x * sx);
          int x2 = Math.max(x1 + 1, Math.min(g.width(), (int) Math.ceil((x + 1) * sx)));
          int acc = 0;
          int n = 0;
          for (int yy = y1; yy < y2 && yy < g.height(); yy++) {
            for (int xx = x1; xx < x2 && xx < g.width(); xx++) {
              acc += g.get(xx, yy);
              n++;
            }
          }
          v[y * w + x] = n == 0 ? 0 : (float) acc / n;
        }
      }
      return new Plane(w, h, v);
    }

    /** Correlation of this template with {@code s} at ({@code ox}, {@code oy}), -1 to 1. */
    double ncc(Plane s, int ox, int oy) {
      double sum = 0;
      for (int y = 0; y < h; y++) {
        int row = (oy + y) * s.w + ox;
        for (int x = 0; x < w; x++) {
          sum += s.v[row + x];
        }
      }
      double m = sum / (w * h);
      double cross = 0;
      double sq = 0;
      for (int y = 0; y < h; y++) {
        int row = (oy + y) * s.w + ox;
        int trow = y * w;
        for (int x = 0; x < w; x++) {
          double a = s.v[row + x] - m;
          cross += a * (v[trow + x] - mean);
          sq += a * a;
        }
      }
      double d = Math.sqrt(sq) * norm;
      return d < 1e-6 ? 0 : cross / d;
    }
  }
}
