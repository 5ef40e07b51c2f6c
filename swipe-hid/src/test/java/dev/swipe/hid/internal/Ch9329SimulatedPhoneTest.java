package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import org.junit.jupiter.api.Test;

/**
 * End to end: the CH9329 transport writes frames into a pseudo-terminal, the chip emulator decodes
 * them and drives the simulator's Android phone, and the phone's list moves (its oracle says by how
 * much). Android ignores an absolute mouse, so only the relative pointer scrolls it.
 */
class Ch9329SimulatedPhoneTest {
  private static final String PHONE = "sim:?platform=android&pointer=rel&time=real&scale=0.5";
  private static final Swipe UP =
      Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
          .durationMs(400)
          .steps(16)
          .holdBeforeMs(40)
          .holdAfterMs(60)
          .build();

  @Test
  void aRelativeSwipeScrollsTheAndroidList() {
    try (SimPhone sim = SimPhone.open(PHONE)) {
      // One relative count moves the simulated pointer one frame pixel: a 540x1200 frame gives
      // (540-1)/1000 and (1200-1)/1000 counts per normalized unit.
      double cpuX = (sim.frameWidth() - 1) / 1000.0;
      double cpuY = (sim.frameHeight() - 1) / 1000.0;
      Ch9329Emulator chip = ChipOnSimPhone.relativeChip(sim);
      try (SerialRig<Ch9329Emulator> rig = SerialRig.start(chip);
          Device phone =
              Device.builder()
                  .hid(
                      rig.uri(
                          "ch9329",
                          "baud=115200&pointer=rel&counts_per_unit_x="
                              + cpuX
                              + "&counts_per_unit_y="
                              + cpuY))
                  .capture(sim.frameSource())
                  .ticker(sim.ticker())
                  .sleeper(sim.sleeper())
                  .open()) {
        double before = sim.oracle().listOffsetPx();
        ActionResult r = phone.swipe(UP);
        double after = sim.oracle().listOffsetPx();
        assertThat(after - before)
            .as("the list scrolled up (content moved by the swipe)")
            .isGreaterThan(100);
        assertThat(r.timeline().reportCount()).isEqualTo(18);
      }
    }
  }

  @Test
  void anAbsoluteSwipeDoesNotMoveTheAndroidList() {
    try (SimPhone sim = SimPhone.open(PHONE)) {
      Ch9329Emulator chip =
          Ch9329Emulator.builder(
                  r -> {
                    if (r instanceof HidReport.Pointer p) {
                      sim.input(PointerKind.ABSOLUTE, p);
                    } else {
                      sim.input(r);
                    }
                  })
              .baud(115200)
              .build();
      try (SerialRig<Ch9329Emulator> rig = SerialRig.start(chip);
          Device phone =
              Device.builder()
                  .hid(rig.uri("ch9329", "baud=115200&pointer=abs"))
                  .capture(sim.frameSource())
                  .ticker(sim.ticker())
                  .sleeper(sim.sleeper())
                  .open()) {
        double before = sim.oracle().listOffsetPx();
        // the phone drew no pointer when the device looked at open, so the swipe is refused before
        // it presses, naming the fix
        assertThatThrownBy(() -> phone.swipe(UP))
            .isInstanceOfSatisfying(
                SwipeException.class,
                e -> {
                  assertThat(e.code()).isEqualTo(ErrorCode.INPUT_IGNORED);
                  assertThat((String) e.details().get("fix")).contains("pointer=touch");
                });
        assertThat(sim.oracle().listOffsetPx()).isEqualTo(before);
        assertThat(chip.reports()).as("the look moved the mouse").isNotEmpty();
        assertThat(chip.reports())
            .as("nothing was pressed")
            .noneMatch(r -> r instanceof HidReport.Pointer p && p.pressed());
      }
    }
  }
}
