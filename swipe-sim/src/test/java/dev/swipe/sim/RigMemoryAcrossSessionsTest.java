package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import dev.swipe.sim.SimState.Phase;
import dev.swipe.sim.SimState.Receiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the steered pointer learns about a rig (its gain per report, the capture's lag) is kept in
 * the device's memory store and a later session on the same rig starts from it (issue 36 item 2:
 * "everything it learns is kept per rig in memory"). Taps are judged by where the simulated phone
 * truly took them.
 */
class RigMemoryAcrossSessionsTest {
  private static final String RIG =
      "sim:?scene=map&platform=ios&input=rig&pointer=rel&cursor=arrow&seed=41";

  private static List<MemoryRecord> rigRecords(String memory) {
    try (MemoryStore store = MemoryStore.open(memory)) {
      return store.list(0, 100).stream().filter(r -> r.type().equals("rig")).toList();
    }
  }

  private static List<TraceRecord> notes(Path trace, String action) {
    return TraceReader.read(trace).records().stream()
        .filter(r -> r.action().equals(action))
        .toList();
  }

  /** Taps {@code n} seeded targets; returns how many the phone took inside their box. */
  private static int taps(Device device, int n, long seed) {
    SimOracle oracle = SimOracle.of(device);
    Random rnd = new Random(seed);
    int hits = 0;
    for (int t = 0; t < n; t++) {
      NormPoint target = NormPoint.of(150 + 700 * rnd.nextDouble(), 200 + 600 * rnd.nextDouble());
      int before = oracle.touchLog().size();
      device.tap(target);
      oracle.awaitRest(Duration.ofSeconds(10));
      for (SimState.TouchEvent e : oracle.touchLog().subList(before, oracle.touchLog().size())) {
        if (e.phase() == Phase.DOWN) {
          hits +=
              e.receiver() == Receiver.APP
                      && Math.abs(e.xNorm() - target.x()) <= 40
                      && Math.abs(e.yNorm() - target.y()) <= 18
                  ? 1
                  : 0;
          break;
        }
      }
    }
    return hits;
  }

  @Test
  void aSecondSessionOnTheSameRigStartsFromWhatTheFirstLearned(@TempDir Path dir) {
    String memory = "sqlite:" + dir.resolve("memory.db");
    Path first = dir.resolve("first");
    try (Device device = Device.builder().device(RIG).memory(memory).trace(first).open()) {
      // nothing to recall the first time: the look at the input at open measured it
      assertThat(device.rig().captureLag())
          .as("measured at open against the capture's true lag, within a frame")
          .hasValueSatisfying(
              l ->
                  assertThat(l.toMillis())
                      .isBetween(
                          SimOracle.of(device).input().captureLag().toMillis() - 1,
                          SimOracle.of(device).input().captureLag().toMillis() + 40));
      assertThat(taps(device, 3, 1)).isEqualTo(3);
    }
    List<MemoryRecord> kept = rigRecords(memory);
    assertThat(kept).hasSize(1);
    String content = kept.get(0).content();
    assertThat(content).contains("travel_px: ", "approach_px: ", "capture_lag_ms: ");
    assertThat(kept.get(0).title() + content + kept.get(0).entities())
        .as("the rig is named by a digest, not by its URI")
        .doesNotContain("sim:", "seed");
    assertThat(notes(first, "rig_recalled")).as("nothing to start from the first time").isEmpty();
    TraceRecord keptNote = notes(first, "rig_kept").get(0);
    double travel = keptNote.number("outcome", "travel_px").orElseThrow();
    long lag = (long) keptNote.number("outcome", "capture_lag_ms").orElseThrow();
    assertThat(travel).isPositive();
    assertThat(lag).as("the lag a rig profile's frames show (90-240 ms)").isBetween(60L, 400L);

    Path second = dir.resolve("second");
    try (Device device = Device.builder().device(RIG).memory(memory).trace(second).open()) {
      // recalled at open (rig_recalled below), then measured again by the look at the input
      long truth = SimOracle.of(device).input().captureLag().toMillis();
      assertThat(device.rig().captureLag())
          .hasValueSatisfying(l -> assertThat(l.toMillis()).isBetween(truth - 1, truth + 40));
      List<TraceRecord> recalled = notes(second, "rig_recalled");
      assertThat(recalled).hasSize(1);
      assertThat(recalled.get(0).number("outcome", "travel_px").orElseThrow())
          .isCloseTo(travel, org.assertj.core.data.Offset.offset(0.011));
      assertThat((long) recalled.get(0).number("outcome", "capture_lag_ms").orElseThrow())
          .isEqualTo(lag);
      assertThat(taps(device, 3, 2)).as("taps starting from the recalled gain land").isEqualTo(3);
    }
    assertThat(rigRecords(memory)).as("the record was refined in place, not added to").hasSize(1);
  }

  @Test
  void anotherRigAndAPointerTheSdkDoesNotSteerKeepNothingOfThisOne(@TempDir Path dir) {
    String memory = "sqlite:" + dir.resolve("memory.db");
    try (Device device = Device.builder().device(RIG).memory(memory).open()) {
      taps(device, 1, 3);
    }
    Path other = dir.resolve("other");
    try (Device device =
        Device.builder()
            .device(RIG.replace("seed=41", "seed=42"))
            .memory(memory)
            .trace(other)
            .open()) {
      assertThat(notes(other, "rig_recalled")).as("a different rig").isEmpty();
      taps(device, 1, 4);
    }
    assertThat(rigRecords(memory)).as("one record per rig").hasSize(2);
    try (Device device =
        Device.builder()
            .device("sim:?scene=map&platform=ios&seed=41&input=ideal&pointer=touch")
            .memory(memory)
            .open()) {
      taps(device, 1, 5);
    }
    assertThat(rigRecords(memory)).as("a touch digitizer learns nothing to keep").hasSize(2);
  }
}
