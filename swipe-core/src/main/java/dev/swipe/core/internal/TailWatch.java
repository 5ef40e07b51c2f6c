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
import org.jspecify.annotations.Nullable;

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

  /**
   * Whether the finger reaches the point it lifts at before its release report, so that it rests
   * there in between.
   */
  private final boolean restsBeforeRelease;

  /**
   * How long before the look at the release (made right after the report before it) the finger
   * reached that point, planned.
   */
  private final long restedBeforeLook;

  private int looks;
  private @Nullable Frame release;

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
    long dwell = 0;
    boolean arrives = false;
    if (events.get(up) instanceof PointerEvent p && !p.pressed() && !before.contains(up)) {
      before.add(up);
      int rest = up;
      while (rest > 1
          && events.get(rest - 1) instanceof PointerEvent q
          && q.pressed()
          && q.point().equals(p.point())) {
        rest--;
      }
      dwell = events.get(up - 1).offsetNanos() - events.get(rest).offsetNanos();
      arrives = rest < up;
    }
    this.restedBeforeLook = dwell;
    this.restsBeforeRelease = arrives;
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
   * any frame newer than the one before will do too. The look before release also wants a frame of
   * the finger at rest ({@link #lookAtRelease(long)}).
   */
  void look() {
    looks++;
    long now = ticker.read();
    lookForAny();
    if (looks == before.size() && restsBeforeRelease) {
      lookAtRelease(now - restedBeforeLook);
    }
  }

  private void lookForAny() {
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
   * The look before the finger lifts, made as it reaches the point it lifts at ({@code rested},
   * device time): a frame showing the screen after it came to rest there, so the content shows
   * where the release leaves it. When the frame just taken shows an earlier moment, the finger
   * stays still for one that does: a capture latency and a frame at most, bounded by {@link
   * #RELEASE_LOOK_TIMEOUT}, which the dwell before release mostly covers.
   */
  private void lookAtRelease(long rested) {
    long latency = capture.latency().toNanos();
    if (!frames.isEmpty() && frames.get(frames.size() - 1).captureNanos() - latency >= rested) {
      release = frames.get(frames.size() - 1);
      return;
    }
    long wait = Math.max(rested + latency - ticker.read(), 0) + lookTimeout().toNanos();
    Frame frame =
        FrameSettler.grabInTime(
            capture, rested, Duration.ofNanos(Math.min(wait, RELEASE_LOOK_TIMEOUT.toNanos())));
    if (frame != null) {
      frames.add(frame);
      if (frame.captureNanos() - latency >= rested) {
        release = frame;
      }
    }
  }

  /** See {@link #lookAtRelease(long)}. */
  static final Duration RELEASE_LOOK_TIMEOUT = Duration.ofMillis(300);

  /**
   * A frame of the dwell, captured before the finger lifted and showing the screen after it came to
   * rest at the point it lifts at; null when none came in time.
   */
  @Nullable Frame release() {
    return release;
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
