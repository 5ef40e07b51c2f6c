package dev.swipe.wheel.internal;

import static dev.swipe.wheel.internal.Fixtures.confident;
import static dev.swipe.wheel.internal.Fixtures.minutes;
import static dev.swipe.wheel.internal.Fixtures.years;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.SwipeException;
import org.junit.jupiter.api.Test;

class WheelPlannerTest {

  @Test
  void increaseDragsTheFingerUpFromTheRowBelow() {
    // 10 -> 40 by fives: 6 rows forward, confident caps give 4 rows
    WheelPlan p = WheelPlanner.plan(minutes(10, 40).build(), confident(40.0));
    assertThat(p.kind()).isEqualTo(ActionKind.ROWS);
    assertThat(p.direction()).isEqualTo(ValueDirection.INCREASE);
    assertThat(p.finger()).isEqualTo(FingerDirection.UP);
    assertThat(p.gapRows()).hasValue(6);
    assertThat(p.rows()).isEqualTo(4);
    assertThat(p.travel()).isEqualTo(160.0);
    WheelDrag d = p.drag().orElseThrow();
    assertThat(d.startX()).isEqualTo(500.0);
    assertThat(d.endX()).isEqualTo(500.0);
    assertThat(d.startY()).isEqualTo(540.0); // centre of the row below, not the selected row
    assertThat(d.endY()).isEqualTo(380.0);
    assertThat(d.finger()).isEqualTo(FingerDirection.UP);
    assertThat(d.travel()).isEqualTo(160.0);
  }

  @Test
  void decreaseDragsTheFingerDownFromTheRowAbove() {
    WheelPlan p = WheelPlanner.plan(years(2020, 2017).build(), PitchMeasurement.none());
    assertThat(p.direction()).isEqualTo(ValueDirection.DECREASE);
    assertThat(p.finger()).isEqualTo(FingerDirection.DOWN);
    assertThat(p.rows()).isEqualTo(2); // gap 3, low confidence -> 2
    assertThat(p.pitch().source()).isEqualTo(PitchSource.CALLER_ESTIMATE);
    WheelDrag d = p.drag().orElseThrow();
    assertThat(d.startY()).isEqualTo(460.0);
    assertThat(d.endY()).isEqualTo(540.0);
  }

  @Test
  void confidentMeasurementOverridesAWrongEstimate() {
    WheelPlan p =
        WheelPlanner.plan(minutes(0, 45).build(), confident(60.0)); // gap 3 backwards (0 -> 45)
    assertThat(p.direction()).isEqualTo(ValueDirection.DECREASE);
    assertThat(p.pitch().pitch()).isEqualTo(60.0);
    assertThat(p.pitch().source()).isEqualTo(PitchSource.MEASURED);
    assertThat(p.pitch().overrodeEstimate()).isTrue();
    assertThat(p.rows()).isEqualTo(3);
    assertThat(p.travel()).isEqualTo(180.0);
  }

  @Test
  void learnedReversedOrderFlipsTheFinger() {
    WheelPlan p =
        WheelPlanner.plan(minutes(10, 20).build(), confident(40.0), RowOrder.INCREASING_UP, false);
    assertThat(p.direction()).isEqualTo(ValueDirection.INCREASE);
    assertThat(p.finger()).isEqualTo(FingerDirection.DOWN);
    assertThat(p.drag().orElseThrow().startY()).isEqualTo(460.0);
  }

  @Test
  void visibleAdjacentTargetIsMovedExactly() {
    WheelPlan p = WheelPlanner.plan(minutes(10, 15).visibleTargetY(543.5).build(), confident(40.0));
    assertThat(p.kind()).isEqualTo(ActionKind.VISIBLE_TARGET);
    assertThat(p.rows()).isEqualTo(1);
    assertThat(p.travel()).isEqualTo(43.5);
    assertThat(p.finger()).isEqualTo(FingerDirection.UP);
    WheelDrag d = p.drag().orElseThrow();
    assertThat(d.startY()).isEqualTo(543.5);
    assertThat(d.endY()).isEqualTo(500.0);
  }

  @Test
  void visibleTargetIsIgnoredWhenNotAdjacent() {
    // gap 2: not adjacent, bounded rows path
    WheelPlan twoRows =
        WheelPlanner.plan(minutes(10, 20).visibleTargetY(580.0).build(), confident(40.0));
    assertThat(twoRows.kind()).isEqualTo(ActionKind.ROWS);
    assertThat(twoRows.rows()).isEqualTo(2);
    // gap 1 but two pitches away: not the neighbouring row
    WheelPlan far =
        WheelPlanner.plan(minutes(10, 15).visibleTargetY(580.0).build(), confident(40.0));
    assertThat(far.kind()).isEqualTo(ActionKind.ROWS);
    assertThat(far.travel()).isEqualTo(40.0);
    // gap 1 but a fraction of a row away: the selected row itself
    WheelPlan near =
        WheelPlanner.plan(minutes(10, 15).visibleTargetY(515.0).build(), confident(40.0));
    assertThat(near.kind()).isEqualTo(ActionKind.ROWS);
  }

  @Test
  void visibleTargetSideDecidesTheFinger() {
    // target 15 shown ABOVE the selection: this wheel increases upward; drag the target down onto
    // the line
    WheelPlan p = WheelPlanner.plan(minutes(10, 15).visibleTargetY(460.0).build(), confident(40.0));
    assertThat(p.kind()).isEqualTo(ActionKind.VISIBLE_TARGET);
    assertThat(p.finger()).isEqualTo(FingerDirection.DOWN);
    assertThat(p.drag().orElseThrow().startY()).isEqualTo(460.0);
  }

  @Test
  void orderProbeMovesExactlyOneRow() {
    WheelPlan p = WheelPlanner.plan(minutes(10, 40).valueStep(null).build(), confident(40.0));
    assertThat(p.orderProbe()).isTrue();
    assertThat(p.rows()).isEqualTo(1);
    assertThat(p.gapRows()).isEmpty();
    assertThat(p.travel()).isEqualTo(40.0);
    assertThat(p.finger()).isEqualTo(FingerDirection.UP); // assumed order, unit-step shortest way
    // unknown step: 7 is not a multiple of anything known, still no unreachable error
    WheelPlan odd =
        WheelPlanner.plan(minutes(10, 7).valueStep(null).build(), PitchMeasurement.none());
    assertThat(odd.rows()).isEqualTo(1);
    assertThat(odd.direction()).isEqualTo(ValueDirection.DECREASE);
  }

  @Test
  void singleRowForcesOneRow() {
    WheelPlan p =
        WheelPlanner.plan(minutes(0, 30).build(), confident(40.0), RowOrder.INCREASING_DOWN, true);
    assertThat(p.rows()).isEqualTo(1);
    assertThat(p.singleRow()).isTrue();
    assertThat(p.gapRows()).hasValue(6);
  }

  @Test
  void reachedTargetPlansNothing() {
    WheelPlan p = WheelPlanner.plan(minutes(25, 25).build(), confident(40.0));
    assertThat(p.targetReached()).isTrue();
    assertThat(p.rows()).isZero();
    assertThat(p.drag()).isEmpty();
    assertThat(p.direction()).isEqualTo(ValueDirection.NONE);
  }

  @Test
  void unreachableTargetIsRefused() {
    SwipeException e =
        Fixtures.catchWheel(
            () -> WheelPlanner.plan(years(2020, 2021).valueStep(2).build(), confident(40.0)));
    assertThat(e.code().id()).isEqualTo("wheel_target_unreachable");
  }

  @Test
  void rowsShrinkToFitTheScreen() {
    // selected row near the top; finger must go up: 6 rows of 60 cannot fit above y=150
    WheelPlan p = WheelPlanner.plan(years(0, 20).centerY(150.0).build(), confident(60.0));
    WheelDrag d = p.drag().orElseThrow();
    assertThat(d.startY()).isEqualTo(210.0);
    assertThat(p.rows()).isEqualTo(3); // (210 - 10) / 60 = 3.33
    assertThat(d.endY()).isEqualTo(30.0);
    assertThat(p.travel()).isEqualTo(180.0);
  }

  @Test
  void touchDownIsPulledInsideTheScreenButNotOntoTheSelectedRow() {
    // finger down from above, selection at y=50 with 60-unit rows: start 50-60 < 10, pulled to 10
    // (0.67 rows off)
    WheelPlan p = WheelPlanner.plan(years(20, 0).centerY(50.0).build(), confident(60.0));
    assertThat(p.drag().orElseThrow().startY()).isEqualTo(10.0);
    assertThat(p.finger()).isEqualTo(FingerDirection.DOWN);
    // at y=30 the nearest legal start is 0.33 rows off the centre: refused rather than tapping the
    // selection
    SwipeException e =
        Fixtures.catchWheel(
            () -> WheelPlanner.plan(years(20, 0).centerY(30.0).build(), confident(60.0)));
    assertThat(e.code().id()).isEqualTo("invalid_argument");
    assertThat(e.field()).isEqualTo("center_y");
  }

  @Test
  void noRoomForOneRowIsRefused() {
    // finger up from y=960 with 50-unit rows: start 1010 is pulled to 990 (exactly 0.6 rows off),
    // one row fits
    WheelPlan ok =
        WheelPlanner.plan(
            years(0, 1).centerY(960.0).rowSpacing(50.0).build(), PitchMeasurement.none());
    assertThat(ok.rows()).isEqualTo(1);
    assertThat(ok.drag().orElseThrow().startY()).isCloseTo(990.0, within(1e-9));
    // finger down with a 250 pitch from y=740: start 490, 500 units of room below -> 2 rows instead
    // of 3
    WheelPlan big =
        WheelPlanner.plan(
            years(5, 0).centerY(740.0).rowSpacing(250.0).build(), PitchMeasurement.none());
    assertThat(big.rows()).isEqualTo(2);
    assertThat(big.drag().orElseThrow().endY()).isEqualTo(990.0);
    // from y=995 the start is 745 and only 245 units remain: not even one row fits
    SwipeException e =
        Fixtures.catchWheel(
            () ->
                WheelPlanner.plan(
                    years(5, 0).centerY(995.0).rowSpacing(250.0).build(), PitchMeasurement.none()));
    assertThat(e.code().id()).isEqualTo("invalid_argument");
    assertThat(e.field()).isEqualTo("center_y");
  }
}
