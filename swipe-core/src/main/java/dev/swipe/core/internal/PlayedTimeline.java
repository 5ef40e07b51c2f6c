package dev.swipe.core.internal;

import dev.swipe.core.gesture.ExecutedTimeline;
import java.util.Arrays;

/**
 * A timeline as it was played: the plan plus the actual emit offset of every report, so timing
 * error can be measured (and drawn in traces).
 */
public final class PlayedTimeline implements ExecutedTimeline {
  private final Timeline planned;
  private final long[] actualOffsetNanos;

  /**
   * @param planned the plan that was played
   * @param actualOffsetNanos emit time of each report, relative to the first report
   */
  public PlayedTimeline(Timeline planned, long[] actualOffsetNanos) {
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

  @Override
  public long plannedOffsetNanos(int i) {
    return planned.events().get(i).offsetNanos();
  }

  @Override
  public long actualOffsetNanos(int i) {
    return actualOffsetNanos[i];
  }

  @Override
  public int reportCount() {
    return actualOffsetNanos.length;
  }

  @Override
  public String toString() {
    return "PlayedTimeline[reports="
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
