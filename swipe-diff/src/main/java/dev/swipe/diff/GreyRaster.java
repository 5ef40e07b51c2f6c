package dev.swipe.diff;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.internal.ChangedCells;
import dev.swipe.diff.internal.Chroma;
import dev.swipe.diff.internal.ImageFailures;
import dev.swipe.diff.internal.Rasters;
import java.awt.image.BufferedImage;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * An immutable 8-bit luminance image (BT.601 luma, the Y of JPEG). Every algorithm in this module
 * works on it, because changes on a phone screen show up in brightness and one byte per pixel is
 * four times cheaper to scan than RGB. A raster may be a reduced copy of a larger screenshot (for
 * fast diffing); {@link #sourceWidth()}, {@link #sourceHeight()} and {@link #scaleX()}/{@link
 * #scaleY()} map its pixel geometry back to the full-size image.
 *
 * <p>A raster decoded from a colour image also carries its chroma: the mean Cb and Cr (JPEG's
 * colour difference signals) of each 2x2 pixels (JPEG's 4:2:0 grid) and of each 8x8 block (JPEG's
 * block grid) of the source image. Only the comparison of cells reads it, so that a page switch
 * between two colours of equal brightness counts as a change; every other algorithm sees luminance
 * alone.
 *
 * <p>Instances are safe to share between threads and to cache with an observation: the pixel array
 * is never exposed.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class GreyRaster {

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final int width;
  private final int height;
  private final int sourceWidth;
  private final int sourceHeight;
  private final byte[] pixels;

  /** Source pixels per raster pixel along each axis: 1, or the product of the reductions. */
  private final int factor;

  /** The image's chroma, or null when its colour is unknown (grey images and rasters). */
  private final @Nullable Chroma chroma;

  static {
    Rasters.install(new RasterHooks());
  }

  private GreyRaster(int width, int height, int sourceWidth, int sourceHeight, byte[] pixels) {
    this(width, height, sourceWidth, sourceHeight, pixels, 1, null);
  }

  private GreyRaster(
      int width,
      int height,
      int sourceWidth,
      int sourceHeight,
      byte[] pixels,
      int factor,
      @Nullable Chroma chroma) {
    this.width = width;
    this.height = height;
    this.sourceWidth = sourceWidth;
    this.sourceHeight = sourceHeight;
    this.pixels = pixels;
    this.factor = factor;
    this.chroma = chroma;
  }

  /**
   * Copies row-major luminance bytes (0 black .. 255 white) into a new full-size raster.
   *
   * @throws SwipeException {@code invalid_argument} when the sizes do not match the array
   */
  public static GreyRaster of(int width, int height, byte[] pixels) {
    checkSize(width, height);
    if (pixels == null || pixels.length != (long) width * height) {
      throw ImageFailures.invalidArgument(
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
      throw ImageFailures.invalidArgument("image must not be null");
    }
    int w = image.getWidth();
    int h = image.getHeight();
    byte[] out = new byte[w * h];
    if (image.getType() == BufferedImage.TYPE_BYTE_GRAY) {
      image.getRaster().getDataElements(0, 0, w, h, out);
      return new GreyRaster(w, h, w, h, out);
    }
    int[] row = new int[w];
    Chroma chroma = new Chroma(w, h);
    int[] pairB = chroma.pairB;
    int[] pairR = chroma.pairR;
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
        // JFIF: Cb = 128 - 0.168736 R - 0.331264 G + 0.5 B, Cr = 128 + 0.5 R - 0.418688 G -
        // 0.081312 B, in 16.16 fixed point and rounded like the luma
        pairB[x >> 1] += (-11059 * r - 21709 * g + 32768 * b + (128 << 16) + 32768) >> 16;
        pairR[x >> 1] += (32768 * r - 27439 * g - 5329 * b + (128 << 16) + 32768) >> 16;
      }
      chroma.endRow(y);
    }
    return new GreyRaster(w, h, w, h, out, 1, chroma);
  }

  /** Wraps an array the caller gives up (no copy); only for this module's decoders. */
  private static GreyRaster wrap(
      int width, int height, int sourceWidth, int sourceHeight, byte[] pixels) {
    return new GreyRaster(width, height, sourceWidth, sourceHeight, pixels);
  }

  /** Wraps a full-size luminance array and its chroma blocks, all given up by the caller. */
  private static GreyRaster wrapColour(int width, int height, byte[] pixels, Chroma chroma) {
    return new GreyRaster(width, height, width, height, pixels, 1, chroma);
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
   * @throws SwipeException {@code invalid_argument} outside the raster
   */
  public int get(int x, int y) {
    if (x < 0 || y < 0 || x >= width || y >= height) {
      throw ImageFailures.invalidArgument(
          "pixel (" + x + ", " + y + ") is outside the " + width + "x" + height + " raster");
    }
    return pixels[y * width + x] & 0xFF;
  }

  /** Whether the raster knows its image's colour (decoded from a colour image). */
  public boolean hasColour() {
    return chroma != null;
  }

  /**
   * How coloured the image is around raster pixel (x, y): the distance of its 2x2 chroma sample
   * (Cb, Cr) from neutral grey, 0 for grey, up to about 180 for a pure hue; 0 when the colour is
   * unknown.
   *
   * @throws SwipeException {@code invalid_argument} outside the raster
   */
  public int colourfulness(int x, int y) {
    get(x, y); // bounds
    if (chroma == null) {
      return 0;
    }
    int sx = Math.min(sourceWidth - 1, (int) (x * scaleX()));
    int sy = Math.min(sourceHeight - 1, (int) (y * scaleY()));
    int i = (sy / 2) * ((sourceWidth + 1) / 2) + sx / 2;
    int u = (chroma.cb[i] & 0xFF) - 128;
    int v = (chroma.cr[i] & 0xFF) - 128;
    return (int) Math.round(Math.sqrt((double) u * u + (double) v * v));
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
      throw ImageFailures.invalidArgument("reduction factor must be 1..16, got " + factor);
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
    // the chroma is on the source image's grids: shared as it is
    return new GreyRaster(rw, rh, sourceWidth, sourceHeight, out, this.factor * factor, chroma);
  }

  /**
   * A copy in which each row of the given rectangles (in this raster's pixels, clipped to it) runs
   * straight from the pixel left of the rectangle to the pixel right of it. Why: something drawn
   * over the screen (a phone's pointer resting on a picker) must not be read as content, and rows
   * of text keep their rhythm across a gap bridged row by row, where a painted block would add an
   * edge of its own. The colour stays as captured.
   *
   * @throws SwipeException {@code invalid_argument} when {@code rects} is null
   */
  public GreyRaster filledAcross(java.util.List<PixelRect> rects) {
    if (rects == null) {
      throw ImageFailures.invalidArgument("rects must not be null");
    }
    byte[] px = pixels.clone();
    for (PixelRect m : rects) {
      int l = Math.max(0, m.x());
      int t = Math.max(0, m.y());
      int r = Math.min(width, m.right());
      int b = Math.min(height, m.bottom());
      if (r <= l || b <= t || (l == 0 && r == width)) {
        continue;
      }
      for (int y = t; y < b; y++) {
        int row = y * width;
        int left = l > 0 ? px[row + l - 1] & 0xFF : px[row + r] & 0xFF;
        int right = r < width ? px[row + r] & 0xFF : left;
        int span = r - l + 1;
        for (int x = l; x < r; x++) {
          int k = x - l + 1;
          px[row + x] = (byte) ((left * (span - k) + right * k + span / 2) / span);
        }
      }
    }
    return new GreyRaster(width, height, sourceWidth, sourceHeight, px, factor, chroma);
  }

  /**
   * A copy with the given rectangles (in this raster's pixels, clipped to it) painted black and
   * their colour made neutral. Why: a comparison that masks parts of the screen (a golden screen's
   * clock) paints both sides alike, and must keep comparing the colour of everything else, which a
   * copy through {@link #of} would drop.
   */
  public GreyRaster masked(java.util.List<PixelRect> rects) {
    if (rects == null) {
      throw ImageFailures.invalidArgument("rects must not be null");
    }
    return repainted(rects, null);
  }

  /**
   * A copy that shows {@code from}'s pixels (and colour) inside the given rectangles (in this
   * raster's pixels, clipped to it). Why: a comparison that must not see something drawn over the
   * screen (a phone's pointer) gives one side the other's pixels there, so that part is equal on
   * both without a painted block whose edges would stand still while the content moves.
   *
   * @throws SwipeException {@code invalid_argument} for null arguments; {@code image_size_mismatch}
   *     when {@code from} differs in size or reduction
   */
  public GreyRaster patchedFrom(GreyRaster from, java.util.List<PixelRect> rects) {
    if (rects == null) {
      throw ImageFailures.invalidArgument("rects must not be null");
    }
    ChangedCells.requireSameSize(this, from);
    if (from.factor != factor) {
      throw new SwipeException(
          ImageCode.IMAGE_SIZE_MISMATCH,
          "cannot patch a raster reduced " + factor + "x from one reduced " + from.factor + "x");
    }
    return repainted(rects, from);
  }

  /**
   * A copy with the rectangles (clipped to this raster) taken from {@code from}, or painted black
   * and their colour made neutral when {@code from} is null.
   */
  private GreyRaster repainted(java.util.List<PixelRect> rects, @Nullable GreyRaster from) {
    byte[] px = pixels.clone();
    Chroma c = chroma == null ? null : chroma.copy();
    for (PixelRect m : rects) {
      int l = Math.max(0, m.x());
      int t = Math.max(0, m.y());
      int r = Math.min(width, m.right());
      int b = Math.min(height, m.bottom());
      if (r <= l || b <= t) {
        continue;
      }
      for (int y = t; y < b; y++) {
        if (from == null) {
          Arrays.fill(px, y * width + l, y * width + r, (byte) 0);
        } else {
          System.arraycopy(from.pixels, y * width + l, px, y * width + l, r - l);
        }
      }
      if (c == null) {
        continue;
      }
      if (from != null && from.chroma != null) {
        c.copyFrom(from.chroma, l * factor, t * factor, r * factor, b * factor);
      } else {
        c.neutral(l * factor, t * factor, r * factor, b * factor);
      }
    }
    return new GreyRaster(width, height, sourceWidth, sourceHeight, px, factor, c);
  }

  /** Direct access for this module's algorithms; never handed out. */
  private byte[] pixels() {
    return pixels;
  }

  /**
   * The chroma of the source image (2x2 and 8x8 means of Cb and Cr, on the source's pixel grid), or
   * null when its colour is unknown; never handed out.
   */
  private @Nullable Chroma chroma() {
    return chroma;
  }

  /** Chroma blocks per row: {@code ceil(sourceWidth / 8)}. */
  private int chromaBlocksX() {
    return (sourceWidth + Chroma.BLOCK - 1) / Chroma.BLOCK;
  }

  /** Source pixels per raster pixel: 1 unless reduced, else the product of the reductions. */
  private int reduction() {
    return factor;
  }

  private static void checkSize(int width, int height) {
    if (width < 1 || height < 1) {
      throw ImageFailures.invalidArgument(
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

  /**
   * What this module's algorithms (in {@code internal}) may see of a raster: see {@link Rasters}.
   */
  private static final class RasterHooks implements Rasters.Hooks {
    @Override
    public GreyRaster wrap(
        int width, int height, int sourceWidth, int sourceHeight, byte[] pixels) {
      return GreyRaster.wrap(width, height, sourceWidth, sourceHeight, pixels);
    }

    @Override
    public GreyRaster wrapColour(int width, int height, byte[] pixels, Chroma chroma) {
      return GreyRaster.wrapColour(width, height, pixels, chroma);
    }

    @Override
    public byte[] pixels(GreyRaster raster) {
      return raster.pixels();
    }

    @Override
    public @Nullable Chroma chroma(GreyRaster raster) {
      return raster.chroma();
    }

    @Override
    public int chromaBlocksX(GreyRaster raster) {
      return raster.chromaBlocksX();
    }

    @Override
    public int reduction(GreyRaster raster) {
      return raster.reduction();
    }
  }
}
