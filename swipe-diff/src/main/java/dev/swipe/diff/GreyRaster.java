package dev.swipe.diff;

import java.awt.image.BufferedImage;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An immutable 8-bit luminance image (BT.601 luma, the Y of JPEG). Every algorithm in this module
 * works on it, because changes on a phone screen show up in brightness and one byte per pixel is
 * four times cheaper to scan than RGB. A raster may be a reduced copy of a larger screenshot (for
 * fast diffing); {@link #sourceWidth()}, {@link #sourceHeight()} and {@link #scaleX()}/{@link
 * #scaleY()} map its pixel geometry back to the full-size image.
 *
 * <p>Instances are safe to share between threads and to cache with an observation: the pixel array
 * is never exposed.
 */
public final class GreyRaster {

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final int width;
  private final int height;
  private final int sourceWidth;
  private final int sourceHeight;
  private final byte[] pixels;

  private GreyRaster(int width, int height, int sourceWidth, int sourceHeight, byte[] pixels) {
    this.width = width;
    this.height = height;
    this.sourceWidth = sourceWidth;
    this.sourceHeight = sourceHeight;
    this.pixels = pixels;
  }

  /**
   * Copies row-major luminance bytes (0 black .. 255 white) into a new full-size raster.
   *
   * @throws ImageException {@code invalid_argument} when the sizes do not match the array
   */
  public static GreyRaster of(int width, int height, byte[] pixels) {
    checkSize(width, height);
    if (pixels == null || pixels.length != (long) width * height) {
      throw ImageException.invalidArgument(
          "pixel array must hold width*height="
              + ((long) width * height)
              + " bytes, got "
              + (pixels == null ? "null" : pixels.length));
    }
    return new GreyRaster(width, height, width, height, pixels.clone());
  }

  /**
   * Converts any {@link BufferedImage} to luminance with the JPEG (BT.601) weights, so a PNG and a
   * JPEG of the same screen give the same grey values.
   */
  public static GreyRaster fromImage(BufferedImage image) {
    if (image == null) {
      throw ImageException.invalidArgument("image must not be null");
    }
    int w = image.getWidth();
    int h = image.getHeight();
    byte[] out = new byte[w * h];
    if (image.getType() == BufferedImage.TYPE_BYTE_GRAY) {
      image.getRaster().getDataElements(0, 0, w, h, out);
      return new GreyRaster(w, h, w, h, out);
    }
    int[] row = new int[w];
    for (int y = 0; y < h; y++) {
      image.getRGB(0, y, w, 1, row, 0, w);
      int o = y * w;
      for (int x = 0; x < w; x++) {
        int p = row[x];
        int r = (p >>> 16) & 0xFF;
        int g = (p >>> 8) & 0xFF;
        int b = p & 0xFF;
        // 0.299 R + 0.587 G + 0.114 B in 16.16 fixed point, rounded.
        out[o + x] = (byte) ((19595 * r + 38470 * g + 7471 * b + 32768) >>> 16);
      }
    }
    return new GreyRaster(w, h, w, h, out);
  }

  /** Wraps an array the caller gives up (no copy); only for this module's decoders. */
  static GreyRaster wrap(int width, int height, int sourceWidth, int sourceHeight, byte[] pixels) {
    return new GreyRaster(width, height, sourceWidth, sourceHeight, pixels);
  }

  /** Width in this raster's pixels. */
  public int width() {
    return width;
  }

  /** Height in this raster's pixels. */
  public int height() {
    return height;
  }

  /** Width of the image this raster was made from (equal to {@link #width()} unless reduced). */
  public int sourceWidth() {
    return sourceWidth;
  }

  /** Height of the image this raster was made from (equal to {@link #height()} unless reduced). */
  public int sourceHeight() {
    return sourceHeight;
  }

  /**
   * Source pixels per raster pixel horizontally: 1.0 for a full-size raster, 2.0 for a half-size
   * one.
   */
  public double scaleX() {
    return sourceWidth / (double) width;
  }

  /**
   * Source pixels per raster pixel vertically: 1.0 for a full-size raster, 2.0 for a half-size one.
   */
  public double scaleY() {
    return sourceHeight / (double) height;
  }

  /** Whether this raster is a reduced copy of a larger image. */
  public boolean isReduced() {
    return width != sourceWidth || height != sourceHeight;
  }

  /**
   * Luminance at (x, y), 0 (black) to 255 (white).
   *
   * @throws ImageException {@code invalid_argument} outside the raster
   */
  public int get(int x, int y) {
    if (x < 0 || y < 0 || x >= width || y >= height) {
      throw ImageException.invalidArgument(
          "pixel (" + x + ", " + y + ") is outside the " + width + "x" + height + " raster");
    }
    return pixels[y * width + x] & 0xFF;
  }

  /** A copy of the row-major pixel bytes, for callers that need bulk access. */
  public byte[] toByteArray() {
    return pixels.clone();
  }

  /**
   * A half-, quarter- (...) size copy whose pixels are the means of {@code factor x factor} blocks.
   * Box averaging (not point sampling) removes most JPEG block noise, which is why the decoder uses
   * it for diffing. Trailing rows/columns that do not fill a block are averaged over what exists.
   *
   * @param factor 1 (returns this) to 16
   */
  public GreyRaster reduce(int factor) {
    if (factor < 1 || factor > 16) {
      throw ImageException.invalidArgument("reduction factor must be 1..16, got " + factor);
    }
    if (factor == 1) {
      return this;
    }
    int rw = (width + factor - 1) / factor;
    int rh = (height + factor - 1) / factor;
    byte[] out = new byte[rw * rh];
    int[] sums = new int[rw];
    for (int by = 0; by < rh; by++) {
      Arrays.fill(sums, 0);
      int y0 = by * factor;
      int y1 = Math.min(height, y0 + factor);
      for (int y = y0; y < y1; y++) {
        int o = y * width;
        int bx = 0;
        int x = 0;
        if (factor == 2 || factor == 4 || factor == 8) {
          // Eight pixels at a time, summed in the lanes of a long.
          int fullLongs = width / 8;
          for (int j = 0; j < fullLongs; j++, x += 8) {
            long v = (long) LONGS.get(pixels, o + x);
            long pairs = (v & 0x00FF00FF00FF00FFL) + ((v >>> 8) & 0x00FF00FF00FF00FFL);
            if (factor == 2) {
              sums[bx++] += (int) (pairs & 0xFFFF);
              sums[bx++] += (int) ((pairs >>> 16) & 0xFFFF);
              sums[bx++] += (int) ((pairs >>> 32) & 0xFFFF);
              sums[bx++] += (int) (pairs >>> 48);
            } else {
              long quads = (pairs & 0x0000FFFF0000FFFFL) + ((pairs >>> 16) & 0x0000FFFF0000FFFFL);
              if (factor == 4) {
                sums[bx++] += (int) (quads & 0xFFFFFFFFL);
                sums[bx++] += (int) (quads >>> 32);
              } else {
                sums[bx++] += (int) ((quads & 0xFFFFFFFFL) + (quads >>> 32));
              }
            }
          }
        }
        for (; bx < rw; bx++) {
          int xe = Math.min(width, x + factor);
          int s = 0;
          for (; x < xe; x++) {
            s += pixels[o + x] & 0xFF;
          }
          sums[bx] += s;
        }
      }
      int rows = y1 - y0;
      int o = by * rw;
      int fullBlocks = rows == factor ? width / factor : 0;
      // Full blocks hold factor^2 pixels: a power of two for the usual factors, so a shift
      // replaces the (slow) integer division.
      int n = factor * factor;
      if (Integer.bitCount(n) == 1) {
        int shift = Integer.numberOfTrailingZeros(n);
        for (int bx = 0; bx < fullBlocks; bx++) {
          out[o + bx] = (byte) ((sums[bx] + n / 2) >> shift);
        }
      } else {
        for (int bx = 0; bx < fullBlocks; bx++) {
          out[o + bx] = (byte) ((sums[bx] + n / 2) / n);
        }
      }
      for (int bx = fullBlocks; bx < rw; bx++) {
        int cols = Math.min(width, (bx + 1) * factor) - bx * factor;
        int m = rows * cols;
        out[o + bx] = (byte) ((sums[bx] + m / 2) / m);
      }
    }
    return new GreyRaster(rw, rh, sourceWidth, sourceHeight, out);
  }

  /** Direct access for this module's algorithms; never handed out. */
  byte[] pixels() {
    return pixels;
  }

  private static void checkSize(int width, int height) {
    if (width < 1 || height < 1) {
      throw ImageException.invalidArgument(
          "raster must be at least 1x1, got " + width + "x" + height);
    }
  }

  @Override
  public String toString() {
    return "GreyRaster["
        + width
        + "x"
        + height
        + (isReduced() ? " of " + sourceWidth + "x" + sourceHeight : "")
        + "]";
  }
}
