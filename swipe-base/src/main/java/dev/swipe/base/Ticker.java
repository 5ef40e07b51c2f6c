package dev.swipe.base;

/**
 * A source of monotonic time in nanoseconds. Injected everywhere the SDK reads time so tests and
 * the simulator can run on virtual time (as Caffeine does with its {@code Ticker}).
 */
@FunctionalInterface
@Api(status = Api.Status.STABLE)
public interface Ticker {
  /** The current reading in nanoseconds; only differences between readings are meaningful. */
  long read();

  /** The JVM's monotonic clock, {@link System#nanoTime()}. */
  static Ticker system() {
    return System::nanoTime;
  }
}
