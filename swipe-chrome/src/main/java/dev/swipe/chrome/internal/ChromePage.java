package dev.swipe.chrome.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.Frame;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * One page target shown as a phone: the DevTools session the finger and the eyes share. Both hold
 * it; the last to let go detaches, and closes the browser when this SDK started it.
 */
final class ChromePage {
  private final CdpConnection cdp;
  private final String sessionId;
  private final String targetId;
  private final PhoneScreen screen;
  private final URI browserUrl;

  /** The browser this page started; null when attached to a browser someone else runs. */
  private final @Nullable ChromeProcess process;

  private final Ticker ticker;
  private final AtomicInteger holders = new AtomicInteger(2);

  private ChromePage(
      CdpConnection cdp,
      String sessionId,
      String targetId,
      PhoneScreen screen,
      URI browserUrl,
      @Nullable ChromeProcess process,
      Ticker ticker) {
    this.cdp = cdp;
    this.sessionId = sessionId;
    this.targetId = targetId;
    this.screen = screen;
    this.browserUrl = browserUrl;
    this.process = process;
    this.ticker = ticker;
  }

  /** Starts a browser and opens {@code url} on a new page emulating {@code screen}. */
  static ChromePage launch(ChromeConfig config, Ticker ticker) {
    // a chrome: URI always names a page and a device (pixel-7 by default)
    PhoneScreen screen = Objects.requireNonNull(config.screen(), "the chrome: device");
    String url = Objects.requireNonNull(config.url(), "the chrome: url");
    ChromeProcess process =
        ChromeProcess.start(
            ChromeProcess.find(config.binary(), System.getenv()),
            screen.width(),
            screen.height(),
            config.scale(),
            config.launchTimeout());
    CdpConnection cdp = null;
    try {
      cdp = CdpConnection.open(process.browserUrl(), config.launchTimeout());
      ObjectNode create = CdpConnection.JSON.createObjectNode().put("url", "about:blank");
      String targetId = cdp.call(null, "Target.createTarget", create).path("targetId").asText();
      ChromePage page = attach(cdp, targetId, screen, process.browserUrl(), process, ticker);
      page.navigate(url, config.launchTimeout());
      return page;
    } catch (RuntimeException e) {
      if (cdp != null) {
        try {
          cdp.call(null, "Browser.close", null);
        } catch (RuntimeException closing) {
          e.addSuppressed(closing);
        }
        cdp.close();
      }
      process.close();
      throw e;
    }
  }

  /**
   * Attaches to a page of a running browser ({@code cdp:}): the first page target, or the one whose
   * id or URL contains {@code config.target()}.
   */
  static ChromePage connect(ChromeConfig config, Ticker ticker) {
    // a cdp: URI always names the endpoint
    URI endpoint = Objects.requireNonNull(config.endpoint(), "the cdp: endpoint");
    URI browserUrl = browserWebSocket(endpoint, config.launchTimeout());
    CdpConnection cdp = CdpConnection.open(browserUrl, config.launchTimeout());
    try {
      JsonNode targets = cdp.call(null, "Target.getTargets", null).path("targetInfos");
      String targetId = null;
      StringBuilder seen = new StringBuilder();
      for (JsonNode t : targets) {
        if (!"page".equals(t.path("type").asText())) {
          continue;
        }
        String id = t.path("targetId").asText();
        String url = t.path("url").asText();
        seen.append(seen.length() == 0 ? "" : ", ").append(id).append(' ').append(url);
        if (targetId == null
            && (config.target() == null
                || id.equals(config.target())
                || url.contains(config.target()))) {
          targetId = id;
        }
      }
      if (targetId == null) {
        throw new SwipeException(
            ErrorCode.BROWSER_UNAVAILABLE,
            (config.target() == null
                    ? "the browser has no page to attach to"
                    : "no page matches target=" + config.target())
                + "; pages: ["
                + seen
                + "]",
            Map.of("field", "target"),
            null);
      }
      ChromePage page = attach(cdp, targetId, config.screen(), browserUrl, null, ticker);
      if (config.url() != null) {
        page.navigate(config.url(), config.launchTimeout());
      }
      return page;
    } catch (RuntimeException e) {
      cdp.close();
      throw e;
    }
  }

  /** Asks {@code http://host:port/json/version} for the browser's WebSocket URL. */
  private static URI browserWebSocket(URI endpoint, Duration timeout) {
    if (endpoint.getScheme() != null && endpoint.getScheme().startsWith("ws")) {
      return endpoint;
    }
    URI version = endpoint.resolve("/json/version");
    try {
      HttpResponse<InputStream> r =
          HttpClient.newBuilder()
              .connectTimeout(timeout)
              .build()
              .send(
                  HttpRequest.newBuilder(version).timeout(timeout).GET().build(),
                  HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = r.body()) {
        if (r.statusCode() != 200) {
          throw new IOException("HTTP " + r.statusCode());
        }
        JsonNode v = CdpConnection.JSON.readTree(body.readNBytes(1 << 20));
        String ws = v.path("webSocketDebuggerUrl").asText("");
        if (ws.isEmpty()) {
          throw new IOException("no webSocketDebuggerUrl in " + v);
        }
        return URI.create(ws);
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE,
          "no DevTools endpoint answers at " + version + ": " + e.getMessage(),
          Map.of("endpoint", endpoint.toString()),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwipeException(CommonCode.INTERRUPTED, "interrupted asking " + version);
    }
  }

  private static ChromePage attach(
      CdpConnection cdp,
      String targetId,
      @Nullable PhoneScreen screen,
      URI browserUrl,
      @Nullable ChromeProcess process,
      Ticker ticker) {
    ObjectNode attach =
        CdpConnection.JSON.createObjectNode().put("targetId", targetId).put("flatten", true);
    String sessionId =
        cdp.call(null, "Target.attachToTarget", attach).path("sessionId").asText(null);
    if (sessionId == null) {
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE, "the browser gave no session for page " + targetId);
    }
    if (screen != null) {
      ChromePage page =
          new ChromePage(cdp, sessionId, targetId, screen, browserUrl, process, ticker);
      page.emulate();
      return page;
    }
    cdp.call(sessionId, "Page.enable", null);
    return new ChromePage(
        cdp, sessionId, targetId, measure(cdp, sessionId), browserUrl, process, ticker);
  }

  /** The viewport of a page shown as it is (attached without {@code device=}). */
  private static PhoneScreen measure(CdpConnection cdp, String sessionId) {
    JsonNode viewport =
        cdp.call(sessionId, "Page.getLayoutMetrics", null).path("cssVisualViewport");
    int w = (int) Math.round(viewport.path("clientWidth").asDouble());
    int h = (int) Math.round(viewport.path("clientHeight").asDouble());
    JsonNode shot =
        cdp.call(
            sessionId, "Page.captureScreenshot", json().put("format", "jpeg").put("quality", 10));
    if (w <= 0 || h <= 0) {
      throw new SwipeException(
          ErrorCode.BROWSER_UNAVAILABLE, "cannot measure the attached page's viewport");
    }
    Frame frame = Frame.ofJpeg(java.util.Base64.getDecoder().decode(shot.path("data").asText()), 0);
    return new PhoneScreen(w + "x" + h, w, h, (double) frame.width() / w, false);
  }

  private void emulate() {
    call("Page.enable", null);
    ObjectNode metrics =
        json()
            .put("width", screen.width())
            .put("height", screen.height())
            .put("deviceScaleFactor", screen.pixelRatio())
            .put("mobile", true)
            .put("screenWidth", screen.width())
            .put("screenHeight", screen.height());
    call("Emulation.setDeviceMetricsOverride", metrics);
    call(
        "Emulation.setTouchEmulationEnabled",
        json().put("enabled", true).put("maxTouchPoints", ChromeTouchTransport.MAX_TOUCH_POINTS));
    ObjectNode agent = json().put("userAgent", screen.userAgent());
    agent.put("platform", screen.ios() ? "iPhone" : "Linux armv81");
    ObjectNode meta =
        json()
            .put("platform", screen.platformName())
            .put("platformVersion", screen.ios() ? "17.5" : "14")
            .put("architecture", "arm")
            .put("model", screen.ios() ? "iPhone" : "Pixel 7")
            .put("mobile", true);
    meta.putArray("brands");
    if (!screen.ios()) {
      agent.set("userAgentMetadata", meta);
    }
    call("Emulation.setUserAgentOverride", agent);
  }

  /** Loads {@code url} and waits for its load event. */
  void navigate(String url, Duration timeout) {
    CompletableFuture<JsonNode> loaded = new CompletableFuture<>();
    cdp.on(
        "Page.loadEventFired",
        (params, session) -> {
          if (sessionId.equals(session)) {
            loaded.complete(params);
          }
        });
    JsonNode r = call("Page.navigate", json().put("url", url));
    if (r.hasNonNull("errorText")) {
      throw SwipeException.invalidArgument(
          "url", "the page " + url + " did not load: " + r.get("errorText").asText());
    }
    CdpConnection.await("Page.loadEventFired", loaded, timeout);
  }

  /** Sends a command to this page's session and waits for the result. */
  JsonNode call(String method, @Nullable ObjectNode params) {
    return cdp.call(sessionId, method, params);
  }

  /** Sends a command to this page's session without waiting. */
  CompletableFuture<JsonNode> callAsync(String method, @Nullable ObjectNode params) {
    return cdp.callAsync(sessionId, method, params);
  }

  /** Listens for an event of this page's session. */
  void on(String method, java.util.function.Consumer<JsonNode> handler) {
    cdp.on(
        method,
        (params, session) -> {
          if (sessionId.equals(session)) {
            handler.accept(params);
          }
        });
  }

  static ObjectNode json() {
    return CdpConnection.JSON.createObjectNode();
  }

  /**
   * How far the browser has zoomed the page by a pinch (1 when it has not): DevTools takes input
   * coordinates in CSS pixels of the visual viewport, which the zoom enlarges on the screen.
   */
  double pageScale() {
    double scale =
        call("Page.getLayoutMetrics", null).path("cssVisualViewport").path("scale").asDouble(1);
    return scale > 0 ? scale : 1;
  }

  PhoneScreen screen() {
    return screen;
  }

  Ticker ticker() {
    return ticker;
  }

  /** Whether the DevTools connection is gone. */
  boolean isLost() {
    return cdp.isClosed() || (process != null && !process.isAlive());
  }

  /** Why the connection is gone. */
  String lostReason() {
    return process != null && !process.isAlive() ? "the browser exited" : cdp.closeReason();
  }

  /** The browser's DevTools WebSocket URL. */
  URI browserUrl() {
    return browserUrl;
  }

  /** The page's target id. */
  String targetId() {
    return targetId;
  }

  /** One holder (the finger or the eyes) lets go; the last one detaches or ends the browser. */
  void release() {
    if (holders.decrementAndGet() != 0) {
      return;
    }
    try {
      if (process != null) {
        cdp.call(null, "Browser.close", null);
      } else {
        cdp.call(null, "Target.detachFromTarget", json().put("sessionId", sessionId));
      }
    } catch (RuntimeException e) {
      // the browser is gone already; what remains is freeing our side
    } finally {
      cdp.close();
      if (process != null) {
        process.close();
      }
    }
  }

  @Override
  public String toString() {
    return "page " + targetId + " as " + screen.name();
  }
}
