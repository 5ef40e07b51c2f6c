package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;

/**
 * Two fingers moving together: apart or together (zoom), round each other (rotate), side by side
 * across the screen (two-finger pan), or any mix. Press both, wait {@code holdBeforeMs}, move in
 * {@code steps} equal steps over {@code durationMs}, wait {@code holdAfterMs}, lift both.
 *
 * <p>The fingers sit on a line through their centre at {@code angleDeg} (0: side by side, 90: one
 * above the other), {@code startSpread} apart. Over the move the centre goes to {@code endCentre},
 * the spread to {@code endSpread} and the line turns by {@code rotateDeg}. Spreads are measured in
 * thousandths of the screen's width in every direction, so that a turn keeps the fingers' distance
 * on the glass of a tall screen: the device plans with its screen's shape ({@link #fingerAt(int,
 * double, double)}). The scale a pinch asks for, {@link #scale()}, is the same on every screen.
 *
 * <p>A non-zero hold after the move (the default) makes the lift carry no velocity, so the content
 * stops where the fingers left it instead of zooming on.
 *
 * @param centre where the fingers' midpoint starts
 * @param endCentre where it ends ({@code centre} for a pinch in place)
 * @param startSpread the fingers' distance at the start, {@link #MIN_SPREAD} to {@link #MAX_SPREAD}
 * @param endSpread the fingers' distance at the end, in the same range
 * @param angleDeg the direction of the line through the fingers at the start, -180 to 180
 * @param rotateDeg how far that line turns over the move, -180 to 180 (positive: clockwise on the
 *     screen)
 * @param durationMs time of the move phase, 1..60000 ms
 * @param steps number of move reports, 1..1000
 * @param holdBeforeMs pause after pressing, 0..60000 ms
 * @param holdAfterMs dwell at the end before lifting, 0..60000 ms
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record Pinch(
    NormPoint centre,
    NormPoint endCentre,
    double startSpread,
    double endSpread,
    double angleDeg,
    double rotateDeg,
    int durationMs,
    int steps,
    int holdBeforeMs,
    int holdAfterMs)
    implements Gesture {
  /**
   * The closest two fingers may start or end: closer contacts merge into one on many digitizers,
   * and no finger is that thin.
   */
  public static final double MIN_SPREAD = 40;

  /** The farthest apart two fingers can be in normalized space (the screen's diagonal). */
  public static final double MAX_SPREAD = 1414;

  /** Default move duration. */
  public static final int DEFAULT_DURATION_MS = 600;

  /** Default number of move steps. */
  public static final int DEFAULT_STEPS = 30;

  /** Default pause after pressing: both fingers rest before they move. */
  public static final int DEFAULT_HOLD_BEFORE_MS = 80;

  /** Default dwell before lifting: long enough that the lift carries no velocity. */
  public static final int DEFAULT_HOLD_AFTER_MS = 120;

  /** The wider spread {@link #zoom} uses where it fits: fingers 60% of the width apart. */
  static final double WIDE_SPREAD = 600;

  /** The spread {@link #rotate} and {@link #pan} use. */
  static final double PAN_SPREAD = 200;

  /**
   * How far past an edge a finger may be computed and still count as on it: a spread as wide as the
   * room beside the centre ({@link #zoom}) lands on the edge give or take rounding.
   */
  private static final double ROUNDING = 1e-6;

  /** The largest zoom (or its inverse) one pinch asks for. */
  public static final double MAX_SCALE = 10;

  /**
   * Validates every field, including that both fingers stay on a square screen all the way (on a
   * screen taller than wide they stay closer to the centre vertically, so on it too).
   */
  public Pinch {
    Limits.point("centre", centre);
    Limits.point("end_centre", endCentre);
    spread("start_spread", startSpread);
    spread("end_spread", endSpread);
    if (!(angleDeg >= -180 && angleDeg <= 180)) {
      throw SwipeException.invalidArgument("angle_deg", "must be in [-180, 180], was " + angleDeg);
    }
    if (!(rotateDeg >= -180 && rotateDeg <= 180)) {
      throw SwipeException.invalidArgument(
          "rotate_deg", "must be in [-180, 180], was " + rotateDeg);
    }
    Limits.millis("duration_ms", durationMs, 1);
    Limits.steps("steps", steps, 1);
    Limits.millis("hold_before_ms", holdBeforeMs, 0);
    Limits.millis("hold_after_ms", holdAfterMs, 0);
    for (int i = 0; i <= steps; i++) {
      double t = (double) i / steps;
      for (int finger = 0; finger < 2; finger++) {
        double[] p =
            fingerAt(centre, endCentre, startSpread, endSpread, angleDeg, rotateDeg, finger, t, 1);
        if (!(p[0] >= -ROUNDING
            && p[0] <= NormPoint.MAX + ROUNDING
            && p[1] >= -ROUNDING
            && p[1] <= NormPoint.MAX + ROUNDING)) {
          throw SwipeException.invalidArgument(
              "spread",
              "finger "
                  + finger
                  + " would leave the screen at "
                  + Math.round(p[0])
                  + ","
                  + Math.round(p[1])
                  + (i == 0 ? " at the start" : i == steps ? " at the end" : " while moving")
                  + "; bring the centre inward or the spread down");
        }
      }
    }
  }

  private static void spread(String field, double value) {
    if (!(value >= MIN_SPREAD && value <= MAX_SPREAD)) {
      throw SwipeException.invalidArgument(
          field, "must be in [" + MIN_SPREAD + ", " + MAX_SPREAD + "], was " + value);
    }
  }

  /**
   * A pinch in place about {@code centre} that zooms the content by {@code scale} (above 1 apart,
   * below 1 together), with the fingers side by side and the wider spread as wide as fits.
   *
   * @throws SwipeException {@code invalid_argument} for a scale outside [1/{@link #MAX_SCALE},
   *     {@link #MAX_SCALE}] or one the screen has no room for at that centre
   */
  public static Pinch zoom(NormPoint centre, double scale) {
    Limits.point("centre", centre);
    if (!(scale >= 1 / MAX_SCALE && scale <= MAX_SCALE)) {
      throw SwipeException.invalidArgument(
          "scale", "must be in [" + 1 / MAX_SCALE + ", " + MAX_SCALE + "], was " + scale);
    }
    double room = 2 * Math.min(centre.x(), NormPoint.MAX - centre.x());
    double wide = Math.min(WIDE_SPREAD, room);
    double narrow = wide / Math.max(scale, 1 / scale);
    if (narrow < MIN_SPREAD) {
      throw SwipeException.invalidArgument(
          "scale",
          "a pinch by "
              + scale
              + " needs the fingers "
              + Math.round(narrow)
              + " apart at one end, under the "
              + MIN_SPREAD
              + " two fingers need; zoom in several pinches or move the centre inward");
    }
    return scale >= 1
        ? builder(centre).spread(narrow, wide).build()
        : builder(centre).spread(wide, narrow).build();
  }

  /** Two fingers turning by {@code degrees} (positive: clockwise) about {@code centre}. */
  public static Pinch rotate(NormPoint centre, double degrees) {
    return builder(centre).spread(PAN_SPREAD, PAN_SPREAD).rotateDeg(degrees).build();
  }

  /** Two fingers side by side moving from {@code from} to {@code to}, their spread unchanged. */
  public static Pinch pan(NormPoint from, NormPoint to) {
    return builder(from).endCentre(to).spread(PAN_SPREAD, PAN_SPREAD).build();
  }

  /** A builder starting at {@code centre}: in place, fingers side by side, 200 apart, no change. */
  public static Builder builder(NormPoint centre) {
    return new Builder(centre);
  }

  @Override
  public String kind() {
    return "pinch";
  }

  /** The zoom the fingers ask for: the end spread over the start spread. */
  public double scale() {
    return endSpread / startSpread;
  }

  /**
   * Where {@code finger} (0 or 1) is at fraction {@code t} (0 to 1) of the move on a square screen:
   * {@link #fingerAt(int, double, double)} with aspect 1.
   */
  public NormPoint fingerAt(int finger, double t) {
    return fingerAt(finger, t, 1);
  }

  /**
   * Where {@code finger} (0 or 1) is at fraction {@code t} (0 to 1) of the move on a screen {@code
   * aspect} times as tall as it is wide (height over width in pixels): the fingers' offset from the
   * centre, in thousandths of the width, is turned into normalized units of each axis. Clamped to
   * the screen.
   */
  public NormPoint fingerAt(int finger, double t, double aspect) {
    if (finger != 0 && finger != 1) {
      throw SwipeException.invalidArgument("finger", "must be 0 or 1, was " + finger);
    }
    if (!(aspect > 0) || Double.isInfinite(aspect)) {
      throw SwipeException.invalidArgument("aspect", "must be positive, was " + aspect);
    }
    double clamped = Math.max(0, Math.min(1, t));
    double[] p =
        fingerAt(
            centre,
            endCentre,
            startSpread,
            endSpread,
            angleDeg,
            rotateDeg,
            finger,
            clamped,
            aspect);
    return NormPoint.of(
        Math.max(0, Math.min(NormPoint.MAX, p[0])), Math.max(0, Math.min(NormPoint.MAX, p[1])));
  }

  private static double[] fingerAt(
      NormPoint centre,
      NormPoint endCentre,
      double startSpread,
      double endSpread,
      double angleDeg,
      double rotateDeg,
      int finger,
      double t,
      double aspect) {
    double cx = centre.x() + (endCentre.x() - centre.x()) * t;
    double cy = centre.y() + (endCentre.y() - centre.y()) * t;
    double half = (startSpread + (endSpread - startSpread) * t) / 2;
    double a = Math.toRadians(angleDeg + rotateDeg * t);
    double sign = finger == 0 ? -1 : 1;
    return new double[] {cx + sign * half * Math.cos(a), cy + sign * half * Math.sin(a) / aspect};
  }

  /**
   * Builds a {@link Pinch}; validation happens in {@link #build()}. A value builder: setting a
   * field again replaces it (the last value wins).
   */
  public static final class Builder {
    private final NormPoint centre;
    private NormPoint endCentre;
    private double startSpread = PAN_SPREAD;
    private double endSpread = PAN_SPREAD;
    private double angleDeg;
    private double rotateDeg;
    private int durationMs = DEFAULT_DURATION_MS;
    private int steps = DEFAULT_STEPS;
    private int holdBeforeMs = DEFAULT_HOLD_BEFORE_MS;
    private int holdAfterMs = DEFAULT_HOLD_AFTER_MS;

    private Builder(NormPoint centre) {
      this.centre = Limits.point("centre", centre);
      this.endCentre = centre;
    }

    /** Where the fingers' midpoint ends (a two-finger pan); default the start. */
    public Builder endCentre(NormPoint endCentre) {
      this.endCentre = Limits.point("end_centre", endCentre);
      return this;
    }

    /** The fingers' distance at the start and at the end. */
    public Builder spread(double start, double end) {
      this.startSpread = start;
      this.endSpread = end;
      return this;
    }

    /** The direction of the line through the fingers at the start; default 0 (side by side). */
    public Builder angleDeg(double angleDeg) {
      this.angleDeg = angleDeg;
      return this;
    }

    /** How far the line through the fingers turns (positive: clockwise); default 0. */
    public Builder rotateDeg(double rotateDeg) {
      this.rotateDeg = rotateDeg;
      return this;
    }

    /** Move duration in milliseconds. */
    public Builder durationMs(int durationMs) {
      this.durationMs = durationMs;
      return this;
    }

    /** Number of move reports. */
    public Builder steps(int steps) {
      this.steps = steps;
      return this;
    }

    /** Pause after pressing, in milliseconds. */
    public Builder holdBeforeMs(int holdBeforeMs) {
      this.holdBeforeMs = holdBeforeMs;
      return this;
    }

    /** Dwell before lifting, in milliseconds. */
    public Builder holdAfterMs(int holdAfterMs) {
      this.holdAfterMs = holdAfterMs;
      return this;
    }

    /** Validates and builds. */
    public Pinch build() {
      return new Pinch(
          centre,
          endCentre,
          startSpread,
          endSpread,
          angleDeg,
          rotateDeg,
          durationMs,
          steps,
          holdBeforeMs,
          holdAfterMs);
    }
  }
}
