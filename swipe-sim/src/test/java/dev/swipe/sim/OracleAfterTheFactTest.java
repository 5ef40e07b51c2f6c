package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.HidReport;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What the oracle tells a benchmark after the fact: the capture's true lag behind the phone, and
 * where the list was drawn at any moment since the last touch.
 */
class OracleAfterTheFactTest {
  @Test
  void theCaptureLagIsTheOneTheFramesShow() {
    try (Device rig = Device.open("sim:?scene=list&input=rig&seed=3");
        Device ideal = Device.open("sim:?scene=list&latency_ms=70")) {
      assertThat(SimOracle.of(rig).input().captureLag())
          .isBetween(Duration.ofMillis(90), Duration.ofMillis(240));
      assertThat(SimOracle.of(ideal).input().captureLag()).isEqualTo(Duration.ofMillis(70));
    }
  }

  @Test
  void aFlingsCoastIsReadBackMomentByMomentAndEndsWhereTheListRests() {
    try (Device device = Device.open("sim:?scene=list&platform=android&seed=5")) {
      SimOracle oracle = SimOracle.of(device);
      long[] lifted = {-1};
      device
          .rig()
          .listen(
              new Device.Listener() {
                @Override
                public void pointerSent(HidReport.Pointer report, long atNanos) {
                  if (!report.pressed()) {
                    lifted[0] = atNanos;
                  }
                }
              });
      device.swipe(
          Swipe.builder(NormPoint.of(500, 750), NormPoint.of(500, 400))
              .durationMs(90)
              .holdAfterMs(0)
              .build());
      long released = lifted[0];
      assertThat(released).isPositive();
      oracle.awaitRest(Duration.ofSeconds(10));
      long now = device.rig().ticker().read();
      double previous = oracle.listOffsetPxAt(released);
      int rises = 0;
      for (long t = released; t <= now; t += 20_000_000L) {
        double o = oracle.listOffsetPxAt(t);
        assertThat(o).as("a coast down never comes back").isGreaterThanOrEqualTo(previous - 1e-9);
        rises += o > previous + 1e-9 ? 1 : 0;
        previous = o;
      }
      assertThat(rises).as("the list coasted after the lift").isGreaterThan(5);
      assertThat(oracle.listOffsetPxAt(now)).isEqualTo(oracle.listOffsetPx());
      assertThat(oracle.listOffsetPxAt(now + 1_000_000_000L))
          .as("no later than now")
          .isEqualTo(oracle.listOffsetPx());
    }
  }
}
