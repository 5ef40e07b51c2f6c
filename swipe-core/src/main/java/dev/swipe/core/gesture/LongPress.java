package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;

/**
 * A touch held in place long enough to trigger the platform's long-press action.
 *
 * @param at where to press
 * @param holdMs how long the finger stays down, 1..60000 ms (default 800: above Android's 400 ms
 *     and iOS's 500 ms thresholds with margin)
 */
@Api(status = Api.Status.STABLE)
public record LongPress(NormPoint at, int holdMs) implements Gesture {
  /** The default hold. */
  public static final int DEFAULT_HOLD_MS = 800;

  /** Validates the point and the hold. */
  public LongPress {
    Limits.point("at", at);
    Limits.millis("hold_ms", holdMs, 1);
  }

  /** A long press with the default hold. */
  public static LongPress at(NormPoint at) {
    return new LongPress(at, DEFAULT_HOLD_MS);
  }

  @Override
  public String kind() {
    return "long_press";
  }
}
