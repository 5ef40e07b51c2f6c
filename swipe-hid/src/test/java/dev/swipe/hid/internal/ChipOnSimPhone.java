package dev.swipe.hid.internal;

import dev.swipe.core.spi.HidReport;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.internal.serial.Ch9329Emulator;

/** A CH9329 chip emulator wired to a simulated phone: keys as keys, mouse reports as the mouse. */
final class ChipOnSimPhone {
  private ChipOnSimPhone() {}

  /**
   * A chip at 115200 baud with real line timing whose absolute mouse and keys drive {@code sim}.
   */
  static Ch9329Emulator absoluteChip(SimPhone sim) {
    return Ch9329Emulator.builder(sim::input).baud(115200).lineTiming(true).build();
  }

  /** A chip at 115200 baud with real line timing that drives {@code sim}. */
  static Ch9329Emulator relativeChip(SimPhone sim) {
    return Ch9329Emulator.builder(
            r -> {
              if (r instanceof HidReport.Keyboard) {
                sim.input(r);
              }
            })
        .baud(115200)
        .lineTiming(true)
        .relativeMouse(sim::relativeInput)
        .build();
  }
}
