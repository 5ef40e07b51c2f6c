/**
 * Chromium as a phone: {@code chrome:} starts a headless Chromium with mobile emulation, {@code
 * cdp:} attaches to one that runs already. The finger is {@code Input.dispatchTouchEvent}, the eyes
 * {@code Page.startScreencast}; no SDK code path reads the page's DOM.
 */
module dev.swipe.chrome {
  requires transitive dev.swipe.core;
  requires java.net.http;
  requires com.fasterxml.jackson.databind;

  exports dev.swipe.chrome;

  provides dev.swipe.core.spi.DeviceProvider with
      dev.swipe.chrome.internal.ChromeDeviceProvider,
      dev.swipe.chrome.internal.CdpDeviceProvider;
}
