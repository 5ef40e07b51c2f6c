package dev.swipe.hid.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import dev.swipe.tck.HidTransportContract;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/** The HID compatibility kit over a pseudo-terminal, absolute pointer. */
class Ch9329TransportContractTest extends HidTransportContract {
  /** Skips the whole kit (before any transport is opened) when socat is missing. */
  @BeforeAll
  static void requireSocat() {
    SerialRig.assumeSocat();
  }

  private SerialRig<Ch9329Emulator> rig;

  @Override
  protected HidTransport openTransport() {
    rig = SerialRig.start(Ch9329Emulator.builder(r -> {}).build());
    return new Ch9329TransportProvider()
        .open(DeviceUri.parse(rig.uri("ch9329", "baud=9600")), null);
  }

  @Override
  protected List<HidTransportContract.ObservedPointer> observedPointer() {
    return rig.observedPointer();
  }

  @Override
  protected double positionTolerance() {
    return 0.5; // one logical unit of 0..4095 is 0.24 normalized units
  }

  @Override
  protected void closePeer() {
    if (rig != null) {
      rig.close();
    }
  }
}
