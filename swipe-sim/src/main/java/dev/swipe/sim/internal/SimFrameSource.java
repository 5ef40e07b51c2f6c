package dev.swipe.sim.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.time.Duration;
import java.util.Map;

/**
 * The simulator's capture path: frames on a fixed grid (30 fps by default) that show the screen as
 * it was one latency earlier, JPEG-encoded at the device's quality, optionally letterboxed into a
 * 1920x1080 HDMI picture.
 */
public final class SimFrameSource implements FrameSource {
  private final VirtualPhone phone;
  private final Object owner;
  private final Runnable onClose;
  private final long period;
  private final long phase;
  private final Duration latency;
  private volatile boolean closed;

  /**
   * A source reading {@code phone}.
   *
   * @param owner the public phone object this source belongs to (for unwrapping)
   * @param onClose run once when the source closes
   */
  public SimFrameSource(VirtualPhone phone, Object owner, Runnable onClose) {
    this.phone = phone;
    this.owner = owner;
    this.onClose = onClose;
    this.period = 1_000_000_000L / phone.config().fps();
    this.phase = phone.profile().framePhaseNanos() % period;
    this.latency = phone.profile().latency();
  }

  /** The public phone object this source belongs to. */
  public Object owner() {
    return owner;
  }

  @Override
  public Frame grab(long notBeforeNanos, Duration timeout) {
    SwipeException.requireArgument(timeout, "timeout");
    ensureOpen();
    long due = notBeforeNanos + latency.toNanos();
    long now = phone.ticker().read();
    long capture = Math.max(gridAtOrAfter(due), gridAtOrBefore(now));
    long wait = capture - now;
    if (wait > timeout.toNanos()) {
      sleep(timeout.toNanos());
      throw new SwipeException(
          ErrorCode.CAPTURE_TIMEOUT,
          "no sim frame at or after the requested time within " + timeout.toMillis() + " ms",
          Map.of("timeout_ms", timeout.toMillis(), "wait_ms", wait / 1_000_000L),
          null);
    }
    sleep(wait);
    ensureOpen();
    long index = Math.floorDiv(capture - phase, period);
    if (phone.config().letterbox()) {
      return phone.hdmiFrame(capture, index);
    }
    return new Frame(phone.jpegAt(capture, index), phone.width(), phone.height(), capture);
  }

  /** The index of the grid frame at or before {@code t}. */
  long indexAt(long t) {
    return Math.floorDiv(t - phase, period);
  }

  private long gridAtOrAfter(long t) {
    return phase + Math.floorDiv(t - phase + period - 1, period) * period;
  }

  private long gridAtOrBefore(long t) {
    return phase + Math.floorDiv(t - phase, period) * period;
  }

  private void sleep(long nanos) {
    if (nanos <= 0) {
      return;
    }
    try {
      phone.sleeper().sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwipeException(CommonCode.INTERRUPTED, "interrupted while waiting for a sim frame");
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the sim frame source is closed");
    }
  }

  @Override
  public Duration latency() {
    return latency;
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    onClose.run();
  }
}
