package dev.swipe.core.internal;

import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.SwipeException;
import dev.swipe.core.Ticker;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.diff.DecodeOptions;
import dev.swipe.diff.FrameStability;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageDecoder;
import java.time.Duration;

/**
 * The settling gate: re-capture until consecutive frames stay equal within JPEG noise for a quiet
 * window ({@link #QUIET_NANOS} of capture time, or {@link #QUIET_FRAMES} frames from a fast
 * source; a wheel nudge asks for {@link #PICKER_QUIET} once motion was seen), bounded in time. Only a passed gate yields
 * {@code settled = true}; a screen that never rests (a spinner, a ticking clock) returns its latest
 * frame unsettled when the bound expires, never hangs.
 *
 * <p>Why a window and not just two frames: the end of a spring or deceleration moves content by
 * less than a pixel per frame, so two frames in a row can be equal while the content still has a
 * pixel to go; found on the simulator's iOS bounce-back, where it made a scroll at the top edge
 * look like a move.
 */
public final class FrameSettler {
  /** What settling produced and what it cost. */
  public record Settled(Observation observation, int frames, long waitNanos) {}

  /** Looks at each frame while settling; returning true ends the wait at that frame. */
  @FunctionalInterface
  public interface Watcher {
    /** Whether to stop waiting at this frame (its diff raster is given, already decoded). */
    boolean stopAt(Frame frame, GreyRaster greyForDiff);
  }

  private final FrameSource capture;
  private final AttachmentRegistry attachments;
  private final Ticker ticker;
  private final Duration captureTimeout;
  /** Frames must stay equal at least this long (capture time) to count as settled... */
  static final long QUIET_NANOS = 150_000_000L;
  /** ...or over this many consecutive frames, for sources that deliver faster than 30 fps. */
  static final int QUIET_FRAMES = 5;
  /**
   * The quiet window after motion for a picker-wheel snap. A deceleration ends in an
   * exponential crawl (iOS pickers: 0.998 per ms) whose last whole-pixel steps come hundreds
   * of milliseconds apart, so a 150 ms window passed between two of them and iOS wheel nudges
   * came back "settled" with pixels still to go (24 of 30 nudges in a simulator probe; 2 with
   * 300 ms). Only wheel nudges use it: for every action it pushed Android's 600 ms edge-glow
   * recede past the 1000 ms bound, and 7 of 24 edge scrolls came back unobserved.
   */
  public static final Duration PICKER_QUIET = Duration.ofMillis(300);
  /** The default quiet window, as a duration. */
  public static final Duration QUIET = Duration.ofNanos(QUIET_NANOS);

  /** A gate on one capture source, registering results in one run. */
  public FrameSettler(FrameSource capture, AttachmentRegistry attachments, Ticker ticker, Duration captureTimeout) {
    this.capture = capture;
    this.attachments = attachments;
    this.ticker = ticker;
    this.captureTimeout = captureTimeout;
  }

  /**
   * Captures the first frame newer than {@code notBeforeNanos} (plus latency), then keeps
   * capturing until the frames stay equal over the quiet window or {@code bound} has passed.
   */
  public Settled settle(long notBeforeNanos, Duration bound) {
    return settle(notBeforeNanos, bound, null, QUIET);
  }

  /**
   * {@link #settle(long, Duration)} with a longer quiet window once motion was seen ({@link
   * #PICKER_QUIET} for a wheel's snap); a screen still from the first frame keeps the short one.
   */
  public Settled settle(long notBeforeNanos, Duration bound, Duration quietAfterMotion) {
    return settle(notBeforeNanos, bound, null, quietAfterMotion);
  }

  /**
   * {@link #settle(long, Duration)}, showing every frame to {@code watcher} (may be null); when it
   * asks to stop, that frame is returned unsettled at once.
   */
  public Settled settle(long notBeforeNanos, Duration bound, Watcher watcher) {
    return settle(notBeforeNanos, bound, watcher, QUIET);
  }

  private Settled settle(long notBeforeNanos, Duration bound, Watcher watcher, Duration quietAfterMotion) {
    long quietAfterMotionNanos = Math.max(QUIET_NANOS, quietAfterMotion.toNanos());
    int quietAfterMotionFrames = (int) Math.max(QUIET_FRAMES, QUIET_FRAMES * quietAfterMotionNanos / QUIET_NANOS);
    long start = ticker.read();
    Frame previous = capture.grab(notBeforeNanos, captureTimeout);
    int frames = 1;
    if (bound.isZero() && watcher == null) {
      return new Settled(attachments.register(previous, false), frames, ticker.read() - start);
    }
    GreyRaster previousGrey = decode(previous);
    if (watcher != null && watcher.stopAt(previous, previousGrey)) {
      return new Settled(attachments.register(previous, false, previousGrey), frames, ticker.read() - start);
    }
    // The quiet run is judged against its first frame, not only frame to frame: a slow fade (an
    // edge glow) changes each frame by less than the noise threshold but adds up.
    GreyRaster anchorGrey = previousGrey;
    long quietSince = previous.captureNanos();
    int quietFrames = 1;
    boolean moved = false;
    long deadline = start + bound.toNanos();
    long latency = capture.latency().toNanos();
    while (ticker.read() < deadline) {
      Frame next;
      try {
        long remaining = Math.max(deadline - ticker.read(), 1_000_000L);
        next = capture.grab(previous.captureNanos() - latency + 1, Duration.ofNanos(remaining));
      } catch (SwipeException e) {
        if (e.code() == ErrorCode.CAPTURE_TIMEOUT || e.code() == ErrorCode.CAPTURE_STALE) {
          break; // no further frame within the bound: the latest one stays unsettled
        }
        throw e;
      }
      frames++;
      GreyRaster nextGrey = decode(next);
      if (watcher != null && watcher.stopAt(next, nextGrey)) {
        return new Settled(attachments.register(next, false, nextGrey), frames, ticker.read() - start);
      }
      if (sameSize(anchorGrey, nextGrey) && FrameStability.isStable(anchorGrey, nextGrey)) {
        quietFrames++;
        long quietNanos = moved ? quietAfterMotionNanos : QUIET_NANOS;
        int quietNeeded = moved ? quietAfterMotionFrames : QUIET_FRAMES;
        if (next.captureNanos() - quietSince >= quietNanos || quietFrames >= quietNeeded) {
          return new Settled(attachments.register(next, true, nextGrey), frames, ticker.read() - start);
        }
      } else {
        anchorGrey = nextGrey;
        moved = true;
        quietSince = next.captureNanos();
        quietFrames = 1;
      }
      previous = next;
      previousGrey = nextGrey;
    }
    return new Settled(attachments.register(previous, false, previousGrey), frames, ticker.read() - start);
  }

  private static boolean sameSize(GreyRaster a, GreyRaster b) {
    return a.width() == b.width() && a.height() == b.height();
  }

  private static GreyRaster decode(Frame f) {
    try {
      return ImageDecoder.decode(f.jpeg(), DecodeOptions.FOR_DIFF);
    } catch (RuntimeException e) {
      throw SwipeException.translate(e);
    }
  }
}
