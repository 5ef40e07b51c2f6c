package dev.swipe.core.scroll;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.time.Duration;

/**
 * How far a {@code scrollUntil} may search and how it travels: at most {@code maxPasses} passes
 * within {@code timeout} of device time, each at {@code pace}. One value instead of a row of
 * overloads, so a caller names only what it changes:
 *
 * <pre>{@code
 * ScrollSearch shortList = ScrollSearch.builder().maxPasses(20).pace(SearchPace.STEADY).build();
 * }</pre>
 *
 * @param maxPasses passes before the search gives up, 1..100 (default 60: steady passes of the
 *     longest path, where the frames cannot follow a fling's coast, cross a list of a few hundred
 *     rows)
 * @param timeout device time before the search gives up, (0, 1 h] (default 120 s)
 * @param pace {@link SearchPace#FLING} (the default) for long lists, {@link SearchPace#STEADY} for
 *     short ones
 */
@Api(status = Api.Status.STABLE)
public record ScrollSearch(int maxPasses, Duration timeout, SearchPace pace) {
  /** Default number of passes. */
  public static final int DEFAULT_MAX_PASSES = 60;

  /** Default timeout. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

  /** Validates every field; errors name the field as the agent tools spell it. */
  public ScrollSearch {
    if (maxPasses < 1 || maxPasses > 100) {
      throw SwipeException.invalidArgument("max_passes", "must be in [1, 100], was " + maxPasses);
    }
    SwipeException.requireArgument(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofHours(1)) > 0) {
      throw SwipeException.invalidArgument("timeout", "must be in (0, 1 h], was " + timeout);
    }
    SwipeException.requireArgument(pace, "pace");
  }

  /** Flinging passes, at most 60 of them, within 120 seconds. */
  public static ScrollSearch defaults() {
    return builder().build();
  }

  /** A builder with the defaults for every field. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a {@link ScrollSearch}; validation happens in {@link #build()}. A value builder: setting
   * a field again replaces it (the last value wins).
   */
  public static final class Builder {
    private int maxPasses = DEFAULT_MAX_PASSES;
    private Duration timeout = DEFAULT_TIMEOUT;
    private SearchPace pace = SearchPace.FLING;

    private Builder() {}

    /** Passes before the search gives up. */
    public Builder maxPasses(int maxPasses) {
      this.maxPasses = maxPasses;
      return this;
    }

    /** Device time before the search gives up. */
    public Builder timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    /** Steady or flinging passes. */
    public Builder pace(SearchPace pace) {
      this.pace = pace;
      return this;
    }

    /** Validates and builds. */
    public ScrollSearch build() {
      return new ScrollSearch(maxPasses, timeout, pace);
    }
  }
}
