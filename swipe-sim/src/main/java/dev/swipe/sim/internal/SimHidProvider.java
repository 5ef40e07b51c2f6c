package dev.swipe.sim.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.HidTransportProvider;
import dev.swipe.core.spi.ProviderContext;

/**
 * Opens the finger of a shared sim phone ({@code hid("sim:?name=x")}); the capture part with the
 * same name and options reaches the same phone.
 */
public final class SimHidProvider implements HidTransportProvider {
  @Override
  public String scheme() {
    return SimProviders.SCHEME;
  }

  @Override
  public HidTransport open(DeviceUri uri, ProviderContext context) {
    return SimProviders.sharedPart(uri, context, true).transport();
  }
}
