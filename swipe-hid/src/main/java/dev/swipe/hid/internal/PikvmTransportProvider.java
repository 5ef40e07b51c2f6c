package dev.swipe.hid.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.HidTransportProvider;
import dev.swipe.core.spi.ProviderContext;

/** Opens {@code pikvm:} URIs as {@link PikvmTransport}s. */
public final class PikvmTransportProvider implements HidTransportProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public PikvmTransportProvider() {}

  @Override
  public String scheme() {
    return "pikvm";
  }

  @Override
  public HidTransport open(DeviceUri uri, ProviderContext context) {
    return PikvmTransport.open(uri);
  }
}
