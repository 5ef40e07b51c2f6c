package dev.swipe.core.spi;

/**
 * Opens a whole device (finger and eyes together) for one URI scheme, as the simulator does for
 * {@code sim:}. Registered in {@code META-INF/services/dev.swipe.core.spi.DeviceProvider}.
 */
public interface DeviceProvider {
  /** The URI scheme, lower case, e.g. {@code sim}. */
  String scheme();

  /** Opens the device's parts. */
  DeviceConnection open(DeviceUri uri, ProviderContext context);
}
