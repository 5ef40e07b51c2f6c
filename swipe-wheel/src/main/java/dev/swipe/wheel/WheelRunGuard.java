package dev.swipe.wheel;

import dev.swipe.base.Api;
import java.util.OptionalInt;

/**
 * A run's wheel budget and input guard, as a caller reads it: how many wheel actions the run has
 * used and has left, per column and in all, and whether a column is being worked (touch and key
 * input aimed at a worked column is refused with {@code wheel_generic_input_blocked}).
 *
 * <p>Every run has its own guard; the device spends it on {@code wheel_nudge} and {@code
 * set_wheel}. A new target for a column starts a new allowance for it; the run's ceiling is never
 * reset. All methods are thread-safe.
 */
@Api(status = Api.Status.STABLE)
public interface WheelRunGuard {

  /** Wheel actions a run may play in all, across its columns, unless a device sets another. */
  int DEFAULT_RUN_CEILING = 60;

  /** Whether a column is being worked: an action in flight, or one played toward an open target. */
  boolean working();

  /** The most wheel actions this run may play, across all its columns. */
  int runCeiling();

  /** Wheel actions played and charged in this run. */
  int runActionsUsed();

  /** Wheel actions the run may still play (the ceiling less those used and in flight). */
  int runActionsLeft();

  /**
   * Actions left for the column at {@code columnX} (0-1000) toward its current target; empty when
   * no action was asked for there yet.
   */
  OptionalInt columnActionsLeft(double columnX);

  /** Whether the run has ended: every further wheel action is refused. */
  boolean ended();
}
