package dev.swipe.base;

/**
 * A point in the normalized screen space: x and y in [0, 1000], origin at the top-left corner of
 * the phone screen (not of the capture frame), (500, 500) at its centre.
 *
 * <p>Conversion to a W x H screenshot uses {@code px = n / 1000 * max(W - 1, 1)} (and the same with
 * H for y), so 0 maps to the first pixel and 1000 to the last one on either axis; {@link
 * dev.swipe.base.NormSpace} holds it for every module.
 *
 * @param x horizontal position, 0 (left) to 1000 (right)
 * @param y vertical position, 0 (top) to 1000 (bottom)
 */
@Api(status = Api.Status.STABLE)
public record NormPoint(double x, double y) {
  /** The largest normalized coordinate. */
  public static final double MAX = NormSpace.MAX;

  /** The screen centre, (500, 500). */
  public static final NormPoint CENTER = new NormPoint(500, 500);

  /** Validates both coordinates; NaN, infinities and values outside [0, 1000] are refused. */
  public NormPoint {
    checkCoordinate("x", x);
    checkCoordinate("y", y);
  }

  /** Same as the constructor; reads better at call sites. */
  public static NormPoint of(double x, double y) {
    return new NormPoint(x, y);
  }

  /**
   * Converts a pixel position on a {@code width} x {@code height} image to normalized space.
   *
   * @throws SwipeException {@code invalid_argument} for non-positive sizes or pixels off the image
   */
  public static NormPoint fromPixel(double px, double py, int width, int height) {
    checkSize(width, height);
    checkPixel("px", px, width);
    checkPixel("py", py, height);
    return new NormPoint(toNorm(px, width), toNorm(py, height));
  }

  /** The pixel position of this point on a {@code width} x {@code height} image. */
  public PixelPoint toPixel(int width, int height) {
    checkSize(width, height);
    return new PixelPoint(toPixel(x, width), toPixel(y, height));
  }

  /** Euclidean distance to another point, in normalized units. */
  public double distanceTo(NormPoint other) {
    return Math.hypot(other.x - x, other.y - y);
  }

  /** Linear interpolation: {@code t = 0} gives this point, {@code t = 1} gives {@code other}. */
  public NormPoint lerp(NormPoint other, double t) {
    return new NormPoint(clampUnit(x + (other.x - x) * t), clampUnit(y + (other.y - y) * t));
  }

  /** Normalized coordinate to pixel along an axis of {@code size} pixels. */
  public static double toPixel(double norm, int size) {
    return NormSpace.toPixel(norm, size);
  }

  /** Pixel coordinate to normalized along an axis of {@code size} pixels. */
  public static double toNorm(double pixel, int size) {
    return NormSpace.toNorm(pixel, size);
  }

  static void checkCoordinate(String field, double v) {
    if (!Double.isFinite(v)) {
      throw SwipeException.invalidArgument(field, "must be a finite number in [0, 1000], was " + v);
    }
    if (v < 0 || v > MAX) {
      throw SwipeException.invalidArgument(
          field,
          "must be in the normalized range [0, 1000], was "
              + v
              + " (pixels must be converted first)");
    }
  }

  /** Pixels span [0, max(size - 1, 1)], the same span the conversion uses. */
  private static void checkPixel(String field, double p, int size) {
    double last = NormSpace.span(size);
    if (!(p >= 0 && p <= last)) {
      throw SwipeException.invalidArgument(
          field, "must lie on the image [0, " + last + "], was " + p);
    }
  }

  static void checkSize(int width, int height) {
    if (width <= 0) {
      throw SwipeException.invalidArgument("width", "must be positive, was " + width);
    }
    if (height <= 0) {
      throw SwipeException.invalidArgument("height", "must be positive, was " + height);
    }
  }

  private static double clampUnit(double v) {
    return Math.max(0, Math.min(MAX, v));
  }
}
