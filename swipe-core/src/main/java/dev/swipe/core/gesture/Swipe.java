package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;

/**
 * A straight finger move: press at {@code start}, wait {@code holdBeforeMs}, move to {@code end} in
 * {@code steps} equal steps over {@code durationMs}, wait {@code holdAfterMs}, release.
 *
 * <p>Defaults follow the {@code touch_gesture} tool: 700 ms, 24 steps, hold before 80 ms, hold
 * after 0 ms. A non-zero hold after the move makes the release carry no velocity, so the content
 * does not fling.
 *
 * @param start where the finger goes down
 * @param end where the finger ends
 * @param durationMs time of the move phase, 1..60000 ms
 * @param steps number of move reports, 1..1000
 * @param holdBeforeMs pause after pressing, before moving, 0..60000 ms
 * @param holdAfterMs dwell at {@code end} before releasing, 0..60000 ms
 * @param shape easing, slow tail and dwell samples (default {@link GestureShape#LINEAR})
 */
@Api(status = Api.Status.STABLE)
public record Swipe(
    NormPoint start,
    NormPoint end,
    int durationMs,
    int steps,
    int holdBeforeMs,
    int holdAfterMs,
    GestureShape shape)
    implements Gesture {
  /** Default move duration. */
  public static final int DEFAULT_DURATION_MS = 700;

  /** Default number of move steps. */
  public static final int DEFAULT_STEPS = 24;

  /** Default pause after pressing. */
  public static final int DEFAULT_HOLD_BEFORE_MS = 80;

  /** Default dwell before releasing. */
  public static final int DEFAULT_HOLD_AFTER_MS = 0;

  /** Validates every field; errors name the field as the agent tools spell it. */
  public Swipe {
    Limits.point("start", start);
    Limits.point("end", end);
    Limits.millis("duration_ms", durationMs, 1);
    Limits.steps("steps", steps, 1);
    Limits.millis("hold_before_ms", holdBeforeMs, 0);
    Limits.millis("hold_after_ms", holdAfterMs, 0);
    SwipeException.requireArgument(shape, "shape");
  }

  /** A builder with the required points up front and the defaults for everything else. */
  public static Builder builder(NormPoint start, NormPoint end) {
    return new Builder(start, end);
  }

  /** A swipe with all defaults. */
  public static Swipe of(NormPoint start, NormPoint end) {
    return builder(start, end).build();
  }

  @Override
  public String kind() {
    return "swipe";
  }

  /** The straight-line length in normalized units. */
  public double length() {
    return start.distanceTo(end);
  }

  /**
   * Builds a {@link Swipe}; validation happens in {@link #build()}. A value builder: setting a
   * field again replaces it (the last value wins).
   */
  public static final class Builder {
    private final NormPoint start;
    private final NormPoint end;
    private int durationMs = DEFAULT_DURATION_MS;
    private int steps = DEFAULT_STEPS;
    private int holdBeforeMs = DEFAULT_HOLD_BEFORE_MS;
    private int holdAfterMs = DEFAULT_HOLD_AFTER_MS;
    private GestureShape shape = GestureShape.LINEAR;

    private Builder(NormPoint start, NormPoint end) {
      this.start = Limits.point("start", start);
      this.end = Limits.point("end", end);
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

    /** Dwell before releasing, in milliseconds. */
    public Builder holdAfterMs(int holdAfterMs) {
      this.holdAfterMs = holdAfterMs;
      return this;
    }

    /** How the finger travels (easing, slow tail, dwell samples); default linear. */
    public Builder shape(GestureShape shape) {
      this.shape = SwipeException.requireArgument(shape, "shape");
      return this;
    }

    /** Validates and builds. */
    public Swipe build() {
      return new Swipe(start, end, durationMs, steps, holdBeforeMs, holdAfterMs, shape);
    }
  }
}
