package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.swipe.core.spi.HidReport;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import dev.swipe.sim.internal.serial.PseudoTerminalPair;
import org.junit.jupiter.api.Test;

/**
 * RigOpenContact on a rig wired like a real one: its finger is the {@code ch9329:} transport
 * writing to a socat pseudo-terminal, where a CH9329 chip emulator turns the frames into relative
 * mouse input for an Android phone (which ignores an absolute mouse); its eyes are the {@code
 * mjpeg:} source reading a real loopback HTTP stream of the phone's screen. The phone runs on the
 * wall clock, as a real one does.
 */
class RigOpenContactTest {

  @Test
  void opensTheContactThroughASerialFingerAndAnMjpegEye() throws Exception {
    assumeTrue(
        PseudoTerminalPair.socatAvailable(), "socat is not installed (apt-get install socat)");
    try (SimPhone sim =
        SimPhone.open("sim:?scene=list&platform=android&pointer=rel&time=real&scale=0.5")) {
      // One relative count moves the phone's pointer one frame pixel.
      double countsX = (sim.frameWidth() - 1) / 1000.0;
      double countsY = (sim.frameHeight() - 1) / 1000.0;
      Ch9329Emulator chip =
          Ch9329Emulator.builder(
                  r -> {
                    if (r instanceof HidReport.Keyboard) {
                      sim.input(r);
                    }
                  })
              .baud(115200)
              .lineTiming(true)
              .relativeMouse(sim::relativeInput)
              .build();
      String name = SimOracle.listContacts().get(16);
      SimOracle truth = sim.oracle();
      try (PseudoTerminalPair cable = PseudoTerminalPair.open();
          SimMjpegServer stream = new SimMjpegServer(sim, 15)) {
        chip.start(cable.deviceSide());
        String hid =
            "ch9329:"
                + cable.hostSide()
                + "?baud=115200&pointer=rel&counts_per_unit_x="
                + countsX
                + "&counts_per_unit_y="
                + countsY;
        String capture = "mjpeg:" + stream.url() + "?crop=none";
        ConsoleCapture out = new ConsoleCapture();
        ConsoleCapture err = new ConsoleCapture();
        int status = RigOpenContact.run(new String[] {hid, capture, name}, out.stream, err.stream);
        out.echoed();
        assertThat(err.echoed()).isEmpty();
        assertThat(status).isZero();
        assertThat(truth.openedContact()).contains(name);
        assertThat(chip.reports()).as("the finger went through the chip").isNotEmpty();
      } finally {
        chip.close();
      }
    }
  }

  @Test
  void aMissingRigPartIsACodedErrorNamingIt() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    assertThat(RigOpenContact.run(new String[0], out.stream, err.stream)).isEqualTo(2);
    assertThat(err.text())
        .startsWith("error invalid_argument: hid:")
        .contains("usage: RigOpenContact")
        .doesNotContain("\tat ");
    ConsoleCapture err2 = new ConsoleCapture();
    assertThat(RigOpenContact.run(new String[] {"ch9329:/dev/null"}, out.stream, err2.stream))
        .isEqualTo(2);
    assertThat(err2.text()).startsWith("error invalid_argument: capture:").doesNotContain("\tat ");
    assertThat(out.text()).isEmpty();
  }

  @Test
  void aSerialPortThatIsNotThereIsACodedError() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    int status =
        RigOpenContact.run(
            new String[] {"ch9329:/dev/swipe-no-such-port?baud=115200", "files:/nonexistent"},
            out.stream,
            err.stream);
    assertThat(status).isEqualTo(2);
    assertThat(err.echoed())
        .startsWith("error ")
        .doesNotContain("\tat ")
        .doesNotContain("error internal");
  }
}
