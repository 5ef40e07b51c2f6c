package dev.swipe.core.scroll;

import dev.swipe.base.Api;
import dev.swipe.core.Cost;
import dev.swipe.core.Observation;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of {@code scroll until}: whether the caller's predicate held, after how many passes,
 * and why the search stopped ({@link #stoppedBy()}).
 *
 * @param found the predicate held on {@link #observation()}
 * @param passes scroll gestures played (0 when the target was visible at the start)
 * @param edgeReached a pass reported {@code at-edge} or {@code unchanged}: nothing more to reveal
 * @param timedOut the overall timeout ended the search
 * @param observation the last settled screen
 * @param scrolls every pass's result, in order
 * @param cost the total cost
 */
@Api(status = Api.Status.STABLE)
public record ScrollUntilResult(
    boolean found,
    int passes,
    boolean edgeReached,
    boolean timedOut,
    Observation observation,
    List<ScrollResult> scrolls,
    Cost cost) {

  /**
   * Why a search stopped. {@code found:false} alone does not tell a caller whether the content ran
   * out (an edge) or the search did (its passes or its time): only the latter is worth retrying
   * with a larger budget.
   */
  public enum StopReason {
    /** The predicate held. */
    FOUND,
    /** A pass reported an edge: nothing more to reveal in that direction. */
    EDGE_REACHED,
    /** The search's timeout ran out first. */
    TIMED_OUT,
    /** Every allowed pass was played. */
    MAX_PASSES;

    /** The snake_case id the agent tools and the trace use, e.g. {@code max_passes}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Copies the pass list. */
  public ScrollUntilResult {
    scrolls = List.copyOf(scrolls);
  }

  /** Why the search stopped: found, at an edge, or out of time or passes. */
  public StopReason stoppedBy() {
    if (found) {
      return StopReason.FOUND;
    }
    if (edgeReached) {
      return StopReason.EDGE_REACHED;
    }
    return timedOut ? StopReason.TIMED_OUT : StopReason.MAX_PASSES;
  }

  /**
   * True when the search ended because its budget (passes or time) ran out, not because the
   * predicate held or the content ended: the target may lie further on.
   */
  public boolean budgetExhausted() {
    StopReason r = stoppedBy();
    return r == StopReason.TIMED_OUT || r == StopReason.MAX_PASSES;
  }

  /** A short summary: the counts and the last screen, not every pass and frame. */
  @Override
  public String toString() {
    return "ScrollUntilResult[found="
        + found
        + ", stopped_by="
        + stoppedBy().id()
        + ", passes="
        + passes
        + ", observation="
        + observation
        + ", "
        + cost
        + "]";
  }
}
