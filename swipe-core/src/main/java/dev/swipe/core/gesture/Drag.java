package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;

/**
 * A finger move along a polyline of two or more points at constant speed, for reordering, drawing
 * or panning along a path. The finger visits every vertex exactly.
 *
 * <p>Unlike {@link Swipe}, a drag dwells 100 ms at the last point by default so the release carries
 * no velocity: a drag is meant to end where it is aimed, not to fling.
 *
 * @param path the points, in order (2..64)
 * @param durationMs time of the move phase, 1..60000 ms
 * @param steps total move reports, at least one per segment, at most 1000
 * @param holdBeforeMs pause after pressing, 0..60000 ms
 * @param holdAfterMs dwell at the last point before releasing, 0..60000 ms
 */
@Api(status = Api.Status.STABLE)
public record Drag(
    List<NormPoint> path, int durationMs, int steps, int holdBeforeMs, int holdAfterMs)
    implements Gesture {
  /** Most vertices a drag may have. */
  public static final int MAX_POINTS = 64;

  /** Default move duration. */
  public static final int DEFAULT_DURATION_MS = 1000;

  /** Default number of move steps. */
  public static final int DEFAULT_STEPS = 32;

  /** Default pause after pressing. */
  public static final int DEFAULT_HOLD_BEFORE_MS = 80;

  /** Default dwell before release: long enough that no platform computes a release velocity. */
  public static final int DEFAULT_HOLD_AFTER_MS = 100;

  /** Validates and copies the path. */
  public Drag {
    SwipeException.requireArgument(path, "path");
    if (path.size() < 2 || path.size() > MAX_POINTS) {
      throw SwipeException.invalidArgument(
          "path", "must have 2.." + MAX_POINTS + " points, had " + path.size());
    }
    for (int i = 0; i < path.size(); i++) {
      Limits.point("path[" + i + "]", path.get(i));
    }
    path = List.copyOf(path);
    Limits.millis("duration_ms", durationMs, 1);
    Limits.steps("steps", steps, path.size() - 1);
    Limits.millis("hold_before_ms", holdBeforeMs, 0);
    Limits.millis("hold_after_ms", holdAfterMs, 0);
  }

  /** A builder with the required first two points up front. */
  public static Builder builder(NormPoint first, NormPoint second) {
    return new Builder(first, second);
  }

  @Override
  public String kind() {
    return "drag";
  }

  /** Total path length in normalized units. */
  public double length() {
    double sum = 0;
    for (int i = 1; i < path.size(); i++) {
      sum += path.get(i - 1).distanceTo(path.get(i));
    }
    return sum;
  }

  /**
   * Builds a {@link Drag}. A value builder: setting a field again replaces it (the last value
   * wins).
   */
  public static final class Builder {
    private final List<NormPoint> path = new ArrayList<>();
    private int durationMs = DEFAULT_DURATION_MS;
    private int steps = DEFAULT_STEPS;
    private int holdBeforeMs = DEFAULT_HOLD_BEFORE_MS;
    private int holdAfterMs = DEFAULT_HOLD_AFTER_MS;

    private Builder(NormPoint first, NormPoint second) {
      path.add(Limits.point("path[0]", first));
      path.add(Limits.point("path[1]", second));
    }

    /** Appends a vertex. */
    public Builder then(NormPoint next) {
      path.add(Limits.point("path[" + path.size() + "]", next));
      return this;
    }

    /** Move duration in milliseconds. */
    public Builder durationMs(int durationMs) {
      this.durationMs = durationMs;
      return this;
    }

    /** Total number of move reports. */
    public Builder steps(int steps) {
      this.steps = steps;
      return this;
    }

    /** Pause after pressing, in milliseconds. */
    public Builder holdBeforeMs(int holdBeforeMs) {
      this.holdBeforeMs = holdBeforeMs;
      return this;
    }

    /** Dwell at the last point before releasing, in milliseconds. */
    public Builder holdAfterMs(int holdAfterMs) {
      this.holdAfterMs = holdAfterMs;
      return this;
    }

    /** Validates and builds. */
    public Drag build() {
      return new Drag(path, durationMs, steps, holdBeforeMs, holdAfterMs);
    }
  }
}
