package dev.swipe.chrome.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * The eyes on a page: {@code Page.startScreencast} frames stamped with the engine's own swap time,
 * and, because a screencast sends nothing while the page is still, a {@code Page.captureScreenshot}
 * when no frame has come for a short quiet while. A screenshot is rendered after it is asked for,
 * so it is stamped with the moment of asking: never older than it shows.
 */
final class ChromeScreencast implements FrameSource {
  /** How long without a screencast frame means the page is still. */
  static final Duration QUIET = Duration.ofMillis(50);

  private final ChromePage page;
  private final ChromeConfig config;
  private final int frameWidth;
  private final int frameHeight;
  private final long epochNanosAtStart;
  private final long tickerAtStart;
  private final ExecutorService acks;
  private final Object lock = new Object();
  private Frame latest;
  private long lastArrival; // ticker time the newest screencast frame arrived
  private boolean closed;

  ChromeScreencast(ChromePage page, ChromeConfig config) {
    this.page = page;
    this.config = config;
    // The engine rounds the picture's size its own way: the first screenshot says what it is, and
    // screencast frames count only when they match it.
    Frame first = screenshot();
    this.frameWidth = first.width();
    this.frameHeight = first.height();
    this.latest = first;
    Instant now = Instant.now();
    this.epochNanosAtStart = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    this.tickerAtStart = page.ticker().read();
    this.acks =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "swipe-chrome-screencast");
              t.setDaemon(true);
              return t;
            });
    page.on("Page.screencastFrame", this::onFrame);
    ObjectNode start =
        ChromePage.json()
            .put("format", "jpeg")
            .put("quality", config.quality())
            .put("maxWidth", frameWidth)
            .put("maxHeight", frameHeight)
            .put("everyNthFrame", 1);
    page.call("Page.startScreencast", start);
  }

  private void onFrame(JsonNode params) {
    try {
      acks.execute(() -> take(params));
    } catch (RejectedExecutionException e) {
      // closed
    }
  }

  private void take(JsonNode params) {
    // the ack is fire-and-forget: Chrome sends the next frame on it, its reply carries nothing
    CompletableFuture<JsonNode> unused =
        page.callAsync(
            "Page.screencastFrameAck",
            ChromePage.json().put("sessionId", params.path("sessionId").asInt()));
    byte[] jpeg = Base64.getDecoder().decode(params.path("data").asText(""));
    double swap = params.path("metadata").path("timestamp").asDouble(0);
    long now = page.ticker().read();
    long captured =
        swap > 0 ? Math.min(now, tickerAtStart + ((long) (swap * 1e9) - epochNanosAtStart)) : now;
    Frame f;
    try {
      f = Frame.ofJpeg(jpeg, captured);
    } catch (SwipeException e) {
      return; // a damaged frame is skipped; the next one or a screenshot serves
    }
    if (f.width() != frameWidth || f.height() != frameHeight) {
      return; // a frame of another size (mid-resize) would break every comparison
    }
    synchronized (lock) {
      if (latest == null || f.captureNanos() >= latest.captureNanos()) {
        latest = f;
      }
      lastArrival = now;
      lock.notifyAll();
    }
  }

  @Override
  public Frame grab(long notBeforeNanos, Duration timeout) {
    long target = notBeforeNanos + config.latency().toNanos();
    long deadline = page.ticker().read() + timeout.toNanos();
    while (true) {
      long now;
      synchronized (lock) {
        if (closed) {
          throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the chrome: eyes are closed");
        }
        if (latest != null && latest.captureNanos() >= target) {
          return latest;
        }
        now = page.ticker().read();
        if (page.isLost()) {
          throw new SwipeException(
              ErrorCode.CAPTURE_TIMEOUT,
              "no frame: the browser is gone (" + page.lostReason() + ")",
              Map.of(),
              null);
        }
        long still = Math.max(lastArrival, target) + QUIET.toNanos();
        if (now < target || now < still) {
          long until = Math.min(deadline, Math.max(target, still));
          if (now >= deadline) {
            throw timeout(timeout, target, now);
          }
          waitNanos(until - now);
          continue;
        }
      }
      if (now >= deadline) {
        throw timeout(timeout, target, now);
      }
      Frame shot = screenshot();
      synchronized (lock) {
        if (latest == null || shot.captureNanos() >= latest.captureNanos()) {
          latest = shot;
        }
        return shot;
      }
    }
  }

  /** A still page's picture: rendered after the request, so stamped with the request's moment. */
  private Frame screenshot() {
    long asked = page.ticker().read();
    ObjectNode p = ChromePage.json().put("format", "jpeg").put("quality", config.quality());
    // From the surface, a screenshot taken while the compositor scrolls can repeat an earlier
    // picture (seen during flings); from the view it is drawn anew, at one pixel per CSS pixel.
    p.put("fromSurface", false);
    p.put("optimizeForSpeed", true);
    JsonNode r;
    try {
      r = page.call("Page.captureScreenshot", p);
    } catch (SwipeException e) {
      throw new SwipeException(
          ErrorCode.CAPTURE_TIMEOUT, "screenshot failed: " + e.getMessage(), e.details(), e);
    }
    Frame f = Frame.ofJpeg(Base64.getDecoder().decode(r.path("data").asText("")), asked);
    if (frameWidth != 0 && (f.width() != frameWidth || f.height() != frameHeight)) {
      throw new SwipeException(
          CommonCode.INTERNAL,
          "a screenshot of "
              + f.width()
              + "x"
              + f.height()
              + " where the screencast gives "
              + frameWidth
              + "x"
              + frameHeight);
    }
    return f;
  }

  private SwipeException timeout(Duration timeout, long target, long now) {
    return new SwipeException(
        ErrorCode.CAPTURE_TIMEOUT,
        "no frame from "
            + (target - now) / 1_000_000
            + " ms ahead or later within "
            + timeout.toMillis()
            + " ms",
        Map.of("timeout_ms", timeout.toMillis()),
        null);
  }

  @SuppressWarnings("WaitNotInLoop")
  // the one caller waits inside its while (true) loop, which rechecks every condition on waking
  private void waitNanos(long nanos) {
    try {
      long ms = Math.max(1, nanos / 1_000_000);
      lock.wait(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwipeException(CommonCode.INTERRUPTED, "interrupted waiting for a frame");
    }
  }

  @Override
  public Duration latency() {
    return config.latency();
  }

  @Override
  public void close() {
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
      lock.notifyAll();
    }
    acks.shutdownNow();
    if (!page.isLost()) {
      try {
        // closing anyway: the reply, or a lost page, changes nothing
        CompletableFuture<JsonNode> unused = page.callAsync("Page.stopScreencast", null);
      } catch (RuntimeException e) {
        // going anyway
      }
    }
    page.release();
  }
}
