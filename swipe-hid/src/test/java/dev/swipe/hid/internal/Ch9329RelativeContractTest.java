package dev.swipe.hid.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import dev.swipe.tck.HidTransportContract;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/**
 * The HID compatibility kit over a pseudo-terminal with the relative pointer: the emulated phone
 * moves its pointer by 2.4 counts per normalized unit vertically and 1.08 horizontally (a 1080x2400
 * screen at one pixel per count), and the URI carries the same calibration.
 */
class Ch9329RelativeContractTest extends HidTransportContract {
  /** Skips the whole kit (before any transport is opened) when socat is missing. */
  @BeforeAll
  static void requireSocat() {
    SerialRig.assumeSocat();
  }

  private SerialRig<Ch9329Emulator> rig;

  @Override
  protected HidTransport openTransport() {
    rig =
        SerialRig.start(
            Ch9329Emulator.builder(r -> {}).countsPerUnit(1.08, 2.4).baud(115200).build());
    return new Ch9329TransportProvider()
        .open(
            DeviceUri.parse(
                rig.uri(
                    "ch9329",
                    "baud=115200&pointer=rel&counts_per_unit_x=1.08&counts_per_unit_y=2.4")),
            null);
  }

  @Override
  protected List<HidTransportContract.ObservedPointer> observedPointer() {
    return rig.observedPointer();
  }

  @Override
  protected double positionTolerance() {
    return 1.0; // half a count is at most 0.47 normalized units
  }

  @Override
  protected void closePeer() {
    if (rig != null) {
      rig.close();
    }
  }
}
