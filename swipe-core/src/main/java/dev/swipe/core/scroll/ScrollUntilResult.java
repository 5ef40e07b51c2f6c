package dev.swipe.core.scroll;

import dev.swipe.core.Cost;
import dev.swipe.core.Observation;
import java.util.List;

/**
 * The outcome of {@code scroll until}: whether the caller's predicate held, after how many passes,
 * and whether an edge stopped the search.
 *
 * @param found the predicate held on {@link #observation()}
 * @param passes scroll gestures played (0 when the target was visible at the start)
 * @param edgeReached a pass reported {@code at-edge} or {@code unchanged}: nothing more to reveal
 * @param timedOut the overall timeout ended the search
 * @param observation the last settled screen
 * @param scrolls every pass's result, in order
 * @param cost the total cost
 */
public record ScrollUntilResult(
    boolean found,
    int passes,
    boolean edgeReached,
    boolean timedOut,
    Observation observation,
    List<ScrollResult> scrolls,
    Cost cost) {
  /** Copies the pass list. */
  public ScrollUntilResult {
    scrolls = List.copyOf(scrolls);
  }
}
