package dev.swipe.core.strategy;

import dev.swipe.base.Api;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Observation;
import dev.swipe.diff.DiffResult;

/**
 * One strategy step: one swipe, then a look. {@code confirmed} says whether the change seen meets
 * the strategy's threshold (e.g. {@code diff_ratio > 0.05} for a list scroll).
 *
 * @param strategy the strategy's name, e.g. {@code list_coarse}
 * @param distance finger travel in normalized units
 * @param action the swipe and the settled screen after it
 * @param before the screen before the swipe
 * @param diff before vs after inside the strategy's region
 * @param threshold the diff ratio that confirms the step
 * @param confirmed {@code diff.diffRatio() > threshold}
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record StepResult(
    String strategy,
    double distance,
    ActionResult action,
    Observation before,
    DiffResult diff,
    double threshold,
    boolean confirmed) {
  /** The settled screen after the step. */
  public Observation observation() {
    return action.observation();
  }
}
