package dev.swipe.wheel.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelRequest;

/** Request builders shared by the tests. */
final class Fixtures {

  private Fixtures() {}

  /** Minutes by fives: cycle 60, step 5, column at x=500, selected row at y=500, 40-unit rows. */
  static WheelRequest.Builder minutes(int current, int target) {
    return WheelRequest.builder()
        .currentValue(current)
        .targetValue(target)
        .cycleSize(60)
        .valueStep(5)
        .columnX(500.0)
        .centerY(500.0)
        .rowSpacing(40.0);
  }

  /** A linear wheel (years) with step 1. */
  static WheelRequest.Builder years(int current, int target) {
    return WheelRequest.builder()
        .currentValue(current)
        .targetValue(target)
        .valueStep(1)
        .columnX(300.0)
        .centerY(500.0)
        .rowSpacing(40.0);
  }

  static PitchMeasurement confident(double pitch) {
    return PitchMeasurement.of(pitch, 0.9);
  }

  static SwipeException catchWheel(Runnable r) {
    try {
      r.run();
    } catch (SwipeException e) {
      return e;
    }
    throw new AssertionError("expected a SwipeException");
  }
}
