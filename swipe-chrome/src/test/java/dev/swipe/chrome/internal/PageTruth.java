package dev.swipe.chrome.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.chrome.ChromePhone;
import java.time.Duration;

/**
 * A page's own account of what it shows, for tests and benchmarks that judge the SDK: a second
 * DevTools connection, of the test's own, that evaluates an expression in the page the phone shows.
 * The SDK itself has no such path: it sees pixels only.
 */
public final class PageTruth {
  private PageTruth() {}

  /** Work on a page over a DevTools connection of the caller's own, attached to it and detached. */
  private interface OnPage<T> {
    T run(CdpConnection cdp, String session);
  }

  private static <T> T onPage(ChromePhone phone, OnPage<T> work) {
    try (CdpConnection cdp = CdpConnection.open(phone.devToolsUrl(), Duration.ofSeconds(10))) {
      ObjectNode attach =
          CdpConnection.JSON
              .createObjectNode()
              .put("targetId", phone.pageId())
              .put("flatten", true);
      String session = cdp.call(null, "Target.attachToTarget", attach).path("sessionId").asText();
      T result = work.run(cdp, session);
      cdp.call(
          null,
          "Target.detachFromTarget",
          CdpConnection.JSON.createObjectNode().put("sessionId", session));
      return result;
    }
  }

  /**
   * The competing way to watch a page: asks for {@code Page.captureScreenshot} one after another on
   * a connection of its own (as the SDK's own screenshots do: JPEG at the phone's quality, drawn
   * from the view) for {@code span}, and returns how many it received.
   */
  public static int screenshotsWithin(ChromePhone phone, int quality, Duration span) {
    ObjectNode p =
        CdpConnection.JSON
            .createObjectNode()
            .put("format", "jpeg")
            .put("quality", quality)
            .put("fromSurface", false)
            .put("optimizeForSpeed", true);
    return onPage(
        phone,
        (cdp, session) -> {
          long end = System.nanoTime() + span.toNanos();
          int shots = 0;
          while (System.nanoTime() < end) {
            if (!cdp.call(session, "Page.captureScreenshot", p).path("data").asText("").isEmpty()) {
              shots++;
            }
          }
          return shots;
        });
  }

  /**
   * Evaluates {@code expression} in the page (awaiting a promise) and returns its value.
   *
   * @throws IllegalStateException when the page throws
   */
  public static JsonNode evaluate(ChromePhone phone, String expression) {
    ObjectNode p =
        CdpConnection.JSON
            .createObjectNode()
            .put("expression", expression)
            .put("returnByValue", true)
            .put("awaitPromise", true);
    return onPage(
        phone,
        (cdp, session) -> {
          JsonNode r = cdp.call(session, "Runtime.evaluate", p);
          if (r.has("exceptionDetails")) {
            throw new IllegalStateException(
                "the page threw on " + expression + ": " + r.get("exceptionDetails"));
          }
          return r.path("result").path("value");
        });
  }
}
