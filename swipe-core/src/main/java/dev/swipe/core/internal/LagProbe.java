package dev.swipe.core.internal;

import dev.swipe.core.spi.Frame;
import dev.swipe.diff.GreyRaster;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * Times one pointer report against the frames: the capture's lag is the time from the report to the
 * first frame that shows the pointer moved. Both kinds of pointer a phone draws measure it this
 * way, the relative pointer the {@link PointerLoop} steers and an absolute mouse the {@link
 * InputCheck} found drawn.
 */
final class LagProbe {
  /** Frames polled before giving up. */
  static final int FRAMES = 40;

  /** The longest lag measured; a move not seen by then measures nothing. */
  static final long MAX_LAG_NANOS = 1_500_000_000L;

  private LagProbe() {}

  /**
   * Measures the lag of a report sent at {@code sentNanos} that moved a pointer which rested in
   * {@code rest} and {@code still} (two frames in a row, {@code intervalNanos} apart): the frames
   * captured from the report on, each in turn whatever the source states, until one differs from
   * {@code still} by a blob of a pointer's size ({@code minSide} to {@code maxSide} raster pixels)
   * away from anything that changed between the two (a clock, a spinner). The lag goes, with the
   * frames' spacing, to {@code capture}, which then waits it out.
   *
   * @return whether a lag was measured
   */
  static boolean measure(
      MeasuredLagSource capture,
      Function<Frame, GreyRaster> decode,
      Duration timeout,
      GreyRaster rest,
      GreyRaster still,
      long intervalNanos,
      long sentNanos,
      int minSide,
      int maxSide) {
    List<CursorFinder.Blob> animated = CursorFinder.moved(rest, still, still, 2, Integer.MAX_VALUE);
    long from = sentNanos;
    for (int i = 0; i < FRAMES; i++) {
      Frame f = next(capture, from - 1, timeout);
      long at = f.captureNanos();
      GreyRaster now = decode.apply(f);
      for (CursorFinder.Blob b : CursorFinder.moved(still, now, now, minSide, maxSide)) {
        if (animated.stream().noneMatch(a -> overlap(a, b))) {
          capture.measured(
              Duration.ofNanos(Math.max(0, at - sentNanos)),
              Duration.ofNanos(Math.max(0, intervalNanos)));
          return true;
        }
      }
      if (at - sentNanos > MAX_LAG_NANOS) {
        return false;
      }
      from = at + 1;
    }
    return false;
  }

  /** The first frame captured after {@code nanos}, whatever latency the source states. */
  static Frame next(MeasuredLagSource capture, long nanos, Duration timeout) {
    // the capture adds its latency: ask from that much earlier
    return capture.grab(nanos + 1 - capture.latency().toNanos(), timeout);
  }

  private static boolean overlap(CursorFinder.Blob a, CursorFinder.Blob b) {
    return a.minX() <= b.maxX()
        && b.minX() <= a.maxX()
        && a.minY() <= b.maxY()
        && b.minY() <= a.maxY();
  }
}
