package dev.swipe.capture.internal;

import dev.swipe.capture.FrameRecorder;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A source that also writes every frame it hands out to a {@link FrameRecorder} ({@code record=}).
 */
final class RecordingFrameSource implements FrameSource {
  private final FrameSource delegate;
  private final FrameRecorder recorder;
  private @Nullable Frame last;

  RecordingFrameSource(FrameSource delegate, FrameRecorder recorder) {
    this.delegate = delegate;
    this.recorder = recorder;
  }

  static FrameSource wrapIfAsked(FrameSource source, CaptureOptions options) {
    if (options.recordTo().isEmpty()) {
      return source;
    }
    try {
      return new RecordingFrameSource(source, FrameRecorder.create(options.recordTo().get()));
    } catch (RuntimeException e) {
      source.close();
      throw e;
    }
  }

  @Override
  public synchronized Frame grab(long notBeforeNanos, Duration timeout) {
    Frame frame = delegate.grab(notBeforeNanos, timeout);
    @SuppressWarnings("ReferenceEquality")
    // a source hands out the same frame object again until a new one comes: only new ones are kept
    boolean fresh = frame != last;
    if (fresh) {
      recorder.record(frame);
      last = frame;
    }
    return frame;
  }

  @Override
  public Duration latency() {
    return delegate.latency();
  }

  @Override
  public void close() {
    try {
      delegate.close();
    } finally {
      recorder.close();
    }
  }

  @Override
  public String toString() {
    return delegate + " recorded to " + recorder.directory();
  }
}
