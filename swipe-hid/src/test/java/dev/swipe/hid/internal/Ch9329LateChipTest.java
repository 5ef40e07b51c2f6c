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
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import dev.swipe.sim.internal.serial.FrameFault;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A CH9329 that reads every frame 300 ms late (a device behind a slow USB-serial path): a swipe may
 * take longer, but it returns only after the chip consumed its release, and every report the
 * gesture planned reaches the phone exactly once.
 */
class Ch9329LateChipTest {
  private static final FrameFault LATE = FrameFault.late(Duration.ofMillis(300));
  private static final Swipe UP =
      Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
          .durationMs(120)
          .steps(4)
          .holdBeforeMs(0)
          .build();

  private static Device open(SerialRig<Ch9329Emulator> rig, String options) {
    return Device.builder()
        // a still capture never shows the pointer: no input check
        .hid(rig.uri("ch9329", options + "&check_input=false"))
        .capture(new StillFrameSource(Ticker.system(), Sleeper.system(), Duration.ZERO))
        .open();
  }

  /**
   * The earlier code resent on every timeout and took each late acknowledgement for the next
   * frame's, so the swipe returned while the chip had not read its last frames; without
   * acknowledgements it returned as soon as the frames were written.
   */
  @ParameterizedTest
  @ValueSource(strings = {"ack_timeout_ms=50", "ack_timeout_ms=250", "ack=false"})
  void anAbsoluteSwipeReturnsAfterTheChipConsumedItsRelease(String options)
      throws InterruptedException {
    try (SerialRig<Ch9329Emulator> rig = SerialRig.start(Ch9329Emulator.builder(r -> {}).build());
        Device phone = open(rig, "baud=115200&" + options)) {
      rig.settle();
      rig.emulator.clearRecording();
      rig.emulator.injectFaults(n -> LATE, null);
      ActionResult r = phone.swipe(UP);
      long returnedAt = System.nanoTime();
      rig.emulator.awaitQuiet(Duration.ofMillis(400), Duration.ofSeconds(10));

      List<HidReport> consumed = rig.emulator.reports();
      List<Long> consumedAt = rig.emulator.reportTimes();
      int release = lastRelease(consumed);
      assertThat(release).as("the chip consumed a release").isGreaterThanOrEqualTo(0);
      assertThat(consumedAt.get(release))
          .as("the release was consumed before the swipe returned")
          .isLessThanOrEqualTo(returnedAt);
      assertThat(consumed.subList(0, release + 1))
          .as("each planned report consumed once, in order")
          .hasSize(r.timeline().reportCount());
      assertThat(rig.emulator.frames().stream().filter(f -> (f[3] & 0xFF) == 0x04).count())
          .as("no absolute report was resent")
          .isEqualTo(r.timeline().reportCount());
      Ch9329Transport t = phone.rig().unwrap(Ch9329Transport.class).orElseThrow();
      assertThat(t.linkHealth().count("late_ack"))
          .as("the late acknowledgements are counted as link faults")
          .isEqualTo(options.equals("ack=false") ? 0 : r.timeline().reportCount());
      assertThat(t.linkHealth().reports())
          .as("every report confirmed")
          .isGreaterThanOrEqualTo(r.timeline().reportCount());
    }
  }

  @Test
  void aRelativeSwipeNeverResendsAMoveAndEndsWhereItShould() throws InterruptedException {
    try (SerialRig<Ch9329Emulator> rig =
            SerialRig.start(Ch9329Emulator.builder(r -> {}).countsPerUnit(0.2, 0.2).build());
        Device phone = open(rig, "baud=115200&pointer=rel&counts_per_unit=0.2&steer=counts")) {
      rig.settle();
      rig.emulator.clearRecording();
      rig.emulator.injectFaults(n -> LATE, null);
      ActionResult r = phone.swipe(UP);
      long returnedAt = System.nanoTime();
      rig.emulator.awaitQuiet(Duration.ofMillis(400), Duration.ofSeconds(10));

      List<HidReport> consumed = rig.emulator.reports();
      int release = lastRelease(consumed);
      assertThat(release).isGreaterThanOrEqualTo(0);
      assertThat(rig.emulator.reportTimes().get(release)).isLessThanOrEqualTo(returnedAt);
      // The same dead reckoning the transport plans with: homing, travel, press, moves, release.
      RelativePointer plan = new RelativePointer(0.2, 0.2, 0.25, true);
      int planned = 0;
      for (var e : ((dev.swipe.core.internal.PlayedTimeline) r.timeline()).planned().events()) {
        HidReport.Pointer p =
            (HidReport.Pointer) dev.swipe.core.internal.TimelineRunner.toReport(e);
        planned += plan.plan(p.at(), p.pressed()).size();
      }
      assertThat(consumed.subList(0, release + 1))
          .as("every planned relative report consumed once")
          .hasSize(planned);
      assertThat(rig.emulator.frames().stream().filter(f -> (f[3] & 0xFF) == 0x05).count())
          .as("no relative report was resent")
          .isEqualTo(planned);
      HidReport.Pointer end = (HidReport.Pointer) consumed.get(release);
      assertThat(end.at()).isEqualTo(NormPoint.of(500, 300));
    }
  }

  private static int lastRelease(List<HidReport> consumed) {
    boolean down = false;
    int release = -1;
    for (int i = 0; i < consumed.size(); i++) {
      if (consumed.get(i) instanceof HidReport.Pointer p) {
        if (down && !p.pressed()) {
          release = i;
        }
        down = p.pressed();
      }
    }
    return release;
  }
}
