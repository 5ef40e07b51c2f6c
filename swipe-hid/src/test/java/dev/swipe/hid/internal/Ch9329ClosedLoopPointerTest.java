package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.SimState;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The closed-loop pointer through a real serial path: the CH9329 transport writes relative frames
 * into a pseudo-terminal, the chip emulator hands their counts to a simulated iPhone that takes a
 * rig's input as real ones do (an accelerated pointer, drawn and hidden, system UI at the edges),
 * and the device steers by the frames alone. No counts-per-unit factor is given: the SDK learns the
 * gain. Each tap is judged by where the phone truly took it.
 */
class Ch9329ClosedLoopPointerTest {
  private static final String PHONE =
      "sim:?scene=map&platform=ios&input=rig&pointer=rel&time=real&scale=0.5&seed=11";

  @Test
  void tapsThroughTheChipLandWhereAskedOnAnIphoneThatAcceleratesItsPointer() {
    try (SimPhone sim = SimPhone.open(PHONE)) {
      Ch9329Emulator chip = ChipOnSimPhone.relativeChip(sim);
      List<String> misses = new ArrayList<>();
      try (SerialRig<Ch9329Emulator> rig = SerialRig.start(chip);
          Device phone =
              Device.builder()
                  .hid(rig.uri("ch9329", "baud=115200&pointer=rel"))
                  .capture(sim.frameSource())
                  .ticker(sim.ticker())
                  .sleeper(sim.sleeper())
                  .open()) {
        double[][] targets = {{250, 300}, {700, 650}, {420, 820}, {800, 200}};
        for (double[] t : targets) {
          int before = sim.oracle().touchLog().size();
          phone.tap(NormPoint.of(t[0], t[1]));
          sim.oracle().awaitRest(Duration.ofSeconds(10));
          SimState.TouchEvent down = null;
          for (SimState.TouchEvent e :
              sim.oracle().touchLog().subList(before, sim.oracle().touchLog().size())) {
            if (down == null && e.phase() == SimState.Phase.DOWN) {
              down = e;
            }
          }
          if (down == null
              || down.receiver() != SimState.Receiver.APP
              || Math.abs(down.xNorm() - t[0]) > 40
              || Math.abs(down.yNorm() - t[1]) > 18) {
            misses.add(t[0] + "," + t[1] + ": " + down);
          }
        }
      }
      assertThat(misses).isEmpty();
      assertThat(sim.oracle().systemUiLog())
          .allSatisfy(c -> assertThat(c.shown()).isEqualTo(SimState.SystemUi.NONE));
    }
  }
}
