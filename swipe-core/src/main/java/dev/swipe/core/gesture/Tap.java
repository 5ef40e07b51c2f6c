package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;

/**
 * A short touch at one point. Never aim a tap at a picker's selected row: many pickers open an
 * editor for it (use {@code wheel_nudge} instead).
 *
 * @param at where to touch
 * @param holdMs how long the finger stays down, 1..60000 ms (default 60)
 */
@Api(status = Api.Status.STABLE)
public record Tap(NormPoint at, int holdMs) implements Gesture {
  /** Long enough for every platform to register a press, short enough never to be a long press. */
  public static final int DEFAULT_HOLD_MS = 60;

  /** Validates the point and the hold. */
  public Tap {
    Limits.point("at", at);
    Limits.millis("hold_ms", holdMs, 1);
  }

  /** A tap with the default hold. */
  public static Tap at(NormPoint at) {
    return new Tap(at, DEFAULT_HOLD_MS);
  }

  @Override
  public String kind() {
    return "tap";
  }
}
