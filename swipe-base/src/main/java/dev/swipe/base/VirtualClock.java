package dev.swipe.base;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Virtual time: a {@link Ticker} whose reading only moves when someone sleeps on it (as a {@link
 * Sleeper}) or calls {@link #advance}. With it a 100-action session on the simulator runs in
 * seconds, and tests are exact and repeatable.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class VirtualClock implements Ticker, Sleeper {
  private final AtomicLong nanos;

  /** A clock starting at zero. */
  public VirtualClock() {
    this(0);
  }

  /** A clock starting at {@code startNanos}. */
  public VirtualClock(long startNanos) {
    this.nanos = new AtomicLong(startNanos);
  }

  @Override
  public long read() {
    return nanos.get();
  }

  /** Advances time by {@code nanos} (ignored when not positive); never blocks. */
  @Override
  public void sleep(long nanos) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    if (nanos > 0) {
      this.nanos.addAndGet(nanos);
    }
  }

  /** Advances time by {@code d}. */
  public void advance(Duration d) {
    if (d.isNegative()) {
      throw SwipeException.invalidArgument("duration", "must not be negative, was " + d);
    }
    nanos.addAndGet(d.toNanos());
  }
}
