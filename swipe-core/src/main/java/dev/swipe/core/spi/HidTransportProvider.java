package dev.swipe.core.spi;

import dev.swipe.base.Api;

/**
 * Opens {@link HidTransport}s for one URI scheme (e.g. {@code ch9329}). Registered in {@code
 * META-INF/services/dev.swipe.core.spi.HidTransportProvider}; the scheme must be unique.
 */
@Api(status = Api.Status.STABLE)
public interface HidTransportProvider {
  /** The URI scheme this provider answers, lower case, e.g. {@code ch9329}. */
  String scheme();

  /** Opens a transport; throws {@link dev.swipe.base.SwipeException} on bad options or I/O. */
  HidTransport open(DeviceUri uri, ProviderContext context);
}
