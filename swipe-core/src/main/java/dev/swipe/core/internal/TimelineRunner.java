package dev.swipe.core.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntPredicate;
import org.jspecify.annotations.Nullable;

/**
 * Plays a timeline on a transport at its planned offsets and records when each report left. Any
 * failure (transport error, interrupt) releases the pointer and keys before the exception is
 * rethrown, so a finger is never left pressed.
 */
public final class TimelineRunner {
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final @Nullable PointerLoop pointer;
  private final @Nullable InputCheck input;

  /** A runner on the given clock. */
  public TimelineRunner(Ticker ticker, Sleeper sleeper) {
    this(ticker, sleeper, null, null);
  }

  /**
   * A runner that first brings a relative pointer to each gesture's first press with {@code
   * pointer} (null for none); the gesture waits for it as for a long look, so its reports' offsets
   * count from when the run began and keep their planned spacing.
   *
   * <p>With {@code input} (null for none) a gesture that presses first asks whether the phone was
   * seen to ignore the rig's input ({@link InputCheck#beforePress}), and on a rig's absolute mouse
   * ends with a release-all: some iPhones lose a mouse button's release and hold the button (so the
   * next move drags) until one comes.
   */
  TimelineRunner(
      Ticker ticker, Sleeper sleeper, @Nullable PointerLoop pointer, @Nullable InputCheck input) {
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.pointer = pointer;
    this.input = input;
  }

  /**
   * Where a relative pointer steered by frames would press now without a move, when this runner
   * steers one and knows where it is.
   */
  Optional<NormPoint> pointerAt() {
    return pointer == null ? Optional.empty() : pointer.pressPoint();
  }

  /**
   * Plays {@code timeline} on {@code transport}.
   *
   * @throws SwipeException the transport's error, {@code hid_disconnected} for I/O failures, or
   *     {@code interrupted}; in every case after a release was attempted
   */
  public ExecutedTimeline run(Timeline timeline, HidTransport transport) {
    return run(timeline, transport, null);
  }

  /**
   * Plays {@code timeline}, calling {@code beforeRelease} just before the final pointer-up report
   * (while the finger still rests at the end point), e.g. to capture a frame during the dwell. A
   * failure inside the hook releases the pointer like any other failure.
   */
  public ExecutedTimeline run(
      Timeline timeline, HidTransport transport, @Nullable Runnable beforeRelease) {
    int n = timeline.reportCount();
    return run(
        timeline,
        transport,
        i ->
            beforeRelease != null
                && i == n - 1
                && timeline.events().get(i) instanceof PointerEvent p
                && !p.pressed(),
        beforeRelease == null ? () -> {} : beforeRelease);
  }

  /**
   * Plays {@code timeline}, calling {@code look} before each report whose index {@code lookBefore}
   * accepts (the finger rests where the previous report put it). A look that outlasts the time left
   * before its report pauses the gesture: the later reports keep their spacing instead of bunching
   * up, which would add speed the plan did not have. A failure inside the hook releases the pointer
   * like any other failure.
   */
  public ExecutedTimeline run(
      Timeline timeline, HidTransport transport, IntPredicate lookBefore, Runnable look) {
    int n = timeline.reportCount();
    long[] actual = new long[n];
    long start = ticker.read();
    long pause = 0;
    try {
      PointerEvent firstPress = firstPointer(timeline);
      boolean presses = firstPress != null && firstPress.pressed();
      if (input != null && presses) {
        input.beforePress();
        start = ticker.read(); // a look at the input is not part of the gesture
      }
      if (pointer != null && firstPress != null && presses) {
        // like a long look: the gesture waits, its reports keep their spacing
        pointer.place(firstPress.point(), timeline);
        pause = ticker.read() - start;
      }
      for (int i = 0; i < n; i++) {
        TimelineEvent e = timeline.events().get(i);
        if (look != null && lookBefore.test(i)) {
          look.run();
          pause = Math.max(pause, ticker.read() - start - e.offsetNanos());
        }
        long wait = start + pause + e.offsetNanos() - ticker.read();
        if (wait > 0) {
          sleeper.sleep(wait);
        }
        actual[i] = ticker.read() - start;
        transport.send(toReport(e));
      }
      if (input != null && presses && input.rigsAbsoluteMouse()) {
        transport.releaseAll();
      }
    } catch (InterruptedException e) {
      lost();
      SwipeException failure =
          new SwipeException(
              CommonCode.INTERRUPTED,
              "interrupted during a gesture; the pointer was released",
              Map.of(),
              e);
      releaseAfterFailure(transport, failure);
      Thread.currentThread().interrupt();
      throw failure;
    } catch (RuntimeException e) {
      lost();
      SwipeException failure = asSwipeException(e);
      releaseAfterFailure(transport, failure);
      throw failure;
    }
    if (pointer != null) {
      pointer.played(timeline, start, actual);
    }
    return new PlayedTimeline(timeline, actual);
  }

  private void lost() {
    if (pointer != null) {
      pointer.lost();
    }
  }

  private static @Nullable PointerEvent firstPointer(Timeline timeline) {
    for (TimelineEvent e : timeline.events()) {
      if (e instanceof PointerEvent p) {
        return p;
      }
    }
    return null;
  }

  /** The report a timeline event stands for. */
  public static HidReport toReport(TimelineEvent e) {
    if (e instanceof PointerEvent p) {
      return new HidReport.Pointer(p.point(), p.pressed());
    }
    if (e instanceof TouchEvent t) {
      return new HidReport.Touch(t.contacts());
    }
    KeyEvent k = (KeyEvent) e;
    return new HidReport.Keyboard(k.key(), k.modifiers(), k.down());
  }

  private static SwipeException asSwipeException(RuntimeException e) {
    if (e instanceof SwipeException s) {
      return s;
    }
    if (e instanceof UncheckedIOException) {
      return new SwipeException(
          ErrorCode.HID_DISCONNECTED,
          "HID link failed during a gesture: " + e.getMessage(),
          Map.of(),
          e);
    }
    return new SwipeException(
        CommonCode.INTERNAL, "HID transport failed during a gesture: " + e, Map.of(), e);
  }

  private static void releaseAfterFailure(HidTransport transport, SwipeException failure) {
    try {
      transport.releaseAll();
    } catch (RuntimeException releaseFailure) {
      failure.addSuppressed(releaseFailure);
    }
  }
}
