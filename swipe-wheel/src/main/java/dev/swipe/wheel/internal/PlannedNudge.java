package dev.swipe.wheel.internal;

import dev.swipe.wheel.WheelDecision;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the run guard decided for one nudge: the plan plus the budgets. Core plays the plan's drag
 * and returns the decision beside the new settled screenshot.
 *
 * @param plan the device-free plan (direction, rows, pitch, drag)
 * @param microProbe true when this is the one micro-probe retry after a step that moved nothing
 * @param columnAllowance actions this column's current target may use in total
 * @param columnActionsLeft actions left for this column after this one is charged
 * @param runActionsLeft actions left in the run (all columns) after this one is charged
 */
public record PlannedNudge(
    WheelPlan plan,
    boolean microProbe,
    int columnAllowance,
    int columnActionsLeft,
    int runActionsLeft)
    implements WheelDecision {

  /** Which way the values go. */
  public ValueDirection direction() {
    return plan.direction();
  }

  /** Which way the finger moves on screen. */
  public FingerDirection finger() {
    return plan.finger();
  }

  @Override
  public int signedRows() {
    return plan.rows() * plan.direction().sign();
  }

  @Override
  public int rows() {
    return plan.rows();
  }

  @Override
  public double pitch() {
    return plan.pitch().pitch();
  }

  /** Where the pitch came from. */
  public PitchSource pitchSource() {
    return plan.pitch().source();
  }

  /** True when a trusted measurement replaced a caller estimate that was off by more than 10%. */
  public boolean pitchOverrodeEstimate() {
    return plan.pitch().overrodeEstimate();
  }

  @Override
  public double confidence() {
    return plan.pitch().confidence();
  }

  /** Finger travel in normalized units. */
  public double travel() {
    return plan.travel();
  }

  /** The drag to execute; empty when the target is already reached. */
  public Optional<WheelDrag> drag() {
    return plan.drag();
  }

  @Override
  public boolean targetReached() {
    return plan.targetReached();
  }

  @Override
  public Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", plan.kind().wireName());
    m.put("target_reached", targetReached());
    m.put("direction", direction().wireName());
    m.put("finger", finger().wireName());
    m.put("rows", rows());
    plan.gapRows().ifPresent(g -> m.put("gap_rows", g));
    m.put("pitch", pitch());
    m.put("pitch_source", pitchSource().wireName());
    m.put("pitch_overrode_estimate", pitchOverrodeEstimate());
    m.put("confidence", confidence());
    m.put("travel", travel());
    m.put("order_probe", plan.orderProbe());
    m.put("micro_probe", microProbe);
    m.put(
        "row_order",
        plan.rowOrder() == RowOrder.INCREASING_DOWN ? "increasing_down" : "increasing_up");
    m.put("column_allowance", columnAllowance);
    m.put("column_actions_left", columnActionsLeft);
    m.put("run_actions_left", runActionsLeft);
    return Collections.unmodifiableMap(m);
  }
}
