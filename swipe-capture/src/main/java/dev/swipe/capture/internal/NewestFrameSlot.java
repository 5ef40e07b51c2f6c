package dev.swipe.capture.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The one frame a live source holds: producers replace it, {@code grab} waits for one that is new
 * enough. It is a slot and not a queue on purpose: a caller always wants the newest picture of the
 * phone, so older frames are garbage the moment a newer one arrives, and memory stays at one frame
 * per source however fast the producer runs.
 */
public final class NewestFrameSlot {
  /**
   * A frame as captured, before cropping: JPEG bytes (MJPEG, replay) or a decoded image (UVC).
   *
   * @param seq publication number, so the pipeline can reuse work for a frame handed out twice
   */
  @SuppressWarnings("ArrayRecordComponent")
  // a carrier of a frame's bytes, handed out as is; never compared or hashed
  record Captured(
      byte @Nullable [] jpeg,
      @Nullable BufferedImage image,
      int width,
      int height,
      long captureNanos,
      long seq) {}

  private final String sourceName;
  private final Ticker ticker;
  private @Nullable Captured newest;
  private long published;
  private long repeats;
  private @Nullable String lastProblem;
  private boolean closed;

  NewestFrameSlot(String sourceName, Ticker ticker) {
    this.sourceName = sourceName;
    this.ticker = ticker;
  }

  /** Publishes a new frame stamped now on the device's clock; returns it. */
  synchronized Captured publish(
      byte @Nullable [] jpeg, @Nullable BufferedImage image, int width, int height) {
    return publishAt(jpeg, image, width, height, ticker.read());
  }

  /** Publishes a new frame with a given capture stamp (never moving backwards). */
  synchronized Captured publishAt(
      byte @Nullable [] jpeg,
      @Nullable BufferedImage image,
      int width,
      int height,
      long captureNanos) {
    long stamp = newest == null ? captureNanos : Math.max(captureNanos, newest.captureNanos());
    Captured captured = new Captured(jpeg, image, width, height, stamp, ++published);
    newest = captured;
    lastProblem = null;
    notifyAll();
    return captured;
  }

  /**
   * Records that the producer delivered the same picture again (its own timestamp did not move):
   * the held frame keeps its old capture time, because the phone was not seen again.
   */
  synchronized void repeat() {
    repeats++;
    notifyAll();
  }

  /** Remembers why the producer is not delivering, for the error a waiting caller gets. */
  synchronized void problem(String problem) {
    lastProblem = problem;
  }

  synchronized void close() {
    closed = true;
    newest = null;
    notifyAll();
  }

  synchronized boolean isClosed() {
    return closed;
  }

  synchronized long published() {
    return published;
  }

  synchronized long repeats() {
    return repeats;
  }

  synchronized @Nullable Captured newest() {
    return newest;
  }

  /**
   * Waits for a frame captured at or after {@code dueNanos} (device clock), for at most {@code
   * timeout} of real time.
   *
   * @throws SwipeException {@code capture_stale} when only repeats of an older frame arrived,
   *     {@code capture_timeout} when nothing new arrived, {@code device_closed} after close
   */
  synchronized Captured await(long dueNanos, Duration timeout) {
    long timeoutNanos = Math.max(0, timeout.toNanos());
    long deadline = System.nanoTime() + timeoutNanos;
    long repeatsAtStart = repeats;
    long publishedAtStart = published;
    while (true) {
      if (closed) {
        throw closedError(sourceName);
      }
      if (newest != null && newest.captureNanos() >= dueNanos) {
        return newest;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0 || dueNanos - ticker.read() > timeoutNanos) {
        throw notFresh(dueNanos, timeout, repeats > repeatsAtStart, published - publishedAtStart);
      }
      try {
        wait(Math.max(1, left / 1_000_000L));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SwipeException(
            CommonCode.INTERRUPTED, "interrupted while waiting for a frame from " + sourceName);
      }
    }
  }

  private SwipeException notFresh(long dueNanos, Duration timeout, boolean repeated, long arrived) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("source", sourceName);
    details.put("timeout_ms", timeout.toMillis());
    details.put("frames_received", published);
    if (newest != null) {
      details.put("newest_frame_before_due_ms", (dueNanos - newest.captureNanos()) / 1_000_000L);
    }
    if (lastProblem != null) {
      details.put("last_problem", lastProblem);
    }
    if (repeated && arrived == 0) {
      details.put("repeats", repeats);
      return new SwipeException(
          ErrorCode.CAPTURE_STALE,
          sourceName
              + " keeps delivering a frame captured before the asked time (the producer is frozen)",
          details,
          null);
    }
    return new SwipeException(
        ErrorCode.CAPTURE_TIMEOUT,
        "no frame captured after the asked time arrived from "
            + sourceName
            + " within "
            + timeout.toMillis()
            + " ms"
            + (lastProblem == null ? "" : " (last problem: " + lastProblem + ")"),
        details,
        null);
  }

  public static SwipeException closedError(String sourceName) {
    return new SwipeException(
        ErrorCode.DEVICE_CLOSED, sourceName + " is closed", Map.of("source", sourceName), null);
  }
}
