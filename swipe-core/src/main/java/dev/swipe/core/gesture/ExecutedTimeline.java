package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import java.util.Arrays;

/**
 * A timeline as it was played: the plan plus the actual emit offset of every report, so timing
 * error can be measured (and drawn in traces).
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class ExecutedTimeline {
  private final Timeline planned;
  private final long[] actualOffsetNanos;

  /**
   * @param planned the plan that was played
   * @param actualOffsetNanos emit time of each report, relative to the first report
   */
  public ExecutedTimeline(Timeline planned, long[] actualOffsetNanos) {
    if (actualOffsetNanos.length != planned.reportCount()) {
      throw new IllegalArgumentException(
          "actual offsets ("
              + actualOffsetNanos.length
              + ") must match planned reports ("
              + planned.reportCount()
              + ")");
    }
    this.planned = planned;
    this.actualOffsetNanos = actualOffsetNanos.clone();
  }

  /** The plan. */
  public Timeline planned() {
    return planned;
  }

  /** Actual emit offset of report {@code i}. */
  public long actualOffsetNanos(int i) {
    return actualOffsetNanos[i];
  }

  /** Actual minus planned offset of report {@code i} (positive = late). */
  public long errorNanos(int i) {
    return actualOffsetNanos[i] - planned.events().get(i).offsetNanos();
  }

  /** Largest absolute timing error over all reports. */
  public long maxAbsErrorNanos() {
    long max = 0;
    for (int i = 0; i < actualOffsetNanos.length; i++) {
      max = Math.max(max, Math.abs(errorNanos(i)));
    }
    return max;
  }

  /** Number of reports sent. */
  public int reportCount() {
    return actualOffsetNanos.length;
  }

  @Override
  public String toString() {
    return "ExecutedTimeline[reports="
        + reportCount()
        + ", merged="
        + planned.mergedSteps()
        + ", maxErrorNanos="
        + maxAbsErrorNanos()
        + ", actual="
        + Arrays.toString(actualOffsetNanos)
        + "]";
  }
}
