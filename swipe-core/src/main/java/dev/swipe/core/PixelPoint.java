package dev.swipe.core;

/**
 * A position on a particular screenshot, in pixels (fractional: sub-pixel precision is kept so
 * round trips through normalized space lose nothing).
 */
public record PixelPoint(double x, double y) {}
