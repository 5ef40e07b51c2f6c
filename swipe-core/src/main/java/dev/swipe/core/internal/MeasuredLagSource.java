package dev.swipe.core.internal;

import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.time.Duration;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The capture as the device uses it: every frame asked for after an action waits out the larger of
 * the lag the source states and the lag the device measured itself.
 *
 * <p>Why: a source states its latency from its own kind (an HDMI dongle, a snapshot path), but a
 * rig's real lag is the phone's, the dongle's and the host's together (150-235 ms measured on a
 * PiKVM snapshot path). A frame asked for "after the action" that comes within the real lag shows
 * the phone before the action: the SDK would judge a screen the action had not reached. The pointer
 * loop measures the lag from a move of the pointer the phone draws ({@link PointerLoop}) and hands
 * it here.
 */
final class MeasuredLagSource implements FrameSource {
  /**
   * What was measured: the lag from a HID report to the first frame showing it, and frame spacing.
   */
  record Measured(Duration lag, Duration frameInterval) {}

  private final FrameSource delegate;
  private volatile @Nullable Measured measured;
  private volatile Consumer<Measured> listener = m -> {};

  MeasuredLagSource(FrameSource delegate) {
    this.delegate = delegate;
  }

  /** The source this one waits on. */
  FrameSource delegate() {
    return delegate;
  }

  /** Takes a measurement; later frames wait out its lag when it exceeds the stated one. */
  void measured(Duration lag, Duration frameInterval) {
    Measured m = new Measured(lag, frameInterval);
    this.measured = m;
    listener.accept(m);
  }

  /** The latest measurement, or null before one. */
  @Nullable Measured measured() {
    return measured;
  }

  /** Tells {@code l} of every measurement (the device writes it to its trace). */
  void onMeasured(Consumer<Measured> l) {
    this.listener = l;
  }

  /** How much longer than the source states a frame must wait. */
  private long extraNanos() {
    Measured m = measured;
    return m == null ? 0 : Math.max(0, m.lag().toNanos() - delegate.latency().toNanos());
  }

  @Override
  public Frame grab(long notBeforeNanos, Duration timeout) {
    return delegate.grab(notBeforeNanos + extraNanos(), timeout);
  }

  @Override
  public Duration latency() {
    return delegate.latency().plusNanos(extraNanos());
  }

  @Override
  public void close() {
    delegate.close();
  }
}
