package dev.swipe.hid.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** Counts a link's confirmed reports and its faults by name; see {@link LinkHealth}. */
final class LinkFaults {
  static final String LATE_ACK = "late_ack";
  static final String STALE_REPLY = "stale_reply";
  static final String CORRUPT_REPLY = "corrupt_reply";
  static final String LOST_FRAME = "lost_frame";
  static final String REFUSED = "refused";
  static final String RESEND = "resend";
  static final String NO_REPLY = "no_reply";
  static final String STALLED_WRITE = "stalled_write";
  static final String BUSY_WRITE = "busy_write";
  static final String SHORT_WRITE = "short_write";

  private final Map<String, Long> counts = new LinkedHashMap<>();
  private long reports;

  synchronized void count(String fault) {
    counts.merge(fault, 1L, Long::sum);
  }

  synchronized void confirmed() {
    reports++;
  }

  synchronized LinkHealth snapshot() {
    return new LinkHealth(reports, counts);
  }

  /** The counts for an error's details (sorted, so messages read the same every time). */
  synchronized Map<String, Long> details() {
    return new TreeMap<>(counts);
  }
}
