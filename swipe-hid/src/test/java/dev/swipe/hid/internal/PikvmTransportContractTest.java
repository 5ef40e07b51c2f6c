package dev.swipe.hid.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.sim.internal.serial.PikvmEmulator;
import dev.swipe.tck.HidTransportContract;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/** The HID compatibility kit against the PiKVM firmware emulator over a pseudo-terminal. */
class PikvmTransportContractTest extends HidTransportContract {
  /** Skips the whole kit (before any transport is opened) when socat is missing. */
  @BeforeAll
  static void requireSocat() {
    SerialRig.assumeSocat();
  }

  private SerialRig<PikvmEmulator> rig;

  @Override
  protected HidTransport openTransport() {
    rig = SerialRig.start(PikvmEmulator.create(r -> {}));
    return new PikvmTransportProvider()
        .open(DeviceUri.parse(rig.uri("pikvm", "baud=115200")), null);
  }

  @Override
  protected List<HidTransportContract.ObservedPointer> observedPointer() {
    return rig.observedPointer();
  }

  @Override
  protected double positionTolerance() {
    return 0.05; // one int16 step is 0.015 normalized units
  }

  @Override
  protected void closePeer() {
    if (rig != null) {
      rig.close();
    }
  }
}
