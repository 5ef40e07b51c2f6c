package dev.swipe.core;

import static dev.swipe.core.CoordinatesTest.assertInvalid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.memory.MemoryStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A part of a device is set once; the timing options take the last value. */
class DeviceBuilderTest {
  private final VirtualClock clock = new VirtualClock();
  private final RecordingHidTransport hid = new RecordingHidTransport(clock);
  private final StillFrameSource eyes = new StillFrameSource(clock, clock, Duration.ofMillis(60));

  @TempDir Path dir;

  /** Setting {@code part} once builds; setting it again is refused naming {@code field}. */
  private static void once(Consumer<DeviceBuilder> part, String field) {
    DeviceBuilder b = Device.builder();
    part.accept(b);
    assertInvalid(() -> part.accept(b), field);
  }

  @Test
  void eachPartSetTwiceIsRefusedNamingItsField() {
    once(b -> b.device("sim:"), "device");
    once(b -> b.hid("ch9329:/dev/ttyUSB0"), "hid");
    once(b -> b.hid(hid), "hid");
    once(b -> b.capture("mjpeg:http://127.0.0.1:1/stream"), "capture");
    once(b -> b.capture(eyes), "capture");
    once(b -> b.memory("mem:"), "memory");
    once(b -> b.textReader("tesseract:"), "text_reader");
    once(b -> b.trace(dir), "trace");
    once(b -> b.trace(dir, 1 << 20), "trace");
    once(b -> b.ticker(clock), "ticker");
    once(b -> b.sleeper(clock), "sleeper");
    once(b -> b.attachments(new AttachmentRegistry()), "attachments");
  }

  @Test
  void aPartGivenOnceByUriAndOnceByInstanceIsRefused() {
    assertInvalid(() -> Device.builder().hid("ch9329:/dev/ttyUSB0").hid(hid), "hid");
    assertInvalid(() -> Device.builder().hid(hid).hid("ch9329:/dev/ttyUSB0"), "hid");
    assertInvalid(() -> Device.builder().capture(eyes).capture("uvc:0"), "capture");
    assertInvalid(() -> Device.builder().memory("mem:").memory(MemoryStore.inMemory()), "memory");
    assertInvalid(() -> Device.builder().trace(dir).trace(dir.resolve("b"), 1 << 20), "trace");
  }

  @Test
  void aCombinedDeviceBesideALinkIsRefusedInEitherOrderNamingTheDevice() {
    assertInvalid(() -> Device.builder().hid(hid).device("sim:"), "device");
    assertInvalid(() -> Device.builder().capture("uvc:0").device("sim:"), "device");
    assertInvalid(() -> Device.builder().device("sim:").hid(hid), "device");
    assertInvalid(() -> Device.builder().device("sim:").capture(eyes), "device");
  }

  @Test
  void timingOptionsTakeTheLastValueAndPartsSetOnceOpen() {
    try (Device d =
        Device.builder()
            .hid(hid)
            .capture(eyes)
            .ticker(clock)
            .sleeper(clock)
            .captureTimeout(Duration.ofSeconds(1))
            .captureTimeout(Duration.ofSeconds(2))
            .settleBound(Duration.ofMillis(300))
            .settleBound(Duration.ZERO)
            .open()) {
      Observation shot = d.screenshot();
      // settle bound zero (the last value): the first fresh frame, not waited on to settle
      assertThat(shot.settled()).isFalse();
    }
  }

  @Test
  void anUnknownMemoryOrTextReaderSchemeFailsWhenTheDeviceOpensAsForItsParts() {
    assertThatThrownBy(
            () ->
                Device.builder()
                    .hid(new RecordingHidTransport(clock))
                    .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
                    .memory("redis://localhost")
                    .open())
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.UNKNOWN_SCHEME);
              assertThat(e.details().get("known_schemes").toString()).contains("mem", "sqlite");
            });
    // a typo in the reader's URI fails at open, not at the first text call (swipe-core's tests
    // have no reader on the class path; with one, the code is unknown_scheme: ReaderOptionsTest)
    assertThatThrownBy(
            () ->
                Device.builder()
                    .hid(new RecordingHidTransport(clock))
                    .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
                    .textReader("tesserct:")
                    .open())
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("uri"))
        .hasMessageContaining("tesserct");
  }
}
