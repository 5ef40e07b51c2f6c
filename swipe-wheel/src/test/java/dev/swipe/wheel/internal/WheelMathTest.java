package dev.swipe.wheel.internal;

import static dev.swipe.wheel.internal.Fixtures.minutes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class WheelMathTest {

  private static final OptionalInt LINEAR = OptionalInt.empty();
  private static final OptionalInt SIXTY = OptionalInt.of(60);

  @Test
  void reachabilityByWholeSteps() {
    assertThat(WheelMath.isReachable(0, 55, 5, SIXTY)).isTrue();
    assertThat(WheelMath.isReachable(0, 53, 5, SIXTY)).isFalse();
    assertThat(WheelMath.isReachable(1990, 2024, 2, LINEAR)).isTrue();
    assertThat(WheelMath.isReachable(1990, 2023, 2, LINEAR)).isFalse();
    assertThat(WheelMath.isReachable(-3, 3, 3, LINEAR)).isTrue();
    // step not dividing the cycle: 0 -> 1 by 7s mod 60 is reachable (7*43 = 301 = 1 mod 60)
    assertThat(WheelMath.isReachable(0, 1, 7, SIXTY)).isTrue();
    assertThat(WheelMath.isReachable(0, 1, 6, OptionalInt.of(9))).isFalse();
  }

  @Test
  void unreachableRequestIsRefusedWithItsCode() {
    WheelRequest r = minutes(0, 5).valueStep(10).build();
    SwipeException e = Fixtures.catchWheel(() -> WheelMath.requireReachable(r));
    assertThat(e.code().id()).isEqualTo("wheel_target_unreachable");
    assertThat(e.details()).containsEntry("value_step", 10);
    assertThatThrownBy(() -> WheelMath.gap(0, 5, 10, SIXTY)).isInstanceOf(SwipeException.class);
    // a probe (no step) is never refused: the step is unknown
    WheelMath.requireReachable(minutes(0, 7).valueStep(null).build());
  }

  @Test
  void gapAndDirectionOnMinutesByFives() {
    assertThat(WheelMath.gap(10, 40, 5, SIXTY)).isEqualTo(new WheelGap(6, ValueDirection.INCREASE));
    assertThat(WheelMath.gap(55, 5, 5, SIXTY))
        .isEqualTo(new WheelGap(2, ValueDirection.INCREASE)); // wraps
    assertThat(WheelMath.gap(5, 55, 5, SIXTY))
        .isEqualTo(new WheelGap(2, ValueDirection.DECREASE)); // wraps back
    assertThat(WheelMath.gap(0, 30, 5, SIXTY))
        .isEqualTo(new WheelGap(6, ValueDirection.INCREASE)); // tie -> INCREASE
    assertThat(WheelMath.gap(30, 0, 5, SIXTY))
        .isEqualTo(new WheelGap(6, ValueDirection.INCREASE)); // tie -> INCREASE
    assertThat(WheelMath.gap(20, 20, 5, SIXTY)).isEqualTo(new WheelGap(0, ValueDirection.NONE));
  }

  @Test
  void linearWheelNeverWraps() {
    assertThat(WheelMath.gap(2020, 1990, 1, LINEAR))
        .isEqualTo(new WheelGap(30, ValueDirection.DECREASE));
    assertThat(WheelMath.gap(0, 58, 2, LINEAR))
        .isEqualTo(new WheelGap(29, ValueDirection.INCREASE));
  }

  @Test
  void hoursWrapTheShortWay() {
    OptionalInt day = OptionalInt.of(24);
    assertThat(WheelMath.gap(23, 1, 1, day)).isEqualTo(new WheelGap(2, ValueDirection.INCREASE));
    assertThat(WheelMath.gap(1, 23, 1, day)).isEqualTo(new WheelGap(2, ValueDirection.DECREASE));
    assertThat(WheelMath.gap(6, 18, 1, day)).isEqualTo(new WheelGap(12, ValueDirection.INCREASE));
  }

  @Test
  void capsTables() {
    int[] confident = {0, 1, 2, 3, 3, 4, 4, 4, 4, 6, 6, 6};
    int[] low = {0, 1, 1, 2, 2, 3, 3, 3, 3, 5, 5, 5};
    for (int gap = 0; gap < confident.length; gap++) {
      assertThat(WheelMath.capRows(gap, true))
          .as("confident gap %d", gap)
          .isEqualTo(confident[gap]);
      assertThat(WheelMath.capRows(gap, false)).as("low gap %d", gap).isEqualTo(low[gap]);
    }
    assertThat(WheelMath.capRows(1_000_000, true)).isEqualTo(6);
    assertThat(WheelMath.capRows(1_000_000, false)).isEqualTo(5);
    assertThatThrownBy(() -> WheelMath.capRows(-1, true))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void minActionsAndAllowance() {
    assertThat(WheelMath.minActions(0, false)).isZero();
    assertThat(WheelMath.minActions(30, true)).isEqualTo(6); // 6,6,6,6, then 6 -> 4, 2 -> 2
    assertThat(WheelMath.minActions(30, false)).isEqualTo(8);
    assertThat(WheelMath.minActions(8, true)).isEqualTo(3); // 4, then 4 -> 3, then 1
    assertThat(WheelMath.columnAllowance(0)).isEqualTo(4);
    assertThat(WheelMath.columnAllowance(1)).isEqualTo(6);
    assertThat(WheelMath.columnAllowance(6)).isEqualTo(10);
    assertThat(WheelMath.columnAllowance(12)).isEqualTo(14);
    assertThat(WheelMath.columnAllowance(30)).isEqualTo(20);
    assertThat(WheelMath.columnAllowance(Long.MAX_VALUE / 8)).isEqualTo(Integer.MAX_VALUE / 4);
  }

  @Test
  void pitchChoice() {
    PitchChoice trusted = WheelMath.choosePitch(40.0, PitchMeasurement.of(52.0, 0.6));
    assertThat(trusted.pitch()).isEqualTo(52.0);
    assertThat(trusted.source()).isEqualTo(PitchSource.MEASURED);
    assertThat(trusted.confident()).isTrue();
    assertThat(trusted.overrodeEstimate()).isTrue();

    PitchChoice agrees = WheelMath.choosePitch(40.0, PitchMeasurement.of(43.0, 0.95));
    assertThat(agrees.source()).isEqualTo(PitchSource.MEASURED);
    assertThat(agrees.overrodeEstimate()).isFalse();

    PitchChoice weak = WheelMath.choosePitch(40.0, PitchMeasurement.of(52.0, 0.59));
    assertThat(weak.pitch()).isEqualTo(40.0);
    assertThat(weak.source()).isEqualTo(PitchSource.CALLER_ESTIMATE);
    assertThat(weak.confident()).isFalse();
    assertThat(weak.overrodeEstimate()).isFalse();
    assertThat(weak.confidence()).isEqualTo(0.59);

    // a confident measurement at a third or half of a sane estimate is a repeat inside a row
    // (month names), not a correction: android seed 1086 month and ios seed 1011 month in the
    // policy benchmark measured 0.33 and 0.5 of the true pitch at confidence 0.6-0.73
    PitchChoice third = WheelMath.choosePitch(75.0, PitchMeasurement.of(25.2, 0.73));
    assertThat(third.source()).isEqualTo(PitchSource.CALLER_ESTIMATE);
    assertThat(third.pitch()).isEqualTo(75.0);
    assertThat(third.confident()).isFalse();
    assertThat(WheelMath.choosePitch(40.0, PitchMeasurement.of(20.3, 0.9)).source())
        .isEqualTo(PitchSource.CALLER_ESTIMATE);
    assertThat(WheelMath.choosePitch(40.0, PitchMeasurement.of(10.4, 0.9)).source())
        .isEqualTo(PitchSource.CALLER_ESTIMATE);
    // a measurement far from any fraction still overrides a wrong estimate
    assertThat(WheelMath.choosePitch(80.0, PitchMeasurement.of(58.0, 0.9)).source())
        .isEqualTo(PitchSource.MEASURED);
    assertThat(WheelMath.choosePitch(40.0, PitchMeasurement.of(75.0, 0.9)).source())
        .isEqualTo(PitchSource.MEASURED);
    // lines of the page around a picker at its end, a few rows apart, are no correction
    PitchChoice page = WheelMath.choosePitch(56.2, PitchMeasurement.of(196.9, 0.61));
    assertThat(page.source()).isEqualTo(PitchSource.CALLER_ESTIMATE);
    assertThat(page.pitch()).isEqualTo(56.2);
    assertThat(WheelMath.choosePitch(40.0, PitchMeasurement.of(99.0, 0.9)).source())
        .isEqualTo(PitchSource.MEASURED);
    assertThat(WheelMath.choosePitch(40.0, PitchMeasurement.of(101.0, 0.9)).source())
        .isEqualTo(PitchSource.CALLER_ESTIMATE);
    // a three-row picker whose band also held its frame and a field below: 1.7 rows at 0.63
    // (android time picker, seed 3068) is no correction; the same far value on a strong peak is
    assertThat(WheelMath.choosePitch(65.0, PitchMeasurement.of(109.4, 0.63)).source())
        .isEqualTo(PitchSource.CALLER_ESTIMATE);
    assertThat(WheelMath.choosePitch(65.0, PitchMeasurement.of(109.4, 0.8)).source())
        .isEqualTo(PitchSource.MEASURED);
    PitchChoice absurd = WheelMath.choosePitch(40.0, PitchMeasurement.of(900.0, 1.0));
    assertThat(absurd.source()).isEqualTo(PitchSource.CALLER_ESTIMATE);
    assertThat(WheelMath.choosePitch(40.0, PitchMeasurement.none()).source())
        .isEqualTo(PitchSource.CALLER_ESTIMATE);
    assertThat(WheelMath.choosePitch(40.0, null).pitch()).isEqualTo(40.0);
  }

  @Test
  void measurementConfidenceMustBeAProbability() {
    assertThatThrownBy(() -> PitchMeasurement.of(40.0, 1.5))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PitchMeasurement.of(40.0, -0.1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PitchMeasurement.of(40.0, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(PitchMeasurement.of(40.0, 1.0).confidence()).isEqualTo(1.0);
  }

  @Test
  void signedDeltaTakesTheShortWayRound() {
    assertThat(WheelMath.signedDelta(55, 5, SIXTY)).isEqualTo(10);
    assertThat(WheelMath.signedDelta(5, 55, SIXTY)).isEqualTo(-10);
    assertThat(WheelMath.signedDelta(0, 30, SIXTY)).isEqualTo(30);
    assertThat(WheelMath.signedDelta(2020, 1990, LINEAR)).isEqualTo(-30);
  }

  @Test
  void rowOrderMapsValueDirectionToFinger() {
    assertThat(RowOrder.INCREASING_DOWN.finger(ValueDirection.INCREASE))
        .isEqualTo(FingerDirection.UP);
    assertThat(RowOrder.INCREASING_DOWN.finger(ValueDirection.DECREASE))
        .isEqualTo(FingerDirection.DOWN);
    assertThat(RowOrder.INCREASING_UP.finger(ValueDirection.INCREASE))
        .isEqualTo(FingerDirection.DOWN);
    assertThat(RowOrder.INCREASING_UP.finger(ValueDirection.NONE)).isEqualTo(FingerDirection.NONE);
    assertThat(FingerDirection.UP.dySign()).isEqualTo(-1);
    assertThat(RowOrder.implied(FingerDirection.UP, ValueDirection.INCREASE))
        .isEqualTo(RowOrder.INCREASING_DOWN);
    assertThat(RowOrder.implied(FingerDirection.DOWN, ValueDirection.INCREASE))
        .isEqualTo(RowOrder.INCREASING_UP);
    assertThat(RowOrder.implied(FingerDirection.UP, ValueDirection.DECREASE))
        .isEqualTo(RowOrder.INCREASING_UP);
  }

  @Test
  void errorCodesAreStable() {
    assertThat(CommonCode.INVALID_ARGUMENT.id()).isEqualTo("invalid_argument");
    assertThat(WheelErrorCode.WHEEL_TARGET_UNREACHABLE.id()).isEqualTo("wheel_target_unreachable");
    assertThat(WheelErrorCode.WHEEL_BUDGET_EXHAUSTED.id()).isEqualTo("wheel_budget_exhausted");
    assertThat(WheelErrorCode.WHEEL_NO_PROGRESS.id()).isEqualTo("wheel_no_progress");
    assertThat(WheelErrorCode.WHEEL_GENERIC_INPUT_BLOCKED.id())
        .isEqualTo("wheel_generic_input_blocked");
    assertThat(WheelErrorCode.WHEEL_COLUMN_BUSY.id()).isEqualTo("wheel_column_busy");
  }
}
