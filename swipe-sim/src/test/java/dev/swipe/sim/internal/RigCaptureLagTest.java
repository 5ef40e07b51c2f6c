package dev.swipe.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.sim.SimConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * With {@code input=rig} the capture lags as a rig's does, and nothing else of the device moves.
 */
class RigCaptureLagTest {
  private static DeviceProfile profile(String uri) {
    return DeviceProfile.of(SimConfig.fromUri(uri));
  }

  @Test
  void aRigsLagIsDrawnPerDeviceInItsRangeAndTheOtherDrawsStay() {
    qt().withExamples(200)
        .forAll(longs().between(0, 1_000_000))
        .checkAssert(
            seed -> {
              DeviceProfile rig = profile("sim:?input=rig&seed=" + seed);
              DeviceProfile ideal = profile("sim:?input=ideal&seed=" + seed);
              assertThat(rig.latency())
                  .isBetween(
                      Duration.ofMillis(DeviceProfile.RIG_LAG_MIN_MS),
                      Duration.ofMillis(DeviceProfile.RIG_LAG_MAX_MS));
              assertThat(ideal.latency()).isBetween(Duration.ofMillis(40), Duration.ofMillis(150));
              assertThat(rig.friction()).isEqualTo(ideal.friction());
              assertThat(rig.jpegQuality()).isEqualTo(ideal.jpegQuality());
            });
  }

  @Test
  void aNominalRigLagsTheMiddleOfTheRangeAndAnExplicitLatencyWins() {
    assertThat(profile("sim:").latency()).isEqualTo(Duration.ofMillis(165));
    assertThat(profile("sim:?input=ideal").latency()).isEqualTo(Duration.ofMillis(60));
    assertThat(profile("sim:?input=rig&seed=7&latency_ms=20").latency())
        .isEqualTo(Duration.ofMillis(20));
  }

  @Test
  void devicesDrawDifferentLags() {
    long distinct =
        java.util.stream.LongStream.range(0, 40)
            .mapToObj(s -> profile("sim:?input=rig&seed=" + s).latency())
            .distinct()
            .count();
    assertThat(distinct).isGreaterThan(20);
  }
}
