package dev.swipe.core.strategy;

import dev.swipe.base.Api;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The outcome of generic swipe calibration: the first distance that worked, if any within {@link
 * SwipeStrategies#MAX_CALIBRATION_TRIES} tries.
 *
 * @param effectiveDistance the distance whose step was confirmed (the value to save with {@code
 *     save_memory} as "effective distance")
 * @param tries every step, in order
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record CalibrationResult(OptionalDouble effectiveDistance, List<StepResult> tries) {
  /** Copies the tries. */
  public CalibrationResult {
    tries = List.copyOf(tries);
  }

  /** Whether a distance was found. */
  public boolean succeeded() {
    return effectiveDistance.isPresent();
  }
}
