package dev.swipe.hid.internal;

/**
 * What a CH9329 says about itself (GET_INFO), read when the transport opens.
 *
 * @param version the version byte, e.g. 0x30 for V1.0
 * @param usbConnected whether the chip is enumerated by the phone (USB host)
 * @param ledBits the host's keyboard LEDs: bit 0 Num Lock, bit 1 Caps Lock, bit 2 Scroll Lock
 */
public record Ch9329ChipInfo(int version, boolean usbConnected, int ledBits) {
  /** The version as the datasheet writes it, e.g. {@code V1.0} for 0x30. */
  public String versionName() {
    int major = (version >> 4) - 2;
    return "V" + Math.max(major, 0) + "." + (version & 0x0F);
  }
}
