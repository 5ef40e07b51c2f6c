package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.agent.ToolListing;
import dev.swipe.agent.ToolSpec;
import dev.swipe.core.Device;
import dev.swipe.sim.SimOracle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code image} option: a scaled answer small enough for a model's context, an answer with no
 * image whose screenshot can be fetched later, and bad values refused before anything is played.
 */
class LeanAnswersTest {
  private static final ObjectMapper M = new ObjectMapper();
  private Device device;
  private AgentRun run;

  @AfterEach
  void close() {
    if (run != null) {
      run.close();
    }
    if (device != null) {
      device.close();
    }
  }

  private ToolDispatcher tools(String uri) {
    device = Device.open(uri);
    run = AgentRun.start(device);
    return new ToolDispatcher(run);
  }

  private static JsonNode call(ToolDispatcher t, String name, String json) throws Exception {
    return M.readTree(t.call(name, json));
  }

  private static BufferedImage image(JsonNode r) throws Exception {
    byte[] jpeg = Base64.getDecoder().decode(r.get("image").asText());
    return ImageIO.read(new ByteArrayInputStream(jpeg));
  }

  @Test
  void aScaledAnswerOnTheDefaultSimulatorFitsIn60Kb() throws Exception {
    ToolDispatcher t = tools("sim:");
    String full = t.call("screenshot", "{}");
    String scaled = t.call("screenshot", "{\"image\":\"scaled:768\"}");
    JsonNode r = M.readTree(scaled);
    assertThat(scaled.getBytes(StandardCharsets.UTF_8).length)
        .as("the whole scaled answer, JSON and base64")
        .isLessThanOrEqualTo(60 * 1024)
        .isLessThan(full.length() / 2);
    BufferedImage img = image(r);
    assertThat(Math.max(img.getWidth(), img.getHeight())).isEqualTo(768);
    assertThat(r.get("image_width").asInt()).isEqualTo(img.getWidth());
    assertThat(r.get("image_height").asInt()).isEqualTo(img.getHeight());
    // width and height keep naming the screenshot the id stands for
    JsonNode whole = M.readTree(full);
    assertThat(r.get("width").asInt()).isEqualTo(whole.get("width").asInt());
    assertThat(r.get("height").asInt()).isEqualTo(whole.get("height").asInt());
    assertThat(r.get("height").asInt()).isGreaterThan(768);
    // an action's answer scales the same way
    String tap = t.call("tap", "{\"point_2d\":[500,500],\"image\":\"scaled:768\"}");
    assertThat(M.readTree(tap).get("image_width").asInt()).isEqualTo(img.getWidth());
    assertThat(tap.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(60 * 1024);
  }

  @Test
  void noneAnswersWithTheIdAndScreenshotFetchesItLater() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=list");
    JsonNode r = call(t, "scroll", "{\"direction\":\"down\",\"image\":\"none\"}");
    assertThat(r.has("error")).as(r.toString()).isFalse();
    assertThat(r.has("image")).isFalse();
    assertThat(r.has("mime_type")).isFalse();
    assertThat(r.get("image_omitted").asBoolean()).isTrue();
    String id = r.get("screenshot_attachment_id").asText();
    JsonNode fetched = call(t, "screenshot", "{\"screenshot_attachment_id\":\"" + id + "\"}");
    assertThat(fetched.get("screenshot_attachment_id").asText()).isEqualTo(id);
    assertThat(fetched.get("image").asText())
        .isEqualTo(
            Base64.getEncoder()
                .encodeToString(run.device().run().attachments().screenshot(id, "id").jpeg()));
    // and in a smaller size, too
    JsonNode small =
        call(
            t,
            "screenshot",
            "{\"screenshot_attachment_id\":\"" + id + "\",\"image\":\"scaled:300\"}");
    assertThat(Math.max(image(small).getWidth(), image(small).getHeight())).isEqualTo(300);
    // an image answer that is already smaller than asked comes whole
    JsonNode big = call(t, "screenshot", "{\"image\":\"scaled:4096\"}");
    assertThat(image(big).getHeight()).isEqualTo(big.get("height").asInt());
  }

  @Test
  void aBadImageValueIsRefusedNamingTheFieldBeforeAnythingIsPlayed() throws Exception {
    ToolDispatcher t = tools("sim:?scale=0.5&scene=list");
    SimOracle oracle = SimOracle.of(run.device());
    for (String bad :
        List.of(
            "scaled:63",
            "scaled:4097",
            "scaled:",
            "scaled:-5",
            "half",
            "FULL",
            "scaled:99999999999")) {
      // a tap on the search field would bring the keyboard up
      JsonNode r =
          call(t, "click", "{\"point_2d\":[500,134],\"image\":" + M.writeValueAsString(bad) + "}");
      assertThat(r.path("error").path("code").asText())
          .as(r.toString())
          .isEqualTo("invalid_argument");
      assertThat(r.get("error").get("details").get("field").asText()).as(bad).isEqualTo("image");
      assertThat(oracle.keyboardVisible()).as("nothing was tapped for %s", bad).isFalse();
    }
    assertThat(call(t, "click", "{\"point_2d\":[500,134],\"image\":\"scaled:64\"}").has("error"))
        .isFalse();
    assertThat(oracle.keyboardVisible()).isTrue();
  }

  @Test
  void theHttpServerListsCompactToolsWhenAskedAndStillTakesEveryArgument() throws Exception {
    device = Device.open("sim:?scale=0.5&scene=list");
    try (AgentHttpServer server =
        AgentHttpServer.builder(device)
            .address(new java.net.InetSocketAddress("127.0.0.1", 0))
            .toolListing(ToolListing.COMPACT)
            .start()) {
      java.net.http.HttpClient http =
          java.net.http.HttpClient.newBuilder()
              .version(java.net.http.HttpClient.Version.HTTP_1_1)
              .build();
      String base = "http://127.0.0.1:" + server.address().getPort();
      JsonNode list =
          M.readTree(
              http.send(
                      java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/tools"))
                          .build(),
                      java.net.http.HttpResponse.BodyHandlers.ofString())
                  .body());
      JsonNode scroll = null;
      for (JsonNode t : list.get("tools")) {
        if (t.get("name").asText().equals("scroll")) {
          scroll = t;
        }
      }
      assertThat(scroll).isNotNull();
      assertThat(scroll.get("input_schema").get("properties").has("keyboard_region")).isFalse();
      assertThat(scroll.get("input_schema").get("properties").has("image")).isTrue();
      assertThat(scroll.get("output_schema").has("properties")).isFalse();
      assertThat(scroll.get("annotations").get("readOnlyHint").asBoolean()).isFalse();
      JsonNode one =
          M.readTree(
              http.send(
                      java.net.http.HttpRequest.newBuilder(
                              java.net.URI.create(base + "/tools/scroll"))
                          .build(),
                      java.net.http.HttpResponse.BodyHandlers.ofString())
                  .body());
      assertThat(one).isEqualTo(scroll);
      // an argument the compact list leaves out still works
      JsonNode r =
          M.readTree(
              http.send(
                      java.net.http.HttpRequest.newBuilder(
                              java.net.URI.create(base + "/tools/scroll"))
                          .header("Content-Type", "application/json")
                          .POST(
                              java.net.http.HttpRequest.BodyPublishers.ofString(
                                  "{\"direction\":\"down\",\"detect_keyboard\":false,"
                                      + "\"image\":\"none\"}"))
                          .build(),
                      java.net.http.HttpResponse.BodyHandlers.ofString())
                  .body());
      assertThat(r.has("error")).as(r.toString()).isFalse();
      assertThat(r.get("movement").asText()).isEqualTo("moved");
      assertThat(r.has("image")).isFalse();
    }
  }

  @Test
  void everyToolThatAnswersWithAScreenshotTakesTheImageOption() {
    ToolDispatcher t = tools("sim:?scale=0.5");
    Set<String> with = new TreeSet<>();
    for (ToolSpec s : t.specs()) {
      boolean returnsImage = s.outputSchema().path("properties").has("image");
      boolean takesOption = s.inputSchema().path("properties").has("image");
      assertThat(takesOption).as(s.name()).isEqualTo(returnsImage);
      if (takesOption) {
        with.add(s.name());
      }
    }
    assertThat(with)
        .contains(
            "screenshot",
            "touch_gesture",
            "click",
            "tap",
            "drag",
            "type_text",
            "press_back",
            "home",
            "scroll",
            "wheel_nudge",
            "find_text",
            "tap_text",
            "wait_for_text",
            "read_wheel",
            "set_wheel")
        .doesNotContain("image_diff", "save_memory", "recall_memory", "finished");
  }
}
