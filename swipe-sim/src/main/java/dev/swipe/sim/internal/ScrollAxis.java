package dev.swipe.sim.internal;

/**
 * One scrollable axis (a list's y, a map's x or y): the content offset in layout pixels within
 * [min, max], dragged by the finger and flung on release with the platform's physics. Android and
 * Flutter clamp the offset at the edges; past an edge Android 12+ stretches the content (pulled, or
 * absorbing a fling that hits the edge) and springs it back, or with {@code overscroll=glow} draws
 * a glow over still content. iOS follows the finger past an edge with a 0.55 rubber band and
 * bounces back on a critically damped spring.
 */
final class ScrollAxis {
  /**
   * AOSP EdgeEffect ON_ABSORB_VELOCITY_ADJUSTMENT: a fling's velocity at the edge, scaled, starts
   * the stretch.
   */
  static final double ON_ABSORB_VELOCITY_ADJUSTMENT = 13.0;

  /** AOSP EdgeEffect LINEAR_STRETCH_INTENSITY and EXP_STRETCH_INTENSITY. */
  static final double STRETCH_INTENSITY = 0.016;

  /** AOSP EdgeEffect SCROLL_DIST_AFFECTED_BY_EXP_STRETCH. */
  static final double SCROLL_DIST_AFFECTED_BY_EXP_STRETCH = 0.33;

  private final DeviceProfile profile;
  private final AndroidSpline spline;
  private final double viewport;
  private double min;
  private double max;
  private Motion motion = Motion.still(0);
  private double anchorOffset;
  private double anchorFinger;
  private boolean caught;

  /**
   * Android 12 stretch: the stretch distance in pixels (EdgeEffect's mDistance times the height)
   * and its edge.
   */
  private Motion stretch = Motion.still(0);

  private int stretchSide;
  private double pullBase;

  /** Android edge effect: how far the finger pulled past an edge (signed), and its fade-out. */
  private boolean dragging;

  private double pull;
  private double releasedPull;
  private long releasedAt = Long.MIN_VALUE / 2;

  private final boolean edgeEffect;

  /** An axis with an edge effect (a list). */
  ScrollAxis(DeviceProfile profile, double viewport, double min, double max) {
    this(profile, viewport, min, max, true);
  }

  /** An axis with or without an edge effect (a map or pager draws none). */
  ScrollAxis(DeviceProfile profile, double viewport, double min, double max, boolean edgeEffect) {
    this.edgeEffect = edgeEffect;
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
    return motion.moving(t) || stretch.moving(t);
  }

  private boolean stretchMode() {
    return edgeEffect && !profile.ios() && profile.stretch();
  }

  /**
   * How much the content is stretched at {@code t}, as a fraction of the viewport: 0 at rest,
   * negative at the start edge, positive at the end edge (EdgeEffect.dampStretchVector of the
   * stretch distance).
   */
  double stretchFraction(long t) {
    double d = Math.min(1, stretch.at(t) / viewport);
    if (d <= 0) {
      return 0;
    }
    double exp =
        STRETCH_INTENSITY * (1 - Math.exp(-d * Math.E / SCROLL_DIST_AFFECTED_BY_EXP_STRETCH));
    return stretchSide * (STRETCH_INTENSITY * d + exp);
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
    caught = motion.moving(t) || stretch.moving(t);
    motion = Motion.still(motion.at(t));
    // RecyclerView catches a receding stretch under the finger and keeps it.
    stretch = Motion.still(stretch.at(t));
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
    pullBase = stretchMode() ? stretchSide * stretch.at(t) : 0;
  }

  /** The finger moved to {@code finger} (position on this axis). */
  void dragTo(double finger) {
    double raw = anchorOffset + pullBase - (finger - anchorFinger);
    double shown;
    if (profile.ios()) {
      shown = rubberBand(raw, min, max, viewport);
    } else {
      shown = Math.max(min, Math.min(max, raw));
      pull = raw - shown;
      if (stretchMode()) {
        // EdgeEffect.onPullDistance: the pull past the edge, as a fraction of the height, capped at
        // 1.
        stretchSide = pull > 0 ? 1 : -1;
        stretch = Motion.still(Math.min(viewport, Math.abs(pull)));
      }
    }
    motion = Motion.still(shown);
  }

  /**
   * The finger lifted with {@code fingerVelocity} (pixels per second on this axis); {@code speed}
   * is the 2-D speed for Android's spline (it flings along the velocity direction).
   */
  void release(long t, double fingerVelocity, double speed) {
    if (dragging) {
      releasedPull = pull;
      releasedAt = t;
    }
    dragging = false;
    double pos = motion.at(t);
    double v = -fingerVelocity;
    if (stretchMode() && stretch.at(t) > 0) {
      // EdgeEffect.onRelease: the stretch springs back; a fling towards the edge is absorbed.
      stretch = Motion.EdgeSpring.of(t, stretch.at(t), 0, viewport);
      if (Math.signum(v) == stretchSide) {
        v = 0;
      }
    }
    pull = 0;
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
    if (profile.platform() == dev.swipe.sim.SimConfig.Platform.FLUTTER) {
      Motion.FlutterFling fling = new Motion.FlutterFling(pos, t, v, profile.density(), min, max);
      motion = fling;
      absorb(fling.end(), fling.target(), () -> Math.abs(fling.velocityAt(fling.end())));
      return;
    }
    double distance = spline.distance(speed) * v / speed;
    long duration = spline.durationNanos(speed);
    Motion.SplineFling fling = new Motion.SplineFling(pos, t, distance, duration, min, max);
    motion = fling;
    long hit = fling.end();
    absorb(
        hit,
        pos + distance,
        () ->
            Math.abs(distance)
                * AndroidSpline.slope((double) (hit - t) / duration)
                / (duration / 1e9));
  }

  /**
   * A fling that ends past an edge hits it at {@code hit}: under the stretch, EdgeEffect.onAbsorb
   * starts the spring with the scroller's velocity there.
   */
  private void absorb(long hit, double target, java.util.function.DoubleSupplier edgeSpeed) {
    if (!stretchMode() || (target >= min && target <= max)) {
      return;
    }
    stretchSide = target > max ? 1 : -1;
    double v = edgeSpeed.getAsDouble() * ON_ABSORB_VELOCITY_ADJUSTMENT;
    stretch = Motion.still(0).then(hit, Motion.EdgeSpring.of(hit, 0, v, viewport));
  }

  private Motion iosRelease(long t, double pos, double v) {
    if (pos < min || pos > max) {
      double edge = pos < min ? min : max;
      // Released while rubber-banding: the content goes straight back (the band ate the velocity).
      return bounce(edge, t, pos - edge, 0);
    }
    double r = DeviceProfile.IOS_DECELERATION;
    double total = v / 1000.0 * r / (1 - r);
    Motion.Decay decay = new Motion.Decay(pos, t, total, r, profile.iosStopPx());
    double target = pos + total;
    if (target > max || target < min) {
      double edge = target > max ? max : min;
      long hit = decay.reaches(edge);
      if (hit == Long.MAX_VALUE) {
        return Motion.still(pos);
      }
      double edgeVelocity = decay.velocityAt(hit);
      return decay.then(hit, bounce(edge, hit, 0, edgeVelocity));
    }
    return decay;
  }

  /** iOS's bounce: a critically damped spring to the edge, at rest within half a pixel. */
  private Motion bounce(double edge, long t, double x0, double v0) {
    return new Motion.Spring(edge, t, x0, v0, profile.bounceOmega(), 0.5);
  }

  /**
   * Android's edge glow at {@code t}: 0 (none) to 1, negative at the start edge, positive at the
   * end edge. It grows with the pull past the edge (saturating at 1) and, like EdgeEffect's recede,
   * fades from the value shown at release to 0 over {@link #GLOW_RECEDE_NANOS} with a decelerating
   * curve, starting at once; it never moves content.
   */
  double edgeGlow(long t) {
    if (stretchMode()) {
      return 0;
    }
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
    return !stretchMode() && !dragging && releasedPull != 0 && t < releasedAt + GLOW_RECEDE_NANOS;
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
    double band =
        (1.0 - 1.0 / (excess * DeviceProfile.IOS_RUBBER_BAND / dimension + 1.0)) * dimension;
    return raw < min ? edge - band : edge + band;
  }
}
