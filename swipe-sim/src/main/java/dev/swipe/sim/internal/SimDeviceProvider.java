package dev.swipe.sim.internal;

import dev.swipe.core.spi.DeviceConnection;
import dev.swipe.core.spi.DeviceProvider;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.sim.SimConfig;
import dev.swipe.sim.SimPhone;

/** Opens {@code sim:} devices: a new virtual phone on its own (by default virtual) clock. */
public final class SimDeviceProvider implements DeviceProvider {
  @Override
  public String scheme() {
    return SimProviders.SCHEME;
  }

  @Override
  public DeviceConnection open(DeviceUri uri, ProviderContext context) {
    SimConfig config = SimConfig.fromUri(uri);
    SimPhone phone =
        config.time() == SimConfig.TimeMode.REAL
            ? SimPhone.create(config, context.ticker(), context.sleeper())
            : SimPhone.create(config);
    return new DeviceConnection(
        phone.transport(), phone.frameSource(), phone.ticker(), phone.sleeper());
  }
}
