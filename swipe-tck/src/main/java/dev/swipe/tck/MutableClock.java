package dev.swipe.tck;

import dev.swipe.base.Api;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock a test moves by hand, so timestamps and recency are deterministic; {@link
 * MemoryStoreContract} hands one to each store it opens.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class MutableClock extends Clock {
  private final AtomicReference<Instant> now;

  /** A clock standing at {@code start}. */
  public MutableClock(Instant start) {
    this.now = new AtomicReference<>(start);
  }

  /** A clock standing at an ISO-8601 instant such as {@code 2026-01-10T08:00:00Z}. */
  public static MutableClock at(String instant) {
    return new MutableClock(Instant.parse(instant));
  }

  /** Moves the clock forward by {@code d}. */
  public void advance(Duration d) {
    now.updateAndGet(i -> i.plus(d));
  }

  /** Puts the clock at {@code instant}, forward or back. */
  public void set(Instant instant) {
    now.set(instant);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now.get();
  }
}
