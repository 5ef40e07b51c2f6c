package dev.swipe.base;

/**
 * The normalized screen space: 0 to 1000 on each axis, whatever the screen's pixels, and its one
 * conversion to and from pixels.
 *
 * <p>An axis of {@code size} pixels maps {@code n} to {@code n / 1000 * max(size - 1, 1)}: 0 is the
 * centre of the first pixel and 1000 the centre of the last, so a point at either edge stays on the
 * image however the screen is sized, and a one-pixel axis does not divide by zero. Every module
 * converts through here, so a tap planned on one frame size lands where a region drawn on another
 * says it should.
 */
@Api(status = Api.Status.STABLE)
public final class NormSpace {
  /** The largest normalized coordinate. */
  public static final double MAX = 1000.0;

  private NormSpace() {}

  /**
   * The pixel span of an axis of {@code size} pixels: {@code max(size - 1, 1)}, the distance from
   * the first pixel's centre to the last one's.
   */
  public static double span(int size) {
    return Math.max(size - 1, 1);
  }

  /** Normalized units per pixel along an axis of {@code size} pixels: lengths, not positions. */
  public static double unitsPerPixel(int size) {
    return MAX / span(size);
  }

  /** Pixels per normalized unit along an axis of {@code size} pixels: lengths, not positions. */
  public static double pixelsPerUnit(int size) {
    return span(size) / MAX;
  }

  /** Normalized coordinate to pixel along an axis of {@code size} pixels. */
  public static double toPixel(double norm, int size) {
    return norm / MAX * span(size);
  }

  /** Pixel coordinate to normalized along an axis of {@code size} pixels. */
  public static double toNorm(double pixel, int size) {
    return pixel / span(size) * MAX;
  }
}
