package dev.swipe.capture.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.capture.FrameRecorder;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.FrameSourceProvider;
import dev.swipe.core.spi.ProviderContext;
import java.nio.file.Path;
import java.util.Set;

/**
 * The {@code files:} scheme: {@code files:/runs/2026-11-29?speed=1&loop=false} replays a directory
 * written by {@link FrameRecorder} (or by {@code record=} on any capture URI). Options (defaults in
 * brackets): {@code speed} [1.0: the recorded pace], {@code loop} [false], plus the shared {@code
 * latency_ms} [0: recorded times are already arrival times], {@code crop} [none: recordings hold
 * cropped frames], {@code rotate} [0], {@code quality} [0.9], {@code black_level} [40], {@code
 * record}.
 */
public final class FileReplayFrameSourceProvider implements FrameSourceProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public FileReplayFrameSourceProvider() {}

  private static final Set<String> KEYS = CaptureOptions.keysWith("speed", "loop");

  @Override
  public String scheme() {
    return "files";
  }

  @Override
  public FrameSource open(DeviceUri uri, ProviderContext context) {
    uri.requireKnownKeys(KEYS);
    if (uri.path().isBlank()) {
      throw SwipeException.invalidArgument(
          "path", "files: needs a recording directory, e.g. files:/tmp/run1");
    }
    CaptureOptions options = CaptureOptions.parse(uri, 0, CaptureOptions.CropMode.NONE);
    double speed = uri.doubleParam("speed", 1.0, 0.01, 1000.0);
    boolean loop = uri.boolParam("loop", false);
    Path dir = Path.of(uri.path());
    return RecordingFrameSource.wrapIfAsked(
        new FileReplayFrameSource(dir, options, context.ticker(), context.sleeper(), speed, loop),
        options);
  }
}
