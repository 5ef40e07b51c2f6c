package dev.swipe.diff;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.internal.ImageFailures;

/**
 * An axis-aligned rectangle of whole pixels in a raster's own pixel grid: columns {@code x ..
 * x+width-1}, rows {@code y .. y+height-1}. Used for comparison regions, the column band of a wheel
 * and the bounding box of changed pixels, so that pixel geometry never gets mixed up with the
 * normalized 0-1000 space of the public tools.
 *
 * @param x left column (inclusive), at least 0
 * @param y top row (inclusive), at least 0
 * @param width number of columns, at least 1
 * @param height number of rows, at least 1
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record PixelRect(int x, int y, int width, int height) {

  /** Validates that the rectangle is non-empty and starts inside the first quadrant. */
  public PixelRect {
    if (x < 0 || y < 0) {
      throw ImageFailures.invalidArgument("pixel rect origin must be >= 0, got x=" + x + " y=" + y);
    }
    if (width < 1 || height < 1) {
      throw ImageFailures.invalidArgument(
          "pixel rect must be at least 1x1, got width=" + width + " height=" + height);
    }
  }

  /**
   * The pixels {@code region} covers on a {@code width x height} raster: every column from {@code
   * floor(px(x))} to {@code ceil(px(x + w))}, clipped to the raster (same for rows), by the one
   * conversion of {@link NormSpace}.
   *
   * @throws SwipeException {@code invalid_argument} for a raster smaller than 1x1
   */
  public static PixelRect covering(NormRegion region, int width, int height) {
    SwipeException.requireArgument(region, "region");
    if (width < 1 || height < 1) {
      throw ImageFailures.invalidArgument(
          "raster size must be at least 1x1, got " + width + "x" + height);
    }
    double sx = NormSpace.pixelsPerUnit(width);
    double sy = NormSpace.pixelsPerUnit(height);
    int left = clampTo((int) Math.floor(region.x() * sx), width - 1);
    int top = clampTo((int) Math.floor(region.y() * sy), height - 1);
    int right = clampTo((int) Math.ceil(region.x2() * sx), width - 1);
    int bottom = clampTo((int) Math.ceil(region.y2() * sy), height - 1);
    return ofCorners(left, top, Math.max(left, right), Math.max(top, bottom));
  }

  private static int clampTo(int v, int max) {
    return Math.max(0, Math.min(max, v));
  }

  /** The rectangle covering a whole raster of the given size. */
  public static PixelRect full(int width, int height) {
    return new PixelRect(0, 0, width, height);
  }

  /** Builds a rectangle from inclusive corner coordinates. */
  public static PixelRect ofCorners(int left, int top, int rightInclusive, int bottomInclusive) {
    return new PixelRect(left, top, rightInclusive - left + 1, bottomInclusive - top + 1);
  }

  /** Exclusive right edge, {@code x + width}. */
  public int right() {
    return x + width;
  }

  /** Exclusive bottom edge, {@code y + height}. */
  public int bottom() {
    return y + height;
  }

  /** Number of pixels inside. */
  public long area() {
    return (long) width * height;
  }

  /** Whether the pixel (px, py) lies inside. */
  public boolean contains(int px, int py) {
    return px >= x && px < right() && py >= y && py < bottom();
  }

  /** Whether {@code other} lies completely inside this rectangle. */
  public boolean contains(PixelRect other) {
    return other.x >= x && other.y >= y && other.right() <= right() && other.bottom() <= bottom();
  }

  /**
   * The part of this rectangle inside a raster of {@code rasterWidth x rasterHeight}; throws {@code
   * invalid_argument} when nothing is left, so a caller never silently compares nothing.
   */
  public PixelRect clipTo(int rasterWidth, int rasterHeight) {
    int l = Math.max(0, x);
    int t = Math.max(0, y);
    int r = Math.min(rasterWidth, right());
    int b = Math.min(rasterHeight, bottom());
    if (r <= l || b <= t) {
      throw ImageFailures.invalidArgument(
          "pixel rect "
              + this
              + " lies outside the "
              + rasterWidth
              + "x"
              + rasterHeight
              + " image");
    }
    return new PixelRect(l, t, r - l, b - t);
  }
}
