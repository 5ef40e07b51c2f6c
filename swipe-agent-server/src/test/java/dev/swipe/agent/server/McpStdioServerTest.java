package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real MCP client (the MCP Java SDK's) launches the server as a separate process over stdio and
 * drives a whole picker task on the simulator, the way an agent host would.
 */
class McpStdioServerTest {
  private static final ObjectMapper M = new ObjectMapper();

  @TempDir Path tmp;

  private McpSyncClient client(String... extra) {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName(),
                "mcp",
                "--sim-state"));
    args.addAll(List.of(extra));
    ServerParameters params = ServerParameters.builder(java).args(args).build();
    StdioClientTransport transport =
        new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
    transport.setStdErrorHandler(line -> System.err.println("[server] " + line));
    McpSyncClient c =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .build();
    c.initialize();
    return c;
  }

  private static McpSchema.CallToolResult call(
      McpSyncClient c, String tool, Map<String, Object> args) {
    return c.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
  }

  private static JsonNode json(McpSchema.CallToolResult r) throws Exception {
    McpSchema.Content last = r.content().get(r.content().size() - 1);
    return M.readTree(((McpSchema.TextContent) last).text());
  }

  private static String shotId(McpSchema.CallToolResult r) throws Exception {
    assertThat(r.isError()).as("result: %s", r.content()).isFalse();
    McpSchema.ImageContent image =
        r.content().stream()
            .filter(McpSchema.ImageContent.class::isInstance)
            .map(McpSchema.ImageContent.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(image.mimeType()).isEqualTo("image/jpeg");
    byte[] jpeg = Base64.getDecoder().decode(image.data());
    assertThat(jpeg[0] & 0xFF).isEqualTo(0xFF);
    String label = ((McpSchema.TextContent) r.content().get(0)).text();
    String id = json(r).get("screenshot_attachment_id").asText();
    assertThat(label).contains(id);
    assertThat(json(r).has("image")).as("the image travels as image content only").isFalse();
    return id;
  }

  @Test
  void drivesAPickerTaskOverStdio() throws Exception {
    Path db = tmp.resolve("memory.db");
    try (McpSyncClient c =
        client("--device", "sim:?scene=picker&scale=0.5", "--memory", "sqlite:" + db)) {
      // list tools with schemas
      List<McpSchema.Tool> tools = c.listTools().tools();
      assertThat(tools)
          .extracting(McpSchema.Tool::name)
          .contains(
              "touch_gesture",
              "screenshot",
              "image_diff",
              "wheel_nudge",
              "scroll",
              "save_memory",
              "recall_memory",
              "type_text",
              "press_back",
              "finished",
              "sim_state");
      McpSchema.Tool wheel =
          tools.stream().filter(t -> t.name().equals("wheel_nudge")).findFirst().orElseThrow();
      JsonNode schema = M.valueToTree(wheel.inputSchema());
      assertThat(schema.get("additionalProperties").asBoolean(true)).isFalse();
      assertThat(schema.get("required").toString())
          .contains("center_y", "screenshot_attachment_id");
      assertThat(schema.get("properties").get("row_spacing").get("description").asText())
          .isNotBlank();

      // screenshot, then a swipe on the month column, then a diff by attachment ids
      String first = shotId(call(c, "screenshot", Map.of()));
      JsonNode state = json(call(c, "sim_state", Map.of()));
      JsonNode month = state.get("wheels").get(0);
      double mx = month.get("column_x").asDouble();
      double my = month.get("center_y").asDouble();
      McpSchema.CallToolResult swiped =
          call(
              c,
              "touch_gesture",
              Map.of(
                  "type",
                  "swipe",
                  "start",
                  Map.of("x", mx, "y", my + 60),
                  "end",
                  Map.of("x", mx, "y", my - 60),
                  "duration_ms",
                  600,
                  "hold_after_ms",
                  150));
      String second = shotId(swiped);
      Map<String, Object> column =
          Map.of("x", Math.max(0, mx - 100), "y", my - 200, "w", 200, "h", 400);
      JsonNode diff =
          json(call(c, "image_diff", Map.of("before", first, "after", second, "region", column)));
      assertThat(diff.get("changed").asBoolean()).as(diff.toString()).isTrue();
      assertThat(json(call(c, "sim_state", Map.of())).get("wheels").get(0).get("value").asInt())
          .isNotEqualTo(month.get("value").asInt());

      // set the hour wheel to a target with wheel_nudge, reading values like an agent would
      JsonNode hour = json(call(c, "sim_state", Map.of())).get("wheels").get(1);
      int target = (hour.get("value").asInt() + 7) % 24;
      String shot = second;
      int nudges = 0;
      for (int i = 0; i < 12; i++) {
        hour = json(call(c, "sim_state", Map.of())).get("wheels").get(1);
        Map<String, Object> args = new HashMap<>();
        args.put("current_value", hour.get("value").asInt());
        args.put("target_value", target);
        args.put("cycle_size", 24);
        args.put("value_step", 1);
        args.put("column_x", hour.get("column_x").asDouble());
        args.put("center_y", hour.get("center_y").asDouble());
        args.put("row_spacing", hour.get("row_spacing").asDouble() * 1.2);
        args.put("screenshot_attachment_id", shot);
        McpSchema.CallToolResult r = call(c, "wheel_nudge", args);
        shot = shotId(r);
        if (!json(r).get("played").asBoolean()) {
          break;
        }
        nudges++;
      }
      JsonNode end = json(call(c, "sim_state", Map.of()));
      assertThat(end.get("wheels").get(1).get("value").asInt()).isEqualTo(target);
      assertThat(end.get("editor_open").asBoolean()).isFalse();
      assertThat(nudges).isBetween(1, 4);

      // remember what worked and recall it
      JsonNode saved =
          json(
              call(
                  c,
                  "save_memory",
                  Map.of(
                      "title",
                      "[Sim] [Hour picker] swipe parameters",
                      "content",
                      "app: Sim, screen: time picker, picker: hour column, hold_after_ms: 150",
                      "tags",
                      List.of("swipe", "picker", "calibration"),
                      "entities",
                      List.of("Sim"),
                      "priority",
                      70)));
      assertThat(saved.get("id").asText()).isNotBlank();
      JsonNode recalled =
          json(
              call(
                  c,
                  "recall_memory",
                  Map.of("query", "hour picker swipe", "entities", List.of("Sim"))));
      assertThat(recalled.get("count").asInt()).isEqualTo(1);
      assertThat(recalled.get("memories").get(0).get("title").asText()).contains("Hour picker");

      // a bad id is a structured error, not a crash
      McpSchema.CallToolResult bad =
          call(c, "image_diff", Map.of("before", "shot-9999", "after", shot));
      assertThat(bad.isError()).isTrue();
      JsonNode err = json(bad).get("error");
      assertThat(err.get("code").asText()).isEqualTo("unknown_attachment");
      McpSchema.CallToolResult path =
          call(
              c,
              "wheel_nudge",
              Map.of(
                  "current_value",
                  1,
                  "target_value",
                  2,
                  "column_x",
                  500,
                  "center_y",
                  500,
                  "row_spacing",
                  40,
                  "screenshot_attachment_id",
                  "../../etc/passwd"));
      assertThat(path.isError()).isTrue();
      assertThat(json(path).get("error").get("code").asText()).isEqualTo("invalid_argument");

      // terminate the run
      assertThat(json(call(c, "finished", Map.of("text", "hour set"))).get("status").asText())
          .isEqualTo("finished");
      McpSchema.CallToolResult after = call(c, "screenshot", Map.of());
      assertThat(after.isError()).isTrue();
      assertThat(json(after).get("error").get("code").asText()).isEqualTo("run_terminated");
    }
    // the memory survived the server process
    assertThat(Files.size(db)).isPositive();
    try (McpSyncClient c = client("--device", "sim:?scale=0.5", "--memory", "sqlite:" + db)) {
      JsonNode recalled = json(call(c, "recall_memory", Map.of("query", "hour picker")));
      assertThat(recalled.get("count").asInt()).isEqualTo(1);
      assertThat(c.listTools().tools()).extracting(McpSchema.Tool::name).contains("sim_state");
    }
  }
}
