package dev.swipe.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.core.Device;
import io.appium.java_client.AppiumDriver;
import io.appium.java_client.remote.options.BaseOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.OutputType;

/**
 * The HTTP tool server and the WebDriver remote end on a {@code chrome:} device: a host that drives
 * a phone over either changes only the device URI to drive a page in headless Chromium.
 */
@Timeout(240)
class ChromeDeviceOverHttpAndWebDriverTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final Pattern LISTENING =
      Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

  @TempDir Path tmp;

  /** 80 numbered rows as a data: URL (no server needed). */
  private static String device(String preset) {
    StringBuilder html =
        new StringBuilder(
            "<!doctype html><meta name=viewport content='width=device-width,initial-scale=1'>"
                + "<style>body{margin:0;font-family:sans-serif}div{height:64px;line-height:64px;"
                + "padding:0 20px;border-bottom:1px solid silver;font-size:22px}</style>");
    for (int i = 1; i <= 80; i++) {
      html.append("<div>Row ").append(i).append("</div>");
    }
    return "chrome:?device="
        + preset
        + "&url="
        + URLEncoder.encode("data:text/html;charset=utf-8," + html, StandardCharsets.UTF_8)
            .replace("+", "%20");
  }

  @BeforeEach
  void needsChromium() {
    if (Chromium.find(tmp) == null && "1".equals(System.getenv("SWIPE_REQUIRE_TOOLS"))) {
      throw new AssertionError("chromium is not installed, and SWIPE_REQUIRE_TOOLS=1 requires it");
    }
    assumeTrue(Chromium.find(tmp) != null, "chromium is not installed");
  }

  @Test
  void theHttpToolsDriveAPage() throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    try (Device page = Device.open(device("pixel-7"));
        AgentHttpServer server =
            AgentHttpServer.builder(page).address(new InetSocketAddress("127.0.0.1", 0)).start()) {
      String base = "http://127.0.0.1:" + server.address().getPort() + "/tools/";
      JsonNode shot = post(http, base + "screenshot", "{}");
      assertThat(shot.path("width").asInt()).as("%s", shot).isEqualTo(2 * 412);
      JsonNode down = post(http, base + "scroll", "{\"direction\":\"down\"}");
      assertThat(down.path("movement").asText()).as("%s", down).isEqualTo("moved");
      JsonNode found = post(http, base + "find_text", "{\"text\":\"Row\"}");
      assertThat(found.path("matches").size()).as("%s", found).isPositive();
    }
  }

  @Test
  void aWebDriverClientDrivesAPage() throws Exception {
    Process rig =
        new ProcessBuilder(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName(),
                "webdriver",
                "--port",
                "0",
                "--device",
                device("pixel-7"))
            .start();
    AppiumDriver driver = null;
    try {
      BufferedReader err =
          new BufferedReader(new InputStreamReader(rig.getErrorStream(), StandardCharsets.UTF_8));
      String url =
          CompletableFuture.supplyAsync(
                  () -> {
                    try {
                      for (String line; (line = err.readLine()) != null; ) {
                        Matcher m = LISTENING.matcher(line);
                        if (m.find()) {
                          return m.group(1);
                        }
                      }
                      return null;
                    } catch (java.io.IOException e) {
                      return null;
                    }
                  })
              .get(120, TimeUnit.SECONDS);
      assertThat(url).as("the webdriver command printed its address").isNotNull();
      CompletableFuture.runAsync(
          () -> {
            try {
              while (err.readLine() != null) {
                // keep the pipe drained
              }
            } catch (java.io.IOException e) {
              // the process ended
            }
          });
      driver =
          new AppiumDriver(
              new URL(url),
              new BaseOptions<>().setPlatformName("android").setAutomationName("Swipe"));
      byte[] png = driver.getScreenshotAs(OutputType.BYTES);
      assertThat(javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png)).getWidth())
          .isEqualTo(2 * 412);
      Object moved =
          driver.executeScript("swipe: scroll", Map.of("direction", "down", "amount", 0.5));
      assertThat(M.valueToTree(moved).path("movement").asText()).as("%s", moved).isEqualTo("moved");
    } finally {
      if (driver != null) {
        driver.quit();
      }
      rig.destroy();
      if (!rig.waitFor(20, TimeUnit.SECONDS)) {
        rig.destroyForcibly();
      }
    }
  }

  private static JsonNode post(HttpClient http, String uri, String body) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(uri))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return M.readTree(r.body());
  }
}
