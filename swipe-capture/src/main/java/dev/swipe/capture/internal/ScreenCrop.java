package dev.swipe.capture.internal;

import dev.swipe.base.SwipeException;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;

/**
 * Where the phone screen sits inside a capture frame, in capture pixels. A portrait phone on an
 * HDMI capture of 1920x1080 arrives pillarboxed (black bars left and right); normalized coordinates
 * must refer to the screen, not to the capture frame, so every frame is cut to this rectangle
 * before the SDK sees it.
 *
 * @param x left edge
 * @param y top edge
 * @param width width in pixels
 * @param height height in pixels
 */
public record ScreenCrop(int x, int y, int width, int height) {
  /** The luma at or below which a pixel counts as bar black, unless configured otherwise. */
  public static final int DEFAULT_BLACK_LEVEL = 40;

  /** Validates the rectangle. */
  public ScreenCrop {
    if (x < 0 || y < 0 || width <= 0 || height <= 0) {
      throw SwipeException.invalidArgument(
          "crop",
          "must be x,y,w,h with x,y >= 0 and w,h > 0, was "
              + x
              + ","
              + y
              + ","
              + width
              + ","
              + height);
    }
  }

  /**
   * Parses {@code x,y,w,h} in pixels (the {@code crop=} URI option).
   *
   * @throws SwipeException {@code invalid_argument} naming {@code crop}
   */
  public static ScreenCrop parse(String text) {
    // limit 0 as ever: trailing empty strings drop, so "1,2,3,4," still reads as four numbers
    String[] parts = text.strip().split(",", 0);
    if (parts.length != 4) {
      throw SwipeException.invalidArgument(
          "crop", "must be auto, none or x,y,w,h in pixels, was '" + text + "'");
    }
    int[] v = new int[4];
    for (int i = 0; i < 4; i++) {
      try {
        v[i] = Integer.parseInt(parts[i].strip());
      } catch (NumberFormatException e) {
        throw SwipeException.invalidArgument(
            "crop", "must be auto, none or x,y,w,h in pixels, was '" + text + "'");
      }
    }
    return new ScreenCrop(v[0], v[1], v[2], v[3]);
  }

  /** The whole frame. */
  public static ScreenCrop full(int width, int height) {
    return new ScreenCrop(0, 0, width, height);
  }

  /** Whether this rectangle lies inside a frame of the given size. */
  public boolean fitsIn(int frameWidth, int frameHeight) {
    return x + width <= frameWidth && y + height <= frameHeight;
  }

  /** Whether this rectangle is the whole frame of the given size. */
  public boolean isFull(int frameWidth, int frameHeight) {
    return x == 0 && y == 0 && width == frameWidth && height == frameHeight;
  }

  /**
   * Finds the phone screen inside a letterboxed or pillarboxed capture frame.
   *
   * <p>A row or column belongs to the screen when enough of its pixels are brighter than {@code
   * blackLevel}, so bar noise below that level (capture devices deliver black as 0..20 with noise)
   * is ignored. Each edge is then moved to the strongest brightness step nearby, so JPEG ringing
   * that bleeds a few pixels into a bar does not widen the crop. HDMI scalers centre the picture,
   * so the screen is taken to be centred: a dark screen edge on one side (a black status bar, a
   * dark list) is restored from the bar width on the other side. The result must look like a fitted
   * phone screen (filling the frame on one axis, aspect 5:4 to 13:5).
   *
   * @return the screen rectangle, or empty when nothing in the frame looks like a phone screen (an
   *     all-black frame, a capture device's "no signal" picture)
   */
  public static java.util.Optional<ScreenCrop> detect(BufferedImage frame, int blackLevel) {
    Luma luma = Luma.of(frame);
    int w = frame.getWidth();
    int h = frame.getHeight();
    int step = Math.max(1, Math.min(w, h) / 540);
    int[] colCount = new int[w];
    int[] rowCount = new int[h];
    long[] colSum = new long[w];
    long[] rowSum = new long[h];
    int sampledRows = 0;
    for (int y = 0; y < h; y += step) {
      sampledRows++;
      for (int x = 0; x < w; x += step) {
        int v = luma.at(x, y);
        colSum[x] += v;
        rowSum[y] += v;
        if (v > blackLevel) {
          colCount[x]++;
          rowCount[y]++;
        }
      }
    }
    int sampledCols = (w + step - 1) / step;
    int needCol = Math.max(2, sampledRows / 200);
    int needRow = Math.max(2, sampledCols / 200);
    int x0 = first(colCount, needCol, step);
    int y0 = first(rowCount, needRow, step);
    if (x0 < 0 || y0 < 0) {
      return java.util.Optional.empty();
    }
    int x1 = last(colCount, needCol, step);
    int y1 = last(rowCount, needRow, step);
    x0 = refineRising(colSum, x0, step, w);
    x1 = refineFalling(colSum, x1, step, w);
    y0 = refineRising(rowSum, y0, step, h);
    y1 = refineFalling(rowSum, y1, step, h);
    // Centred picture: the narrower bar tells where the screen edge really is.
    int left = Math.min(x0, w - 1 - x1);
    int top = Math.min(y0, h - 1 - y1);
    int edgeSnap = Math.max(2, step * 2);
    if (left <= edgeSnap) {
      left = 0;
    }
    if (top <= edgeSnap) {
      top = 0;
    }
    if (plausible(left, top, w, h)) {
      return java.util.Optional.of(new ScreenCrop(left, top, w - 2 * left, h - 2 * top));
    }
    // Dark bars at the screen's own edges (status and navigation bars in a dark theme) can hide
    // the edge on the axis the picture fills: a thin "bar" there is taken to be the screen.
    int thinTop = top <= h * THIN_BAR ? 0 : top;
    int thinLeft = left <= w * THIN_BAR ? 0 : left;
    if (plausible(left, thinTop, w, h)) {
      return java.util.Optional.of(new ScreenCrop(left, 0, w - 2 * left, h));
    }
    if (plausible(thinLeft, top, w, h)) {
      return java.util.Optional.of(new ScreenCrop(0, top, w, h - 2 * top));
    }
    return java.util.Optional.empty();
  }

  /** Bars thinner than this share of the frame may be the screen's own dark edge. */
  private static final double THIN_BAR = 0.08;

  /**
   * A scaler fits the phone picture to the frame, so the screen fills the frame on at least one
   * axis, and a phone screen is between 5:4 and 13:5 (long side to short side). Anything else (a
   * capture device's "no signal" text, a lone dialog on a black screen) is not a screen.
   */
  private static boolean plausible(int left, int top, int w, int h) {
    int cw = w - 2 * left;
    int ch = h - 2 * top;
    if (cw <= 0 || ch <= 0 || (left != 0 && top != 0)) {
      return false;
    }
    double aspect = (double) Math.max(cw, ch) / Math.min(cw, ch);
    return aspect >= 1.25 && aspect <= 2.6;
  }

  private static int first(int[] counts, int need, int step) {
    for (int i = 0; i < counts.length; i += step) {
      if (counts[i] >= need) {
        return i;
      }
    }
    return -1;
  }

  private static int last(int[] counts, int need, int step) {
    int start = ((counts.length - 1) / step) * step;
    for (int i = start; i >= 0; i -= step) {
      if (counts[i] >= need) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Places a leading edge where the brightness profile crosses half-way between the bar and the
   * screen just inside it. JPEG ringing lifts a few bar pixels above the black level right next to
   * a bright screen, but not the profile's mean half-way up, so the crop does not widen.
   */
  private static int refineRising(long[] sums, int edge, int step, int n) {
    if (edge == 0) {
      return 0;
    }
    double bar = mean(sums, edge - 12 * step, edge - 4 * step, step, n);
    double screen = mean(sums, edge + 4 * step, edge + 12 * step, step, n);
    if (Double.isNaN(bar) || Double.isNaN(screen) || screen <= bar) {
      return edge;
    }
    double half = (bar + screen) / 2;
    for (int i = Math.max(0, edge - 8 * step); i <= edge; i += step) {
      if (sums[i] > half) {
        return i;
      }
    }
    return edge;
  }

  /** The trailing counterpart of {@link #refineRising}. */
  private static int refineFalling(long[] sums, int edge, int step, int n) {
    int lastSample = ((n - 1) / step) * step;
    if (edge >= lastSample) {
      return n - 1;
    }
    double bar = mean(sums, edge + 4 * step, edge + 12 * step, step, n);
    double screen = mean(sums, edge - 12 * step, edge - 4 * step, step, n);
    if (Double.isNaN(bar) || Double.isNaN(screen) || screen <= bar) {
      return edge;
    }
    double half = (bar + screen) / 2;
    for (int i = Math.min(lastSample, edge + 8 * step); i >= edge; i -= step) {
      if (sums[i] > half) {
        return Math.min(n - 1, i + step - 1);
      }
    }
    return edge;
  }

  private static double mean(long[] sums, int from, int to, int step, int n) {
    int a = Math.max(0, from);
    int b = Math.min(n - 1, to);
    a = ((a + step - 1) / step) * step;
    long total = 0;
    int count = 0;
    for (int i = a; i <= b; i += step) {
      total += sums[i];
      count++;
    }
    return count == 0 ? Double.NaN : (double) total / count;
  }

  /** Reads luma quickly from the raster layouts ImageIO and Java2D produce. */
  private interface Luma {
    int at(int x, int y);

    static Luma of(BufferedImage img) {
      int w = img.getWidth();
      boolean plain =
          img.getRaster().getParent() == null
              && img.getRaster().getSampleModelTranslateX() == 0
              && img.getRaster().getSampleModelTranslateY() == 0;
      switch (plain ? img.getType() : BufferedImage.TYPE_CUSTOM) {
        case BufferedImage.TYPE_3BYTE_BGR -> {
          byte[] d = ((DataBufferByte) img.getRaster().getDataBuffer()).getData();
          return (x, y) -> {
            int i = (y * w + x) * 3;
            return ((d[i] & 0xFF) * 29 + (d[i + 1] & 0xFF) * 150 + (d[i + 2] & 0xFF) * 77) >> 8;
          };
        }
        case BufferedImage.TYPE_BYTE_GRAY -> {
          byte[] d = ((DataBufferByte) img.getRaster().getDataBuffer()).getData();
          return (x, y) -> d[y * w + x] & 0xFF;
        }
        case BufferedImage.TYPE_INT_RGB, BufferedImage.TYPE_INT_ARGB -> {
          int[] d = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
          return (x, y) -> rgbLuma(d[y * w + x]);
        }
        default -> {
          return (x, y) -> rgbLuma(img.getRGB(x, y));
        }
      }
    }

    private static int rgbLuma(int rgb) {
      return (((rgb >> 16) & 0xFF) * 77 + ((rgb >> 8) & 0xFF) * 150 + (rgb & 0xFF) * 29) >> 8;
    }
  }

  @Override
  public String toString() {
    return x + "," + y + "," + width + "," + height;
  }
}
