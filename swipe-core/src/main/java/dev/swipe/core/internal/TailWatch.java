package dev.swipe.core.internal;

import dev.swipe.base.Ticker;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.FrameStability;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Frames captured during a swipe's slow tail: where it begins, halfway through it, and in the dwell
 * before release, so that the content's travel is seen while it follows the finger.
 *
 * <p>Why: a wheel nudge planned on a measured pitch lands within a pixel of its row, so its snap
 * after release shows no motion, and the wheel before and after the nudge shares no rows that moved
 * (three rows visible, turned three or more, or back in place with other labels and another fade):
 * the honesty benchmark found a third of the Android nudges' {@code image_diff} answering {@code
 * none}. In the tail the finger moves slowly, so a capture there only pauses it for up to a frame
 * (the timeline runner keeps the later reports' spacing) and the release still carries no velocity.
 */
final class TailWatch {
  private final FrameSource capture;
  private final Ticker ticker;
  private final Duration captureTimeout;
  private final List<Integer> before = new ArrayList<>(3);
  private final List<Frame> frames = new ArrayList<>(3);

  /** A watch over {@code swipe}'s tail as {@code timeline} (its plan) plays it. */
  TailWatch(
      Swipe swipe, Timeline timeline, FrameSource capture, Ticker ticker, Duration captureTimeout) {
    this.capture = capture;
    this.ticker = ticker;
    this.captureTimeout = captureTimeout;
    GestureShape shape = swipe.shape();
    long moveStart = swipe.holdBeforeMs() * 1_000_000L;
    long move = swipe.durationMs() * 1_000_000L;
    long tail = (long) (move * shape.tailTime());
    List<TimelineEvent> events = timeline.events();
    if (tail > 0) {
      addFirstAtOrAfter(events, moveStart + move - tail);
      addFirstAtOrAfter(events, moveStart + move - tail / 2);
    }
    int up = events.size() - 1;
    if (events.get(up) instanceof PointerEvent p && !p.pressed() && !before.contains(up)) {
      before.add(up);
    }
  }

  private void addFirstAtOrAfter(List<TimelineEvent> events, long offset) {
    for (int i = 1; i < events.size(); i++) {
      if (events.get(i).offsetNanos() >= offset) {
        if (!before.contains(i)) {
          before.add(i);
        }
        return;
      }
    }
  }

  /** The reports to look before. */
  IntPredicate lookBefore() {
    return before::contains;
  }

  /**
   * Captures the newest frame the source can deliver now; none when it has none in time. The frame
   * shows the screen a capture latency ago: any frames of the content in motion will do, and
   * waiting out the latency would hold the finger still for it at every look. After the first look,
   * any frame newer than the one before will do too.
   */
  void look() {
    // a source returns frames captured at or after notBefore plus its latency
    long latency = capture.latency().toNanos();
    long notBefore =
        frames.isEmpty()
            ? ticker.read() - latency
            : frames.get(frames.size() - 1).captureNanos() + 1 - latency;
    Frame frame = FrameSettler.grabInTime(capture, notBefore, lookTimeout());
    if (frame != null) {
      frames.add(frame);
    }
  }

  /**
   * How long a look may hold the finger still: a frame and a half of a 30 fps source, never the
   * capture timeout. A source slower than that (a screencast drawn by a busy browser, which then
   * falls back to a screenshot) held every wheel nudge's finger still mid-drag for half a second to
   * a second at each look, and a picker that settles on its own once its scrolling pauses (Ionic's)
   * then landed a two-row nudge one row short.
   */
  private Duration lookTimeout() {
    return captureTimeout.compareTo(LOOK_TIMEOUT) < 0 ? captureTimeout : LOOK_TIMEOUT;
  }

  /** See {@link #lookTimeout()}. */
  static final Duration LOOK_TIMEOUT = Duration.ofMillis(50);

  /** How many frames were captured. */
  int frames() {
    return frames.size();
  }

  /** The consecutive captured frames that differed, as a trail. */
  MotionTrail trail() {
    MotionTrail trail = new MotionTrail();
    GreyRaster previous = null;
    for (Frame f : frames) {
      GreyRaster grey = FrameSettler.decode(f);
      if (previous != null
          && FrameSettler.sameSize(previous, grey)
          && !FrameStability.isStable(previous, grey)) {
        trail.add(previous, grey);
      }
      previous = grey;
    }
    return trail;
  }
}
