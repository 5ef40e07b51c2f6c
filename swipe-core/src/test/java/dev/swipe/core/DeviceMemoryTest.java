package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory wired into the facade: a real SQLite file, errors in the one error model. */
class DeviceMemoryTest {
  @TempDir Path dir;
  private final VirtualClock clock = new VirtualClock();

  private DeviceBuilder rig(RecordingHidTransport hid) {
    return Device.builder()
        .hid(hid)
        .capture(new StillFrameSource(clock, clock, Duration.ofMillis(60)))
        .ticker(clock)
        .sleeper(clock);
  }

  @Test
  void savedParametersAreRecalledAcrossDevicesAndRuns() {
    String uri = "sqlite:" + dir.resolve("memory.db");
    try (Device d = rig(new RecordingHidTransport(clock)).memory(uri).open()) {
      d.rig()
          .memory()
          .orElseThrow()
          .save(
              MemoryRecord.builder(
                      "[Clock] [Hour wheel] swipe parameters",
                      "app: Clock, screen: alarm, picker: hour column, effective distance: 35, hold_after_ms: 100,"
                          + " center position: x=500 y=380")
                  .tags("swipe", "picker")
                  .entities("Clock")
                  .priority(70)
                  .build());
      assertThat(d.run().fork().rig().memory()).as("runs share the device's memory").isPresent();
    }
    assertThat(Files.exists(dir.resolve("memory.db"))).isTrue();
    try (Device d = rig(new RecordingHidTransport(clock)).memory(uri).open()) {
      var found = d.rig().memory().orElseThrow().recall(MemoryQuery.of("hour wheel"));
      assertThat(found).hasSize(1);
      assertThat(found.get(0).content()).contains("effective distance: 35");
    }
  }

  @Test
  void memoryErrorsAreSwipeExceptionsAndTheOpenedPartsAreReleased() throws Exception {
    Path notADir = dir.resolve("file");
    Files.writeString(notADir, "x");
    RecordingHidTransport hid = new RecordingHidTransport(clock);
    assertThatThrownBy(() -> rig(hid).memory("sqlite:" + notADir.resolve("m.db")).open())
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_UNAVAILABLE));
    assertThat(hid.releaseCalls()).as("the HID part was closed").isEqualTo(1);
    assertThatThrownBy(() -> rig(new RecordingHidTransport(clock)).memory("nosql:x").open())
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(CommonCode.UNKNOWN_SCHEME));
    try (Device d = rig(new RecordingHidTransport(clock)).memory("mem:").open()) {
      // records are validated where they are built (swipe-memory); the store's own errors come
      // through the facade as SwipeExceptions with the same code
      assertThatThrownBy(() -> d.rig().memory().orElseThrow().list(-1, 10))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT));
      assertThat(d.rig().memory().orElseThrow().count()).isZero();
    }
    try (Device d = rig(new RecordingHidTransport(clock)).open()) {
      assertThat(d.rig().memory()).isEmpty();
    }
  }
}
