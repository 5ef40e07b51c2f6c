package dev.swipe.core.strategy;

import dev.swipe.base.Api;
import dev.swipe.core.Observation;
import java.util.List;

/**
 * The outcome of a list search by coarse swipes.
 *
 * @param found the caller's check held on {@link #observation()}
 * @param boundary a swipe changed nothing ({@code changed = false}): the list ends there
 * @param steps every swipe, in order
 * @param observation the last screen
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record SearchResult(
    boolean found, boolean boundary, List<StepResult> steps, Observation observation) {
  /** Copies the steps. */
  public SearchResult {
    steps = List.copyOf(steps);
  }
}
