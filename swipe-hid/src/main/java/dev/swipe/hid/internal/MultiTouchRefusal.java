package dev.swipe.hid.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.HidReport;
import java.util.Map;

/**
 * The answer of a link to a report with more fingers than it holds: a mouse or a one-contact
 * digitizer cannot hold two fingers down, and a gadget digitizer holds only the {@code contacts=}
 * it was opened with, so it refuses before writing anything, naming what would carry the report.
 */
final class MultiTouchRefusal {
  private MultiTouchRefusal() {}

  static SwipeException of(String link, HidReport.Touch report) {
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

  /**
   * The {@code hidg:} answer: a touch screen opened with too small a {@code contacts=}, or a mouse
   * profile, which carries no touch reports at all.
   *
   * @param fingers the fingers the report needs held at once
   * @param contacts the fingers the gadget holds
   * @param touchScreen whether the gadget is a touch screen ({@code pointer=touch})
   */
  static SwipeException gadget(int fingers, int contacts, boolean touchScreen) {
    String fix =
        "open it with pointer=touch&contacts="
            + fingers
            + " (contacts= must be at least the finger count), or play it on sim: or chrome:";
    String why =
        touchScreen
            ? "hidg: was opened with contacts=" + contacts + " and this report has " + fingers
            : "hidg: with pointer=abs is a mouse and this touch report has " + fingers;
    return new SwipeException(
        ErrorCode.UNSUPPORTED_INPUT,
        why + (fingers == 1 ? " finger; " : " fingers; ") + fix,
        Map.of("contacts", contacts, "fingers", fingers),
        null);
  }
}
