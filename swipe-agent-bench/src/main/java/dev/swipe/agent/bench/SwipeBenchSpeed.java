package dev.swipe.agent.bench;

import dev.swipe.base.Api;

/**
 * SwipeBench's speed category. The benchmark only says a duration falls into "fast" or "slow"; we
 * put the boundary at {@value #FAST_BELOW_MS} ms: below it the finger leaves with fling velocity
 * (the published records' 0.3 s swipes, a 400 ms carousel swipe), at or above it the swipe is a
 * controlled drag (a 500 ms coarse list swipe and slower). A scorer may use another boundary; both
 * sides of a comparison then use the same one.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public enum SwipeBenchSpeed {
  /** Shorter than the boundary: a flick. */
  FAST,
  /** At or above the boundary: a controlled move. */
  SLOW;

  /** The default fast/slow boundary in milliseconds. */
  public static final int FAST_BELOW_MS = 500;

  /** The category of a duration with the default boundary. */
  public static SwipeBenchSpeed of(int durationMs) {
    return of(durationMs, FAST_BELOW_MS);
  }

  /** The category of a duration with a given boundary. */
  public static SwipeBenchSpeed of(int durationMs, int fastBelowMs) {
    return durationMs < fastBelowMs ? FAST : SLOW;
  }
}
