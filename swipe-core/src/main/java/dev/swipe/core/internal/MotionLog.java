package dev.swipe.core.internal;

import dev.swipe.core.Observation;
import java.util.ArrayDeque;
import java.util.Deque;
import org.jspecify.annotations.Nullable;

/**
 * What one device's settling gate saw move during its latest actions, kept so that {@code
 * image_diff} of an action's before and after screens can name the axis of a move the two frames
 * alone cannot show.
 *
 * <p>Why: a carousel page switch, or a wheel turned several rows, leaves before and after frames
 * that share nothing that moved: the honesty benchmark counted 400 page switches per platform and
 * about a third of all wheel nudges answered {@code primary_axis none}, although the device had
 * watched the content travel between the two frames. That watched motion counts only when nothing
 * else could have moved the screen unseen: {@code before} must be the latest screen this device
 * returned when the action began (no other action, in any run, came between), and {@code after} the
 * screen the action returned.
 *
 * <p>Shared by every run of a device; thread-safe.
 */
final class MotionLog {
  /**
   * Actions remembered: an agent compares the latest action's screens, rarely older ones, and each
   * entry holds up to ten diff rasters (about 6 MB for a 1080x2400 capture).
   */
  static final int ACTIONS = 2;

  private record Entry(Observation before, Observation after, MotionTrail trail) {}

  private final Deque<Entry> entries = new ArrayDeque<>(ACTIONS);
  private @Nullable Observation latest;

  /** Notes a screen this device returned (a screenshot, an action's after frame, a scroll's). */
  synchronized void saw(Observation observation) {
    latest = observation;
  }

  /** The newest screen this device returned, or null before the first one. */
  synchronized @Nullable Observation latest() {
    return latest;
  }

  /**
   * Records an action that started from {@code before} (the value of {@link #latest()} when it
   * began; null when there was none) and settled on {@code after} having watched {@code trail}.
   * Actions without a starting screen or without watched motion are not kept.
   */
  synchronized void acted(@Nullable Observation before, Observation after, MotionTrail trail) {
    if (before == null || trail.size() == 0) {
      return;
    }
    if (entries.size() == ACTIONS) {
      entries.removeFirst();
    }
    entries.addLast(new Entry(before, after, trail));
  }

  /**
   * Notes that only the pointer moved, pressing nothing, between {@code from} (the screen a
   * remembered action returned) and {@code to}: the motion that action watched also leads from its
   * start to {@code to}. A wheel nudge's pointer moved off the rows and the screen taken again lost
   * the nudge's watched axis without this (the honesty benchmark counted nine more {@code none}).
   */
  synchronized void carried(Observation from, Observation to) {
    Entry found = null;
    for (Entry e : entries) {
      if (e.after == from) {
        found = e;
      }
    }
    if (found == null) {
      return;
    }
    if (entries.size() == ACTIONS) {
      entries.removeFirst();
    }
    entries.addLast(new Entry(found.before, to, found.trail));
  }

  /**
   * The motion watched by the one action that led from {@code before} straight to {@code after}, or
   * {@link MotionTrail#NONE} when no remembered action did.
   */
  synchronized MotionTrail between(Observation before, Observation after) {
    for (Entry e : entries) {
      if (e.before == before && e.after == after) {
        return e.trail;
      }
    }
    return MotionTrail.NONE;
  }
}
