package dev.swipe.core.internal;

import java.util.Arrays;

/**
 * How long a frame source usually takes to hand over a frame after the moment it shows, beyond the
 * latency it states: a low quantile of the latest deliveries.
 *
 * <p>Why: the settling gate counts no quiet time for a frame that arrives late, since such a frame
 * crossed a stall (a renderer busy drawing sends nothing until it is done). What is late depends on
 * the source and the machine: on a busy machine a browser's screenshot of a still page takes a few
 * hundred milliseconds every time, and a fixed threshold then took every frame for a stall and let
 * no screen settle. A stall is a delivery well past the usual one, so lateness is measured from the
 * usual one. The usual one is the quarter quantile of the latest {@link #WINDOW} deliveries, and
 * none until {@link #MIN_DELIVERIES} were seen: a stall, however long, is a minority of them and
 * leaves it where it was. It counts up to {@link #CAP_NANOS}, so a source that is always slow
 * cannot excuse every stall.
 */
final class DeliveryDelays {
  /** How many of the latest deliveries the usual delay is taken over. */
  static final int WINDOW = 32;

  /** How many deliveries must be seen before any delay counts as usual. */
  static final int MIN_DELIVERIES = 8;

  /** The most the usual delay counts for. */
  static final long CAP_NANOS = 500_000_000L;

  private final long[] latest = new long[WINDOW];
  private int count;
  private int next;

  /** Notes one delivery's delay past the stated latency (negative counts as none). */
  synchronized void add(long delayNanos) {
    latest[next] = Math.max(0, delayNanos);
    next = (next + 1) % WINDOW;
    count = Math.min(count + 1, WINDOW);
  }

  /**
   * The usual delay: the quarter quantile of the latest deliveries, at most {@link #CAP_NANOS}; 0
   * before {@link #MIN_DELIVERIES} were seen.
   */
  synchronized long usualNanos() {
    if (count < MIN_DELIVERIES) {
      return 0;
    }
    long[] sorted = Arrays.copyOf(latest, count);
    Arrays.sort(sorted);
    return Math.min(CAP_NANOS, sorted[(count - 1) / 4]);
  }
}
