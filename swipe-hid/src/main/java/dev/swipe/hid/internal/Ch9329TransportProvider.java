package dev.swipe.hid.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.HidTransportProvider;
import dev.swipe.core.spi.ProviderContext;

/** Opens {@code ch9329:} URIs as {@link Ch9329Transport}s. */
public final class Ch9329TransportProvider implements HidTransportProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public Ch9329TransportProvider() {}

  @Override
  public String scheme() {
    return "ch9329";
  }

  @Override
  public HidTransport open(DeviceUri uri, ProviderContext context) {
    return Ch9329Transport.open(uri);
  }
}
