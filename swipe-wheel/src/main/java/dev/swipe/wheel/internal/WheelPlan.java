package dev.swipe.wheel.internal;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The device-free plan for one nudge, produced by the guard's planner. Core executes {@link
 * #drag()} (when present) as a slow drag with a dwell before release.
 *
 * @param kind what the action does
 * @param direction which way the values go ({@link ValueDirection#NONE} when reached)
 * @param finger which way the finger travels on screen
 * @param rowOrder the row order the finger direction was derived from
 * @param gapRows remaining gap in rows before this action; empty for an order probe (the step,
 *     hence the row count, is unknown)
 * @param rows rows this action moves (0 when reached, 1 for probes)
 * @param pitch the pitch used and its source
 * @param travel finger travel in normalized units ({@code rows * pitch}, or exactly {@code
 *     |visible_target_y - center_y|})
 * @param drag the drag to execute; empty when the target is reached
 * @param orderProbe true when {@code value_step} was absent (row order unknown)
 * @param singleRow true when the caller forced a single row (the guard's micro-probe retry)
 */
public record WheelPlan(
    ActionKind kind,
    ValueDirection direction,
    FingerDirection finger,
    RowOrder rowOrder,
    OptionalLong gapRows,
    int rows,
    PitchChoice pitch,
    double travel,
    Optional<WheelDrag> drag,
    boolean orderProbe,
    boolean singleRow) {

  /**
   * Maximum finger travel allowed for one action with this pitch: {@code MAX_ROWS_PER_ACTION *
   * pitch}.
   */
  public double travelBound() {
    return WheelMath.MAX_ROWS_PER_ACTION * pitch.pitch();
  }

  /** True when there is nothing to execute. */
  public boolean targetReached() {
    return kind == ActionKind.TARGET_REACHED;
  }
}
