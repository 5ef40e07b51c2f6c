package dev.swipe.base;

/**
 * A rectangle in normalized screen space, {@code {x, y, w, h}} as the {@code image_diff} tool takes
 * it. The rectangle must lie inside [0, 1000] on both axes and have a positive size.
 *
 * <p>SwipeBench writes boxes as {@code [x1, y1, x2, y2]}; convert with {@link #fromCorners} and
 * {@link #x2()}/{@link #y2()}, never mix the two forms.
 */
@Api(status = Api.Status.STABLE)
public record NormRegion(double x, double y, double w, double h) {
  /** The whole screen. */
  public static final NormRegion FULL = new NormRegion(0, 0, 1000, 1000);

  /** Validates the rectangle; NaN, negative sizes or parts outside the screen are refused. */
  public NormRegion {
    NormPoint.checkCoordinate("x", x);
    NormPoint.checkCoordinate("y", y);
    if (!Double.isFinite(w) || w <= 0) {
      throw SwipeException.invalidArgument("w", "must be a positive width, was " + w);
    }
    if (!Double.isFinite(h) || h <= 0) {
      throw SwipeException.invalidArgument("h", "must be a positive height, was " + h);
    }
    if (x + w > NormPoint.MAX + 1e-9) {
      throw SwipeException.invalidArgument("w", "x + w must not exceed 1000, was " + (x + w));
    }
    if (y + h > NormPoint.MAX + 1e-9) {
      throw SwipeException.invalidArgument("h", "y + h must not exceed 1000, was " + (y + h));
    }
  }

  /** Same as the constructor. */
  public static NormRegion of(double x, double y, double w, double h) {
    return new NormRegion(x, y, w, h);
  }

  /** Builds a region from a SwipeBench-style box {@code [x1, y1, x2, y2]}. */
  public static NormRegion fromCorners(double x1, double y1, double x2, double y2) {
    NormPoint.checkCoordinate("x1", x1);
    NormPoint.checkCoordinate("y1", y1);
    NormPoint.checkCoordinate("x2", x2);
    NormPoint.checkCoordinate("y2", y2);
    if (x2 <= x1) {
      throw SwipeException.invalidArgument("x2", "must be greater than x1 (" + x1 + "), was " + x2);
    }
    if (y2 <= y1) {
      throw SwipeException.invalidArgument("y2", "must be greater than y1 (" + y1 + "), was " + y2);
    }
    return new NormRegion(x1, y1, x2 - x1, y2 - y1);
  }

  /** The right edge. */
  public double x2() {
    return x + w;
  }

  /** The bottom edge. */
  public double y2() {
    return y + h;
  }

  /** The centre of the rectangle. */
  public NormPoint center() {
    return new NormPoint(x + w / 2, y + h / 2);
  }

  /** Whether the point lies inside or on the border. */
  public boolean contains(NormPoint p) {
    return p.x() >= x && p.x() <= x2() && p.y() >= y && p.y() <= y2();
  }

  /**
   * Whether the point lies strictly inside (not on the border), as SwipeBench's start rule asks.
   */
  public boolean containsStrictly(NormPoint p) {
    return p.x() > x && p.x() < x2() && p.y() > y && p.y() < y2();
  }

  /** Whether the two rectangles share any area. */
  public boolean intersects(NormRegion o) {
    return o.x < x2() && x < o.x2() && o.y < y2() && y < o.y2();
  }
}
