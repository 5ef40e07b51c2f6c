package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP server on {@code --device chrome:?url=...}: an agent drives a page in headless Chromium
 * with the same tools it uses on a phone, by changing only the device URI.
 */
class ChromeDeviceOverMcpTest {
  private static final ObjectMapper M = new ObjectMapper();

  @TempDir java.nio.file.Path tmp;

  @Test
  void anAgentScrollsAPageByChangingOnlyTheDeviceUri() throws Exception {
    if (Chromium.find(tmp) == null && "1".equals(System.getenv("SWIPE_REQUIRE_TOOLS"))) {
      throw new AssertionError("chromium is not installed, and SWIPE_REQUIRE_TOOLS=1 requires it");
    }
    assumeTrue(Chromium.find(tmp) != null, "chromium is not installed");
    String device = RowsPage.chromeDevice("iphone-15");
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    List<String> args =
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            SwipeAgentCli.class.getName(),
            "mcp",
            "--device",
            device,
            "--memory",
            "none");
    StdioClientTransport transport =
        new StdioClientTransport(
            ServerParameters.builder(java).args(args).build(),
            new JacksonMcpJsonMapper(new ObjectMapper()));
    transport.setStdErrorHandler(line -> System.err.println("[server] " + line));
    try (McpSyncClient c =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .build()) {
      c.initialize();
      McpSchema.CallToolResult shot = call(c, "screenshot", Map.of());
      assertThat(shot.isError()).as("%s", shot.content()).isFalse();
      assertThat(json(shot).path("width").asInt()).isEqualTo(2 * 393); // scale 2 by default

      JsonNode up = json(call(c, "scroll", Map.of("direction", "up")));
      assertThat(up.path("movement").asText()).isIn("unchanged", "at-edge");
      JsonNode down = json(call(c, "scroll", Map.of("direction", "down")));
      assertThat(down.path("movement").asText()).as("%s", down).isEqualTo("moved");
    }
  }

  private static McpSchema.CallToolResult call(
      McpSyncClient c, String tool, Map<String, Object> args) {
    return c.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
  }

  private static JsonNode json(McpSchema.CallToolResult r) throws Exception {
    McpSchema.Content last = r.content().get(r.content().size() - 1);
    return M.readTree(((McpSchema.TextContent) last).text());
  }
}
