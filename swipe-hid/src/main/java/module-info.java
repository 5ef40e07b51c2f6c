/**
 * HID transports, found by scheme: {@code ch9329:} (a CH9329 chip on a serial port), {@code pikvm:}
 * (PiKVM's serial HID) and {@code hidg:} (a Linux USB gadget's {@code /dev/hidgN}). Each clamps to
 * its logical range and releases the pointer on any failure. The module exports no package: a
 * transport is opened by its URI, and its options are the URI's.
 */
module dev.swipe.hid {
  requires transitive dev.swipe.core;
  requires com.fazecast.jSerialComm;

  provides dev.swipe.core.spi.HidTransportProvider with
      dev.swipe.hid.internal.Ch9329TransportProvider,
      dev.swipe.hid.internal.PikvmTransportProvider,
      dev.swipe.hid.internal.HidGadgetTransportProvider;
}
