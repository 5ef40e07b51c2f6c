package dev.swipe.sim.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.FrameSourceProvider;
import dev.swipe.core.spi.ProviderContext;

/**
 * Opens the eyes of a shared sim phone ({@code capture("sim:?name=x")}); the HID part with the same
 * name and options reaches the same phone.
 */
public final class SimCaptureProvider implements FrameSourceProvider {
  @Override
  public String scheme() {
    return SimProviders.SCHEME;
  }

  @Override
  public FrameSource open(DeviceUri uri, ProviderContext context) {
    return SimProviders.sharedPart(uri, context, false).frameSource();
  }
}
