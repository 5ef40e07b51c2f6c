package dev.swipe.agent.bench;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import java.util.Locale;

/**
 * SwipeBench's macro direction: the way the finger moves ({@code left} = from right to left), not
 * the content scroll direction.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public enum SwipeBenchDirection {
  /** The finger moves up. */
  UP,
  /** The finger moves down. */
  DOWN,
  /** The finger moves left. */
  LEFT,
  /** The finger moves right. */
  RIGHT;

  /** The wire name: up, down, left, right. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a wire name (exact, lower case); null when it is none of the four. */
  public static SwipeBenchDirection fromId(String id) {
    for (SwipeBenchDirection d : values()) {
      if (d.id().equals(id)) {
        return d;
      }
    }
    return null;
  }

  /**
   * The direction of a finger move from {@code start} to {@code end}: the dominant axis (ties:
   * vertical).
   */
  public static SwipeBenchDirection of(NormPoint start, NormPoint end) {
    double dx = end.x() - start.x();
    double dy = end.y() - start.y();
    if (Math.abs(dx) > Math.abs(dy)) {
      return dx < 0 ? LEFT : RIGHT;
    }
    return dy < 0 ? UP : DOWN;
  }
}
