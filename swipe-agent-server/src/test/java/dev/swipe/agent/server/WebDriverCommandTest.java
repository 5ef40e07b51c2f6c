package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.core.Device;
import io.appium.java_client.AppiumDriver;
import io.appium.java_client.remote.options.BaseOptions;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.InvalidArgumentException;
import org.openqa.selenium.UnsupportedCommandException;
import org.openqa.selenium.WebDriverException;

/**
 * {@code swipe-agent webdriver} as a process, driven by an unmodified Appium java-client: its
 * {@code swipe:} methods answer exactly the JSON the agent tools answer on a twin simulator that
 * took the same steps.
 */
@Timeout(180)
class WebDriverCommandTest {
  private static final String SIM = "sim:?scene=picker&scale=0.5";
  private static final ObjectMapper M = new ObjectMapper();

  private WebDriverProcess rig;
  private AppiumDriver driver;
  private Device twin;
  private AgentRun twinRun;
  private ToolDispatcher twinTools;

  @BeforeEach
  void start() throws Exception {
    rig = WebDriverProcess.start("--rig", "picker-1", "--device", SIM, "--sim-state");
    driver =
        new AppiumDriver(
            rig.url(), new BaseOptions<>().setPlatformName("android").setAutomationName("Swipe"));
    twin = Device.open(SIM);
    twinRun = AgentRun.builder(twin).acceptInlineImages(true).simState(true).build();
    twinTools = new ToolDispatcher(twinRun);
    twinRun.device().screenshot(); // a new session's first look at the screen
  }

  @AfterEach
  void stop() throws Exception {
    try {
      driver.quit();
    } finally {
      twinRun.close();
      twin.close();
      rig.close();
    }
  }

  private JsonNode method(String name, JsonNode args) {
    Object value = driver.executeScript("swipe: " + name, M.convertValue(args, Map.class));
    return M.valueToTree(value);
  }

  private static final Comparator<JsonNode> SAME_NUMBER =
      (a, b) -> {
        if (a.isNumber() && b.isNumber()) {
          return Double.compare(a.asDouble(), b.asDouble());
        }
        return a.equals(b) ? 0 : 1;
      };

  private static void assertSame(JsonNode viaWebDriver, JsonNode viaTools) {
    assertThat(viaWebDriver.equals(SAME_NUMBER, viaTools))
        .as("webdriver %s%n tools %s", abbreviate(viaWebDriver), abbreviate(viaTools))
        .isTrue();
  }

  private static String abbreviate(JsonNode n) {
    String s = n.toString();
    return s.length() < 600 ? s : s.substring(0, 600) + "...";
  }

  @Test
  void swipeMethodsAnswerWhatTheAgentToolsAnswer() {
    ObjectNode none = M.createObjectNode();
    JsonNode state = method("simState", none);
    assertSame(state, twinTools.call("sim_state", none));
    JsonNode shot = method("screenshot", none);
    assertSame(shot, twinTools.call("screenshot", none));
    JsonNode hour = state.get("wheels").get(1);
    ObjectNode nudge = M.createObjectNode();
    nudge.put("current_value", hour.get("value").asInt());
    nudge.put("target_value", (hour.get("value").asInt() + 2) % 24);
    nudge.put("cycle_size", 24);
    nudge.put("value_step", 1);
    nudge.set("column_x", hour.get("column_x"));
    nudge.set("center_y", hour.get("center_y"));
    nudge.set("row_spacing", hour.get("row_spacing"));
    nudge.put("screenshot_attachment_id", shot.get("screenshot_attachment_id").asText());
    JsonNode nudged = method("wheelNudge", nudge);
    assertThat(nudged.has("error")).as(abbreviate(nudged)).isFalse();
    assertSame(nudged, twinTools.call("wheel_nudge", nudge));
    ObjectNode diff = M.createObjectNode();
    diff.put("before", shot.get("screenshot_attachment_id").asText());
    diff.put("after", nudged.get("screenshot_attachment_id").asText());
    ObjectNode region = diff.putObject("region"); // tight around the hour wheel, as image_diff asks
    region.put("x", Math.max(0, hour.get("column_x").asDouble() - 80));
    region.put(
        "y", Math.max(0, hour.get("center_y").asDouble() - 3 * hour.get("row_spacing").asDouble()));
    region.put("w", 160);
    region.put("h", 6 * hour.get("row_spacing").asDouble());
    JsonNode changed = method("imageDiff", diff);
    assertThat(changed.get("changed").asBoolean()).isTrue();
    assertSame(changed, twinTools.call("image_diff", diff));
  }

  @Test
  void eachTracedSessionsDirectoryCarriesItsW3cSessionId(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path traces = dir.resolve("traces");
    java.util.List<String> ids = new java.util.ArrayList<>();
    try (WebDriverProcess traced =
        WebDriverProcess.start("--rig", "traced", "--device", SIM, "--trace", traces.toString())) {
      for (int i = 0; i < 2; i++) {
        AppiumDriver d =
            new AppiumDriver(
                traced.url(),
                new BaseOptions<>().setPlatformName("android").setAutomationName("Swipe"));
        try {
          ids.add(d.getSessionId().toString());
          d.executeScript("swipe: screenshot", Map.of());
        } finally {
          d.quit();
        }
      }
    }
    assertThat(ids).doesNotHaveDuplicates();
    java.util.List<String> names;
    try (java.util.stream.Stream<java.nio.file.Path> list = java.nio.file.Files.list(traces)) {
      names =
          list.filter(java.nio.file.Files::isDirectory)
              .map(p -> p.getFileName().toString())
              .sorted()
              .toList();
    }
    assertThat(names).hasSize(2);
    for (int i = 0; i < 2; i++) {
      String id = ids.get(i);
      assertThat(names.get(i)).matches("\\d{8}-\\d{6}\\.\\d{3}-session-" + id);
      java.nio.file.Path trace =
          traces.resolve(names.get(i)).resolve(dev.swipe.core.trace.TraceReader.FILE);
      assertThat(java.nio.file.Files.readString(trace))
          .as("the session's own trace holds its screenshot")
          .contains("\"screenshot\"");
    }
  }

  @Test
  void aToolsVerdictAndBadArgumentsAreW3cErrors() {
    ObjectNode scroll = M.createObjectNode();
    scroll.put("direction", "up");
    scroll.put("expect_content", true);
    scroll.set("region", M.valueToTree(Map.of("x", 0, "y", 0, "w", 1000, "h", 60)));
    assertThatThrownBy(() -> method("scroll", scroll))
        .isInstanceOf(WebDriverException.class)
        .hasMessageContaining("scroll_no_progress");
    assertThat(twinTools.call("scroll", scroll).path("error").path("code").asText())
        .isEqualTo("scroll_no_progress");
    assertThatThrownBy(() -> driver.executeScript("swipe: wheelNudge", Map.of("current_value", 3)))
        .isInstanceOf(InvalidArgumentException.class);
    assertThatThrownBy(() -> driver.executeScript("swipe: finished", Map.of()))
        .isInstanceOf(UnsupportedCommandException.class);
    assertThat(List.of(driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES).length))
        .allMatch(n -> n > 0);
  }
}
