package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.base.Sleeper;
import dev.swipe.base.Ticker;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.sim.internal.serial.FrameFault;
import dev.swipe.sim.internal.serial.PikvmEmulator;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * PiKVM firmware that reads every request 300 ms late: a swipe returns only after the firmware
 * consumed its release, and every request of the gesture reaches it once.
 */
class PikvmLateFirmwareTest {
  private static final Swipe UP =
      Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
          .durationMs(120)
          .steps(4)
          .holdBeforeMs(0)
          .build();

  /**
   * The earlier code resent on every timeout and took each late response for the next request's.
   */
  @ParameterizedTest
  @ValueSource(ints = {50, 250})
  void aSwipeReturnsAfterTheFirmwareConsumedItsRelease(int ackTimeoutMs)
      throws InterruptedException {
    try (SerialRig<PikvmEmulator> rig = SerialRig.start(PikvmEmulator.create(r -> {}));
        Device phone =
            Device.builder()
                // a still capture never shows the pointer: no input check
                .hid(rig.uri("pikvm", "check_input=false&ack_timeout_ms=" + ackTimeoutMs))
                .capture(new StillFrameSource(Ticker.system(), Sleeper.system(), Duration.ZERO))
                .open()) {
      rig.settle();
      rig.emulator.clearRecording();
      rig.emulator.injectFaults(n -> FrameFault.late(Duration.ofMillis(300)), null);
      ActionResult r = phone.swipe(UP);
      long returnedAt = System.nanoTime();
      rig.emulator.awaitQuiet(Duration.ofMillis(400), Duration.ofSeconds(10));

      List<HidReport> consumed = rig.emulator.reports();
      List<Long> consumedAt = rig.emulator.reportTimes();
      int release = -1;
      for (int i = 1; i < consumed.size(); i++) {
        if (!((HidReport.Pointer) consumed.get(i)).pressed()
            && ((HidReport.Pointer) consumed.get(i - 1)).pressed()) {
          release = i;
        }
      }
      assertThat(release).as("the firmware consumed a release").isGreaterThan(0);
      assertThat(consumedAt.get(release))
          .as("the release was consumed before the swipe returned")
          .isLessThanOrEqualTo(returnedAt);
      // A press is a move and a button request; the release, where the last move left the
      // pointer, only a button request.
      int planned = r.timeline().reportCount() + 1;
      assertThat(consumed).as("each planned request consumed once").hasSize(planned);
      assertThat(rig.emulator.frames().stream().filter(f -> f[1] == 0x12 || f[1] == 0x13).count())
          .as("no request was resent")
          .isEqualTo(planned);
      assertThat(
              phone.rig().unwrap(PikvmTransport.class).orElseThrow().linkHealth().count("late_ack"))
          .as("the late responses are counted as link faults")
          .isEqualTo(planned);
    }
  }
}
