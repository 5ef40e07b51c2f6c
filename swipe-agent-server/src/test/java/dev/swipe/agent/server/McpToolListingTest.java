package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The tool list as a real MCP client (the MCP Java SDK's) receives it from the server process: MCP
 * annotations on every tool, chosen per tool; the compact listing small enough for a model with
 * little context; and the image option carried through to MCP image content.
 */
class McpToolListingTest {
  private static final ObjectMapper M = new ObjectMapper();

  /**
   * What a compact listing may cost a model's context, in characters: about two thousand tokens for
   * the twenty-one tools.
   */
  private static final int COMPACT_BUDGET = 8_500;

  private static McpSyncClient client(String... extra) {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    List<String> args =
        new ArrayList<>(
            List.of(
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName(),
                "mcp",
                "--device",
                "sim:?scale=0.5&scene=list",
                "--memory",
                "mem:"));
    args.addAll(List.of(extra));
    StdioClientTransport transport =
        new StdioClientTransport(
            ServerParameters.builder(java).args(args).build(),
            new JacksonMcpJsonMapper(new ObjectMapper()));
    transport.setStdErrorHandler(line -> System.err.println("[server] " + line));
    McpSyncClient c =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .build();
    c.initialize();
    return c;
  }

  /** Names, descriptions and schemas exactly as served: what a host hands its model. */
  private static String modelFacing(List<McpSchema.Tool> tools) {
    ArrayNode arr = M.createArrayNode();
    for (McpSchema.Tool t : tools) {
      ObjectNode o = arr.addObject();
      o.put("name", t.name());
      o.put("description", t.description());
      o.set("inputSchema", M.valueToTree(t.inputSchema()));
      if (t.outputSchema() != null) {
        o.set("outputSchema", M.valueToTree(t.outputSchema()));
      }
    }
    return arr.toString();
  }

  private static McpSchema.ToolAnnotations hints(List<McpSchema.Tool> tools, String name) {
    return tools.stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no tool " + name))
        .annotations();
  }

  @Test
  void everyToolIsAnnotatedAsWhatItMayDo() {
    try (McpSyncClient c = client()) {
      List<McpSchema.Tool> tools = c.listTools().tools();
      for (McpSchema.Tool t : tools) {
        McpSchema.ToolAnnotations a = t.annotations();
        assertThat(a).as(t.name()).isNotNull();
        assertThat(List.of(a.readOnlyHint(), a.destructiveHint(), a.idempotentHint()))
            .as("%s states every hint", t.name())
            .doesNotContainNull();
        assertThat(a.openWorldHint()).as(t.name()).isNotNull();
      }
      Set<String> readOnly =
          tools.stream()
              .filter(t -> t.annotations().readOnlyHint())
              .map(McpSchema.Tool::name)
              .collect(Collectors.toSet());
      assertThat(readOnly)
          .containsExactlyInAnyOrder(
              "screenshot",
              "image_diff",
              "find_text",
              "wait_for_text",
              "read_wheel",
              "recall_memory");
      // input that can press anything on screen may destroy; moving a view or a picker does not
      for (String tool : List.of("touch_gesture", "tap", "click", "tap_text", "type_text")) {
        assertThat(hints(tools, tool).destructiveHint()).as(tool).isTrue();
        assertThat(hints(tools, tool).openWorldHint()).as(tool).isTrue();
      }
      for (String tool : List.of("scroll", "wheel_nudge", "set_wheel")) {
        assertThat(hints(tools, tool).readOnlyHint()).as(tool).isFalse();
        assertThat(hints(tools, tool).destructiveHint()).as(tool).isFalse();
      }
      // a save replaces a memory of the same title: destructive, but only of the SDK's own store
      assertThat(hints(tools, "save_memory").destructiveHint()).isTrue();
      assertThat(hints(tools, "save_memory").openWorldHint()).isFalse();
      assertThat(hints(tools, "save_memory").idempotentHint()).isTrue();
      assertThat(hints(tools, "image_diff").openWorldHint()).isFalse();
      assertThat(hints(tools, "set_wheel").idempotentHint()).isTrue();
      assertThat(hints(tools, "scroll").idempotentHint()).isFalse();
      assertThat(hints(tools, "finished").readOnlyHint()).isFalse();
    }
  }

  @Test
  void theCompactListFitsASmallContextAndTheToolsStayTheSame() throws Exception {
    List<McpSchema.Tool> full;
    try (McpSyncClient c = client()) {
      full = c.listTools().tools();
    }
    try (McpSyncClient c = client("--tools", "compact")) {
      List<McpSchema.Tool> compact = c.listTools().tools();
      String served = modelFacing(compact);
      assertThat(served.length())
          .as("compact listing of %s tools: %s", compact.size(), served)
          .isLessThanOrEqualTo(COMPACT_BUDGET);
      assertThat(modelFacing(full).length()).isGreaterThan(2 * COMPACT_BUDGET);
      assertThat(compact)
          .extracting(McpSchema.Tool::name)
          .containsExactlyElementsOf(full.stream().map(McpSchema.Tool::name).toList());
      for (McpSchema.Tool t : compact) {
        McpSchema.Tool whole =
            full.stream().filter(f -> f.name().equals(t.name())).findFirst().orElseThrow();
        assertThat(t.description().length()).as(t.name()).isLessThan(whole.description().length());
        assertThat(t.outputSchema()).as(t.name()).isNull();
        assertThat(t.annotations()).as(t.name()).isEqualTo(whole.annotations());
        // fewer arguments shown, none changed: each has the full schema's type and values, the
        // required ones all show, and so does image wherever a screenshot comes back
        JsonNode in = M.valueToTree(t.inputSchema());
        JsonNode wholeIn = M.valueToTree(whole.inputSchema());
        assertThat(in.path("required")).isEqualTo(wholeIn.path("required"));
        in.path("required")
            .forEach(r -> assertThat(in.get("properties").has(r.asText())).as(t.name()).isTrue());
        in.get("properties")
            .fields()
            .forEachRemaining(
                e -> {
                  JsonNode w = wholeIn.get("properties").get(e.getKey());
                  assertThat(w).as("%s.%s", t.name(), e.getKey()).isNotNull();
                  assertThat(e.getValue().get("type")).isEqualTo(w.get("type"));
                  assertThat(e.getValue().path("enum")).isEqualTo(w.path("enum"));
                });
        assertThat(in.get("properties").has("image"))
            .as(t.name())
            .isEqualTo(wholeIn.get("properties").has("image"));
      }
      assertThat(hints(compact, "set_wheel")).isNotNull();
      assertThat(
              compact.stream()
                  .filter(t -> t.name().equals("wheel_nudge"))
                  .findFirst()
                  .orElseThrow()
                  .description())
          .contains("set_wheel");

      // a compact session calls the same tools, and a scaled answer reaches the client as image
      McpSchema.CallToolResult shot =
          c.callTool(
              McpSchema.CallToolRequest.builder("screenshot")
                  .arguments(Map.of("image", "scaled:256"))
                  .build());
      assertThat(shot.isError()).as("%s", shot.content()).isFalse();
      McpSchema.ImageContent image =
          shot.content().stream()
              .filter(McpSchema.ImageContent.class::isInstance)
              .map(McpSchema.ImageContent.class::cast)
              .findFirst()
              .orElseThrow();
      java.awt.image.BufferedImage img =
          javax.imageio.ImageIO.read(
              new java.io.ByteArrayInputStream(Base64.getDecoder().decode(image.data())));
      assertThat(Math.max(img.getWidth(), img.getHeight())).isEqualTo(256);
      McpSchema.CallToolResult none =
          c.callTool(
              McpSchema.CallToolRequest.builder("screenshot")
                  .arguments(Map.of("image", "none"))
                  .build());
      assertThat(none.isError()).isFalse();
      assertThat(none.content()).noneMatch(McpSchema.ImageContent.class::isInstance);
      assertThat(M.valueToTree(none.structuredContent()).get("image_omitted").asBoolean()).isTrue();
      McpSchema.CallToolResult bad =
          c.callTool(
              McpSchema.CallToolRequest.builder("screenshot")
                  .arguments(Map.of("image", "scaled:9"))
                  .build());
      assertThat(bad.isError()).isTrue();
      JsonNode error =
          M.readTree(((McpSchema.TextContent) bad.content().get(0)).text()).get("error");
      assertThat(error.get("code").asText()).isEqualTo("invalid_argument");
      assertThat(error.get("details").get("field").asText()).isEqualTo("image");
    }
  }
}
