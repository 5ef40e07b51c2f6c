package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.memory.MemoryStore;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a device keeps about its rig: named without its URI, written and read back, one per rig. */
class RigMemoryTest {
  @Test
  void aRigIsNamedByADigestThatKeepsNoSecretOfItsUri() {
    String uri = "pikvm:https://admin:hunter2@10.0.0.7?pointer=rel";
    String name = RigMemory.name(uri, null, null).orElseThrow();
    assertThat(name).startsWith("rig-").doesNotContain("hunter2", "admin", "10.0.0.7");
    assertThat(RigMemory.name(uri, null, null)).contains(name);
    assertThat(RigMemory.name(uri + "&x=1", null, null))
        .isNotEqualTo(RigMemory.name(uri, null, null));
    assertThat(RigMemory.name(null, "ch9329:/dev/ttyUSB0", "uvc:0"))
        .isNotEqualTo(RigMemory.name(null, "ch9329:/dev/ttyUSB0", "uvc:1"));
    assertThat(RigMemory.name(null, null, null)).isEmpty();
    assertThat(RigMemory.name(null, "ch9329:/dev/ttyUSB0", null))
        .as("half a rig is no rig to remember")
        .isEmpty();
  }

  @Test
  void whatIsKeptReadsBackToWithinItsWrittenPrecision() {
    qt().forAll(
            integers().between(200, 4000),
            doubles().between(0.5, 200),
            doubles().between(0.3, 1.5),
            integers().between(0, 2000))
        .checkAssert(
            (frame, travel, ratio, lagMs) -> {
              RigMemory.Learned l =
                  new RigMemory.Learned(
                      frame,
                      travel * ratio,
                      travel,
                      travel * ratio / 3,
                      travel / 3,
                      lagMs == 0 ? null : Duration.ofMillis(lagMs),
                      Duration.ofMillis(16));
              RigMemory.Learned back = RigMemory.parse(RigMemory.toContent(l)).orElseThrow();
              assertThat(back.frameHeight()).isEqualTo(frame);
              assertThat(back.travel()).isCloseTo(travel, within(0.0005));
              assertThat(back.travelFirst()).isCloseTo(travel * ratio, within(0.0005));
              assertThat(back.approach()).isCloseTo(travel / 3, within(0.0005));
              assertThat(back.lag()).isEqualTo(l.lag());
              assertThat(back.frameInterval()).isEqualTo(Duration.ofMillis(16));
            });
  }

  @Test
  void aRecordThatDoesNotReadRecallsNothingAndAPartialOneWhatItHolds() {
    assertThat(RigMemory.parse("travel_px: fast, frame_height: tall")).isEmpty();
    assertThat(RigMemory.parse("")).isEmpty();
    RigMemory.Learned lagOnly = RigMemory.parse("capture_lag_ms: 180, travel_px: ?").orElseThrow();
    assertThat(lagOnly.hasGain()).isFalse();
    assertThat(lagOnly.lag()).isEqualTo(Duration.ofMillis(180));
    RigMemory.Learned edited =
        RigMemory.parse("Travel_PX : 21.5\nframe_height: 1080, notes: set by hand").orElseThrow();
    assertThat(edited.hasGain()).isTrue();
    assertThat(edited.travel()).isEqualTo(21.5);
    assertThat(edited.approach()).isNaN();
    assertThat(
            RigMemory.parse(
                    "frame_height: 1080, travel_px: 20, travel_counts: 12, capture_lag_ms: 90")
                .orElseThrow()
                .hasGain())
        .as("a gain learned for reports of another size")
        .isFalse();
  }

  @Test
  void keepingAgainReplacesTheRigsRecordAndLeavesOtherRigsAlone() {
    try (MemoryStore store = MemoryStore.open("mem:")) {
      RigMemory.Learned a =
          new RigMemory.Learned(1080, 17, 20, 4, 5, Duration.ofMillis(150), Duration.ofMillis(33));
      RigMemory.Learned b =
          new RigMemory.Learned(1080, 18, 21, 4.2, 5.1, Duration.ofMillis(190), null);
      RigMemory.keep(store, "rig-one", a);
      RigMemory.keep(store, "rig-two", a);
      RigMemory.keep(store, "rig-one", b);
      assertThat(store.count()).isEqualTo(2);
      RigMemory.Learned one = RigMemory.recall(store, "rig-one").orElseThrow();
      assertThat(one.travel()).isEqualTo(21);
      assertThat(one.lag()).isEqualTo(Duration.ofMillis(190));
      assertThat(RigMemory.recall(store, "rig-two").orElseThrow().travel()).isEqualTo(20);
      assertThat(RigMemory.recall(store, "rig-three")).isEmpty();
    }
  }
}
