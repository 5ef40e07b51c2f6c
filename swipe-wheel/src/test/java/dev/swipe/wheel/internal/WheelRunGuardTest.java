package dev.swipe.wheel.internal;

import static dev.swipe.wheel.internal.Fixtures.catchWheel;
import static dev.swipe.wheel.internal.Fixtures.confident;
import static dev.swipe.wheel.internal.Fixtures.minutes;
import static dev.swipe.wheel.internal.Fixtures.years;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WheelRunGuardTest {

  private final RunGuard guard = new RunGuard();

  private PlannedNudge nudge(WheelRequest r) {
    try (WheelTicket t = guard.authorize(r, confident(40.0))) {
      return t.decision().targetReached() ? t.decision() : t.commit();
    }
  }

  private PlannedNudge nudge(WheelRequest r, PitchMeasurement m) {
    try (WheelTicket t = guard.authorize(r, m)) {
      return t.decision().targetReached() ? t.decision() : t.commit();
    }
  }

  @Test
  void aNudgeThatTurnsTheColumnExactlyTheRowsItPlannedConfirmsItsPitch() {
    // an untrusted measurement keeps the slow caps (5 rows of a gap of 11) until a landing shows
    // the pitch right; then the confident caps apply (4 of a gap of 6), until a landing misses
    PitchMeasurement faint = PitchMeasurement.of(40.0, 0.4);
    PlannedNudge first = nudge(years(2000, 2011).build(), faint);
    assertThat(first.rows()).isEqualTo(5);
    assertThat(first.pitchSource()).isEqualTo(PitchSource.CALLER_ESTIMATE);
    PlannedNudge second = nudge(years(2005, 2011).build(), faint);
    assertThat(second.pitchSource()).isEqualTo(PitchSource.CONFIRMED);
    assertThat(second.rows()).isEqualTo(4);
    PlannedNudge third = nudge(years(2008, 2011).build(), faint); // 3 rows of the 4 planned
    assertThat(third.pitchSource()).isEqualTo(PitchSource.CALLER_ESTIMATE);
    assertThat(third.rows()).isEqualTo(2);
  }

  @Test
  void aShortLandingOrRowsThatNoLongerLookTheSameConfirmNothing() {
    nudge(years(2000, 2004).build(), PitchMeasurement.none()); // 2 rows, landed exactly
    assertThat(nudge(years(2002, 2004).build(), PitchMeasurement.none()).pitchSource())
        .as("two rows land alike for any pitch within a quarter of the true one")
        .isEqualTo(PitchSource.CALLER_ESTIMATE);
    RunGuard other = new RunGuard();
    try (WheelTicket t = other.authorize(years(2000, 2011).build(), PitchMeasurement.none())) {
      t.commit();
    }
    try (WheelTicket t =
        other.authorize(years(2005, 2011).rowSpacing(46.0).build(), PitchMeasurement.none())) {
      assertThat(t.decision().pitchSource())
          .as("the caller's rows are 15% taller than the confirmed pitch")
          .isEqualTo(PitchSource.CALLER_ESTIMATE);
    }
  }

  @Test
  void budgetIsChargedOnlyOnCommit() {
    WheelTicket t = guard.authorize(minutes(10, 40).build(), confident(40.0));
    PlannedNudge projected = t.decision();
    assertThat(projected.columnAllowance()).isEqualTo(WheelMath.columnAllowance(6));
    assertThat(projected.columnActionsLeft()).isEqualTo(projected.columnAllowance() - 1);
    assertThat(projected.runActionsLeft()).isEqualTo(59);
    assertThat(guard.runActionsUsed()).isZero();
    assertThat(guard.runActionsInFlight()).isEqualTo(1);
    assertThat(guard.runActionsLeft()).isEqualTo(59);

    PlannedNudge done = t.commit();
    assertThat(guard.runActionsUsed()).isEqualTo(1);
    assertThat(guard.runActionsInFlight()).isZero();
    assertThat(done.columnActionsLeft()).isEqualTo(projected.columnActionsLeft());
    assertThat(done.runActionsLeft()).isEqualTo(59);
    assertThat(guard.columnActionsLeft(500.0)).hasValue(done.columnActionsLeft());
    assertThat(done.rows()).isEqualTo(4);
    assertThat(done.pitchSource()).isEqualTo(PitchSource.MEASURED);
    assertThat(done.confidence()).isEqualTo(0.9);
    assertThat(done.microProbe()).isFalse();
    assertThatThrownBy(t::commit).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aSecondCommitSaysSoInEnglishWhateverTheDefaultLocale() {
    Locale before = Locale.getDefault();
    Locale.setDefault(
        Locale.forLanguageTag("tr-TR")); // where "COMMITTED" lower-cases to "commıtted"
    try {
      WheelTicket t = guard.authorize(minutes(10, 40).build(), confident(40.0));
      t.commit();
      assertThatThrownBy(t::commit)
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("ticket already committed");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void failedActionChangesNothing() {
    try (WheelTicket t = guard.authorize(minutes(10, 40).build(), confident(40.0))) {
      assertThat(t.isOpen()).isTrue();
      // the device action throws here; close() aborts
    }
    assertThat(guard.runActionsUsed()).isZero();
    assertThat(guard.runActionsInFlight()).isZero();
    assertThat(guard.columnActionsLeft(500.0)).hasValue(WheelMath.columnAllowance(6));
    assertThat(guard.working()).isFalse();
    assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.IDLE);
    guard.checkGenericTap(500.0, 500.0); // not blocked: nothing was done to the wheel

    WheelTicket aborted = guard.authorize(minutes(10, 40).build(), confident(40.0));
    aborted.abort();
    aborted.abort(); // idempotent
    assertThat(aborted.isOpen()).isFalse();
    assertThatThrownBy(aborted::commit).isInstanceOf(IllegalStateException.class);
    assertThat(guard.runActionsUsed()).isZero();
    // the failed action is not judged as "no movement": the next plan is a normal step
    assertThat(nudge(minutes(10, 40).build()).microProbe()).isFalse();
  }

  @Test
  void sameColumnCannotHaveTwoActionsInFlight() {
    WheelTicket t = guard.authorize(minutes(10, 40).build(), confident(40.0));
    SwipeException e =
        catchWheel(() -> guard.authorize(minutes(10, 40).columnX(520.0).build(), confident(40.0)));
    assertThat(e.code().id()).isEqualTo("wheel_column_busy");
    assertThat(catchWheel(() -> guard.observe(500.0, 10)).code().id())
        .isEqualTo("wheel_column_busy");
    // a column 30 units away is another column
    guard.authorize(minutes(10, 40).columnX(530.0).build(), confident(40.0)).abort();
    t.abort();
    guard.authorize(minutes(10, 40).build(), confident(40.0)).abort();
  }

  @Test
  void stepThatMovedNothingGetsOneMicroProbeThenNoProgress() {
    WheelRequest r = minutes(0, 30).build();
    assertThat(nudge(r).rows()).isEqualTo(4); // gap 6 (tie, forward), confident
    // observed value unchanged -> micro probe of one row
    PlannedNudge probe = nudge(r);
    assertThat(probe.microProbe()).isTrue();
    assertThat(probe.rows()).isEqualTo(1);
    assertThat(probe.plan().singleRow()).isTrue();
    // the probe moved nothing either -> no progress, and it stays so
    SwipeException e = catchWheel(() -> guard.authorize(r, confident(40.0)));
    assertThat(e.code().id()).isEqualTo("wheel_no_progress");
    assertThat(e.details()).containsEntry("column_x", 500.0);
    assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.NO_PROGRESS);
    assertThat(catchWheel(() -> guard.authorize(r, confident(40.0))).code().id())
        .isEqualTo("wheel_no_progress");
    assertThat(guard.runActionsUsed()).isEqualTo(2);
    // generic input stays blocked on a stuck wheel
    assertThat(catchWheel(() -> guard.checkGenericTap(500.0, 500.0)).code().id())
        .isEqualTo("wheel_generic_input_blocked");
  }

  @Test
  void microProbeThatMovesRestoresNormalSteps() {
    nudge(minutes(0, 30).build());
    assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.IN_PROGRESS);
    assertThat(guard.observe(500.0, 0)).isEqualTo(ColumnStatus.MICRO_PROBE_NEXT);
    assertThat(nudge(minutes(0, 30).build()).microProbe()).isTrue();
    PlannedNudge next = nudge(minutes(5, 30).build());
    assertThat(next.microProbe()).isFalse();
    assertThat(next.rows()).isEqualTo(4); // gap 5, confident
  }

  @Test
  void observationIsJudgedOnlyOnce() {
    nudge(minutes(0, 30).build());
    assertThat(guard.observe(500.0, 0)).isEqualTo(ColumnStatus.MICRO_PROBE_NEXT);
    // the same observation arriving again with the next request does not count as a second stall
    PlannedNudge d = nudge(minutes(0, 30).build());
    assertThat(d.microProbe()).isTrue();
    assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.IN_PROGRESS);
  }

  @Test
  void orderProbeTeachesTheRowOrder() {
    WheelRequest probe = minutes(10, 40).valueStep(null).build();
    PlannedNudge d = nudge(probe);
    assertThat(d.plan().orderProbe()).isTrue();
    assertThat(d.rows()).isEqualTo(1);
    assertThat(d.finger()).isEqualTo(FingerDirection.UP);
    assertThat(guard.rowOrder(500.0)).isEqualTo(RowOrder.INCREASING_DOWN);
    // finger went up but the value went DOWN: larger values sit above on this wheel
    PlannedNudge next = nudge(minutes(5, 20).build());
    assertThat(guard.rowOrder(500.0)).isEqualTo(RowOrder.INCREASING_UP);
    assertThat(next.direction()).isEqualTo(ValueDirection.INCREASE);
    assertThat(next.finger()).isEqualTo(FingerDirection.DOWN);
    // and it moved the right way this time: order confirmed
    nudge(minutes(15, 20).build());
    assertThat(guard.rowOrder(500.0)).isEqualTo(RowOrder.INCREASING_UP);
  }

  @Test
  void ordinaryStepsNeedTwoContradictionsToFlipTheOrder() {
    // a linear wheel 0 -> 100: every plan is "increase" = finger up under the assumed order
    assertThat(nudge(Fixtures.years(0, 100).build()).finger()).isEqualTo(FingerDirection.UP);
    // one contradicting observation (the value went down; could be a misread): order kept
    assertThat(nudge(Fixtures.years(-6, 100).build()).finger()).isEqualTo(FingerDirection.UP);
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_DOWN);
    // a confirming observation resets the evidence
    assertThat(nudge(Fixtures.years(0, 100).build()).finger()).isEqualTo(FingerDirection.UP);
    assertThat(nudge(Fixtures.years(-6, 100).build()).finger())
        .isEqualTo(FingerDirection.UP); // contradiction 1
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_DOWN);
    PlannedNudge flipped =
        nudge(Fixtures.years(-12, 100).build()); // contradiction 2: flipped before planning
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_UP);
    assertThat(flipped.direction()).isEqualTo(ValueDirection.INCREASE);
    assertThat(flipped.finger()).isEqualTo(FingerDirection.DOWN);
    assertThat(flipped.drag().orElseThrow().startY()).isLessThan(500.0);
  }

  @Test
  void reachingTheTargetReleasesTheColumn() {
    nudge(minutes(10, 15).build());
    assertThat(guard.working()).isTrue();
    assertThat(catchWheel(() -> guard.checkKeyboardInput()).code().id())
        .isEqualTo("wheel_generic_input_blocked");
    PlannedNudge done = nudge(minutes(15, 15).build());
    assertThat(done.targetReached()).isTrue();
    assertThat(done.drag()).isEmpty();
    assertThat(guard.runActionsUsed()).isEqualTo(1); // confirming costs nothing
    assertThat(guard.working()).isFalse();
    assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.IDLE);
    guard.checkKeyboardInput();
    guard.checkGenericTap(500.0, 500.0);
  }

  @Test
  void observeReleasesOnTarget() {
    nudge(minutes(10, 20).build());
    assertThat(guard.observe(700.0, 10)).isEqualTo(ColumnStatus.UNTRACKED);
    SwipeException e = catchWheel(() -> guard.observe(500.0, 61));
    assertThat(e.field()).isEqualTo("observed_value");
    assertThat(guard.working()).isTrue();
    assertThat(guard.observe(500.0, 20)).isEqualTo(ColumnStatus.IDLE);
    assertThat(guard.working()).isFalse();
  }

  @Test
  void genericInputIsBlockedOnlyInTheWorkedRegion() {
    nudge(minutes(10, 40).build()); // pitch 40 -> region x 380..620, y 360..640
    assertThat(guard.activeRegions()).containsExactly(NormRegion.of(380.0, 360.0, 240.0, 280.0));
    SwipeException tap = catchWheel(() -> guard.checkGenericTap(610.0, 630.0));
    assertThat(tap.code().id()).isEqualTo("wheel_generic_input_blocked");
    assertThat(tap.details()).containsKey("region");
    guard.checkGenericTap(630.0, 500.0);
    guard.checkGenericTap(500.0, 650.0);
    // a swipe that passes over the wheel is blocked even though both ends are outside
    assertThat(catchWheel(() -> guard.checkGenericTouch(500.0, 900.0, 500.0, 100.0)).code().id())
        .isEqualTo("wheel_generic_input_blocked");
    guard.checkGenericTouch(700.0, 900.0, 700.0, 100.0);
    assertThat(catchWheel(() -> guard.checkGenericTouch(Double.NaN, 0, 0, 0)).field())
        .isEqualTo("start.x");
  }

  @Test
  void inFlightActionAlreadyBlocksGenericInput() {
    WheelTicket t = guard.authorize(minutes(10, 40).build(), confident(40.0));
    assertThat(guard.working()).isTrue();
    assertThat(catchWheel(() -> guard.checkGenericTap(500.0, 500.0)).code().id())
        .isEqualTo("wheel_generic_input_blocked");
    t.abort();
    guard.checkGenericTap(500.0, 500.0);
  }

  @Test
  void columnAllowanceIsEnforced() {
    int allowance = WheelMath.columnAllowance(1);
    for (int i = 0; i < allowance; i++) {
      // the reader keeps seeing the wheel bounce 10 <-> 20 around the target 15
      nudge(minutes(i % 2 == 0 ? 10 : 20, 15).build());
    }
    assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.BUDGET_EXHAUSTED);
    SwipeException e = catchWheel(() -> guard.authorize(minutes(10, 15).build(), confident(40.0)));
    assertThat(e.code().id()).isEqualTo("wheel_budget_exhausted");
    assertThat(e.details())
        .containsEntry("scope", "column")
        .containsEntry("column_allowance", allowance);
    assertThat(guard.runActionsUsed()).isEqualTo(allowance);
    // a new target is a new allowance
    assertThat(nudge(minutes(10, 25).build()).columnAllowance())
        .isEqualTo(WheelMath.columnAllowance(3));
  }

  @Test
  void runCeilingIsEnforcedAcrossColumns() {
    RunGuard small = new RunGuard(3);
    WheelTicket a = small.authorize(minutes(10, 40).columnX(100.0).build(), confident(40.0));
    WheelTicket b = small.authorize(minutes(10, 40).columnX(300.0).build(), confident(40.0));
    WheelTicket c = small.authorize(minutes(10, 40).columnX(500.0).build(), confident(40.0));
    assertThat(c.decision().runActionsLeft()).isZero();
    SwipeException e =
        catchWheel(() -> small.authorize(minutes(10, 40).columnX(700.0).build(), confident(40.0)));
    assertThat(e.code().id()).isEqualTo("wheel_budget_exhausted");
    assertThat(e.details()).containsEntry("scope", "run").containsEntry("run_ceiling", 3);
    a.commit();
    b.abort();
    small.authorize(minutes(10, 40).columnX(700.0).build(), confident(40.0)).commit();
    c.commit();
    assertThat(small.runActionsUsed()).isEqualTo(3);
    assertThat(
            catchWheel(
                    () -> small.authorize(minutes(10, 40).columnX(900.0).build(), confident(40.0)))
                .code()
                .id())
        .isEqualTo("wheel_budget_exhausted");
    assertThatThrownBy(() -> new RunGuard(0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void unreachableTargetIsRefusedBeforeAnyState() {
    SwipeException e =
        catchWheel(() -> guard.authorize(minutes(10, 45).valueStep(15).build(), confident(40.0)));
    assertThat(e.code().id()).isEqualTo("wheel_target_unreachable");
    assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.UNTRACKED);
  }

  @Test
  void endingTheRunReleasesEverything() {
    nudge(minutes(10, 40).build());
    WheelTicket open = guard.authorize(minutes(10, 40).columnX(200.0).build(), confident(40.0));
    guard.endRun();
    assertThat(guard.ended()).isTrue();
    assertThat(guard.working()).isFalse();
    guard.checkGenericTap(500.0, 500.0);
    guard.checkKeyboardInput();
    assertThat(open.commit().rows()).isEqualTo(4); // no-op: nothing is tracked any more
    assertThat(guard.runActionsInFlight()).isZero();
    assertThat(guard.runActionsUsed()).isEqualTo(1);
    assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.UNTRACKED);
    assertThatThrownBy(() -> guard.authorize(minutes(10, 40).build(), confident(40.0)))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void nudgeRunsTheWholeLifecycle() {
    List<WheelDrag> performed = new ArrayList<>();
    PlannedNudge d =
        guard.nudge(
            minutes(10, 40).build(), confident(40.0), (drag, decision) -> performed.add(drag));
    assertThat(performed).containsExactly(d.drag().orElseThrow());
    assertThat(guard.runActionsUsed()).isEqualTo(1);
    assertThat(d.columnActionsLeft()).isEqualTo(d.columnAllowance() - 1);

    RuntimeException hidFailure = new IllegalStateException("hid_disconnected");
    assertThatThrownBy(
            () ->
                guard.nudge(
                    minutes(25, 40).build(),
                    confident(40.0),
                    (drag, decision) -> {
                      throw hidFailure;
                    }))
        .isSameAs(hidFailure);
    assertThat(guard.runActionsUsed()).isEqualTo(1);
    assertThat(guard.runActionsInFlight()).isZero();

    PlannedNudge reached =
        guard.nudge(
            minutes(40, 40).build(),
            confident(40.0),
            (drag, decision) -> {
              throw new AssertionError("nothing to perform");
            });
    assertThat(reached.targetReached()).isTrue();
    assertThat(guard.working()).isFalse();
  }

  @Test
  void decisionAsMapUsesAgentFieldNames() {
    PlannedNudge d = nudge(minutes(10, 40).build());
    assertThat(d.asMap())
        .containsEntry("kind", "rows")
        .containsEntry("direction", "increase")
        .containsEntry("finger", "up")
        .containsEntry("rows", 4)
        .containsEntry("gap_rows", 6L)
        .containsEntry("pitch", 40.0)
        .containsEntry("pitch_source", "measured")
        .containsEntry("pitch_overrode_estimate", false)
        .containsEntry("confidence", 0.9)
        .containsEntry("travel", 160.0)
        .containsEntry("micro_probe", false)
        .containsEntry("order_probe", false)
        .containsEntry("row_order", "increasing_down")
        .containsEntry("column_actions_left", d.columnAllowance() - 1)
        .containsEntry("run_actions_left", 59)
        .containsEntry("target_reached", false);
  }

  @Test
  void confirmingTheTargetReportsTheBudgetsLeft() {
    WheelTicket elsewhere =
        guard.authorize(minutes(10, 40).columnX(200.0).build(), confident(40.0));
    nudge(minutes(10, 20).build()); // gap of two rows of five
    PlannedNudge done = nudge(minutes(20, 20).build());
    assertThat(done.targetReached()).isTrue();
    assertThat(done.columnAllowance()).isEqualTo(WheelMath.columnAllowance(2));
    assertThat(done.columnActionsLeft()).isEqualTo(WheelMath.columnAllowance(2) - 1);
    // one action committed, one in flight on another column
    assertThat(done.runActionsLeft()).isEqualTo(RunGuard.DEFAULT_RUN_CEILING - 2);
    assertThat(guard.columnActionsLeft(500.0)).isEmpty(); // released: no target any more
    // a column confirmed before any action on it has spent nothing and has no allowance
    PlannedNudge fresh = nudge(minutes(30, 30).columnX(800.0).build());
    assertThat(fresh.targetReached()).isTrue();
    assertThat(fresh.columnAllowance()).isZero();
    assertThat(fresh.columnActionsLeft()).isZero();
    assertThat(fresh.runActionsLeft()).isEqualTo(RunGuard.DEFAULT_RUN_CEILING - 2);
    elsewhere.abort();
    assertThat(guard.runActionsLeft()).isEqualTo(RunGuard.DEFAULT_RUN_CEILING - 1);
  }

  @Test
  void anActionInFlightCountsAgainstTheColumnUntilItEnds() {
    assertThat(guard.columnActionsLeft(500.0)).isEmpty();
    int allowance = WheelMath.columnAllowance(6);
    WheelTicket t = guard.authorize(minutes(10, 40).build(), confident(40.0));
    assertThat(guard.columnActionsLeft(500.0)).hasValue(allowance - 1);
    assertThat(guard.columnActionsLeft(510.0))
        .as("the same column within tolerance")
        .hasValue(allowance - 1);
    assertThat(guard.columnActionsLeft(530.0)).as("another column").isEmpty();
    t.abort();
    assertThat(guard.columnActionsLeft(500.0)).hasValue(allowance);
    guard.authorize(minutes(10, 40).build(), confident(40.0)).commit();
    assertThat(guard.columnActionsLeft(500.0)).hasValue(allowance - 1);
  }

  @Test
  void budgetErrorsReportWhatWasSpent() {
    int allowance = WheelMath.columnAllowance(1);
    for (int i = 0; i < allowance; i++) {
      nudge(minutes(i % 2 == 0 ? 10 : 20, 15).build());
    }
    SwipeException e = catchWheel(() -> guard.authorize(minutes(10, 15).build(), confident(40.0)));
    assertThat(e.details())
        .containsEntry("column_x", 500.0)
        .containsEntry("target_value", 15)
        .containsEntry("column_allowance", allowance)
        .containsEntry("column_actions_used", allowance)
        .containsEntry("run_ceiling", RunGuard.DEFAULT_RUN_CEILING)
        .containsEntry("run_actions_used", allowance);
    assertThat(e.getMessage()).contains("allowance of " + allowance).contains("target_value 15");
  }

  @Test
  void aFlippedOrderNeedsTwoNewContradictionsToFlipBack() {
    nudge(Fixtures.years(0, 100).build());
    nudge(Fixtures.years(-6, 100).build()); // contradiction 1
    nudge(Fixtures.years(-12, 100).build()); // contradiction 2: flipped
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_UP);
    // the evidence starts over: one step against the new order does not flip it back
    nudge(Fixtures.years(-18, 100).build());
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_UP);
    nudge(Fixtures.years(-24, 100).build());
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_DOWN);
  }

  @Test
  void aSingleRowProbeFlipsAtOnceAndClearsEarlierEvidence() {
    nudge(Fixtures.years(0, 100).build());
    nudge(
        Fixtures.years(-6, 100)
            .valueStep(null)
            .build()); // contradiction 1; this step is an order probe
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_DOWN);
    nudge(Fixtures.years(-7, 100).build()); // the probe contradicts too: flipped at once
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_UP);
    // one ordinary step against the new order is not enough to flip back
    nudge(Fixtures.years(-13, 100).build());
    assertThat(guard.rowOrder(300.0)).isEqualTo(RowOrder.INCREASING_UP);
  }

  @Test
  void observingTheTargetClearsAStuckColumn() {
    WheelRequest r = minutes(0, 30).build();
    nudge(r);
    nudge(r); // micro probe
    assertThat(guard.observe(500.0, 0)).isEqualTo(ColumnStatus.NO_PROGRESS);
    // the reader was wrong and the wheel shows the target after all: the column is released
    assertThat(guard.observe(500.0, 30)).isEqualTo(ColumnStatus.IDLE);
    PlannedNudge next = nudge(minutes(30, 45).build());
    assertThat(next.microProbe()).isFalse();
    assertThat(next.columnAllowance()).isEqualTo(WheelMath.columnAllowance(3));
    // an unchanged value after that ordinary step asks for a micro probe again, not no_progress
    assertThat(guard.observe(500.0, 30)).isEqualTo(ColumnStatus.MICRO_PROBE_NEXT);
  }

  @Test
  void aReleasedColumnForgetsAPendingMicroProbe() {
    nudge(minutes(0, 30).build());
    assertThat(guard.observe(500.0, 0)).isEqualTo(ColumnStatus.MICRO_PROBE_NEXT);
    nudge(minutes(30, 30).build()); // the target after all
    PlannedNudge next = nudge(minutes(30, 45).build());
    assertThat(next.microProbe()).isFalse();
    assertThat(next.rows()).isGreaterThan(1);
  }

  @Test
  void everyCoordinateOfAGenericTouchMustBeFinite() {
    double[] bad = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    String[] fields = {"start.x", "start.y", "end.x", "end.y"};
    for (double v : bad) {
      for (int i = 0; i < fields.length; i++) {
        double[] p = {100.0, 100.0, 200.0, 200.0};
        p[i] = v;
        SwipeException e = catchWheel(() -> guard.checkGenericTouch(p[0], p[1], p[2], p[3]));
        assertThat(e.code().id()).isEqualTo("invalid_argument");
        assertThat(e.field()).as("field of a bad coordinate %d (%s)", i, v).isEqualTo(fields[i]);
      }
    }
    guard.checkGenericTouch(100.0, 100.0, 200.0, 200.0); // all finite: allowed
  }

  @Test
  void aColumnExactlyTheToleranceAwayIsTheSameColumn() {
    WheelTicket t = guard.authorize(minutes(10, 40).build(), confident(40.0));
    double edge = 500.0 + RunGuard.COLUMN_TOLERANCE;
    assertThat(
            catchWheel(
                    () -> guard.authorize(minutes(10, 40).columnX(edge).build(), confident(40.0)))
                .code()
                .id())
        .isEqualTo("wheel_column_busy");
    assertThat(guard.columnActionsLeft(500.0 - RunGuard.COLUMN_TOLERANCE)).isPresent();
    assertThat(guard.columnActionsLeft(Math.nextUp(edge))).isEmpty();
    guard.authorize(minutes(10, 40).columnX(Math.nextUp(edge)).build(), confident(40.0)).abort();
    t.abort();
  }

  @Test
  void ticketsOfAnotherGuardAreRejected() {
    WheelTicket foreign = new RunGuard().authorize(minutes(10, 40).build(), confident(40.0));
    assertThatThrownBy(() -> guard.commit(foreign)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void concurrentCallersNeverExceedTheCeiling() throws Exception {
    RunGuard shared = new RunGuard(25);
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger committed = new AtomicInteger();
    AtomicInteger maxSeen = new AtomicInteger();
    List<Future<?>> futures = new ArrayList<>();
    for (int th = 0; th < threads; th++) {
      double x = 50.0 + th * 110.0;
      futures.add(
          pool.submit(
              () -> {
                start.await();
                int value = 0;
                for (int i = 0; i < 40; i++) {
                  try (WheelTicket t =
                      shared.authorize(minutes(value, 30).columnX(x).build(), confident(40.0))) {
                    if (i % 3 == 2) {
                      continue; // a failed device action
                    }
                    t.commit();
                    committed.incrementAndGet();
                    maxSeen.accumulateAndGet(
                        shared.runActionsUsed() + shared.runActionsInFlight(), Math::max);
                    value = value == 0 ? 55 : 0; // keeps moving, never reaches 30
                  } catch (SwipeException e) {
                    assertThat(e.code().id()).isIn("wheel_budget_exhausted");
                  }
                }
                return null;
              }));
    }
    start.countDown();
    for (Future<?> f : futures) {
      f.get(30, TimeUnit.SECONDS);
    }
    pool.shutdown();
    assertThat(committed.get()).isEqualTo(25);
    assertThat(shared.runActionsUsed()).isEqualTo(25);
    assertThat(shared.runActionsInFlight()).isZero();
    assertThat(maxSeen.get()).isLessThanOrEqualTo(25);
  }
}
