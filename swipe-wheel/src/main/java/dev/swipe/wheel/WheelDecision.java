package dev.swipe.wheel;

import dev.swipe.base.Api;
import java.util.Map;

/**
 * What one {@code wheel_nudge} decided: the rows it turned the column and the pitch it used, with
 * what is left of the budgets after it. {@link #asMap()} holds every field the agent tools report.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public interface WheelDecision {

  /** Whether nothing was played: the column already showed the target. */
  boolean targetReached();

  /** Rows the action turned the column (0 when the target was reached). */
  int rows();

  /** {@link #rows()} with the sign of the value change it asked for: positive when values grow. */
  int signedRows();

  /** The row pitch used, in normalized units (0-1000 of the screen height). */
  double pitch();

  /** Confidence of that pitch, 0 to 1. */
  double confidence();

  /** Whether this was the one-row probe played after an action that moved nothing. */
  boolean microProbe();

  /** Actions left for this column toward its target after this one. */
  int columnActionsLeft();

  /** Actions left in the run, across its columns, after this one. */
  int runActionsLeft();

  /**
   * The decision as snake_case fields, the names every front end reports: {@code kind,
   * target_reached, direction, finger, rows, gap_rows (when known), pitch, pitch_source,
   * pitch_overrode_estimate, confidence, travel, order_probe, micro_probe, row_order,
   * column_allowance, column_actions_left, run_actions_left}.
   */
  Map<String, Object> asMap();
}
