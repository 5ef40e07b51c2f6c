package dev.swipe.capture.internal;

import dev.swipe.base.Ticker;
import dev.swipe.base.VirtualClock;
import dev.swipe.capture.FrameRecorder;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.tck.FrameSourceContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The capture kit over a recorded directory replayed on virtual time (looped). */
class FileReplayFrameSourceContractTest extends FrameSourceContract {
  @TempDir static Path recordings;
  private static int runs;
  private final VirtualClock clock = new VirtualClock();

  /** Records 60 small frames 33 ms apart, as a 30 fps capture would. */
  static Path record(Path dir) {
    try (FrameRecorder recorder = FrameRecorder.create(dir)) {
      for (int i = 0; i < 60; i++) {
        byte[] jpeg = PhoneScreens.smallFrame(i);
        recorder.record(new Frame(jpeg, 320, 180, 5_000_000_000L + i * 33_333_333L));
      }
    }
    return dir;
  }

  @Override
  protected FrameSource openSource() {
    Path dir = record(recordings.resolve("run" + (++runs)));
    return new FileReplayFrameSourceProvider()
        .open(
            DeviceUri.parse("files:" + dir + "?loop=true&latency_ms=15"),
            new ProviderContext(clock, clock));
  }

  @Override
  protected Ticker ticker() {
    return clock;
  }
}
