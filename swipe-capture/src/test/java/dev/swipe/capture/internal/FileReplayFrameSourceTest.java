package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.capture.FrameRecorder;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileReplayFrameSourceTest {
  @TempDir Path tmp;
  private final VirtualClock clock = new VirtualClock();

  private FrameSource open(Path dir, String options) {
    return new FileReplayFrameSourceProvider()
        .open(
            DeviceUri.parse("files:" + dir + (options.isEmpty() ? "" : "?" + options)),
            new ProviderContext(clock, clock));
  }

  @Test
  void replaysFrameForFrameAtTheRecordedPace() throws Exception {
    Path dir = FileReplayFrameSourceContractTest.record(tmp.resolve("run"));
    try (FrameSource replay = open(dir, "")) {
      long start = clock.read();
      Frame first = replay.grab(start, Duration.ofSeconds(1));
      assertThat(first.jpeg()).isEqualTo(Files.readAllBytes(dir.resolve("000001.jpg")));
      assertThat(first.captureNanos()).isEqualTo(start);
      Frame third = replay.grab(start + 2 * 33_333_333L, Duration.ofSeconds(1));
      assertThat(third.jpeg()).isEqualTo(Files.readAllBytes(dir.resolve("000003.jpg")));
      assertThat(clock.read() - start)
          .as("slept on the device clock until it arrived")
          .isEqualTo(2 * 33_333_333L);
    }
  }

  @Test
  void theNewestArrivedFrameIsReturnedWhenTheAskIsOld() {
    Path dir = FileReplayFrameSourceContractTest.record(tmp.resolve("run"));
    try (FrameSource replay = open(dir, "")) {
      long start = clock.read();
      clock.advance(Duration.ofMillis(500));
      Frame f = replay.grab(start, Duration.ofSeconds(1));
      assertThat(f.captureNanos()).isEqualTo(start + 15 * 33_333_333L);
    }
  }

  @Test
  void aRecordingThatEndedIsStaleUnlessLooped() {
    Path dir = FileReplayFrameSourceContractTest.record(tmp.resolve("run"));
    try (FrameSource replay = open(dir, "")) {
      clock.advance(Duration.ofSeconds(3));
      assertThatThrownBy(() -> replay.grab(clock.read(), Duration.ofSeconds(1)))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CAPTURE_STALE));
    }
    try (FrameSource looped = open(dir, "loop=true")) {
      clock.advance(Duration.ofSeconds(3));
      long asked = clock.read();
      assertThat(looped.grab(asked, Duration.ofSeconds(1)).captureNanos())
          .isGreaterThanOrEqualTo(asked);
    }
  }

  @Test
  void speedCompressesTime() {
    Path dir = FileReplayFrameSourceContractTest.record(tmp.resolve("run"));
    try (FrameSource fast = open(dir, "speed=2")) {
      long start = clock.read();
      Frame f = fast.grab(start + 1, Duration.ofSeconds(1));
      assertThat(f.captureNanos() - start).isEqualTo(33_333_333L / 2);
    }
  }

  @Test
  void recordOptionWritesWhatASourceHandsOutAndReplayGivesItBack() throws Exception {
    Path original = FileReplayFrameSourceContractTest.record(tmp.resolve("original"));
    Path copy = tmp.resolve("copy");
    List<byte[]> seen = new ArrayList<>();
    try (FrameSource recording = open(original, "record=" + copy)) {
      long t = clock.read();
      for (int i = 0; i < 5; i++) {
        Frame f = recording.grab(t, Duration.ofSeconds(1));
        seen.add(f.jpeg());
        t = f.captureNanos() + 100_000_000L;
      }
    }
    assertThat(Files.readAllLines(copy.resolve(FrameRecorder.INDEX))).hasSize(2 + 5);
    try (FrameSource replay = open(copy, "")) {
      long t = clock.read();
      for (int i = 0; i < 5; i++) {
        Frame f = replay.grab(t, Duration.ofSeconds(1));
        assertThat(f.jpeg()).isEqualTo(seen.get(i));
        t = f.captureNanos() + 1;
      }
    }
  }

  @Test
  void aMissingOrBrokenRecordingIsAnInvalidArgument() throws Exception {
    assertThatThrownBy(() -> open(tmp.resolve("nothing"), ""))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("path"));
    Path broken = Files.createDirectories(tmp.resolve("broken"));
    Files.writeString(
        broken.resolve(FrameRecorder.INDEX), "# swipe-capture frames v1\n../etc/passwd\t1\t2\t3\n");
    assertThatThrownBy(() -> open(broken, ""))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.getMessage()).contains("line 2"));
    assertThatThrownBy(
            () ->
                FrameRecorder.create(
                    FileReplayFrameSourceContractTest.record(tmp.resolve("again"))))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("record"));
  }

  @Test
  void aTruncatedRecordedFrameFailsToDecodeClearly() throws Exception {
    Path dir = FileReplayFrameSourceContractTest.record(tmp.resolve("run"));
    byte[] whole = Files.readAllBytes(dir.resolve("000001.jpg"));
    Files.write(dir.resolve("000001.jpg"), java.util.Arrays.copyOf(whole, whole.length / 2));
    try (FrameSource replay = open(dir, "")) {
      assertThatThrownBy(() -> replay.grab(clock.read(), Duration.ofSeconds(1)))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(CommonCode.IMAGE_DECODE_FAILED));
    }
  }
}
