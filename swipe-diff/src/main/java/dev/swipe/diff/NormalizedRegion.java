package dev.swipe.diff;

import dev.swipe.base.Api;
import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;

/**
 * A rectangle in the normalized 0-1000 space of the public tools ({@code image_diff}'s {@code
 * region}): origin top-left of the phone screen, {@code (1000, 1000)} the bottom-right pixel.
 * Normalized to pixel follows the project rule {@code px = n / 1000 * max(W - 1, 1)} and {@code py
 * = n / 1000 * max(H - 1, 1)}.
 *
 * @param x left edge, 0..1000
 * @param y top edge, 0..1000
 * @param w width, above 0 and at most 1000 (the part beyond 1000 is clipped away)
 * @param h height, above 0 and at most 1000 (the part beyond 1000 is clipped away)
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record NormalizedRegion(double x, double y, double w, double h) {

  /** The whole screen. */
  public static final NormalizedRegion FULL = new NormalizedRegion(0, 0, 1000, 1000);

  /**
   * Validates every field; the message names the field so an agent can fix its call.
   *
   * @throws SwipeException {@code invalid_argument} for NaN, infinite, negative or out-of-range
   *     values
   */
  public NormalizedRegion {
    checkCoordinate("x", x);
    checkCoordinate("y", y);
    checkExtent("w", w);
    checkExtent("h", h);
  }

  /**
   * The pixels this region covers on a {@code width x height} raster: every column from {@code
   * floor(px(x))} to {@code ceil(px(x + w))}, clipped to the raster (same for rows).
   */
  public PixelRect toPixelRect(int width, int height) {
    if (width < 1 || height < 1) {
      throw ImageFailures.invalidArgument(
          "raster size must be at least 1x1, got " + width + "x" + height);
    }
    double sx = NormSpace.pixelsPerUnit(width);
    double sy = NormSpace.pixelsPerUnit(height);
    int left = clamp((int) Math.floor(x * sx), width - 1);
    int top = clamp((int) Math.floor(y * sy), height - 1);
    int right = clamp((int) Math.ceil(Math.min(NormSpace.MAX, x + w) * sx), width - 1);
    int bottom = clamp((int) Math.ceil(Math.min(NormSpace.MAX, y + h) * sy), height - 1);
    return PixelRect.ofCorners(left, top, Math.max(left, right), Math.max(top, bottom));
  }

  private static int clamp(int v, int max) {
    return Math.max(0, Math.min(max, v));
  }

  private static void checkCoordinate(String field, double v) {
    if (!Double.isFinite(v)) {
      throw ImageFailures.invalidArgument("region." + field + " must be a finite number, got " + v);
    }
    if (v < 0 || v > 1000) {
      throw ImageFailures.invalidArgument(
          "region." + field + " must be within 0..1000 (normalized), got " + v);
    }
  }

  private static void checkExtent(String field, double v) {
    if (!Double.isFinite(v)) {
      throw ImageFailures.invalidArgument("region." + field + " must be a finite number, got " + v);
    }
    if (v <= 0 || v > 1000) {
      throw ImageFailures.invalidArgument(
          "region." + field + " must be above 0 and at most 1000 (normalized), got " + v);
    }
  }
}
