package dev.swipe.core.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.HidReport;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A multi-touch report: every finger that touches, and those lifted by this very report.
 *
 * @param offsetNanos time after the gesture's start
 * @param contacts the fingers, each id at most once
 */
public record TouchEvent(long offsetNanos, List<HidReport.Contact> contacts)
    implements TimelineEvent {
  /** Copies the contacts and checks that no finger appears twice. */
  public TouchEvent {
    contacts = List.copyOf(SwipeException.requireArgument(contacts, "contacts"));
    Set<Integer> ids = new HashSet<>();
    for (HidReport.Contact c : contacts) {
      if (!ids.add(c.id())) {
        throw SwipeException.invalidArgument(
            "contacts", "finger " + c.id() + " appears twice in one report");
      }
    }
  }

  /** How many fingers touch in this report. */
  public int touching() {
    int n = 0;
    for (HidReport.Contact c : contacts) {
      if (c.touching()) {
        n++;
      }
    }
    return n;
  }
}
