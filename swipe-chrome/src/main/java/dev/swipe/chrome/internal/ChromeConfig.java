package dev.swipe.chrome.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.DeviceUri;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The options of {@code chrome:} and {@code cdp:} URIs, validated.
 *
 * @param url the page to open ({@code chrome:}: required; {@code cdp:}: navigates the attached page
 *     when given)
 * @param screen the emulated phone; null on {@code cdp:} without {@code device=}, which keeps the
 *     page's own viewport
 * @param binary the Chromium binary ({@code chrome:}), or null to search
 * @param endpoint the DevTools endpoint ({@code cdp:}), or null
 * @param target which page to attach to ({@code cdp:}), or null for the first
 * @param scale frame pixels per CSS pixel ({@code chrome:}; an attached browser draws at its own)
 * @param quality JPEG quality of the frames, 1-100
 * @param latency how long after an event its image counts as showing it
 * @param launchTimeout how long starting, attaching and loading may take
 */
record ChromeConfig(
    @Nullable String url,
    @Nullable PhoneScreen screen,
    @Nullable String binary,
    @Nullable URI endpoint,
    @Nullable String target,
    double scale,
    int quality,
    Duration latency,
    Duration launchTimeout) {

  private static final Set<String> COMMON =
      Set.of("url", "device", "platform", "quality", "latency_ms", "timeout_ms");

  /** Parses {@code chrome:?url=...&device=...}. */
  static ChromeConfig chrome(DeviceUri uri) {
    uri.requireKnownKeys(with(with(COMMON, "binary"), "scale"));
    if (!uri.path().isEmpty()) {
      throw SwipeException.invalidArgument(
          "uri",
          "chrome: takes no path; give the page as chrome:?url=..., was '" + uri.path() + "'");
    }
    String url =
        uri.param("url")
            .orElseThrow(
                () ->
                    SwipeException.invalidArgument(
                        "url", "is required: chrome:?url=http://127.0.0.1:8080/app.html"));
    return new ChromeConfig(
        checkUrl(url),
        PhoneScreen.parse(uri.string("device", "pixel-7"), platform(uri)),
        uri.param("binary").orElse(null),
        null,
        null,
        uri.doubleParam("scale", 2, 1, 4),
        uri.intParam("quality", 80, 1, 100),
        Duration.ofMillis(uri.intParam("latency_ms", 50, 0, 10_000)),
        Duration.ofMillis(uri.intParam("timeout_ms", 30_000, 1_000, 600_000)));
  }

  /** Parses {@code cdp:http://127.0.0.1:9222?target=...}. */
  static ChromeConfig cdp(DeviceUri uri) {
    uri.requireKnownKeys(with(COMMON, "target"));
    if (uri.path().isEmpty()) {
      throw SwipeException.invalidArgument(
          "endpoint", "cdp: needs the browser's DevTools address, e.g. cdp:http://127.0.0.1:9222");
    }
    URI endpoint;
    try {
      endpoint = URI.create(uri.path());
    } catch (IllegalArgumentException e) {
      throw SwipeException.invalidArgument(
          "endpoint", "is not a URL: '" + uri.path() + "' (" + e.getMessage() + ")");
    }
    String scheme = endpoint.getScheme();
    if (endpoint.getHost() == null
        || scheme == null
        || !Set.of("http", "ws").contains(scheme.toLowerCase(java.util.Locale.ROOT))) {
      throw SwipeException.invalidArgument(
          "endpoint", "must be http://host:port or ws://host:port/..., was '" + uri.path() + "'");
    }
    return new ChromeConfig(
        uri.param("url").map(ChromeConfig::checkUrl).orElse(null),
        uri.param("device").map(d -> PhoneScreen.parse(d, platform(uri))).orElse(null),
        null,
        endpoint,
        uri.param("target").filter(t -> !t.isBlank()).orElse(null),
        1,
        uri.intParam("quality", 80, 1, 100),
        Duration.ofMillis(uri.intParam("latency_ms", 50, 0, 10_000)),
        Duration.ofMillis(uri.intParam("timeout_ms", 30_000, 1_000, 600_000)));
  }

  private static @Nullable String platform(DeviceUri uri) {
    return uri.param("platform").isPresent()
        ? uri.choice("platform", "android", Set.of("android", "ios"))
        : null;
  }

  private static String checkUrl(String url) {
    String u = url.strip();
    String lower = u.toLowerCase(java.util.Locale.ROOT);
    if (!(lower.startsWith("http://")
        || lower.startsWith("https://")
        || lower.startsWith("file:")
        || lower.startsWith("data:")
        || lower.equals("about:blank"))) {
      throw SwipeException.invalidArgument(
          "url", "must be an http(s), file or data URL (or about:blank), was '" + url + "'");
    }
    return u;
  }

  private static Set<String> with(Set<String> base, String extra) {
    java.util.HashSet<String> all = new java.util.HashSet<>(base);
    all.add(extra);
    return Set.copyOf(all);
  }
}
