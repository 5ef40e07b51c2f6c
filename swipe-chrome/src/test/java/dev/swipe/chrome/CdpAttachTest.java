package dev.swipe.chrome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cdp:} attaches to a browser someone else started, and leaves it running. */
class CdpAttachTest {
  private static PageServer server;
  private static Process browser;
  private static int port;

  @TempDir static Path profile;

  @BeforeAll
  static void startBrowser() throws Exception {
    Chromium.assumeInstalled();
    server = PageServer.classpath("kit");
    String binary =
        List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome").stream()
            .filter(p -> Files.isExecutable(Path.of(p)))
            .findFirst()
            .orElse("chromium");
    browser =
        new ProcessBuilder(
                binary,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                "--user-data-dir=" + profile,
                server.url("list.html"))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    Pattern listening = Pattern.compile("DevTools listening on ws://127\\.0\\.0\\.1:(\\d+)/");
    try (BufferedReader err =
        new BufferedReader(
            new InputStreamReader(browser.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = err.readLine()) != null) {
        Matcher m = listening.matcher(line);
        if (m.find()) {
          port = Integer.parseInt(m.group(1));
          break;
        }
      }
    }
    assertThat(port).as("the browser opened a DevTools port").isPositive();
  }

  @AfterAll
  static void stopBrowser() throws Exception {
    if (browser != null) {
      browser.descendants().forEach(ProcessHandle::destroyForcibly);
      browser.destroyForcibly();
      browser.waitFor(5, TimeUnit.SECONDS);
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void attachesScrollsAndLeavesTheBrowserRunning() throws Exception {
    try (Device phone =
        Device.open("cdp:http://127.0.0.1:" + port + "?target=list.html&device=pixel-7")) {
      assertThat(phone.screenshot().width()).isEqualTo(412);
      assertThat(phone.scroll(Scroll.of(ScrollDirection.DOWN)).movement())
          .isEqualTo(Movement.MOVED);
    }
    assertThat(browser.isAlive()).isTrue();
    HttpResponse<String> version =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/version"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(version.statusCode()).isEqualTo(200);
  }

  @Test
  void anUnknownTargetListsThePages() {
    assertThatThrownBy(() -> Device.open("cdp:http://127.0.0.1:" + port + "?target=no-such-page"))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.BROWSER_UNAVAILABLE);
              assertThat(e.getMessage()).contains("no-such-page", "list.html");
            });
  }

  @Test
  void aClosedPortIsBrowserUnavailable() {
    assertThatThrownBy(() -> Device.open("cdp:http://127.0.0.1:1?timeout_ms=2000"))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.BROWSER_UNAVAILABLE));
  }
}
