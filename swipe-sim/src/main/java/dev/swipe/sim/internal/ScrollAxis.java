package dev.swipe.sim.internal;

/**
 * One scrollable axis (a list's y, a map's x or y): the content offset in layout pixels within
 * [min, max], dragged by the finger and flung on release with the platform's physics. Android and
 * Flutter clamp at the edges (content never moves past them); iOS follows the finger past an edge
 * with a 0.55 rubber band and springs back.
 */
final class ScrollAxis {
  static final double SPRING_OMEGA = 12.0;
  /** iOS's return to an edge after a bounce. */
  static final long BOUNCE_RETURN_NANOS = 450_000_000L;
  /** Slowest return speed in layout pixels per second (1.5 px per 30 fps frame at scale 0.5). */
  static final double BOUNCE_MIN_SPEED = 90.0;

  private final DeviceProfile profile;
  private final AndroidSpline spline;
  private final double viewport;
  private double min;
  private double max;
  private Motion motion = Motion.still(0);
  private double anchorOffset;
  private double anchorFinger;
  private boolean caught;
  /** Android edge effect: how far the finger pulled past an edge (signed), and its fade-out. */
  private boolean dragging;
  private double pull;
  private double releasedPull;
  private long releasedAt = Long.MIN_VALUE / 2;

  ScrollAxis(DeviceProfile profile, double viewport, double min, double max) {
    this.profile = profile;
    this.spline = new AndroidSpline(profile.density(), profile.friction());
    this.viewport = viewport;
    this.min = min;
    this.max = Math.max(min, max);
  }

  double at(long t) {
    return motion.at(t);
  }

  boolean moving(long t) {
    return motion.moving(t);
  }

  double min() {
    return min;
  }

  double max() {
    return max;
  }

  /** Sets new bounds and jumps to {@code offset} (clamped). */
  void reset(double newMin, double newMax, double offset) {
    min = newMin;
    max = Math.max(newMin, newMax);
    motion = Motion.still(Math.max(min, Math.min(max, offset)));
  }

  /** Replaces the motion (a scene's own settling, such as paging). */
  void animate(Motion m) {
    motion = m;
  }

  /** Jumps to {@code offset}, clamped. */
  void jump(double offset) {
    motion = Motion.still(Math.max(min, Math.min(max, offset)));
  }

  /** A finger went down: a running fling stops where it is ("caught"). */
  void touchDown(long t) {
    releasedPull = 0;
    caught = motion.moving(t);
    motion = Motion.still(motion.at(t));
  }

  /** Whether the last touch-down stopped a running animation (such a touch is no tap). */
  boolean caught() {
    return caught;
  }

  /**
   * The drag starts: the content follows the finger from here on, less the slop it took to start
   * (RecyclerView subtracts the touch slop from the first scroll).
   *
   * @param slopFinger the finger position on this axis where the drag counts from
   */
  void beginDrag(long t, double slopFinger) {
    anchorOffset = motion.at(t);
    anchorFinger = slopFinger;
    dragging = true;
    pull = 0;
  }

  /** The finger moved to {@code finger} (position on this axis). */
  void dragTo(double finger) {
    double raw = anchorOffset - (finger - anchorFinger);
    double shown;
    if (profile.ios()) {
      shown = rubberBand(raw, min, max, viewport);
    } else {
      shown = Math.max(min, Math.min(max, raw));
      pull = raw - shown;
    }
    motion = Motion.still(shown);
  }

  /**
   * The finger lifted with {@code fingerVelocity} (pixels per second on this axis);
   * {@code speed} is the 2-D speed for Android's spline (it flings along the velocity direction).
   */
  void release(long t, double fingerVelocity, double speed) {
    if (dragging) {
      releasedPull = pull;
      releasedAt = t;
    }
    dragging = false;
    pull = 0;
    double pos = motion.at(t);
    double v = -fingerVelocity;
    if (profile.ios()) {
      motion = iosRelease(t, pos, v);
      return;
    }
    if (speed < profile.minFlingPxPerS() || v == 0) {
      motion = Motion.still(pos);
      return;
    }
    if (speed > profile.maxFlingPxPerS()) {
      v *= profile.maxFlingPxPerS() / speed;
      speed = profile.maxFlingPxPerS();
    }
    double distance = spline.distance(speed) * v / speed;
    motion = new Motion.SplineFling(pos, t, distance, spline.durationNanos(speed), min, max);
  }

  private Motion iosRelease(long t, double pos, double v) {
    if (pos < min || pos > max) {
      double edge = pos < min ? min : max;
      // Released while rubber-banding: the content goes straight back (the band ate the velocity).
      return Motion.bounceBack(edge, t, pos - edge, 0, SPRING_OMEGA, BOUNCE_RETURN_NANOS, BOUNCE_MIN_SPEED);
    }
    double r = DeviceProfile.IOS_DECELERATION;
    double total = v / 1000.0 * r / (1 - r);
    Motion.Decay decay = new Motion.Decay(pos, t, total, r, 0.5);
    double target = pos + total;
    if (target > max || target < min) {
      double edge = target > max ? max : min;
      long hit = decay.reaches(edge);
      if (hit == Long.MAX_VALUE) {
        return Motion.still(pos);
      }
      double edgeVelocity = decay.velocityAt(hit);
      return decay.then(
          hit, Motion.bounceBack(edge, hit, 0, edgeVelocity, SPRING_OMEGA, BOUNCE_RETURN_NANOS, BOUNCE_MIN_SPEED));
    }
    return decay;
  }

  /**
   * Android's edge glow at {@code t}: 0 (none) to 1, negative at the start edge, positive at the
   * end edge. It grows with the pull past the edge (saturating at 1) and, like EdgeEffect's
   * recede, fades from the value shown at release to 0 over {@link #GLOW_RECEDE_NANOS} with a
   * decelerating curve, starting at once; it never moves content.
   */
  double edgeGlow(long t) {
    if (dragging) {
      return saturatedGlow(pull);
    }
    double x = Math.min(1, Math.max(0, (t - releasedAt) / (double) GLOW_RECEDE_NANOS));
    return saturatedGlow(releasedPull) * (1 - x) * (1 - x);
  }

  private double saturatedGlow(double p) {
    return Math.max(-1, Math.min(1, p / (viewport * 0.4)));
  }

  /** Whether the edge glow is still fading at {@code t}. */
  boolean glowing(long t) {
    return !dragging && releasedPull != 0 && t < releasedAt + GLOW_RECEDE_NANOS;
  }

  /** EdgeEffect's RECEDE_TIME. */
  static final long GLOW_RECEDE_NANOS = 600_000_000L;

  /** UIScrollView's rubber band: past an edge the content moves less the farther it is pulled. */
  static double rubberBand(double raw, double min, double max, double dimension) {
    if (raw >= min && raw <= max) {
      return raw;
    }
    double edge = raw < min ? min : max;
    double excess = Math.abs(raw - edge);
    double band = (1.0 - 1.0 / (excess * DeviceProfile.IOS_RUBBER_BAND / dimension + 1.0)) * dimension;
    return raw < min ? edge - band : edge + band;
  }
}
