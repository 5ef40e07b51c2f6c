package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.sim.SimOracle;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * find_text, tap_text, wait_for_text and scroll until_text through Java, HTTP and MCP, on the real
 * OCR engine.
 */
class TextToolsTest {
  private static final ObjectMapper M = new ObjectMapper();
  private final List<AutoCloseable> open = new ArrayList<>();

  @TempDir Path tmp;

  @AfterEach
  void closeAll() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  private <T extends AutoCloseable> T keep(T c) {
    open.add(c);
    return c;
  }

  private ToolDispatcher tools(String uri) {
    Device d = keep(Device.open(uri));
    return new ToolDispatcher(keep(AgentRun.start(d)));
  }

  private static JsonNode call(ToolDispatcher t, String name, String json) throws Exception {
    return M.readTree(t.call(name, json));
  }

  @Test
  void findAndTapTextInJava() throws Exception {
    ToolDispatcher t = tools("sim:?scene=list");
    SimOracle truth = SimOracle.of(t.run().device());
    JsonNode shot = call(t, "screenshot", "{}");
    String id = shot.get("screenshot_attachment_id").asText();
    String name =
        truth.visibleListRows(t.run().device().run().attachments().screenshot(id, "id")).get(2);

    JsonNode found =
        call(
            t,
            "find_text",
            "{\"text\":\""
                + name.toUpperCase()
                + "\",\"screenshot_attachment_id\":\""
                + id
                + "\"}");
    assertThat(found.get("found").asBoolean()).as(found.toString()).isTrue();
    assertThat(found.get("matches").get(0).get("text").asText()).isEqualTo(name);
    assertThat(found.has("image")).as("no image for a screenshot the caller already has").isFalse();

    JsonNode none = call(t, "find_text", "{\"text\":\"Nobody Here\"}");
    assertThat(none.get("found").asBoolean()).isFalse();
    assertThat(none.get("image").asText())
        .as("a fresh screenshot comes with its image")
        .isNotEmpty();

    JsonNode tapped = call(t, "tap_text", "{\"text\":\"search contacts\",\"whole_line\":true}");
    assertThat(tapped.has("error"))
        .as(tapped.toString().substring(0, Math.min(400, tapped.toString().length())))
        .isFalse();
    assertThat(tapped.get("tapped").get("text").asText()).isEqualTo("Search contacts");
    assertThat(truth.keyboardVisible()).isTrue();

    JsonNode waited = call(t, "wait_for_text", "{\"text\":\"" + name + "\",\"timeout_ms\":3000}");
    assertThat(waited.get("found").asBoolean()).as(waited.get("matches").toString()).isTrue();
  }

  @Test
  void badQueriesAndMissingTextAreCodedErrors() throws Exception {
    ToolDispatcher t = tools("sim:?scene=list&scale=0.5");
    JsonNode regex = call(t, "find_text", "{\"text\":\"(unclosed\",\"match\":\"regex\"}");
    assertThat(regex.get("error").get("code").asText()).isEqualTo("invalid_argument");
    assertThat(regex.get("error").get("details").get("field").asText()).isEqualTo("text");
    JsonNode edits = call(t, "find_text", "{\"text\":\"abc\",\"max_edits\":2}");
    assertThat(edits.get("error").get("details").get("field").asText()).isEqualTo("max_edits");
    JsonNode blank = call(t, "find_text", "{\"text\":\"   \"}");
    assertThat(blank.get("error").get("code").asText()).isEqualTo("invalid_argument");
    JsonNode region =
        call(t, "find_text", "{\"text\":\"a\",\"region\":{\"x\":900,\"y\":0,\"w\":200,\"h\":10}}");
    assertThat(region.get("error").get("code").asText()).isEqualTo("invalid_argument");
    JsonNode missing = call(t, "tap_text", "{\"text\":\"Quentin Zimmerman\"}");
    assertThat(missing.get("error").get("code").asText()).isEqualTo("text_not_found");
    assertThat(missing.get("error").get("details").get("read_nearby").size()).isPositive();
    JsonNode notForLines = call(t, "scroll", "{\"direction\":\"down\",\"until_text\":\"Zoe\"}");
    assertThat(notForLines.get("error").get("details").get("field").asText())
        .isEqualTo("until_text");
  }

  @Test
  void scrollToTheBottomUntilTextStopsWhereTheContactShows() throws Exception {
    ToolDispatcher t = tools("sim:?scene=list&platform=ios");
    String target = SimOracle.listContacts().get(120);
    JsonNode r = call(t, "scroll", "{\"direction\":\"bottom\",\"until_text\":\"" + target + "\"}");
    assertThat(r.get("found").asBoolean()).as("%s", r.get("passes")).isTrue();
    assertThat(r.get("edge_reached").asBoolean()).isFalse();
    assertThat(r.get("matches").get(0).get("text").asText()).isEqualTo(target);
    Observation o =
        t.run()
            .device()
            .run()
            .attachments()
            .screenshot(r.get("screenshot_attachment_id").asText(), "id");
    assertThat(SimOracle.of(t.run().device()).visibleListRows(o)).contains(target);
  }

  @Test
  void findTextOverHttp() throws Exception {
    Device device = keep(Device.open("sim:?scene=list"));
    AgentHttpServer server =
        keep(
            AgentHttpServer.builder(device).address(new InetSocketAddress("127.0.0.1", 0)).start());
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(
                        "http://127.0.0.1:" + server.address().getPort() + "/tools/find_text"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"text\":\"Search contacts\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode j = M.readTree(r.body());
    assertThat(j.get("found").asBoolean()).isTrue();
    assertThat(j.get("matches").get(0).get("center").get("y").asDouble()).isBetween(100.0, 200.0);
  }

  @Test
  void findAndTapTextOverMcp() throws Exception {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    ServerParameters params =
        ServerParameters.builder(java)
            .args(
                List.of(
                    "-cp",
                    System.getProperty("java.class.path"),
                    SwipeAgentCli.class.getName(),
                    "mcp",
                    "--device",
                    "sim:?scene=list",
                    "--memory",
                    "none"))
            .build();
    StdioClientTransport transport =
        new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
    McpSyncClient c =
        keep(
            McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(90))
                .initializationTimeout(Duration.ofSeconds(60))
                .build());
    c.initialize();
    assertThat(c.listTools().tools())
        .extracting(McpSchema.Tool::name)
        .contains("find_text", "tap_text", "wait_for_text");
    McpSchema.CallToolResult found =
        c.callTool(
            McpSchema.CallToolRequest.builder("find_text")
                .arguments(Map.of("text", "Search contacts"))
                .build());
    assertThat(found.isError()).as("%s", found.content()).isFalse();
    McpSchema.TextContent text =
        (McpSchema.TextContent) found.content().get(found.content().size() - 1);
    assertThat(M.readTree(text.text()).get("found").asBoolean()).isTrue();
    McpSchema.CallToolResult missing =
        c.callTool(
            McpSchema.CallToolRequest.builder("tap_text")
                .arguments(Map.of("text", "Quentin Zimmerman"))
                .build());
    assertThat(missing.isError()).isTrue();
    assertThat(((McpSchema.TextContent) missing.content().get(0)).text())
        .contains("text_not_found");
  }

  /**
   * A rig wired as on a desk: a gadget HID node (a plain file here: no USB gadget in CI) and a
   * capture replayed from frames on disk. The frames are simulator renders saved as JPEG, read back
   * through the files: source exactly as a recorded rig's frames would be.
   */
  @Test
  void findTextOnARigWithAFilesCapture() throws Exception {
    Path frames = Files.createDirectories(tmp.resolve("frames"));
    String name;
    try (Device sim = Device.open("sim:?scene=list&platform=ios")) {
      Observation shot = sim.screenshot();
      name = SimOracle.of(sim).visibleListRows(shot).get(3);
      Files.write(frames.resolve("000001.jpg"), shot.jpeg());
      Files.writeString(
          frames.resolve("frames.tsv"),
          "# swipe-capture frames v1\nfile\tcapture_nanos\twidth\theight\n"
              + "000001.jpg\t0\t"
              + shot.width()
              + "\t"
              + shot.height()
              + "\n");
    }
    Path hidg = Files.createFile(tmp.resolve("hidg0"));
    Device rig =
        keep(
            Device.builder()
                .hid("hidg:" + hidg + "?pointer=abs")
                .capture("files:" + frames + "?loop=true")
                .open());
    ToolDispatcher t = new ToolDispatcher(keep(AgentRun.start(rig)));
    JsonNode r = call(t, "find_text", "{\"text\":\"" + name + "\"}");
    assertThat(r.get("found").asBoolean())
        .as(r.toString().substring(0, Math.min(300, r.toString().length())))
        .isTrue();
  }
}
