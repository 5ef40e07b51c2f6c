package dev.swipe.chrome.internal;

import dev.swipe.core.spi.DeviceConnection;
import dev.swipe.core.spi.DeviceProvider;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.ProviderContext;

/** Opens {@code chrome:} devices: a headless Chromium this SDK starts and ends. */
public final class ChromeDeviceProvider implements DeviceProvider {
  @Override
  public String scheme() {
    return "chrome";
  }

  @Override
  public DeviceConnection open(DeviceUri uri, ProviderContext context) {
    ChromeConfig config = ChromeConfig.chrome(uri);
    return ChromeParts.connect(ChromePage.launch(config, context.ticker()), config, context);
  }
}
