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

  /**
   * The competing way to watch a page: asks for {@code Page.captureScreenshot} one after another on
   * a connection of its own (as the SDK's own screenshots do: JPEG at the phone's quality, drawn
   * from the view) for {@code span}, and returns how many it received.
   */
  public static int screenshotsWithin(ChromePhone phone, int quality, Duration span) {
    try (CdpConnection cdp = CdpConnection.open(phone.devToolsUrl(), Duration.ofSeconds(10))) {
      String session =
          cdp.call(
                  null,
                  "Target.attachToTarget",
                  CdpConnection.JSON
                      .createObjectNode()
                      .put("targetId", phone.pageId())
                      .put("flatten", true))
              .path("sessionId")
              .asText();
      ObjectNode p =
          CdpConnection.JSON
              .createObjectNode()
              .put("format", "jpeg")
              .put("quality", quality)
              .put("fromSurface", false)
              .put("optimizeForSpeed", true);
      long end = System.nanoTime() + span.toNanos();
      int shots = 0;
      while (System.nanoTime() < end) {
        if (!cdp.call(session, "Page.captureScreenshot", p).path("data").asText("").isEmpty()) {
          shots++;
        }
      }
      cdp.call(
          null,
          "Target.detachFromTarget",
          CdpConnection.JSON.createObjectNode().put("sessionId", session));
      return shots;
    }
  }

  /**
   * Evaluates {@code expression} in the page (awaiting a promise) and returns its value.
   *
   * @throws IllegalStateException when the page throws
   */
  public static JsonNode evaluate(ChromePhone phone, String expression) {
    try (CdpConnection cdp = CdpConnection.open(phone.devToolsUrl(), Duration.ofSeconds(10))) {
      ObjectNode attach =
          CdpConnection.JSON
              .createObjectNode()
              .put("targetId", phone.pageId())
              .put("flatten", true);
      String session = cdp.call(null, "Target.attachToTarget", attach).path("sessionId").asText();
      ObjectNode p =
          CdpConnection.JSON
              .createObjectNode()
              .put("expression", expression)
              .put("returnByValue", true)
              .put("awaitPromise", true);
      JsonNode r = cdp.call(session, "Runtime.evaluate", p);
      if (r.has("exceptionDetails")) {
        throw new IllegalStateException(
            "the page threw on " + expression + ": " + r.get("exceptionDetails"));
      }
      cdp.call(
          null,
          "Target.detachFromTarget",
          CdpConnection.JSON.createObjectNode().put("sessionId", session));
      return r.path("result").path("value");
    }
  }
}
