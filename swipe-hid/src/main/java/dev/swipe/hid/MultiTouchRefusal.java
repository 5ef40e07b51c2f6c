package dev.swipe.hid;

import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.TouchReport;
import java.util.Map;

/**
 * The answer of a single-pointer link to a report with several fingers: a mouse or a one-contact
 * digitizer cannot hold two fingers down, so it refuses before writing anything, naming the links
 * that can.
 */
final class MultiTouchRefusal {
  private MultiTouchRefusal() {}

  static SwipeException of(String link, TouchReport report) {
    return new SwipeException(
        ErrorCode.UNSUPPORTED_INPUT,
        link
            + " holds one finger and this report has "
            + report.contacts().size()
            + "; several fingers need a multi-touch digitizer (hidg: with pointer=touch&contacts=N)"
            + " or sim: or chrome:",
        Map.of("contacts", 1, "fingers", report.contacts().size()),
        null);
  }
}
