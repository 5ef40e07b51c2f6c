package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.RelativePointing;
import dev.swipe.sim.SimState.PointerSample;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * While the device anchors the simulator's relative link, moves go in whole reports of the anchor's
 * step (the size whose gain the device learned); a remainder under one report waits, or goes with a
 * change of the button.
 */
class SimAnchoredTravelTest {
  @Test
  void movesGoInWholeReportsAndTheRemainderWithTheButton() {
    try (SimPhone phone = SimPhone.open("sim:?scene=map&platform=android&input=rig&pointer=rel")) {
      HidTransport link = phone.transport();
      RelativePointing raw = link.relativePointing().orElseThrow();
      // one count per normalized unit across and down, reports of 5
      raw.anchor(NormPoint.of(300, 400), 1, 1, 5);
      int before = phone.oracle().pointerLog().size();
      link.send(new HidReport.Pointer(NormPoint.of(303, 400), true)); // 3 owed: goes with the press
      link.send(new HidReport.Pointer(NormPoint.of(306, 400), true)); // 3 owed: no motion yet
      link.send(new HidReport.Pointer(NormPoint.of(314, 400), true)); // 11 owed: two reports of 5
      link.send(
          new HidReport.Pointer(NormPoint.of(314, 400), true)); // the finger rests: the 1 owed
      link.send(new HidReport.Pointer(NormPoint.of(314, 400), false)); // the release, no motion
      List<PointerSample> log = phone.oracle().pointerLog();
      List<PointerSample> sent = log.subList(before, log.size());
      double x0 = sent.get(0).x();
      assertThat(sent)
          .extracting(PointerSample::pressed)
          .containsExactly(true, true, true, true, true, false);
      // Android moves one frame pixel per count: the distances from the first sample are counts
      double px = dev.swipe.base.NormSpace.unitsPerPixel(phone.frameWidth());
      assertThat(sent.get(1).x() - x0).isZero();
      assertThat((sent.get(2).x() - x0) / px)
          .isCloseTo(5, org.assertj.core.data.Offset.offset(1.0));
      assertThat((sent.get(3).x() - x0) / px)
          .isCloseTo(10, org.assertj.core.data.Offset.offset(1.0));
      assertThat((sent.get(4).x() - x0) / px)
          .isCloseTo(11, org.assertj.core.data.Offset.offset(1.0));
      assertThat(sent.get(5).x()).isEqualTo(sent.get(4).x());
    }
  }
}
