package dev.swipe.wheel;

import dev.swipe.base.Api;
import dev.swipe.base.Code;

/**
 * The codes only swipe-wheel (and the modules above it) throw; it throws {@link
 * dev.swipe.base.CommonCode#INVALID_ARGUMENT} too. The {@link #id()} is part of the public contract
 * and never changes.
 */
@Api(status = Api.Status.STABLE)
public enum WheelErrorCode implements Code {
  /** The target cannot be reached from the current value by whole {@code value_step}s. */
  WHEEL_TARGET_UNREACHABLE("wheel_target_unreachable"),
  /** The column's allowance or the run's hard ceiling of actions is used up. */
  WHEEL_BUDGET_EXHAUSTED("wheel_budget_exhausted"),
  /** A step and the micro-probe retry after it both moved nothing. */
  WHEEL_NO_PROGRESS("wheel_no_progress"),
  /** Generic touch or keyboard input was aimed at a wheel that is being worked. */
  WHEEL_GENERIC_INPUT_BLOCKED("wheel_generic_input_blocked"),
  /**
   * An action on this column is still in flight (authorized, neither committed nor aborted); a
   * second concurrent nudge of the same column would plan from a stale value and overshoot.
   */
  WHEEL_COLUMN_BUSY("wheel_column_busy"),
  /** A column's labels form no sequence the SDK knows (numbers with a step, months, AM/PM). */
  WHEEL_LABELS_UNRECOGNIZED("wheel_labels_unrecognized"),
  /**
   * The marks of a picker's selected row disagree (a band, lines, emphasis, a cylinder's curve, the
   * middle of the rows shown), so no value is claimed for the column.
   */
  WHEEL_SELECTION_UNCLEAR("wheel_selection_unclear");

  private final String id;

  WheelErrorCode(String id) {
    this.id = id;
  }

  /** The snake_case wire id, e.g. {@code "wheel_no_progress"}. */
  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
