package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import org.junit.jupiter.api.Test;

/**
 * The input check through a real serial path: a CH9329 absolute mouse, written into a
 * pseudo-terminal, reaches a simulated iPhone that ignores an absolute mouse (no AssistiveTouch).
 * The scroll that moves nothing is reported as ignored input with the fix, not as a still list.
 */
class Ch9329InputCheckTest {
  @Test
  void anIphoneIgnoringTheChipsAbsoluteMouseIsReportedWithTheFix() {
    String uri =
        "sim:?scene=list&platform=ios&input=rig&pointer=abs&abs_mouse=ignore&time=real&scale=0.5";
    try (SimPhone sim = SimPhone.open(uri)) {
      Ch9329Emulator chip = ChipOnSimPhone.absoluteChip(sim);
      try (SerialRig<Ch9329Emulator> rig = SerialRig.start(chip);
          Device phone =
              Device.builder()
                  .hid(rig.uri("ch9329", "baud=115200&pointer=abs"))
                  .capture(sim.frameSource())
                  .ticker(sim.ticker())
                  .sleeper(sim.sleeper())
                  .open()) {
        assertThatThrownBy(
                () ->
                    phone.scroll(Scroll.builder(ScrollDirection.DOWN).expectContent(true).build()))
            .isInstanceOfSatisfying(
                SwipeException.class,
                e -> {
                  assertThat(e.code()).isEqualTo(ErrorCode.INPUT_IGNORED);
                  assertThat(e.details()).containsEntry("pointer", "abs");
                  assertThat((String) e.details().get("fix")).contains("pointer=rel");
                });
      }
      assertThat(sim.oracle().pointerLog()).as("the reports reached the phone").isNotEmpty();
      assertThat(sim.oracle().touchLog()).as("which ignored them").isEmpty();
    }
  }
}
