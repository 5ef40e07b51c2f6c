package dev.swipe.webdriver.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plays a compiled request on the session's device: each stroke or key press is one gesture of the
 * device (its timeline runner plays it and releases the finger when anything fails), and the time
 * between them is waited out on the device's clock (a virtual clock is advanced instead of slept
 * on). The time between two gestures is at least the capture latency, since the device looks at the
 * screen after every gesture.
 */
final class ActionPlayer {
  private ActionPlayer() {}

  /** Plays the items; returns what each gesture did. */
  static List<ActionResult> play(Device device, ActionPlan.Compiled plan) {
    Ticker ticker = device.rig().ticker();
    List<ActionResult> out = new ArrayList<>();
    long planMs = 0;
    long sinceNanos = ticker.read();
    for (ActionPlan.Item item : plan.items()) {
      waitFor(ticker, item.startMs() - planMs, sinceNanos);
      long before = ticker.read();
      ActionResult r = device.rig().perform(item.gesture(), Duration.ZERO);
      out.add(r);
      // the gesture's last report left at about before + its last actual offset; the look after it
      // already used part of the gap to the next item
      sinceNanos = before + r.timeline().actualOffsetNanos(r.timeline().reportCount() - 1);
      planMs = item.endMs();
    }
    waitFor(ticker, plan.totalMs() - planMs, sinceNanos);
    return out;
  }

  /** Waits until {@code gapMs} after {@code sinceNanos} on the device's clock. */
  private static void waitFor(Ticker ticker, long gapMs, long sinceNanos) {
    long leftNanos = gapMs * 1_000_000L - (ticker.read() - sinceNanos);
    if (leftNanos <= 0) {
      return;
    }
    if (ticker instanceof VirtualClock clock) {
      clock.advance(Duration.ofNanos(leftNanos));
      return;
    }
    try {
      Thread.sleep(leftNanos / 1_000_000L, (int) (leftNanos % 1_000_000L));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwipeException(
          CommonCode.INTERRUPTED,
          "interrupted between two gestures; the finger was up",
          Map.of(),
          e);
    }
  }
}
