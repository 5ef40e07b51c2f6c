package dev.swipe.core.gesture;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;

/** Bounds that separate a plausible gesture from a typo; shared by every gesture's validation. */
final class Limits {
  /**
   * One minute: longer holds or moves are a mistake (a unit error, seconds vs ms), not a gesture.
   */
  static final int MAX_MS = 60_000;

  /** More steps than a HID link can carry in any sane duration. */
  static final int MAX_STEPS = 1_000;

  private Limits() {}

  static int millis(String field, int value, int min) {
    if (value < min || value > MAX_MS) {
      throw SwipeException.invalidArgument(
          field, "must be in [" + min + ", " + MAX_MS + "] milliseconds, was " + value);
    }
    return value;
  }

  static int steps(String field, int value, int min) {
    if (value < min || value > MAX_STEPS) {
      throw SwipeException.invalidArgument(
          field, "must be in [" + min + ", " + MAX_STEPS + "], was " + value);
    }
    return value;
  }

  static NormPoint point(String field, NormPoint p) {
    return SwipeException.requireArgument(p, field);
  }
}
