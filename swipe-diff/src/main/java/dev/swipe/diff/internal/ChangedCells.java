package dev.swipe.diff.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageCode;
import dev.swipe.diff.PixelRect;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The noise-robust pixel comparison shared by {@link ImageDiff} and {@link FrameStability}.
 *
 * <p>The region is tiled into small cells anchored at its own top-left corner (2x2 source pixels on
 * a full-size raster, single pixels on a raster already box-reduced by 2 or more); trailing rows
 * and columns join the last cell, so a cell never reaches outside the region. A cell counts as
 * changed when its mean luminance differs by more than {@link #MEAN_THRESHOLD} levels, and then all
 * its pixels count as changed. Averaging four pixels cancels most JPEG ringing: measured on a
 * rendered phone screen re-encoded at quality 50 vs 95, single-pixel differences reach 71 levels
 * while 2x2 means stay below 20. Any real content change (text, caret, image) moves a 2x2 mean by
 * far more than 24.
 *
 * <p>When both rasters carry chroma (decoded from colour images, see {@link GreyRaster}), a cell
 * also counts as changed when its chroma changed: the Cb or Cr mean of the 8x8 source block holding
 * its top-left pixel differs by more than {@link #CHROMA_THRESHOLD}, and so does the cell's own 2x2
 * chroma sample. Two pastel pages of equal brightness but another hue differ in chroma alone. The
 * block mean is what JPEG noise does not cross (single samples move by up to 55 levels on saturated
 * edges of the same screen re-encoded); the cell's own sample keeps a block's change from spilling
 * onto its unchanged cells (a static bar beside a scrolled list). A change of hue within a block
 * reaching over a region's edge may still mark the region's cells next to it whose own chroma
 * moved.
 */
public final class ChangedCells {

  /** Mean luminance difference (0-255 levels) a cell must exceed to count as changed. */
  static final int MEAN_THRESHOLD = 24;

  /**
   * Cb or Cr block-mean difference (0-255 levels) a block must exceed for its cells to count as
   * changed. Measured on rendered 1080x2400 screens re-encoded at qualities 50, 60, 80 and 95
   * (ImageIO, 4:2:0): the 8x8 block means of the same screen differ by at most 10 levels on
   * saturated text and shapes on white and by at most 7 on list, carousel, form and pastel screens,
   * while single 2x2 cells differ by up to 55. Pastel pages of equal luma but another hue differ by
   * 20 to 50 (pink and mint: 50 in Cr).
   */
  static final int CHROMA_THRESHOLD = 12;

  final long changedPixels;
  final long totalPixels;

  /** Bounding box of changed cells (raster pixels, inclusive), valid when changedPixels > 0. */
  final int minX;

  final int minY;
  final int maxX;
  final int maxY;

  private ChangedCells(long changed, long total, int minX, int minY, int maxX, int maxY) {
    this.changedPixels = changed;
    this.totalPixels = total;
    this.minX = minX;
    this.minY = minY;
    this.maxX = maxX;
    this.maxY = maxY;
  }

  double ratio() {
    return totalPixels == 0 ? 0.0 : Math.min(1.0, changedPixels / (double) totalPixels);
  }

  /** Cell edge in raster pixels: 2 on a full-size raster, 1 on a raster reduced by 2 or more. */
  static int cellSize(GreyRaster r) {
    return Math.min(r.scaleX(), r.scaleY()) >= 1.5 ? 1 : 2;
  }

  public static void requireSameSize(GreyRaster a, GreyRaster b) {
    if (a == null || b == null) {
      throw ImageFailures.invalidArgument(
          "both rasters are required, got "
              + (a == null ? "null" : "a raster")
              + " and "
              + (b == null ? "null" : "a raster"));
    }
    // the images' own sizes first: a raster reduced for diffing is a fraction of its image, and
    // naming the reduced size would tell the caller sizes no screenshot of theirs has
    if (a.sourceWidth() != b.sourceWidth() || a.sourceHeight() != b.sourceHeight()) {
      throw new SwipeException(
          ImageCode.IMAGE_SIZE_MISMATCH,
          "images have different sizes: "
              + a.sourceWidth()
              + "x"
              + a.sourceHeight()
              + " vs "
              + b.sourceWidth()
              + "x"
              + b.sourceHeight()
              + "; compare screenshots of the same screen and capture size");
    }
    if (a.width() != b.width() || a.height() != b.height()) {
      throw new SwipeException(
          ImageCode.IMAGE_SIZE_MISMATCH,
          "images of "
              + a.sourceWidth()
              + "x"
              + a.sourceHeight()
              + " were reduced differently: to "
              + a.width()
              + "x"
              + a.height()
              + " vs "
              + b.width()
              + "x"
              + b.height()
              + "; reduce both by the same factor");
    }
  }

  static ChangedCells compare(GreyRaster a, GreyRaster b, PixelRect region) {
    int c = cellSize(a);
    byte[] pa = Rasters.pixels(a);
    byte[] pb = Rasters.pixels(b);
    int w = a.width();
    int x0 = region.x();
    int y0 = region.y();
    int rw = region.width();
    int rh = region.height();
    int nx = Math.max(1, rw / c);
    int ny = Math.max(1, rh / c);
    // Chroma: per block of the current block row, 1 when its mean changed; per cell of the
    // current row (padded for 8-byte reads), 1 when its chroma changed. Empty without chroma.
    Chroma chromaA = Rasters.chroma(a);
    Chroma chromaB = Rasters.chroma(b);
    boolean colour = chromaA != null && chromaB != null;
    byte[] cellChroma = colour ? new byte[nx + 8] : new byte[0];
    byte[] blockFlags = colour ? new byte[Rasters.chromaBlocksX(a)] : new byte[0];
    int blockRow = -1;
    boolean blockAny = false;
    boolean chromaRow = false;
    long changed = 0;
    int minX = Integer.MAX_VALUE;
    int minY = Integer.MAX_VALUE;
    int maxX = -1;
    int maxY = -1;
    // Cells 0..fastCells-1 in a row are exactly c wide; the last one takes the remainder.
    int fastCells = nx - 1;
    int lastX = x0 + fastCells * c;
    int lastW = rw - fastCells * c;
    for (int j = 0; j < ny; j++) {
      int ys = y0 + j * c;
      int ch = (j == ny - 1) ? rh - j * c : c;
      long rowChanged = 0;
      int rowMin = Integer.MAX_VALUE;
      int rowMax = -1;
      if (chromaA != null && chromaB != null) {
        int br = (ys * Rasters.reduction(a)) / Chroma.BLOCK;
        if (br != blockRow) {
          blockRow = br;
          blockAny = fillBlockFlags(chromaA, chromaB, br, Rasters.chromaBlocksX(a), blockFlags);
        }
        chromaRow =
            blockAny && fillCellChroma(chromaA, chromaB, a, ys, x0, c, nx, blockFlags, cellChroma);
      }
      if (c == 2 && ch == 2) {
        int p = ys * w + x0;
        int i = 0;
        // Four 2x2 cells (8x2 pixels) per step, summed in 16-bit lanes of a long (SWAR).
        for (; i + 4 <= fastCells; i += 4, p += 8) {
          long a0 = (long) LONGS.get(pa, p);
          long b0 = (long) LONGS.get(pb, p);
          long a1 = (long) LONGS.get(pa, p + w);
          long b1 = (long) LONGS.get(pb, p + w);
          int hue = chromaRow ? (int) INTS.get(cellChroma, i) : 0;
          if (a0 == b0 && a1 == b1 && hue == 0) {
            continue; // identical bytes (static areas of two captures often decode identically)
          }
          long mask = changedLanes(a0, a1, b0, b1) | ((spread(hue) << 15) & LANE_SIGN);
          if (mask != 0) {
            rowChanged += 4L * Long.bitCount(mask);
            int first = i + (Long.numberOfTrailingZeros(mask) >>> 4);
            int last = i + ((63 - Long.numberOfLeadingZeros(mask)) >>> 4);
            if (first < rowMin) {
              rowMin = first;
            }
            rowMax = Math.max(rowMax, last);
          }
        }
        int limit = 4 * MEAN_THRESHOLD;
        for (; i < fastCells; i++, p += 2) {
          int d =
              (pa[p] & 0xFF)
                  + (pa[p + 1] & 0xFF)
                  + (pa[p + w] & 0xFF)
                  + (pa[p + w + 1] & 0xFF)
                  - (pb[p] & 0xFF)
                  - (pb[p + 1] & 0xFF)
                  - (pb[p + w] & 0xFF)
                  - (pb[p + w + 1] & 0xFF);
          if (d > limit || d < -limit || (chromaRow && cellChroma[i] != 0)) {
            rowChanged += 4;
            if (i < rowMin) {
              rowMin = i;
            }
            rowMax = i;
          }
        }
      } else if (c == 1) {
        int p = ys * w + x0;
        int i = 0;
        // Eight single-pixel cells per step: even and odd bytes in 16-bit lanes (SWAR).
        for (; i + 8 <= fastCells; i += 8, p += 8) {
          long va = (long) LONGS.get(pa, p);
          long vb = (long) LONGS.get(pb, p);
          long hue = chromaRow ? (long) LONGS.get(cellChroma, i) : 0;
          if (va == vb && hue == 0) {
            continue;
          }
          long even = pixelLanes(va & EVEN_BYTES, vb & EVEN_BYTES) | ((hue & EVEN_BYTES) << 15);
          long odd =
              pixelLanes((va >>> 8) & EVEN_BYTES, (vb >>> 8) & EVEN_BYTES)
                  | (((hue >>> 8) & EVEN_BYTES) << 15);
          if ((even | odd) != 0) {
            rowChanged += (long) ch * (Long.bitCount(even) + Long.bitCount(odd));
            int first = Integer.MAX_VALUE;
            int last = -1;
            if (even != 0) {
              first = 2 * (Long.numberOfTrailingZeros(even) >>> 4);
              last = 2 * ((63 - Long.numberOfLeadingZeros(even)) >>> 4);
            }
            if (odd != 0) {
              first = Math.min(first, 2 * (Long.numberOfTrailingZeros(odd) >>> 4) + 1);
              last = Math.max(last, 2 * ((63 - Long.numberOfLeadingZeros(odd)) >>> 4) + 1);
            }
            rowMin = Math.min(rowMin, i + first);
            rowMax = Math.max(rowMax, i + last);
          }
        }
        for (; i < fastCells; i++, p++) {
          int d = (pa[p] & 0xFF) - (pb[p] & 0xFF);
          if (d > MEAN_THRESHOLD || d < -MEAN_THRESHOLD || (chromaRow && cellChroma[i] != 0)) {
            rowChanged += ch;
            if (i < rowMin) {
              rowMin = i;
            }
            rowMax = i;
          }
        }
      } else {
        for (int i = 0; i < fastCells; i++) {
          if (cellChanged(pa, pb, w, x0 + i * c, ys, c, ch) || (chromaRow && cellChroma[i] != 0)) {
            rowChanged += (long) c * ch;
            if (i < rowMin) {
              rowMin = i;
            }
            rowMax = i;
          }
        }
      }
      int rowMinPx = rowMin == Integer.MAX_VALUE ? Integer.MAX_VALUE : x0 + rowMin * c;
      int rowMaxPx = rowMax < 0 ? -1 : x0 + rowMax * c + c - 1;
      if (cellChanged(pa, pb, w, lastX, ys, lastW, ch)
          || (chromaRow && cellChroma[fastCells] != 0)) {
        rowChanged += (long) lastW * ch;
        rowMinPx = Math.min(rowMinPx, lastX);
        rowMaxPx = lastX + lastW - 1;
      }
      if (rowChanged > 0) {
        changed += rowChanged;
        minX = Math.min(minX, rowMinPx);
        maxX = Math.max(maxX, rowMaxPx);
        minY = Math.min(minY, ys);
        maxY = ys + ch - 1;
      }
    }
    return new ChangedCells(changed, region.area(), minX, minY, maxX, maxY);
  }

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long EVEN_BYTES = 0x00FF00FF00FF00FFL;
  private static final long LANE_SIGN = 0x8000800080008000L;
  private static final long LANE_OFFSET = lanes(1024);

  /** Per 16-bit lane: 0x8000 - (1024 + 4T + 1), so bit 15 is set iff x > 1024 + 4T. */
  private static final long ABOVE = lanes(0x8000 - (1024 + 4 * MEAN_THRESHOLD + 1));

  /**
   * Per 16-bit lane: 0x8000 + (1024 - 4T - 1), so bit 15 of (BELOW - x) is set iff x < 1024 - 4T.
   */
  private static final long BELOW = lanes(0x8000 + (1024 - 4 * MEAN_THRESHOLD - 1));

  private static long lanes(int v) {
    long l = v & 0xFFFFL;
    return l | (l << 16) | (l << 32) | (l << 48);
  }

  /**
   * Four adjacent 2x2 cells given as the eight bytes of their top row ({@code a0}, {@code b0}) and
   * bottom row ({@code a1}, {@code b1}): returns a mask with bit 15 of 16-bit lane k set when cell
   * k changed. Each lane holds {@code 1024 + sumA - sumB} (4..2044), so no lane ever borrows from
   * or carries into its neighbour.
   */
  private static long changedLanes(long a0, long a1, long b0, long b1) {
    long sa =
        (a0 & EVEN_BYTES)
            + ((a0 >>> 8) & EVEN_BYTES)
            + (a1 & EVEN_BYTES)
            + ((a1 >>> 8) & EVEN_BYTES);
    long sb =
        (b0 & EVEN_BYTES)
            + ((b0 >>> 8) & EVEN_BYTES)
            + (b1 & EVEN_BYTES)
            + ((b1 >>> 8) & EVEN_BYTES);
    long x = sa + LANE_OFFSET - sb;
    return ((x + ABOVE) | (BELOW - x)) & LANE_SIGN;
  }

  /** Per-lane constants of {@link #pixelLanes}: thresholds for single pixels (no 2x2 sum). */
  private static final long PIXEL_ABOVE = lanes(0x8000 - (1024 + MEAN_THRESHOLD + 1));

  private static final long PIXEL_BELOW = lanes(0x8000 + (1024 - MEAN_THRESHOLD - 1));

  /** Four pixels in 16-bit lanes: bit 15 of lane k set when |a - b| exceeds the threshold. */
  private static long pixelLanes(long a, long b) {
    long x = a + LANE_OFFSET - b;
    return ((x + PIXEL_ABOVE) | (PIXEL_BELOW - x)) & LANE_SIGN;
  }

  /** Marks the blocks of block row {@code br} whose Cb or Cr mean changed; returns whether any. */
  private static boolean fillBlockFlags(Chroma a, Chroma b, int br, int bw, byte[] flags) {
    int row = br * bw;
    boolean any = false;
    for (int bx = 0; bx < bw; bx++) {
      boolean changed =
          differ(a.blockCb, b.blockCb, row + bx) || differ(a.blockCr, b.blockCr, row + bx);
      flags[bx] = changed ? (byte) 1 : 0;
      any |= changed;
    }
    return any;
  }

  /**
   * Marks, for each of the row's {@code nx} cells (top row {@code ys}), whether its chroma changed:
   * its block's mean and its own 2x2 sample. Returns whether any did.
   */
  private static boolean fillCellChroma(
      Chroma ca,
      Chroma cb,
      GreyRaster a,
      int ys,
      int x0,
      int c,
      int nx,
      byte[] blockFlags,
      byte[] cellChroma) {
    int f = Rasters.reduction(a);
    int row = ((ys * f) >> 1) * ((a.sourceWidth() + 1) / 2);
    boolean any = false;
    for (int i = 0; i < nx; i++) {
      int sx = (x0 + i * c) * f;
      boolean changed = false;
      if (blockFlags[sx / Chroma.BLOCK] != 0) {
        int q = row + (sx >> 1);
        changed = differ(ca.cb, cb.cb, q) || differ(ca.cr, cb.cr, q);
      }
      cellChroma[i] = changed ? (byte) 1 : 0;
      any |= changed;
    }
    return any;
  }

  private static boolean differ(byte[] a, byte[] b, int i) {
    int d = (a[i] & 0xFF) - (b[i] & 0xFF);
    return d > CHROMA_THRESHOLD || d < -CHROMA_THRESHOLD;
  }

  /** The four bytes of {@code v} (little-endian) in the low bytes of four 16-bit lanes. */
  private static long spread(int v) {
    long x = v & 0xFFFFFFFFL;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFL;
    return (x | (x << 8)) & EVEN_BYTES;
  }

  private static boolean cellChanged(byte[] pa, byte[] pb, int w, int x, int y, int cw, int ch) {
    int d = 0;
    for (int yy = y; yy < y + ch; yy++) {
      int p = yy * w + x;
      for (int k = 0; k < cw; k++) {
        d += (pa[p + k] & 0xFF) - (pb[p + k] & 0xFF);
      }
    }
    long limit = (long) MEAN_THRESHOLD * cw * ch;
    return d > limit || d < -limit;
  }
}
