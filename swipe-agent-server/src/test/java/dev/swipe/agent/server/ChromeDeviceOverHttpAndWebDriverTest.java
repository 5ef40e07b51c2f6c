package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.core.Device;
import io.appium.java_client.AppiumDriver;
import io.appium.java_client.remote.options.BaseOptions;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
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

  @TempDir Path tmp;

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
    try (Device page = Device.open(RowsPage.chromeDevice("pixel-7"));
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
    try (WebDriverProcess rig =
        WebDriverProcess.start("--device", RowsPage.chromeDevice("pixel-7"))) {
      AppiumDriver driver =
          new AppiumDriver(
              rig.url(), new BaseOptions<>().setPlatformName("android").setAutomationName("Swipe"));
      try {
        byte[] png = driver.getScreenshotAs(OutputType.BYTES);
        assertThat(javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png)).getWidth())
            .isEqualTo(2 * 412);
        Object moved =
            driver.executeScript("swipe: scroll", Map.of("direction", "down", "amount", 0.5));
        assertThat(M.valueToTree(moved).path("movement").asText())
            .as("%s", moved)
            .isEqualTo("moved");
      } finally {
        driver.quit();
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
