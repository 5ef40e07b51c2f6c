package dev.swipe.core.spi;

import dev.swipe.base.Api;

/**
 * Opens a whole device (finger and eyes together) for one URI scheme, as the simulator does for
 * {@code sim:}. Registered in {@code META-INF/services/dev.swipe.core.spi.DeviceProvider}.
 */
@Api(status = Api.Status.STABLE)
public interface DeviceProvider {
  /** The URI scheme, lower case, e.g. {@code sim}. */
  String scheme();

  /** Opens the device's parts. */
  DeviceConnection open(DeviceUri uri, ProviderContext context);
}
