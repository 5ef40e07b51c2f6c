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
