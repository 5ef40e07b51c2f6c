package dev.swipe.sim.internal;

/**
 * A canvas larger or smaller than its view that one finger pans and two fingers zoom about their
 * centroid: the canvas point under the centroid when a pinch began stays under the centroid as it
 * moves, the zoom follows the fingers' spread, and the pan follows the centroid. The zoom stays
 * within its limits: stopped there, or (a rubber band) pulled past them against growing resistance
 * and sprung back once the fingers lift. A view that turns follows the fingers' twist too, once it
 * passes {@link #TWIST_DEAD_ZONE} (less is taken for a shaky zoom, as Maps apps do). The axes count
 * offsets in pixels of the zoomed and turned canvas, so a pan or fling after a zoom or turn moves
 * with the finger as before; a canvas smaller than the view is centred in it.
 */
final class ZoomView {
  /** How hard a rubber band resists: the zoom past a limit is raised to this power. */
  private static final double RUBBER_BAND = 0.3;

  /** How far past its lower limit a rubber band lets the zoom go at most. */
  private static final double RUBBER_FLOOR = 0.8;

  /** How long the spring back to a limit takes after the fingers lift. */
  static final long SPRING_BACK_NANOS = 300_000_000L;

  /** The twist of the fingers, in radians, that a turning view ignores. */
  static final double TWIST_DEAD_ZONE = Math.toRadians(6);

  final ScrollAxis x;
  final ScrollAxis y;
  private final double canvasW;
  private final double canvasH;
  private final double viewW;
  private final double viewH;
  private final double minZoom;
  private final double maxZoom;
  private final boolean rubberBand;
  private final boolean turns;
  private double zoom = 1;

  /** How far the view is turned, in radians clockwise on the screen. */
  private double bearing;

  private double pinchBearing;
  private double lastAngle;
  private double twist;
  private boolean pinching;
  private double pinchZoom;
  private double pinchSpread;
  private double anchorX;
  private double anchorY;
  private double centreX;
  private double centreY;
  private long springStart = Long.MIN_VALUE;
  private double springFrom;
  private double springTo;

  /**
   * A canvas of {@code canvasW x canvasH} layout pixels at zoom 1 in a view of {@code viewW x
   * viewH}, zoomed between {@code minZoom} and {@code maxZoom}, with a rubber band past them or
   * not, turned by the fingers' twist or not.
   */
  ZoomView(
      DeviceProfile profile,
      double canvasW,
      double canvasH,
      double viewW,
      double viewH,
      double minZoom,
      double maxZoom,
      boolean rubberBand,
      boolean turns) {
    this.canvasW = canvasW;
    this.canvasH = canvasH;
    this.viewW = viewW;
    this.viewH = viewH;
    this.minZoom = minZoom;
    this.maxZoom = maxZoom;
    this.rubberBand = rubberBand;
    this.turns = turns;
    this.x = new ScrollAxis(profile, viewW, 0, Math.max(0, canvasW - viewW), false);
    this.y = new ScrollAxis(profile, viewH, 0, Math.max(0, canvasH - viewH), false);
  }

  /** Whether a pinch is under way. */
  boolean pinching() {
    return pinching;
  }

  /**
   * Two fingers at {@code cx, cy} (view pixels) {@code spread} apart, the first of them at {@code
   * angle} (radians, clockwise on the screen) from their centroid; a pinch that begins outside the
   * view ({@code inside} false) is ignored to its end.
   */
  void pinch(
      Scene.PinchPhase phase,
      long t,
      double cx,
      double cy,
      double spread,
      double angle,
      boolean inside) {
    if (phase == Scene.PinchPhase.BEGIN) {
      settle(t);
      x.touchDown(t);
      y.touchDown(t);
      double[] v = view(t);
      pinching = inside && spread > 0;
      pinchZoom = zoom;
      pinchSpread = spread;
      pinchBearing = bearing;
      lastAngle = angle;
      twist = 0;
      double[] a = turned(-bearing, (v[0] + cx) / zoom, (v[1] + cy) / zoom);
      anchorX = a[0];
      anchorY = a[1];
    }
    if (!pinching) {
      return;
    }
    centreX = cx;
    centreY = cy;
    // the twist so far, unwrapped across a half turn
    twist += Math.IEEEremainder(angle - lastAngle, 2 * Math.PI);
    lastAngle = angle;
    if (turns) {
      double past = Math.max(0, Math.abs(twist) - TWIST_DEAD_ZONE);
      bearing = Math.IEEEremainder(pinchBearing + Math.copySign(past, twist), 2 * Math.PI);
    }
    if (phase != Scene.PinchPhase.END) {
      zoomTo(bounded(pinchZoom * spread / pinchSpread));
      return;
    }
    pinching = false;
    double limit = Math.max(minZoom, Math.min(maxZoom, zoom));
    if (limit != zoom) {
      springStart = t;
      springFrom = zoom;
      springTo = limit;
    }
  }

  /** The zoom the fingers ask for, as the limits let it. */
  private double bounded(double asked) {
    if (!rubberBand) {
      return Math.max(minZoom, Math.min(maxZoom, asked));
    }
    if (asked > maxZoom) {
      return maxZoom * Math.pow(asked / maxZoom, RUBBER_BAND);
    }
    if (asked < minZoom) {
      return Math.max(minZoom * RUBBER_FLOOR, minZoom * Math.pow(asked / minZoom, RUBBER_BAND));
    }
    return asked;
  }

  /** Shows the canvas at {@code z} with the anchor under the latest centroid. */
  private void zoomTo(double z) {
    zoom = z;
    double[] box = box(z);
    double[] o = anchored(z);
    x.reset(box[0], box[2] - viewW, o[0]);
    y.reset(box[1], box[3] - viewH, o[1]);
  }

  /** The view's offsets that put the anchor under the latest centroid at zoom {@code z}. */
  private double[] anchored(double z) {
    double[] a = turned(bearing, anchorX * z, anchorY * z);
    return new double[] {a[0] - centreX, a[1] - centreY};
  }

  /** The bounds (left, top, right, bottom) of the canvas zoomed by {@code z} and turned. */
  private double[] box(double z) {
    double[] out = {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
    for (double[] corner :
        new double[][] {{0, 0}, {canvasW, 0}, {0, canvasH}, {canvasW, canvasH}}) {
      double[] c = turned(bearing, corner[0] * z, corner[1] * z);
      out[0] = Math.min(out[0], c[0]);
      out[1] = Math.min(out[1], c[1]);
      out[2] = Math.max(out[2], c[0]);
      out[3] = Math.max(out[3], c[1]);
    }
    return out;
  }

  /** {@code px, py} turned by {@code angle} (radians, clockwise on the screen) about the origin. */
  static double[] turned(double angle, double px, double py) {
    double c = Math.cos(angle);
    double s = Math.sin(angle);
    return new double[] {c * px - s * py, s * px + c * py};
  }

  /** The zoom at {@code t}: springing back to a limit for a moment after a pinch past it. */
  private double zoomAt(long t) {
    if (springStart == Long.MIN_VALUE) {
      return zoom;
    }
    double p = Math.min(1, (t - springStart) / (double) SPRING_BACK_NANOS);
    double eased = 1 - Math.pow(1 - p, 3);
    return springFrom + (springTo - springFrom) * eased;
  }

  /** Ends a spring back that is over by {@code t}, or cuts it short there (a finger came down). */
  void settle(long t) {
    if (springStart != Long.MIN_VALUE) {
      double z = zoomAt(t);
      springStart = Long.MIN_VALUE;
      zoomTo(z);
    }
  }

  /** Time passes to {@code to}. */
  void advance(long to) {
    if (springStart != Long.MIN_VALUE && to - springStart >= SPRING_BACK_NANOS) {
      settle(to);
    }
  }

  /**
   * The view's top-left in zoomed and turned canvas pixels at {@code t} (before the canvas's bounds
   * where the canvas is smaller than the view and centred in it), the zoom, and the bearing
   * (radians, clockwise on the screen).
   */
  double[] view(long t) {
    double z = zoomAt(t);
    double[] box = box(z);
    if (springStart == Long.MIN_VALUE) {
      // the axes' own offsets: past an edge while iOS rubber-bands a pan
      return new double[] {
        place(x.at(t), box[0], box[2], viewW, false),
        place(y.at(t), box[1], box[3], viewH, false),
        z,
        bearing
      };
    }
    double[] o = anchored(z);
    return new double[] {
      place(o[0], box[0], box[2], viewW, true), place(o[1], box[1], box[3], viewH, true), z, bearing
    };
  }

  /**
   * The centring offset where the canvas (from {@code lo} to {@code hi}) is smaller than the view;
   * else {@code offset}, kept within the canvas when {@code clamp}.
   */
  private static double place(double offset, double lo, double hi, double view, boolean clamp) {
    if (hi - lo <= view) {
      return lo + (hi - lo - view) / 2;
    }
    return clamp ? Math.max(lo, Math.min(hi - view, offset)) : offset;
  }

  /** A finger went down on the canvas: a running fling or spring back stops where it is. */
  void grab(long t) {
    settle(t);
    x.touchDown(t);
    y.touchDown(t);
  }

  /** One finger moved the canvas; {@code crossedSlop} on the move that made it a drag. */
  void drag(Touch touch, boolean crossedSlop) {
    if (!touch.dragging) {
      return;
    }
    if (crossedSlop) {
      double dist = Math.hypot(touch.slopX - touch.downX, touch.slopY - touch.downY);
      x.beginDrag(touch.time, touch.downX + touch.slop * (touch.slopX - touch.downX) / dist);
      y.beginDrag(touch.time, touch.downY + touch.slop * (touch.slopY - touch.downY) / dist);
    }
    x.dragTo(touch.x);
    y.dragTo(touch.y);
  }

  /**
   * The finger lifted with velocity {@code vx, vy}: each axis flings on its own (AOSP's
   * OverScroller runs one SplineOverScroller per axis), a finger that never dragged not at all.
   */
  void fling(Touch touch, double vx, double vy) {
    x.release(touch.time, touch.dragging ? vx : 0, touch.dragging ? Math.abs(vx) : 0);
    y.release(touch.time, touch.dragging ? vy : 0, touch.dragging ? Math.abs(vy) : 0);
  }

  /** The canvas point (at zoom 1) under the view's top-left corner, at {@code t}. */
  double[] canvasCorner(long t) {
    double[] v = view(t);
    return turned(-v[3], v[0] / v[2], v[1] / v[2]);
  }

  /** The canvas point (at zoom 1) under the view point {@code vx, vy}, at {@code t}. */
  double[] canvasAt(long t, double vx, double vy) {
    double[] v = view(t);
    return turned(-v[3], (v[0] + vx) / v[2], (v[1] + vy) / v[2]);
  }

  /** How far the view is turned at {@code t}, in degrees clockwise on the screen. */
  double bearingDegrees(long t) {
    return Math.toDegrees(view(t)[3]);
  }

  /** The zoom at {@code t}. */
  double zoom(long t) {
    return zoomAt(t);
  }

  /** Whether the zoom or the pan still moves at {@code t}. */
  boolean animating(long t) {
    return x.moving(t)
        || y.moving(t)
        || (springStart != Long.MIN_VALUE && t - springStart < SPRING_BACK_NANOS);
  }
}
