package dev.swipe.core.gesture;

import dev.swipe.base.Api;

/**
 * A gesture's reports as they were played: when each was planned and when it went out, relative to
 * the first report, so the link's timing error can be measured (and drawn in traces).
 */
@Api(status = Api.Status.EXPERIMENTAL)
public interface ExecutedTimeline {

  /** Number of reports sent. */
  int reportCount();

  /** Planned emit offset of report {@code i}, in nanoseconds after the first. */
  long plannedOffsetNanos(int i);

  /** Actual emit offset of report {@code i}, in nanoseconds after the first. */
  long actualOffsetNanos(int i);

  /** How long the gesture was planned to last: the planned offset of its last report. */
  default long plannedDurationNanos() {
    return reportCount() == 0 ? 0 : plannedOffsetNanos(reportCount() - 1);
  }

  /** Actual minus planned offset of report {@code i} (positive = late). */
  default long errorNanos(int i) {
    return actualOffsetNanos(i) - plannedOffsetNanos(i);
  }

  /** Largest absolute timing error over all reports. */
  default long maxAbsErrorNanos() {
    long max = 0;
    for (int i = 0; i < reportCount(); i++) {
      max = Math.max(max, Math.abs(errorNanos(i)));
    }
    return max;
  }
}
