package dev.swipe.sim.internal;

/**
 * One finger contact from down to up, in layout pixels: where it went down, where it is, whether it
 * left the touch slop (after which it is a drag, never a tap), and its velocity samples.
 */
final class Touch {
  final long downTime;
  final double downX;
  final double downY;
  final double slop;

  /** False for a Flutter mouse: pointer drags do not scroll, clicks still tap. */
  final boolean canScroll;

  double x;
  double y;
  long time;
  boolean dragging;

  /** Position when the slop was crossed. */
  double slopX;

  double slopY;
  final VelocityTracker velocity = new VelocityTracker();

  Touch(long t, double x, double y, double slop, boolean canScroll) {
    this.downTime = t;
    this.downX = x;
    this.downY = y;
    this.x = x;
    this.y = y;
    this.time = t;
    this.slop = slop;
    this.canScroll = canScroll;
    velocity.add(t, x, y);
  }

  /** Records a move; returns true when this move is the one that crossed the slop. */
  boolean moveTo(long t, double nx, double ny) {
    x = nx;
    y = ny;
    time = t;
    velocity.add(t, nx, ny);
    if (!dragging && Math.hypot(nx - downX, ny - downY) > slop) {
      dragging = true;
      slopX = nx;
      slopY = ny;
      return true;
    }
    return false;
  }

  /** Whether the finger is still within the slop of where it went down. */
  boolean withinSlop() {
    return !dragging;
  }

  /** Velocity in layout pixels per second for a lift at {@code t}. */
  double[] velocityAt(long t) {
    return velocity.velocity(t);
  }
}
