package dev.swipe.core.spi;

import dev.swipe.base.Api;
import java.time.Duration;

/**
 * The eyes: a capture source of screen frames.
 *
 * <p>Freshness is the contract: {@link #grab} never returns a frame captured before {@code
 * notBeforeNanos} plus the source's {@link #latency()}, because a "post-action" frame that predates
 * the action's effect would be a lie.
 */
@Api(status = Api.Status.STABLE)
public interface FrameSource extends AutoCloseable {
  /**
   * Returns a frame captured at or after {@code notBeforeNanos + latency()}, waiting up to {@code
   * timeout}.
   *
   * @throws dev.swipe.base.SwipeException {@code capture_timeout} when none arrives in time, {@code
   *     capture_stale} when the source only has older frames, {@code device_closed} after close
   */
  Frame grab(long notBeforeNanos, Duration timeout);

  /** How long after an event on the phone its image reaches this source. */
  Duration latency();

  /** Frees the source; calling it twice is harmless. */
  @Override
  void close();
}
