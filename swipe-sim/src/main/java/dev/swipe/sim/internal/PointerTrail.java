package dev.swipe.sim.internal;

import java.util.ArrayDeque;
import java.util.Iterator;
import org.jspecify.annotations.Nullable;

/**
 * Where a drawn pointer stood over the last few seconds, so that a frame showing the phone one
 * capture lag ago draws the pointer where it was then, not where the latest report put it: on a rig
 * a pointer's move shows in the capture as late as the rest of the screen does.
 */
final class PointerTrail {
  /** How far back a frame may look: more than the longest capture latency a phone takes. */
  static final long KEEP_NANOS = 5_000_000_000L;

  /** One report that showed the pointer. */
  record Mark(long at, double x, double y) {}

  private final ArrayDeque<Mark> marks = new ArrayDeque<>();

  /** The pointer was shown at {@code x, y} (layout pixels) by a report at {@code at}. */
  void shown(long at, double x, double y) {
    marks.addLast(new Mark(at, x, y));
    while (marks.size() > 1) {
      Iterator<Mark> it = marks.iterator();
      it.next();
      if (it.next().at() > at - KEEP_NANOS) {
        break;
      }
      marks.removeFirst();
    }
  }

  /** The latest report at or before {@code t}, or null when none came by then. */
  @Nullable Mark at(long t) {
    Iterator<Mark> it = marks.descendingIterator();
    while (it.hasNext()) {
      Mark m = it.next();
      if (m.at() <= t) {
        return m;
      }
    }
    return null;
  }
}
