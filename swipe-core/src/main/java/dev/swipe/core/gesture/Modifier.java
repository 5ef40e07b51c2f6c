package dev.swipe.core.gesture;

import dev.swipe.base.Api;

/** Keyboard modifiers, with their bit in the first byte of a boot-protocol keyboard report. */
@Api(status = Api.Status.STABLE)
public enum Modifier {
  /** Left control. */
  CTRL(0x01),
  /** Left shift. */
  SHIFT(0x02),
  /** Left alt / option. */
  ALT(0x04),
  /** Left GUI: Windows, Command, or Meta. */
  GUI(0x08);

  private final int bit;

  Modifier(int bit) {
    this.bit = bit;
  }

  /** The bit in the modifier byte. */
  public int bit() {
    return bit;
  }
}
