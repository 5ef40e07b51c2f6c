package dev.swipe.chrome;

import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.chrome.internal.ChromeParts;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.ProviderContext;
import java.util.Set;

/**
 * A page shown as a phone, opened by the same URIs as {@code Device.open} ({@code
 * chrome:?url=...&device=...} or {@code cdp:http://127.0.0.1:9222}), for a host that wants the
 * parts: its finger and eyes to build a device from, and, for tests and benchmarks that judge the
 * SDK, where the page is, so that a test can read the page's own account of what it shows with a
 * DevTools connection of its own.
 *
 * <pre>{@code
 * try (ChromePhone page = ChromePhone.open("chrome:?url=http://127.0.0.1:8080/list.html");
 *     Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
 *   phone.swipe(...);
 *   // a test reads window.swipeTruth() over its own connection to page.devToolsUrl()
 * }
 * }</pre>
 *
 * <p>Closing the device built from the parts, or this, ends the browser a {@code chrome:} URI
 * started (an attached {@code cdp:} browser is left running).
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class ChromePhone implements AutoCloseable {
  private final ChromeParts.Opened opened;

  private ChromePhone(ChromeParts.Opened opened) {
    this.opened = opened;
  }

  /**
   * Starts or attaches to the browser and opens the page.
   *
   * @throws SwipeException {@code browser_unavailable} when no Chromium is installed, it does not
   *     start, or the DevTools endpoint cannot be reached; {@code invalid_argument} naming the
   *     option for a bad URI; {@code unknown_scheme} for a scheme other than chrome and cdp
   */
  public static ChromePhone open(String uri) {
    DeviceUri parsed = DeviceUri.parse(uri);
    if (!Set.of("chrome", "cdp").contains(parsed.scheme())) {
      throw new SwipeException(
          CommonCode.UNKNOWN_SCHEME,
          "ChromePhone opens chrome: and cdp: URIs, not " + parsed.scheme() + ":");
    }
    return new ChromePhone(ChromeParts.open(parsed, ProviderContext.system()));
  }

  /** The finger: touch events on the page. */
  public HidTransport transport() {
    return opened.parts().hid();
  }

  /** The eyes: the page's screencast. */
  public FrameSource frameSource() {
    return opened.parts().capture();
  }

  /**
   * The browser's DevTools WebSocket URL, for another client of the same browser (a test that reads
   * the page's own truth with a connection of its own). The SDK itself reads only pixels.
   */
  public java.net.URI devToolsUrl() {
    return opened.browserUrl();
  }

  /** The DevTools target id of the page shown as the phone. */
  public String pageId() {
    return opened.targetId();
  }

  /** Closes the finger and the eyes; the last one ends (or detaches from) the browser. */
  @Override
  public void close() {
    try {
      transport().close();
    } finally {
      frameSource().close();
    }
  }
}
