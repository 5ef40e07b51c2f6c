package dev.swipe.base;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits for a number of nanoseconds. Paired with a {@link Ticker}; a virtual clock implements both
 * so that a sleep advances virtual time instead of blocking.
 */
@FunctionalInterface
@Api(status = Api.Status.STABLE)
public interface Sleeper {
  /**
   * Blocks for about {@code nanos} nanoseconds (returns at once when {@code nanos <= 0}).
   *
   * @throws InterruptedException when the thread is interrupted while waiting
   */
  void sleep(long nanos) throws InterruptedException;

  /**
   * A real-time sleeper tuned for report timing: it parks until about a millisecond before the
   * deadline, then spins, so reports leave within a fraction of a millisecond of their plan. The
   * spin costs one core for at most ~1 ms per report.
   */
  static Sleeper system() {
    return nanos -> {
      long deadline = System.nanoTime() + nanos;
      final long spinWindow = 1_000_000L;
      while (true) {
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return;
        }
        if (left > spinWindow) {
          LockSupport.parkNanos(left - spinWindow);
        } else {
          Thread.onSpinWait();
        }
      }
    };
  }
}
