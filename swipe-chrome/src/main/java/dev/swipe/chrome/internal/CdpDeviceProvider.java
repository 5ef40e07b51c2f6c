package dev.swipe.chrome.internal;

import dev.swipe.core.spi.DeviceConnection;
import dev.swipe.core.spi.DeviceProvider;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.ProviderContext;

/** Opens {@code cdp:} devices: a page of a browser that runs already, which closing leaves open. */
public final class CdpDeviceProvider implements DeviceProvider {
  @Override
  public String scheme() {
    return "cdp";
  }

  @Override
  public DeviceConnection open(DeviceUri uri, ProviderContext context) {
    ChromeConfig config = ChromeConfig.cdp(uri);
    return ChromeParts.connect(ChromePage.connect(config, context.ticker()), config, context);
  }
}
