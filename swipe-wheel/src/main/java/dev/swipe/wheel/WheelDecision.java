package dev.swipe.wheel;

import dev.swipe.base.Api;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the run guard decided for one nudge: the plan plus the budgets. Core returns it to the agent
 * beside the new settled screenshot.
 *
 * @param plan the device-free plan (direction, rows, pitch, drag)
 * @param microProbe true when this is the one micro-probe retry after a step that moved nothing
 * @param columnAllowance actions this column's current target may use in total
 * @param columnActionsLeft actions left for this column after this one is charged
 * @param runActionsLeft actions left in the run (all columns) after this one is charged
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record WheelDecision(
    WheelPlan plan,
    boolean microProbe,
    int columnAllowance,
    int columnActionsLeft,
    int runActionsLeft) {

  /** Which way the values go. */
  public ValueDirection direction() {
    return plan.direction();
  }

  /** Which way the finger moves on screen. */
  public FingerDirection finger() {
    return plan.finger();
  }

  /** Rows this action moves. */
  public int rows() {
    return plan.rows();
  }

  /** The pitch used, in normalized units. */
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

  /** Confidence of the pitch measurement in [0, 1]. */
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

  /** True when nothing must be executed: the current value is the target. */
  public boolean targetReached() {
    return plan.targetReached();
  }

  /**
   * The decision as snake_case fields for the agent's JSON result, so every front end reports the
   * same names: {@code kind, target_reached, direction, finger, rows, gap_rows (when known), pitch,
   * pitch_source, pitch_overrode_estimate, confidence, travel, order_probe, micro_probe, row_order,
   * column_allowance, column_actions_left, run_actions_left}.
   */
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
