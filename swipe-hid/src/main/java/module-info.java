/** HID transports: CH9329 serial, PiKVM serial and the Linux USB gadget {@code /dev/hidgN}. */
module dev.swipe.hid {
  requires transitive dev.swipe.core;
  requires com.fazecast.jSerialComm;

  exports dev.swipe.hid;

  provides dev.swipe.core.spi.HidTransportProvider with
      dev.swipe.hid.internal.Ch9329TransportProvider,
      dev.swipe.hid.internal.PikvmTransportProvider,
      dev.swipe.hid.internal.HidGadgetTransportProvider;
}
