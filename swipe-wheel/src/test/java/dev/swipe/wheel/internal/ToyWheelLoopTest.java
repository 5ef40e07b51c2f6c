package dev.swipe.wheel.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelRequest;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Closes the loop on a toy wheel that moves exactly as far as the finger drags (content follows the
 * finger, rows snap), to check that the policy converges, never passes the target, and stays inside
 * its budgets. The physics-faithful check is the simulator benchmark in swipe-bench.
 */
class ToyWheelLoopTest {

  /** A cyclic wheel of {@code cycle/step} rows; {@code increasingDown} is its true row order. */
  private static final class ToyWheel {
    final int cycle;
    final int step;
    final boolean increasingDown;
    int value;

    ToyWheel(int cycle, int step, boolean increasingDown, int value) {
      this.cycle = cycle;
      this.step = step;
      this.increasingDown = increasingDown;
      this.value = value;
    }

    /**
     * Applies a drag: rows moved = travel / pitch (rounded to the nearest row, as a snapping
     * wheel).
     */
    void apply(WheelDrag drag, double truePitch) {
      long rows = Math.round(drag.travel() / truePitch);
      int sign = drag.finger() == FingerDirection.UP ? 1 : -1; // up brings the row below in
      int valueSign = increasingDown ? sign : -sign;
      value = Math.floorMod(value + (int) (valueSign * rows * step), cycle);
    }
  }

  private static WheelRequest request(int current, int target, int cycle, Integer step) {
    return new WheelRequest(
        current,
        target,
        OptionalInt.of(cycle),
        step == null ? OptionalInt.empty() : OptionalInt.of(step),
        500.0,
        500.0,
        40.0,
        OptionalDouble.empty());
  }

  @Test
  void oracleReaderReachesEveryTargetInTheMinimumActionsWithoutPassingIt() {
    qt().forAll(integers().between(0, 11), integers().between(0, 11), booleans().all())
        .checkAssert(
            (c, t, confident) -> {
              ToyWheel wheel = new ToyWheel(60, 5, true, c * 5);
              RunGuard guard = new RunGuard();
              long gap = WheelMath.gap(c * 5, t * 5, 5, OptionalInt.of(60)).rows();
              PitchMeasurement m =
                  confident ? PitchMeasurement.of(40.0, 0.9) : PitchMeasurement.none();
              int actions = 0;
              while (true) {
                long before = WheelMath.gap(wheel.value, t * 5, 5, OptionalInt.of(60)).rows();
                PlannedNudge d;
                try (WheelTicket ticket = guard.authorize(request(wheel.value, t * 5, 60, 5), m)) {
                  d = ticket.decision();
                  if (d.targetReached()) {
                    break;
                  }
                  wheel.apply(d.drag().orElseThrow(), 40.0);
                  ticket.commit();
                }
                actions++;
                long after = WheelMath.gap(wheel.value, t * 5, 5, OptionalInt.of(60)).rows();
                assertThat(after).as("never passes the target").isEqualTo(before - d.rows());
              }
              assertThat(wheel.value).isEqualTo(t * 5);
              assertThat((long) actions).isEqualTo(actionsWithLandingsConfirmed(gap, confident));
              assertThat(guard.working()).isFalse();
            });
  }

  /**
   * The oracle's count: the caps of the measurement's confidence, the confident ones once a nudge
   * of {@link RunGuard#MIN_CONFIRMING_ROWS} or more landed exactly (an oracle reader's always do).
   */
  static long actionsWithLandingsConfirmed(long gap, boolean confident) {
    long g = gap;
    long n = 0;
    boolean trusted = confident;
    while (g > 0) {
      int rows = WheelMath.capRows(g, trusted);
      g -= rows;
      n++;
      trusted |= rows >= RunGuard.MIN_CONFIRMING_ROWS;
    }
    return n;
  }

  @Test
  void reversedWheelIsLearnedFromTheOrderProbe() {
    qt().forAll(integers().between(0, 23), integers().between(0, 23))
        .checkAssert(
            (c, t) -> {
              if (c.equals(t)) {
                return;
              }
              ToyWheel wheel = new ToyWheel(24, 1, false, c);
              RunGuard guard = new RunGuard();
              // first call: row order unknown, no value_step -> one-row probe
              WheelTicket probe =
                  guard.authorize(request(wheel.value, t, 24, null), PitchMeasurement.none());
              assertThat(probe.decision().rows()).isEqualTo(1);
              wheel.apply(probe.decision().drag().orElseThrow(), 40.0);
              probe.commit();
              int actions = 1;
              while (true) {
                long before = WheelMath.gap(wheel.value, t, 1, OptionalInt.of(24)).rows();
                try (WheelTicket ticket =
                    guard.authorize(
                        request(wheel.value, t, 24, 1), PitchMeasurement.of(40.0, 0.9))) {
                  if (ticket.decision().targetReached()) {
                    break;
                  }
                  wheel.apply(ticket.decision().drag().orElseThrow(), 40.0);
                  ticket.commit();
                  assertThat(WheelMath.gap(wheel.value, t, 1, OptionalInt.of(24)).rows())
                      .isEqualTo(before - ticket.decision().rows());
                }
                actions++;
              }
              assertThat(guard.rowOrder(500.0)).isEqualTo(RowOrder.INCREASING_UP);
              assertThat(wheel.value).isEqualTo(t);
              assertThat(actions).isLessThanOrEqualTo(1 + (int) WheelMath.minActions(12, true));
            });
  }

  @Test
  void noisyReaderStillConvergesWithinBudget() {
    Random random = new Random(20261129L);
    int runs = 2000;
    int reached = 0;
    for (int run = 0; run < runs; run++) {
      ToyWheel hours = new ToyWheel(24, 1, true, random.nextInt(24));
      int target = random.nextInt(24);
      RunGuard guard = new RunGuard();
      PitchMeasurement m = PitchMeasurement.of(40.0, 0.9);
      boolean done = false;
      for (int attempt = 0; attempt < 100 && !done; attempt++) {
        // 10% of reads are off by one row either way (an adjacent row read as the selection)
        int read =
            random.nextDouble() < 0.1
                ? Math.floorMod(hours.value + (random.nextBoolean() ? 1 : -1), 24)
                : hours.value;
        try (WheelTicket ticket = guard.authorize(request(read, target, 24, 1), m)) {
          if (ticket.decision().targetReached()) {
            done = hours.value == target; // a misread "reached" is re-checked on the next read
            continue;
          }
          hours.apply(ticket.decision().drag().orElseThrow(), 40.0);
          ticket.commit();
        } catch (SwipeException e) {
          break;
        }
      }
      if (done) {
        reached++;
      }
      assertThat(guard.runActionsUsed()).isLessThanOrEqualTo(guard.runCeiling());
    }
    assertThat(reached)
        .as("runs reaching the target of %d", runs)
        .isGreaterThanOrEqualTo(runs * 99 / 100);
  }
}
