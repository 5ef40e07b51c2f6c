/**
 * A physics-faithful virtual phone, the embedded default device {@code sim:}, and (not exported)
 * the serial emulators HID transports are tested against.
 */
module dev.swipe.sim {
  requires transitive dev.swipe.core;

  exports dev.swipe.sim;

  provides dev.swipe.core.spi.DeviceProvider with
      dev.swipe.sim.internal.SimDeviceProvider;
  provides dev.swipe.core.spi.FrameSourceProvider with
      dev.swipe.sim.internal.SimCaptureProvider;
  provides dev.swipe.core.spi.HidTransportProvider with
      dev.swipe.sim.internal.SimHidProvider;
}
