package dev.swipe.base;

/**
 * A position on a particular screenshot, in pixels (fractional: sub-pixel precision is kept so
 * round trips through normalized space lose nothing).
 */
@Api(status = Api.Status.STABLE)
public record PixelPoint(double x, double y) {}
