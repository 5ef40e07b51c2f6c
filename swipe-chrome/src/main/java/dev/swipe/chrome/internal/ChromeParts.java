package dev.swipe.chrome.internal;

import dev.swipe.core.spi.DeviceConnection;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.ProviderContext;

/** Builds the finger and the eyes on one page; the way in for the public {@code ChromePhone}. */
public final class ChromeParts {
  private ChromeParts() {}

  static DeviceConnection connect(ChromePage page, ChromeConfig config, ProviderContext context) {
    ChromeTouchTransport finger = new ChromeTouchTransport(page);
    ChromeScreencast eyes;
    try {
      eyes = new ChromeScreencast(page, config);
    } catch (RuntimeException e) {
      finger.close();
      page.release();
      throw e;
    }
    return new DeviceConnection(finger, eyes, context.ticker(), context.sleeper());
  }

  /** Opens a {@code chrome:} or {@code cdp:} URI on real time. */
  public static Opened open(DeviceUri uri, ProviderContext context) {
    ChromeConfig config =
        "cdp".equals(uri.scheme()) ? ChromeConfig.cdp(uri) : ChromeConfig.chrome(uri);
    ChromePage page =
        "cdp".equals(uri.scheme())
            ? ChromePage.connect(config, context.ticker())
            : ChromePage.launch(config, context.ticker());
    return new Opened(connect(page, config, context), page.browserUrl(), page.targetId());
  }

  /** The parts, and where the page is for another DevTools client. */
  public record Opened(DeviceConnection parts, java.net.URI browserUrl, String targetId) {}
}
