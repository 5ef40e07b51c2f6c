package dev.swipe.chrome;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.chrome.internal.ChromeParts;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.SwipeException;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.ProviderContext;
import java.util.Set;

/**
 * A page shown as a phone, opened by the same URIs as {@code Device.open} ({@code
 * chrome:?url=...&device=...} or {@code cdp:http://127.0.0.1:9222}), for a host that wants the
 * parts: its finger and eyes to build a device from, and, for tests and benchmarks that judge the
 * SDK, the page's own account of what it shows.
 *
 * <pre>{@code
 * try (ChromePhone page = ChromePhone.open("chrome:?url=http://127.0.0.1:8080/list.html");
 *     Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
 *   phone.swipe(...);
 *   JsonNode truth = page.evaluate("window.swipeTruth()"); // the test's judge, never the SDK's
 * }
 * }</pre>
 *
 * <p>Closing the device built from the parts, or this, ends the browser a {@code chrome:} URI
 * started (an attached {@code cdp:} browser is left running).
 */
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
          ErrorCode.UNKNOWN_SCHEME,
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
   * Evaluates a JavaScript expression in the page (awaiting a promise) and returns its value as
   * JSON. <b>For tests and benchmarks only</b>, to read a page's truth when judging the SDK; the
   * SDK itself never reads the page, only its pixels.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code expression}) when the page throws
   */
  public JsonNode evaluate(String expression) {
    SwipeException.requireArgument(expression, "expression");
    return opened.eval().apply(expression);
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
