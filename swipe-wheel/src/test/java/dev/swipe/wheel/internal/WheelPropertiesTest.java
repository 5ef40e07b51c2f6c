package dev.swipe.wheel.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/** QuickTheories properties of the wheel math, the planner and the run guard. */
class WheelPropertiesTest {

  // ---------------------------------------------------------------- generators

  /** A cyclic wheel as {cycle, step} with step | cycle and step < cycle. */
  private static Gen<int[]> cyclicWheel() {
    return integers()
        .between(2, 120)
        .zip(
            integers().between(1, 119),
            (cycle, k) -> {
              List<Integer> divisors = new ArrayList<>();
              for (int d = 1; d < cycle; d++) {
                if (cycle % d == 0) {
                  divisors.add(d);
                }
              }
              return new int[] {cycle, divisors.get(k % divisors.size())};
            });
  }

  private static Gen<List<Integer>> ops() {
    return lists().of(integers().between(0, Integer.MAX_VALUE)).ofSizeBetween(1, 400);
  }

  // ---------------------------------------------------------------- brute force oracles

  /** Smallest k >= 0 with current + sign*k*step == target (mod cycle), or -1. */
  private static int bruteSteps(int current, int target, int step, int cycle, int sign) {
    for (int k = 0; k < cycle; k++) {
      if (Math.floorMod(current + sign * k * step, cycle) == target) {
        return k;
      }
    }
    return -1;
  }

  private static boolean bruteReachableLinear(int current, int target, int step) {
    for (int v = current;
        Math.abs(v - current) <= Math.abs(target - current);
        v += Integer.signum(target - current) * step) {
      if (v == target) {
        return true;
      }
      if (target == current) {
        break;
      }
    }
    return target == current;
  }

  /** The caps tables, written out independently of the implementation. */
  private static int tableCap(long gap, boolean confident) {
    if (gap == 0) {
      return 0;
    }
    if (confident) {
      if (gap >= 9) {
        return 6;
      }
      if (gap >= 5) {
        return 4;
      }
      if (gap >= 3) {
        return 3;
      }
      return gap == 2 ? 2 : 1;
    }
    if (gap >= 9) {
      return 5;
    }
    if (gap >= 5) {
      return 3;
    }
    if (gap >= 3) {
      return 2;
    }
    return 1;
  }

  // ---------------------------------------------------------------- properties: math

  @Test
  void chosenDirectionIsAlwaysTheShortest() {
    qt().forAll(cyclicWheel(), integers().between(0, 10_000), integers().between(0, 10_000))
        .checkAssert(
            (wheel, a, b) -> {
              int cycle = wheel[0];
              int step = wheel[1];
              int current = a % cycle;
              int target = Math.floorMod(current + (b % (cycle / step)) * step, cycle); // reachable
              int fwd = bruteSteps(current, target, step, cycle, 1);
              int back = bruteSteps(current, target, step, cycle, -1);
              WheelGap gap = WheelMath.gap(current, target, step, OptionalInt.of(cycle));
              assertThat(gap.rows()).isEqualTo(Math.min(fwd, back));
              ValueDirection expected =
                  fwd == 0
                      ? ValueDirection.NONE
                      : fwd <= back ? ValueDirection.INCREASE : ValueDirection.DECREASE;
              assertThat(gap.direction()).isEqualTo(expected);
              if (fwd != 0) {
                WheelRequest r =
                    WheelRequest.builder()
                        .currentValue(current)
                        .targetValue(target)
                        .cycleSize(cycle)
                        .valueStep(step)
                        .columnX(500.0)
                        .centerY(500.0)
                        .rowSpacing(40.0)
                        .build();
                WheelPlan plan = WheelPlanner.plan(r, PitchMeasurement.none());
                assertThat(plan.direction()).isEqualTo(expected);
                assertThat(plan.finger())
                    .isEqualTo(
                        expected == ValueDirection.INCREASE
                            ? FingerDirection.UP
                            : FingerDirection.DOWN);
                assertThat(plan.drag().orElseThrow().finger()).isEqualTo(plan.finger());
              }
            });
  }

  @Test
  void shortestDirectionAlsoHoldsForStepsNotDividingTheCycle() {
    qt().forAll(
            integers().between(2, 90),
            integers().between(1, 200),
            integers().between(0, 10_000),
            integers().between(0, 10_000))
        .checkAssert(
            (cycle, step, a, b) -> {
              int current = a % cycle;
              int target = Math.floorMod(current + b * step, cycle);
              int fwd = bruteSteps(current, target, step, cycle, 1);
              int back = bruteSteps(current, target, step, cycle, -1);
              WheelGap gap = WheelMath.gap(current, target, step, OptionalInt.of(cycle));
              assertThat(gap.rows()).isEqualTo(Math.min(fwd, back));
              if (fwd > 0) {
                assertThat(gap.direction())
                    .isEqualTo(fwd <= back ? ValueDirection.INCREASE : ValueDirection.DECREASE);
              }
            });
  }

  @Test
  void linearWheelsGoTheOnlyWayThere() {
    qt().forAll(
            integers().between(-500, 500), integers().between(-60, 60), integers().between(1, 50))
        .checkAssert(
            (current, k, step) -> {
              int target = current + k * step;
              WheelGap gap = WheelMath.gap(current, target, step, OptionalInt.empty());
              assertThat(gap.rows()).isEqualTo(Math.abs(k));
              assertThat(gap.direction().sign()).isEqualTo(Integer.signum(k));
            });
  }

  @Test
  void capsFollowTheTablesForEveryGapAndConfidence() {
    qt().forAll(integers().between(0, 100_000), booleans().all())
        .checkAssert(
            (gap, confident) -> {
              int cap = WheelMath.capRows(gap, confident);
              assertThat(cap).isEqualTo(tableCap(gap, confident));
              assertThat(cap).isLessThanOrEqualTo(WheelMath.MAX_ROWS_PER_ACTION);
              assertThat((long) cap).isLessThanOrEqualTo(gap);
            });
  }

  @Test
  void plannedRowsAreTheCapOfTheGapWhenTheScreenHasRoom() {
    qt().forAll(
            cyclicWheel(),
            integers().between(0, 10_000),
            integers().between(0, 10_000),
            doubles().between(0.0, 1.0))
        .checkAssert(
            (wheel, a, b, confidence) -> {
              int cycle = wheel[0];
              int step = wheel[1];
              int current = a % cycle;
              int target = Math.floorMod(current + (b % (cycle / step)) * step, cycle);
              if (current == target) {
                return;
              }
              WheelRequest r =
                  WheelRequest.builder()
                      .currentValue(current)
                      .targetValue(target)
                      .cycleSize(cycle)
                      .valueStep(step)
                      .columnX(500.0)
                      .centerY(500.0)
                      .rowSpacing(45.0)
                      .build();
              WheelPlan plan = WheelPlanner.plan(r, PitchMeasurement.of(50.0, confidence));
              boolean confident = confidence >= WheelMath.CONFIDENCE_THRESHOLD;
              assertThat(plan.pitch().confident()).isEqualTo(confident);
              assertThat(plan.pitch().source())
                  .isEqualTo(confident ? PitchSource.MEASURED : PitchSource.CALLER_ESTIMATE);
              assertThat(plan.rows()).isEqualTo(tableCap(plan.gapRows().getAsLong(), confident));
            });
  }

  @Test
  void unreachableTargetsAreAlwaysRefused() {
    qt().forAll(
            cyclicWheel(),
            integers().between(0, 10_000),
            integers().between(0, 10_000),
            booleans().all())
        .checkAssert(
            (wheel, a, b, cyclic) -> {
              int cycle = wheel[0];
              int step = wheel[1];
              int current = a % cycle;
              int target = b % cycle;
              boolean reachable =
                  cyclic
                      ? bruteSteps(current, target, step, cycle, 1) >= 0
                      : bruteReachableLinear(current, target, step);
              WheelRequest r =
                  WheelRequest.builder()
                      .currentValue(current)
                      .targetValue(target)
                      .cycleSize(cyclic ? cycle : null)
                      .valueStep(step)
                      .columnX(500.0)
                      .centerY(500.0)
                      .rowSpacing(40.0)
                      .build();
              assertThat(WheelMath.isReachable(current, target, step, r.cycleSize()))
                  .isEqualTo(reachable);
              RunGuard guard = new RunGuard();
              if (reachable) {
                WheelPlanner.plan(r, PitchMeasurement.none());
                guard.authorize(r, PitchMeasurement.none()).abort();
              } else {
                assertThat(
                        Fixtures.catchWheel(() -> WheelPlanner.plan(r, PitchMeasurement.none()))
                            .code()
                            .id())
                    .isEqualTo("wheel_target_unreachable");
                assertThat(
                        Fixtures.catchWheel(() -> guard.authorize(r, PitchMeasurement.none()))
                            .code()
                            .id())
                    .isEqualTo("wheel_target_unreachable");
                assertThat(guard.status(500.0)).isEqualTo(ColumnStatus.UNTRACKED);
                assertThat(guard.runActionsLeft()).isEqualTo(guard.runCeiling());
              }
            });
  }

  @Test
  void travelNeverExceedsTheBoundAndPointsStayOnScreen() {
    Map<String, AtomicInteger> seen = new ConcurrentHashMap<>();
    Gen<double[]> geometry =
        doubles()
            .between(0.0, 1000.0)
            .zip(
                doubles().between(0.0, 1000.0),
                doubles().between(WheelRequest.MIN_ROW_SPACING, WheelRequest.MAX_ROW_SPACING),
                doubles().between(-1.5, 1.5),
                (x, y, spacing, vtyRows) -> new double[] {x, y, spacing, vtyRows});
    Gen<double[]> measurement =
        doubles()
            .between(0.0, 300.0)
            .zip(doubles().between(0.0, 1.0), (p, c) -> new double[] {p, c});
    qt().forAll(geometry, measurement, integers().between(0, 59), integers().between(0, 59))
        .checkAssert(
            (g, m, current, target) -> {
              double cy = g[1];
              double vty = cy + g[3] * g[2];
              WheelRequest.Builder b =
                  WheelRequest.builder()
                      .currentValue(current)
                      .targetValue(target)
                      .cycleSize(60)
                      .valueStep(1)
                      .columnX(g[0])
                      .centerY(cy)
                      .rowSpacing(g[2]);
              if (vty >= 0.0 && vty <= 1000.0 && vty != cy && Math.abs(g[3]) > 0.2) {
                b.visibleTargetY(vty);
              }
              WheelRequest r = b.build();
              WheelPlan plan;
              try {
                plan = WheelPlanner.plan(r, PitchMeasurement.of(m[0], m[1]));
              } catch (SwipeException e) {
                // only a selected row hugging a screen edge may be refused
                assertThat(e.field()).isEqualTo("center_y");
                double p =
                    WheelMath.choosePitch(r.rowSpacing(), PitchMeasurement.of(m[0], m[1])).pitch();
                double reach = WheelPlanner.START_OFFSET_ROWS * p + p + WheelPlanner.EDGE_MARGIN;
                assertThat(Math.min(cy, 1000.0 - cy)).isLessThan(reach);
                seen.computeIfAbsent("refused", k -> new AtomicInteger()).incrementAndGet();
                return;
              }
              double p = plan.pitch().pitch();
              seen.computeIfAbsent(plan.kind().wireName(), k -> new AtomicInteger())
                  .incrementAndGet();
              assertThat(plan.travel()).isLessThanOrEqualTo(plan.travelBound() + 1e-9);
              assertThat(plan.travel())
                  .isLessThanOrEqualTo(WheelMath.MAX_ROWS_PER_ACTION * p + 1e-9);
              if (plan.targetReached()) {
                assertThat(plan.drag()).isEmpty();
                return;
              }
              WheelDrag d = plan.drag().orElseThrow();
              for (double v : new double[] {d.startX(), d.startY(), d.endX(), d.endY()}) {
                assertThat(v).isBetween(0.0, 1000.0);
              }
              assertThat(d.travel())
                  .isCloseTo(plan.travel(), org.assertj.core.api.Assertions.within(1e-9));
              assertThat(d.finger()).isEqualTo(plan.finger());
              // never a touch-down on the selected row
              assertThat(Math.abs(d.startY() - cy))
                  .isGreaterThanOrEqualTo(WheelPlanner.ADJACENT_MIN_ROWS * p - 1e-9);
              if (plan.kind() == ActionKind.VISIBLE_TARGET) {
                assertThat(plan.travel())
                    .isEqualTo(Math.abs(r.visibleTargetY().getAsDouble() - cy));
                assertThat(plan.gapRows()).hasValue(1);
              } else {
                assertThat(plan.travel())
                    .isCloseTo(plan.rows() * p, org.assertj.core.api.Assertions.within(1e-6));
                assertThat(plan.rows())
                    .isBetween(1, tableCap(plan.gapRows().getAsLong(), plan.pitch().confident()));
                // the touch-down is on the side the content comes from
                assertThat(Math.signum(d.startY() - cy))
                    .isEqualTo((double) -plan.finger().dySign());
              }
            });
    assertThat(seen.keySet())
        .as("branches exercised")
        .contains("rows", "visible_target", "target_reached", "refused");
  }

  // ---------------------------------------------------------------- properties: run guard

  /**
   * Drives a guard through random nudges, failures, in-flight tickets, observations and target
   * changes.
   */
  private static final class Sim {
    static final double[] XS = {150.0, 500.0, 850.0};
    final RunGuard guard;
    final int[] value = {0, 20, 40};
    final int[] target = {30, 55, 5};
    final List<WheelTicket> pending = new ArrayList<>();
    final int[] lastAuthorizedTarget = {-1, -1, -1};
    int commits;
    int failures;

    Sim(int ceiling) {
      guard = new RunGuard(ceiling);
    }

    WheelRequest request(int col) {
      return new WheelRequest(
          value[col],
          target[col],
          OptionalInt.of(60),
          OptionalInt.of(5),
          XS[col],
          500.0,
          40.0,
          OptionalDouble.empty());
    }

    WheelTicket authorize(int col, PitchMeasurement m) {
      WheelTicket t = guard.authorize(request(col), m);
      lastAuthorizedTarget[col] = t.decision().targetReached() ? -1 : target[col];
      return t;
    }

    void step(int op) {
      int col = op % 3;
      int r = op / 3;
      int kind = r % 7;
      r /= 7;
      int walk = r % 7 - 3;
      r /= 7;
      int newTarget = (r % 12) * 5;
      try {
        switch (kind) {
          case 0, 1 -> {
            WheelTicket t = authorize(col, PitchMeasurement.of(40.0, walk > 0 ? 0.9 : 0.3));
            boolean act = !t.decision().targetReached();
            t.commit();
            if (act) {
              commits++;
              value[col] = Math.floorMod(value[col] + walk * 5, 60); // whatever the wheel did
            }
          }
          case 2 -> {
            int usedBefore = guard.runActionsUsed();
            int leftBefore = guard.runActionsLeft();
            OptionalInt colBefore = guard.columnActionsLeft(XS[col]);
            boolean sameTargetAsBefore = lastAuthorizedTarget[col] == target[col];
            WheelTicket t = authorize(col, PitchMeasurement.none());
            if (t.decision().targetReached()) {
              t.close();
              return;
            }
            t.close(); // the device action failed
            failures++;
            assertThat(guard.runActionsUsed()).isEqualTo(usedBefore);
            assertThat(guard.runActionsLeft()).isEqualTo(leftBefore);
            // the column got its reservation back and was charged nothing
            assertThat(guard.columnActionsLeft(XS[col]))
                .hasValue(t.decision().columnActionsLeft() + 1);
            if (colBefore.isPresent() && sameTargetAsBefore) {
              assertThat(guard.columnActionsLeft(XS[col])).isEqualTo(colBefore);
            }
          }
          case 3 -> {
            WheelTicket t = authorize(col, PitchMeasurement.of(40.0, 0.8));
            if (t.decision().targetReached()) {
              t.close();
            } else {
              pending.add(t);
            }
          }
          case 4 -> {
            if (!pending.isEmpty()) {
              WheelTicket t = pending.remove(0);
              if (walk >= 0) {
                t.commit();
                commits++;
              } else {
                t.abort();
                failures++;
              }
            }
          }
          case 5 -> guard.observe(XS[col], value[col]);
          default -> target[col] = newTarget;
        }
      } catch (SwipeException e) {
        assertThat(e.code().id())
            .isIn("wheel_budget_exhausted", "wheel_no_progress", "wheel_column_busy");
      }
    }

    void checkInvariants() {
      assertThat(guard.runActionsUsed()).isEqualTo(commits);
      assertThat(guard.runActionsInFlight()).isEqualTo(pending.size());
      assertThat(guard.runActionsUsed() + guard.runActionsInFlight())
          .isLessThanOrEqualTo(guard.runCeiling());
      assertThat(guard.runActionsLeft()).isGreaterThanOrEqualTo(0);
      for (double x : XS) {
        guard.columnActionsLeft(x).ifPresent(left -> assertThat(left).isGreaterThanOrEqualTo(0));
      }
    }
  }

  @Test
  void runCeilingIsNeverExceeded() {
    AtomicInteger hitCeiling = new AtomicInteger();
    qt().forAll(integers().between(1, 60), ops())
        .checkAssert(
            (ceiling, ops) -> {
              Sim sim = new Sim(ceiling);
              for (int op : ops) {
                sim.step(op);
                sim.checkInvariants();
              }
              assertThat(sim.commits).isLessThanOrEqualTo(ceiling);
              if (sim.commits + sim.pending.size() == ceiling) {
                hitCeiling.incrementAndGet();
              }
              // once at the ceiling, nothing more is ever authorized
              if (sim.commits + sim.pending.size() == ceiling) {
                WheelRequest fresh =
                    new WheelRequest(
                        0,
                        30,
                        OptionalInt.of(60),
                        OptionalInt.of(5),
                        700.0,
                        500.0,
                        40.0,
                        OptionalDouble.empty());
                assertThat(
                        Fixtures.catchWheel(
                                () -> sim.guard.authorize(fresh, PitchMeasurement.none()))
                            .code()
                            .id())
                    .isEqualTo("wheel_budget_exhausted");
              }
            });
    assertThat(hitCeiling.get()).as("examples that reached the ceiling").isPositive();
  }

  @Test
  void budgetsAreNotChargedForFailedActions() {
    AtomicInteger failures = new AtomicInteger();
    qt().forAll(ops())
        .checkAssert(
            ops -> {
              Sim sim = new Sim(RunGuard.DEFAULT_RUN_CEILING);
              for (int op : ops) {
                sim.step(op);
              }
              failures.addAndGet(sim.failures);
              // every failure returned its reservation: used == successes only
              assertThat(sim.guard.runActionsUsed()).isEqualTo(sim.commits);
              for (WheelTicket t : sim.pending) {
                t.abort();
              }
              assertThat(sim.guard.runActionsInFlight()).isZero();
              assertThat(sim.guard.runActionsLeft())
                  .isEqualTo(sim.guard.runCeiling() - sim.commits);
            });
    assertThat(failures.get()).as("failed actions exercised").isPositive();
  }

  @Test
  void aWheelThatNeverMovesGetsAtMostAStepAndOneMicroProbe() {
    qt().forAll(integers().between(0, 11), integers().between(0, 11), booleans().all())
        .checkAssert(
            (c, t, probeMode) -> {
              if (c.equals(t)) {
                return;
              }
              RunGuard guard = new RunGuard();
              WheelRequest r =
                  new WheelRequest(
                      c * 5,
                      t * 5,
                      OptionalInt.of(60),
                      probeMode ? OptionalInt.empty() : OptionalInt.of(5),
                      500.0,
                      500.0,
                      40.0,
                      OptionalDouble.empty());
              int actions = 0;
              List<Boolean> micro = new ArrayList<>();
              while (true) {
                try {
                  PlannedNudge d = guard.authorize(r, PitchMeasurement.none()).commit();
                  micro.add(d.microProbe());
                  actions++;
                } catch (SwipeException e) {
                  assertThat(e.code().id()).isEqualTo("wheel_no_progress");
                  break;
                }
                assertThat(actions).isLessThanOrEqualTo(2);
              }
              assertThat(micro).containsExactly(false, true);
            });
  }
}
