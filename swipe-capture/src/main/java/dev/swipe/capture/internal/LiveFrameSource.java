package dev.swipe.capture.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.time.Duration;
import java.util.Optional;

/**
 * What the live sources (UVC, MJPEG) share: a producer thread fills a {@link NewestFrameSlot},
 * {@link #grab} waits there for a fresh enough frame and runs only that one through the {@link
 * ScreenPipeline}.
 */
abstract class LiveFrameSource implements FrameSource {
  final String name;
  final CaptureOptions options;
  final NewestFrameSlot slot;
  private final ScreenPipeline pipeline;

  LiveFrameSource(String name, CaptureOptions options, Ticker ticker) {
    this.name = name;
    this.options = options;
    this.slot = new NewestFrameSlot(name, ticker);
    this.pipeline = new ScreenPipeline(options);
  }

  @Override
  public Frame grab(long notBeforeNanos, Duration timeout) {
    SwipeException.requireArgument(timeout, "timeout");
    NewestFrameSlot.Captured captured =
        slot.await(notBeforeNanos + options.latency().toNanos(), timeout);
    return pipeline.toFrame(captured);
  }

  @Override
  public Duration latency() {
    return options.latency();
  }

  /** The screen rectangle in capture pixels: the fixed {@code crop=} or the detected one. */
  public Optional<ScreenCrop> screenCrop() {
    return pipeline.crop();
  }

  /** Frames the producer delivered since open (before freshness filtering). */
  public long framesReceived() {
    return slot.published();
  }

  @Override
  public String toString() {
    return name;
  }
}
