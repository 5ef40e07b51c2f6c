package dev.swipe.core.internal;

import java.util.List;

/**
 * The reports a gesture compiles to, each with its exact offset from the start.
 *
 * <p>Offsets never decrease; a pointer timeline starts with {@link PointerEvent.Phase#DOWN} and
 * ends with {@link PointerEvent.Phase#UP}. When the link cannot carry every planned step, the
 * planner merges steps (a dropped move is covered by the next, farther one) and counts them in
 * {@link #mergedSteps()}; no two reports are then closer than {@link #minReportIntervalNanos()}.
 *
 * @param events the reports in order
 * @param mergedSteps planned move steps dropped because the link could not carry them
 * @param minReportIntervalNanos the link's minimum spacing the plan honours (0 = unlimited)
 */
public record Timeline(List<TimelineEvent> events, int mergedSteps, long minReportIntervalNanos) {
  /** Copies the event list. */
  public Timeline {
    events = List.copyOf(events);
  }

  /** Offset of the last event: how long playing the timeline takes. */
  public long durationNanos() {
    return events.isEmpty() ? 0 : events.get(events.size() - 1).offsetNanos();
  }

  /** Number of HID reports the timeline sends. */
  public int reportCount() {
    return events.size();
  }
}
