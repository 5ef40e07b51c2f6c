package dev.swipe.wheel.internal;

/**
 * A normalized rectangle {@code {x, y, w, h}} (top-left corner plus size, as image_diff regions)
 * around a wheel column that is being worked; generic input aimed inside it is refused.
 *
 * @param x left edge
 * @param y top edge
 * @param w width (non-negative)
 * @param h height (non-negative)
 */
record WheelRegion(double x, double y, double w, double h) {

  /** True when the point lies inside or on the border. */
  public boolean contains(double px, double py) {
    return px >= x && px <= x + w && py >= y && py <= y + h;
  }

  /**
   * True when the segment from (x1, y1) to (x2, y2) touches the rectangle (Liang-Barsky clipping).
   * A swipe that merely passes over a wheel can still drag it, so the whole path counts, not only
   * its ends.
   */
  public boolean intersectsSegment(double x1, double y1, double x2, double y2) {
    double t0 = 0.0;
    double t1 = 1.0;
    double dx = x2 - x1;
    double dy = y2 - y1;
    double[] p = {-dx, dx, -dy, dy};
    double[] q = {x1 - x, x + w - x1, y1 - y, y + h - y1};
    for (int i = 0; i < 4; i++) {
      if (p[i] == 0.0) {
        if (q[i] < 0.0) {
          return false;
        }
      } else {
        double r = q[i] / p[i];
        if (p[i] < 0.0) {
          t0 = Math.max(t0, r);
        } else {
          t1 = Math.min(t1, r);
        }
        if (t0 > t1) {
          return false;
        }
      }
    }
    return true;
  }
}
