package dev.swipe.hid.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.HidTransportProvider;
import dev.swipe.core.spi.ProviderContext;

/** Opens {@code hidg:} URIs as {@link HidGadgetTransport}s. */
public final class HidGadgetTransportProvider implements HidTransportProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public HidGadgetTransportProvider() {}

  @Override
  public String scheme() {
    return "hidg";
  }

  @Override
  public HidTransport open(DeviceUri uri, ProviderContext context) {
    return HidGadgetTransport.open(uri);
  }
}
