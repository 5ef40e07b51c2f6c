/**
 * The gesture model, the provider SPIs, the {@code Device} facade and the interaction loop.
 * Providers of HID transports, frame sources and whole devices are found by URI scheme.
 */
@SuppressWarnings("module")
// the qualified export names swipe-report, which is built after this module (it needs it)
module dev.swipe.core {
  requires transitive dev.swipe.base;
  requires transitive dev.swipe.diff;
  requires transitive dev.swipe.wheel;
  requires transitive dev.swipe.memory;
  requires transitive dev.swipe.text;
  requires transitive java.desktop;
  requires transitive com.fasterxml.jackson.databind;

  exports dev.swipe.core;
  exports dev.swipe.core.gesture;
  exports dev.swipe.core.screen;
  exports dev.swipe.core.scroll;
  exports dev.swipe.core.spi;
  exports dev.swipe.core.strategy;
  exports dev.swipe.core.trace;
  // the report draws the changed cells the same way the screen comparison finds them
  exports dev.swipe.core.internal to
      dev.swipe.report;

  uses dev.swipe.core.spi.DeviceProvider;
  uses dev.swipe.core.spi.FrameSourceProvider;
  uses dev.swipe.core.spi.HidTransportProvider;
}
