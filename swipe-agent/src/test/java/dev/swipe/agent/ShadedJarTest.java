package dev.swipe.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The deliverable itself: {@code java -jar swipe-agent.jar mcp --device sim:} driven by the MCP SDK's
 * client, and {@code tools}. Runs in the {@code verify} phase, after the shade plugin built the jar
 * (the build sets {@code swipe.agent.jar}); skipped in the ordinary test phase.
 */
@EnabledIfSystemProperty(named = "swipe.agent.jar", matches = ".+")
class ShadedJarTest {
  private static final ObjectMapper M = new ObjectMapper();

  private static String java() {
    return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static Path jar() {
    Path jar = Path.of(System.getProperty("swipe.agent.jar"));
    assertThat(jar).exists();
    return jar;
  }

  @Test
  void theRunnableJarServesMcpOnTheSimulator() throws Exception {
    ServerParameters params = ServerParameters.builder(java())
        .args("-jar", jar().toString(), "mcp", "--device", "sim:?scale=0.5&scene=list",
            "--memory", "mem:", "--sim-state")
        .build();
    StdioClientTransport transport = new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
    try (McpSyncClient c = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofSeconds(60)).build()) {
      c.initialize();
      assertThat(c.listTools().tools()).extracting(McpSchema.Tool::name).contains("screenshot", "scroll", "sim_state");
      McpSchema.CallToolResult shot = c.callTool(McpSchema.CallToolRequest.builder("screenshot").arguments(Map.of()).build());
      assertThat(shot.isError()).isFalse();
      assertThat(shot.content()).anySatisfy(x -> assertThat(x).isInstanceOf(McpSchema.ImageContent.class));
      McpSchema.CallToolResult scrolled = c.callTool(McpSchema.CallToolRequest.builder("scroll")
          .arguments(Map.of("direction", "down")).build());
      JsonNode r = M.readTree(((McpSchema.TextContent) scrolled.content().get(scrolled.content().size() - 1)).text());
      assertThat(r.get("movement").asText()).isEqualTo("moved");
    }
  }

  @Test
  void theRunnableJarAnswersBadLinesAndExitsWhenStdinCloses() throws Exception {
    Process p = new ProcessBuilder(java(), "-jar", jar().toString(), "mcp", "--device", "sim:?scale=0.3", "--memory",
        "none", "--sim-state").redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      try (var in = p.getOutputStream()) {
        in.write(String.join("\n", "hello", "[]", "{}", "1e2147483648", McpBadLinesTest.initialize(1),
            McpBadLinesTest.INITIALIZED, "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}",
            McpBadLinesTest.call(2, "sim_state", "{}"), "").getBytes(StandardCharsets.UTF_8));
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("exits when stdin closes").isTrue();
      assertThat(p.exitValue()).isZero();
      java.util.List<JsonNode> lines = new java.util.ArrayList<>();
      for (String l : out.split("\n")) {
        lines.add(M.readTree(l));
      }
      assertThat(lines).extracting(n -> n.path("error").path("code").asInt(0))
          .containsExactlyInAnyOrder(-32700, -32600, -32600, -32600, -32600, 0, 0);
      assertThat(lines).filteredOn(n -> n.path("id").asInt() == 2).singleElement()
          .satisfies(n -> assertThat(n.path("result").path("isError").asBoolean(true)).isFalse());
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void toolsPrintsTheSpecsAsJson() throws Exception {
    Process p = new ProcessBuilder(java(), "-jar", jar().toString(), "tools", "--device", "sim:?scale=0.5")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    JsonNode specs = M.readTree(out);
    assertThat(specs.findValuesAsText("name")).contains("touch_gesture", "wheel_nudge", "image_diff");
    assertThat(Files.size(jar())).isGreaterThan(1_000_000);
  }

  @Test
  void theRunnableJarServesWebDriver() throws Exception {
    Process p = new ProcessBuilder(java(), "-jar", jar().toString(), "webdriver", "--port", "0", "--device",
        "sim:?scale=0.25").start();
    try {
      BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
      String base = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try {
          for (String line; (line = err.readLine()) != null; ) {
            int at = line.indexOf("listening on http://");
            if (at >= 0) {
              return line.substring(at + "listening on ".length()).split(",")[0];
            }
          }
        } catch (java.io.IOException e) {
          // the process ended
        }
        return null;
      }).get(90, TimeUnit.SECONDS);
      assertThat(base).isNotNull();
      HttpClient http = HttpClient.newHttpClient();
      JsonNode created = M.readTree(http.send(HttpRequest.newBuilder(URI.create(base + "/session"))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
              "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"android\",\"appium:automationName\":\"Swipe\"}}}"))
          .build(), HttpResponse.BodyHandlers.ofString()).body());
      String id = created.get("value").get("sessionId").asText();
      JsonNode shot = M.readTree(http.send(HttpRequest.newBuilder(URI.create(base + "/session/" + id + "/execute/sync"))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
              "{\"script\":\"swipe: screenshot\",\"args\":[{}]}")).build(), HttpResponse.BodyHandlers.ofString()).body());
      assertThat(shot.get("value").get("screenshot_attachment_id").asText()).startsWith("shot-");
    } finally {
      p.destroy();
      if (!p.waitFor(20, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }
}
