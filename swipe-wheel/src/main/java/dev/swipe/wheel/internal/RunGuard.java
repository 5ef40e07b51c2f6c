package dev.swipe.wheel.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelRunGuard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * The run-scoped safety policy of {@code wheel_nudge}: one instance per agent run, shared by every
 * thread of that run (all methods are thread-safe; state changes happen under one lock).
 *
 * <h2>Lifecycle (how core calls it)</h2>
 *
 * <pre>{@code
 * WheelRequest req = WheelRequest.builder()...build();          // invalid_argument
 * PitchMeasurement m = ...measured on the request's screenshot...;
 * // either in one call:
 * PlannedNudge d = guard.nudge(req, m, (drag, decision) -> hid.slowDragWithDwell(drag));
 * // or step by step (package-private; the guard's own tests use it):
 * try (WheelTicket t = guard.authorize(req, m)) {              // unreachable / budget / no_progress / busy
 *     PlannedNudge d = t.decision();
 *     if (!d.targetReached()) {
 *         execute(d.drag().orElseThrow());                      // slow drag, dwell, release; may throw
 *         d = t.commit();                                       // charged only now
 *     }
 *     return settledScreenshot + d;
 * }                                                              // not committed => aborted, nothing charged
 * // generic input elsewhere in the run:
 * guard.checkGenericTouch(sx, sy, ex, ey);  guard.checkKeyboardInput();
 * // when the run ends:
 * guard.endRun();
 * }</pre>
 *
 * <h2>Observations</h2>
 *
 * The value after an action arrives as the next request's {@code current_value} (the agent reads it
 * from the returned screenshot); {@code observe(columnX, value)} (package-private) lets a caller
 * that reads values itself report it directly. Each committed action is judged once, by the first
 * observation after it:
 *
 * <ul>
 *   <li>unchanged value: the next nudge is forced to a one-row micro probe; if the micro probe
 *       leaves the value unchanged too, the column is stuck and every further nudge fails with
 *       {@code wheel_no_progress} (until its target is observed or the run ends);
 *   <li>changed value: the row order is learned from the finger direction and the sign of the
 *       change. A single-row probe (no {@code value_step}, or a micro probe) settles it at once;
 *       ordinary steps must contradict the assumed order {@value #ORDER_FLIP_EVIDENCE} times in a
 *       row, so one misread value cannot reverse the wheel. The order is kept per column for the
 *       whole run;
 *   <li>value equal to the target: the column is released (its guard ends).
 * </ul>
 *
 * <h2>Budgets</h2>
 *
 * Per column (keyed by {@code column_x} within {@link #COLUMN_TOLERANCE}) and target, an allowance
 * {@code WheelMath.columnAllowance} of the gap at the first nudge toward that target ({@code 2 *
 * minActions(gap, low confidence) + 4}); across all columns a hard {@link #runCeiling()} (default
 * {@value WheelRunGuard#DEFAULT_RUN_CEILING}). {@code authorize} reserves one action of each, the
 * ticket's {@code commit()} charges it, its {@code abort()} returns it: committed plus in-flight
 * actions never exceed either bound, and failed actions cost nothing. A new target for a column
 * starts a new allowance; the run ceiling is never reset.
 *
 * <h2>Generic input</h2>
 *
 * While a column is being worked (an action in flight, or at least one committed for its current
 * target and the target not yet observed), generic touch input whose path touches the column's
 * region is refused with {@code wheel_generic_input_blocked}, and so is all keyboard input (it has
 * no position, and typing is exactly how an editor would change the value). The region is {@code
 * column_x +/- REGION_HALF_WIDTH} by {@code center_y +/- REGION_HALF_HEIGHT_ROWS * pitch}. An agent
 * that sees its target centred should call {@code wheel_nudge} once more with {@code current_value
 * == target_value}: that executes nothing and releases the column.
 */
public final class RunGuard implements WheelRunGuard {

  /** Two requests whose {@code column_x} differ by at most this much address the same column. */
  public static final double COLUMN_TOLERANCE = 25.0;

  /** Half the width of a worked column's blocked region (normalized, width rule). */
  public static final double REGION_HALF_WIDTH = 120.0;

  /**
   * Consecutive ordinary steps whose observed value change contradicts the assumed row order before
   * the order is flipped. A single-row probe (order probe or micro probe) is decisive on its own;
   * an ordinary step needs confirmation so one misread value cannot reverse the wheel.
   */
  public static final int ORDER_FLIP_EVIDENCE = 2;

  /**
   * Half the height of a worked column's blocked region, in rows of the pitch used: the seven
   * visible rows.
   */
  public static final double REGION_HALF_HEIGHT_ROWS = 3.5;

  private final Object lock = new Object();
  private final int runCeiling;
  private final List<Column> columns = new ArrayList<>();
  private int runUsed;
  private int runInFlight;
  private long generation;
  private boolean ended;

  /** A guard with the default run ceiling of {@value WheelRunGuard#DEFAULT_RUN_CEILING} actions. */
  public RunGuard() {
    this(DEFAULT_RUN_CEILING);
  }

  /** A guard with a custom run ceiling (at least 1), e.g. for benchmarks. */
  public RunGuard(int runCeiling) {
    if (runCeiling < 1) {
      throw new IllegalArgumentException("runCeiling must be >= 1");
    }
    this.runCeiling = runCeiling;
  }

  /**
   * Judges the previous action on this column by the request's {@code current_value}, then plans
   * the next nudge and reserves one action for it.
   *
   * @throws SwipeException {@code wheel_target_unreachable}, {@code wheel_no_progress}, {@code
   *     wheel_budget_exhausted} (details {@code scope}: {@code column} or {@code run}), {@code
   *     wheel_column_busy}, or {@code invalid_argument} from planning (e.g. a selected row too
   *     close to a screen edge)
   * @throws IllegalStateException after {@link #endRun()}
   */
  WheelTicket authorize(WheelRequest request, PitchMeasurement measurement) {
    Objects.requireNonNull(request, "request");
    WheelMath.requireReachable(request);
    synchronized (lock) {
      if (ended) {
        throw new IllegalStateException("the run has ended; create a new RunGuard for a new run");
      }
      Column found = find(request.columnX());
      Column col =
          found != null ? found : new Column(request.columnX()); // registered only once authorized
      if (col.inFlight != null) {
        throw busy(col);
      }
      evaluate(col, request.currentValue());
      if (request.currentValue() == request.targetValue()) {
        Episode done = col.episode;
        release(col);
        WheelPlan plan =
            WheelPlanner.plan(request, measurement, col.order, false, col.confirmedPitch);
        PlannedNudge d =
            new PlannedNudge(
                plan,
                false,
                done == null ? 0 : done.allowance,
                done == null ? 0 : done.allowance - done.used,
                runCeiling - runUsed - runInFlight);
        // Nothing to execute or charge; commit() simply returns this decision.
        return new WheelTicket(this, col, null, generation, request, d);
      }
      if (col.noProgress) {
        throw new SwipeException(
            WheelErrorCode.WHEEL_NO_PROGRESS,
            "the wheel at column_x "
                + col.x
                + " did not move after a step and a one-row micro probe;"
                + " check column_x/center_y against the latest screenshot",
            details(col, "column"));
      }
      Episode ep = col.episode;
      if (ep == null
          || ep.target != request.targetValue()
          || !ep.cycle.equals(request.cycleSize())) {
        // a new target: installed only if this authorization succeeds
        ep =
            new Episode(
                request.targetValue(),
                request.cycleSize(),
                WheelMath.columnAllowance(WheelMath.gap(request).rows()));
      }
      if (ep.used >= ep.allowance) {
        throw new SwipeException(
            WheelErrorCode.WHEEL_BUDGET_EXHAUSTED,
            "the column at column_x "
                + col.x
                + " used its allowance of "
                + ep.allowance
                + " actions for target_value "
                + ep.target,
            details(col, "column"));
      }
      if (runUsed + runInFlight >= runCeiling) {
        throw new SwipeException(
            WheelErrorCode.WHEEL_BUDGET_EXHAUSTED,
            "the run used its ceiling of " + runCeiling + " wheel actions",
            details(col, "run"));
      }
      boolean micro = col.probeNext;
      WheelPlan plan =
          WheelPlanner.plan(request, measurement, col.order, micro, col.confirmedPitch);
      PlannedNudge d =
          new PlannedNudge(
              plan,
              micro,
              ep.allowance,
              ep.allowance - ep.used - 1,
              runCeiling - runUsed - runInFlight - 1);
      WheelTicket t = new WheelTicket(this, col, ep, generation, request, d);
      if (found == null) {
        columns.add(col);
      }
      col.episode = ep;
      col.inFlight = t;
      runInFlight++;
      return t;
    }
  }

  /**
   * The whole lifecycle in one call: {@code authorize}, then (unless the target is already reached)
   * {@code actuator.perform(drag)}, then {@code commit} on success or {@code abort} when the
   * actuator throws (the exception is rethrown unchanged).
   *
   * @return the decision with the budgets left after this action
   */
  public PlannedNudge nudge(
      WheelRequest request, PitchMeasurement measurement, WheelActuator actuator) {
    Objects.requireNonNull(actuator, "actuator");
    try (WheelTicket ticket = authorize(request, measurement)) {
      PlannedNudge d = ticket.decision();
      if (d.targetReached()) {
        return ticket.commit();
      }
      actuator.perform(d.drag().orElseThrow(), d);
      return ticket.commit();
    }
  }

  /**
   * Charges a ticket's action after it succeeded on the device and records it for the no-progress
   * check; same as {@link WheelTicket#commit()}.
   *
   * @return the decision with the budgets left after charging
   * @throws IllegalStateException when the ticket was already committed or aborted
   */
  PlannedNudge commit(WheelTicket ticket) {
    checkOwner(ticket);
    synchronized (lock) {
      if (ticket.state != WheelTicket.State.OPEN) {
        throw new IllegalStateException(
            "ticket already " + ticket.state.name().toLowerCase(java.util.Locale.ROOT));
      }
      ticket.state = WheelTicket.State.COMMITTED;
      if (ticket.generation != generation || ticket.episode == null) {
        return ticket.decision(); // the run ended meanwhile: nothing left to charge
      }
      Column col = ticket.column;
      Episode ep = ticket.episode;
      col.inFlight = null;
      runInFlight--;
      runUsed++;
      ep.used++;
      WheelRequest r = ticket.request();
      PlannedNudge d = ticket.decision();
      boolean confirming =
          d.plan().kind() == ActionKind.ROWS
              && !d.plan().orderProbe()
              && !d.microProbe()
              && r.valueStep().isPresent();
      col.last =
          new Last(
              r.currentValue(),
              d.finger(),
              d.microProbe(),
              d.plan().orderProbe() || d.microProbe(),
              r.cycleSize(),
              confirming ? d.plan().rows() : 0,
              confirming
                  ? (long) d.plan().rows()
                      * r.valueStep().orElse(1)
                      * (d.plan().direction() == ValueDirection.INCREASE ? 1 : -1)
                  : 0,
              d.pitch());
      if (d.microProbe()) {
        col.probeNext = false;
      }
      col.centerY = r.centerY();
      col.pitch = d.pitch();
      return new PlannedNudge(
          d.plan(),
          d.microProbe(),
          ep.allowance,
          ep.allowance - ep.used,
          runCeiling - runUsed - runInFlight);
    }
  }

  /**
   * Returns a failed action's reservation; charges nothing. Idempotent; same as {@link
   * WheelTicket#abort()}.
   */
  void abort(WheelTicket ticket) {
    checkOwner(ticket);
    synchronized (lock) {
      if (ticket.state != WheelTicket.State.OPEN) {
        return;
      }
      ticket.state = WheelTicket.State.ABORTED;
      if (ticket.generation == generation && ticket.column.inFlight == ticket) {
        ticket.column.inFlight = null;
        runInFlight--;
      }
    }
  }

  boolean isOpen(WheelTicket ticket) {
    synchronized (lock) {
      return ticket.state == WheelTicket.State.OPEN;
    }
  }

  /**
   * Reports a value read on the column after an action, for callers that read values themselves.
   * Judges the last action (see the class comment) and releases the column when the value equals
   * its target.
   *
   * @throws SwipeException {@code wheel_column_busy} while an action on it is in flight; {@code
   *     invalid_argument} ("observed_value") outside a cyclic wheel's range
   */
  ColumnStatus observe(double columnX, int observedValue) {
    synchronized (lock) {
      Column col = find(columnX);
      if (col == null || ended) {
        return ColumnStatus.UNTRACKED;
      }
      if (col.inFlight != null) {
        throw busy(col);
      }
      OptionalInt cycle =
          col.episode != null
              ? col.episode.cycle
              : col.last != null ? col.last.cycle : OptionalInt.empty();
      if (cycle.isPresent()) {
        if (observedValue < 0 || observedValue > cycle.getAsInt()) {
          throw SwipeException.invalidArgument(
              "observed_value",
              "must be within [0, cycle_size] = [0, "
                  + cycle.getAsInt()
                  + "], was "
                  + observedValue);
        }
        // the top of a cycle counted from 1 (a 12-hour clock's 12) is its 0, as in WheelRequest
        observedValue = observedValue % cycle.getAsInt();
      }
      evaluate(col, observedValue);
      if (col.episode != null && observedValue == col.episode.target) {
        release(col);
      }
      return statusOf(col);
    }
  }

  /** The state of the column nearest {@code columnX} within tolerance. */
  ColumnStatus status(double columnX) {
    synchronized (lock) {
      Column col = find(columnX);
      return col == null || ended ? ColumnStatus.UNTRACKED : statusOf(col);
    }
  }

  /**
   * The row order assumed or learned for that column ({@link RowOrder#INCREASING_DOWN} when
   * untracked).
   */
  RowOrder rowOrder(double columnX) {
    synchronized (lock) {
      Column col = find(columnX);
      return col == null ? RowOrder.INCREASING_DOWN : col.order;
    }
  }

  /**
   * Refuses generic touch input (tap, swipe, drag, long press) whose path from start to end touches
   * the region of a wheel being worked. A tap has start == end.
   *
   * @throws SwipeException {@code wheel_generic_input_blocked}; {@code invalid_argument} for a
   *     non-finite coordinate ({@code start.x}, {@code start.y}, {@code end.x}, {@code end.y})
   */
  public void checkGenericTouch(double startX, double startY, double endX, double endY) {
    finite("start.x", startX);
    finite("start.y", startY);
    finite("end.x", endX);
    finite("end.y", endY);
    synchronized (lock) {
      for (Column col : columns) {
        for (NormRegion region : regions(col)) {
          if (crosses(region, startX, startY, endX, endY)) {
            Map<String, Object> details = details(col, "column");
            details.put("region", List.of(region.x(), region.y(), region.w(), region.h()));
            throw new SwipeException(
                WheelErrorCode.WHEEL_GENERIC_INPUT_BLOCKED,
                "generic touch input aimed at the picker wheel at column_x "
                    + col.x
                    + " is refused while it is being worked; use wheel_nudge (when the target is"
                    + " centred, call wheel_nudge with current_value equal to target_value to release it)",
                details);
          }
        }
      }
    }
  }

  /** {@link #checkGenericTouch} for a tap at one point. */
  public void checkGenericTap(double x, double y) {
    checkGenericTouch(x, y, x, y);
  }

  /**
   * Refuses keyboard input (text or keys) while any wheel is being worked: keys carry no position,
   * and typing a value into a picker's editor is what this policy replaces.
   */
  public void checkKeyboardInput() {
    synchronized (lock) {
      for (Column col : columns) {
        if (active(col)) {
          throw new SwipeException(
              WheelErrorCode.WHEEL_GENERIC_INPUT_BLOCKED,
              "keyboard input is refused while the picker wheel at column_x "
                  + col.x
                  + " is being worked; change picker values with wheel_nudge only",
              details(col, "column"));
        }
      }
    }
  }

  /** Regions where generic input is currently refused (a snapshot). */
  List<NormRegion> activeRegions() {
    synchronized (lock) {
      List<NormRegion> out = new ArrayList<>();
      for (Column col : columns) {
        out.addAll(regions(col));
      }
      return List.copyOf(out);
    }
  }

  @Override
  public boolean working() {
    synchronized (lock) {
      return columns.stream().anyMatch(RunGuard::active);
    }
  }

  @Override
  public int runCeiling() {
    return runCeiling;
  }

  @Override
  public int runActionsUsed() {
    synchronized (lock) {
      return runUsed;
    }
  }

  /** Actions authorized but neither committed nor aborted. */
  public int runActionsInFlight() {
    synchronized (lock) {
      return runInFlight;
    }
  }

  @Override
  public int runActionsLeft() {
    synchronized (lock) {
      return runCeiling - runUsed - runInFlight;
    }
  }

  @Override
  public OptionalInt columnActionsLeft(double columnX) {
    synchronized (lock) {
      Column col = find(columnX);
      if (col == null || col.episode == null) {
        return OptionalInt.empty();
      }
      return OptionalInt.of(
          col.episode.allowance - col.episode.used - (col.inFlight != null ? 1 : 0));
    }
  }

  /**
   * Ends the run: every column is released and forgotten, open tickets become no-ops, and further
   * nudges fail. Generic input is no longer blocked.
   */
  public void endRun() {
    synchronized (lock) {
      ended = true;
      generation++;
      columns.clear();
      runInFlight = 0;
    }
  }

  @Override
  public boolean ended() {
    synchronized (lock) {
      return ended;
    }
  }

  // ---- internals (callers hold the lock) ----

  private void evaluate(Column col, int observed) {
    Last last = col.last;
    if (last == null) {
      return;
    }
    col.last = null;
    long delta = WheelMath.signedDelta(last.from, observed, last.cycle);
    // a pitch is confirmed by a nudge that turned the column exactly the rows it planned, three or
    // more (a snapping picker lands n rows for any pitch within half a row of n, so an exact
    // landing of one or two rows says little), and unconfirmed by one that did not
    if (last.plannedRows >= MIN_CONFIRMING_ROWS && delta == last.plannedDelta) {
      col.confirmedPitch = last.pitch;
    } else if (last.plannedRows > 0) {
      col.confirmedPitch = Double.NaN;
    }
    if (delta == 0) {
      if (last.microProbe) {
        col.noProgress = true;
        col.probeNext = false;
      } else {
        col.probeNext = true;
      }
    } else {
      col.probeNext = false;
      if (last.finger != FingerDirection.NONE) {
        RowOrder seen =
            RowOrder.implied(
                last.finger, delta > 0 ? ValueDirection.INCREASE : ValueDirection.DECREASE);
        if (seen == col.order) {
          col.contradictions = 0;
        } else if (last.singleRowProbe || ++col.contradictions >= ORDER_FLIP_EVIDENCE) {
          col.order = seen;
          col.contradictions = 0;
        }
      }
    }
  }

  /** The fewest rows a nudge must turn exactly to confirm its pitch. */
  static final int MIN_CONFIRMING_ROWS = 3;

  private static void release(Column col) {
    col.episode = null;
    col.last = null;
    col.probeNext = false;
    col.noProgress = false;
  }

  private static boolean active(Column col) {
    return col.inFlight != null || (col.episode != null && col.episode.used > 0);
  }

  private static ColumnStatus statusOf(Column col) {
    if (col.noProgress) {
      return ColumnStatus.NO_PROGRESS;
    }
    if (col.episode != null && col.episode.used >= col.episode.allowance) {
      return ColumnStatus.BUDGET_EXHAUSTED;
    }
    if (col.probeNext) {
      return ColumnStatus.MICRO_PROBE_NEXT;
    }
    return active(col) ? ColumnStatus.IN_PROGRESS : ColumnStatus.IDLE;
  }

  private static List<NormRegion> regions(Column col) {
    List<NormRegion> out = new ArrayList<>(2);
    if (col.inFlight != null) {
      WheelRequest r = col.inFlight.request();
      out.add(region(col.x, r.centerY(), col.inFlight.decision().pitch()));
    }
    if (col.episode != null && col.episode.used > 0) {
      out.add(region(col.x, col.centerY, col.pitch));
    }
    return out;
  }

  private static NormRegion region(double x, double cy, double pitch) {
    double x0 = Math.max(0.0, x - REGION_HALF_WIDTH);
    double x1 = Math.min(1000.0, x + REGION_HALF_WIDTH);
    double half = REGION_HALF_HEIGHT_ROWS * pitch;
    double y0 = Math.max(0.0, cy - half);
    double y1 = Math.min(1000.0, cy + half);
    return new NormRegion(x0, y0, x1 - x0, y1 - y0);
  }

  /**
   * Whether the segment from (x1, y1) to (x2, y2) touches {@code r} (Liang-Barsky clipping). A
   * swipe that merely passes over a wheel can still drag it, so the whole path counts, not only its
   * ends.
   */
  private static boolean crosses(NormRegion r, double x1, double y1, double x2, double y2) {
    double x = r.x();
    double y = r.y();
    double w = r.w();
    double h = r.h();
    double t0 = 0.0;
    double t1 = 1.0;
    double dx = x2 - x1;
    double dy = y2 - y1;
    double[] p = {-dx, dx, -dy, dy};
    double[] q = {x1 - x, x + w - x1, y1 - y, y + h - y1};
    for (int i = 0; i < 4; i++) {
      if (p[i] == 0.0) {
        if (q[i] < 0.0) {
          return false;
        }
      } else {
        double ratio = q[i] / p[i];
        if (p[i] < 0.0) {
          t0 = Math.max(t0, ratio);
        } else {
          t1 = Math.min(t1, ratio);
        }
        if (t0 > t1) {
          return false;
        }
      }
    }
    return true;
  }

  private @Nullable Column find(double x) {
    Column best = null;
    double bestDist = Double.POSITIVE_INFINITY;
    for (Column c : columns) {
      double d = Math.abs(c.x - x);
      if (d <= COLUMN_TOLERANCE && d < bestDist) {
        best = c;
        bestDist = d;
      }
    }
    return best;
  }

  private void checkOwner(WheelTicket ticket) {
    Objects.requireNonNull(ticket, "ticket");
    if (ticket.guard() != this) {
      throw new IllegalArgumentException("ticket belongs to another run guard");
    }
  }

  private Map<String, Object> details(Column col, String scope) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("column_x", col.x);
    d.put("scope", scope);
    if (col.episode != null) {
      d.put("target_value", col.episode.target);
      d.put("column_allowance", col.episode.allowance);
      d.put("column_actions_used", col.episode.used);
    }
    d.put("run_ceiling", runCeiling);
    d.put("run_actions_used", runUsed);
    return d;
  }

  private SwipeException busy(Column col) {
    return new SwipeException(
        WheelErrorCode.WHEEL_COLUMN_BUSY,
        "a nudge of the wheel at column_x " + col.x + " is still in flight; wait for its result",
        details(col, "column"));
  }

  private static void finite(String field, double v) {
    if (!Double.isFinite(v)) {
      throw SwipeException.invalidArgument(
          field, "must be a finite normalized coordinate, was " + v);
    }
  }

  /** Per-column state; guarded by the guard's lock. */
  static final class Column {
    final double x;
    RowOrder order = RowOrder.INCREASING_DOWN;
    int contradictions;
    @Nullable Episode episode;
    @Nullable Last last;
    boolean probeNext;
    boolean noProgress;
    @Nullable WheelTicket inFlight;
    double centerY;
    double pitch;

    /** The pitch of a nudge that turned the column exactly the rows it planned; NaN for none. */
    double confirmedPitch = Double.NaN;

    Column(double x) {
      this.x = x;
    }
  }

  /** Working one column toward one target; guarded by the guard's lock. */
  static final class Episode {
    final int target;
    final OptionalInt cycle;
    final int allowance;
    int used;

    Episode(int target, OptionalInt cycle, int allowance) {
      this.target = target;
      this.cycle = cycle;
      this.allowance = allowance;
    }
  }

  /** The last committed action of a column, waiting for the observation that judges it. */
  record Last(
      int from,
      FingerDirection finger,
      boolean microProbe,
      boolean singleRowProbe,
      OptionalInt cycle,
      int plannedRows,
      long plannedDelta,
      double pitch) {}
}
