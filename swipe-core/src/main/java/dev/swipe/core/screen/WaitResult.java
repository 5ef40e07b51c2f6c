package dev.swipe.core.screen;

import dev.swipe.base.Api;
import dev.swipe.core.Observation;

/**
 * How a wait ended. A wait never throws for a condition that did not hold: it returns here, so a
 * test can assert on it and an agent can decide what to do next.
 *
 * @param held the condition held on a settled screenshot (for {@code waitForStable}: the screen
 *     came to rest) before the timeout
 * @param condition what was waited for, in words
 * @param observation the last screenshot taken (the one the condition held on, when it held)
 * @param looks screenshots taken
 * @param settledLooks how many of them passed the settling gate
 * @param waitedMs device time from the start of the wait to its end
 */
@Api(status = Api.Status.STABLE)
public record WaitResult(
    boolean held,
    String condition,
    Observation observation,
    int looks,
    int settledLooks,
    long waitedMs) {

  /** A one-line account, e.g. for a failure message. */
  public String summary() {
    return (held ? "held: " : "did not hold: ")
        + condition
        + " ("
        + looks
        + " looks, "
        + settledLooks
        + " settled, "
        + waitedMs
        + " ms; last "
        + observation.id()
        + (observation.settled() ? " settled" : " unsettled")
        + ")";
  }
}
