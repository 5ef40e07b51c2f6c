package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.core.Device;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 40, item 1: {@code mcp --http} as the official MCP clients see it. The TypeScript SDK's
 * Streamable HTTP client (with a bearer token) lists, calls and deletes its session; the
 * inspector's CLI lists the tools and takes a screenshot. Both come from npm ({@code
 * src/test/node}, installed by {@code .ci/run}); without them the tests skip, unless {@code
 * SWIPE_REQUIRE_TOOLS=1}.
 */
class McpHttpNodeClientsTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final Path NODE_DIR = Path.of("src", "test", "node").toAbsolutePath();
  private static final String TOKEN = "node-client-token";

  private Device device;
  private McpHttpServer server;

  @BeforeEach
  void start() {
    boolean installed =
        Files.isDirectory(NODE_DIR.resolve("node_modules/@modelcontextprotocol/sdk"))
            && Files.isDirectory(
                NODE_DIR.resolve("node_modules/@modelcontextprotocol/inspector-cli"));
    if (!installed && "1".equals(System.getenv("SWIPE_REQUIRE_TOOLS"))) {
      throw new AssertionError(
          "the MCP npm clients are not installed (npm ci in "
              + NODE_DIR
              + "), and SWIPE_REQUIRE_TOOLS=1 requires them");
    }
    Assumptions.assumeTrue(installed, "npm ci in " + NODE_DIR + " installs the MCP clients");
    device = Device.open("sim:?scale=0.5&scene=list");
    server =
        McpHttpServer.builder(device)
            .address(new InetSocketAddress("127.0.0.1", 0))
            .tokens(List.of(TOKEN))
            .start();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
      device.close();
    }
  }

  private String url() {
    return "http://127.0.0.1:" + server.address().getPort() + McpHttpServer.PATH;
  }

  /** Runs node with {@code args} in the fixture directory; its stdout, after it exits 0. */
  private static String node(String... args) throws IOException, InterruptedException {
    return node(NODE_DIR, args);
  }

  /** Runs node with {@code args} in {@code dir}; its stdout, after it exits 0. */
  private static String node(Path dir, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("node"));
    cmd.addAll(List.of(args));
    Path err = Files.createTempFile("node-client", ".err");
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(err.toFile()).start();
    p.getOutputStream().close();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("node ends").isTrue();
    String stderr = Files.readString(err);
    Files.delete(err);
    assertThat(p.exitValue()).as("node %s: %s", cmd, stderr).isZero();
    return new String(out, StandardCharsets.UTF_8);
  }

  @Test
  void theTypeScriptSdkClientCallsToolsAndDeletesItsSession() throws Exception {
    JsonNode r = M.readTree(node("mcp-http-client.mjs", url(), TOKEN));
    assertThat(r.path("server").path("name").asText()).isEqualTo("swipe");
    assertThat(r.path("tools").findValuesAsText("name"))
        .contains("screenshot", "tap", "set_wheel", "wheel_nudge");
    for (JsonNode t : r.path("tools")) {
      if (t.path("name").asText().equals("screenshot")) {
        assertThat(t.path("readOnly").asBoolean()).isTrue();
      }
    }
    // the SDK validated each structured result against the tool's output schema
    JsonNode shot = r.path("shot");
    assertThat(shot.path("isError").asBoolean()).isFalse();
    assertThat(shot.path("types").toString()).contains("image").contains("text");
    assertThat(shot.path("structured").path("screenshot_attachment_id").asText()).isNotEmpty();
    JsonNode tap = r.path("tap");
    assertThat(tap.path("isError").asBoolean()).as(tap.toString()).isFalse();
    assertThat(tap.path("structured").path("action").asText()).isEqualTo("tap");
    JsonNode refused = r.path("refused");
    assertThat(refused.path("isError").asBoolean()).isTrue();
    assertThat(M.readTree(refused.path("text").get(0).asText()).path("error").path("code").asText())
        .isEqualTo("invalid_argument");
    // terminateSession is a DELETE: the session and its run ended with it
    assertThat(server.sessionCount()).isZero();
    assertThat(server.endedSessionCount()).isEqualTo(1);
  }

  /** docs/agents.md's section on MCP over HTTP. */
  private static String docSection() throws IOException {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("docs").resolve("agents.md"))) {
      p = p.getParent();
    }
    assertThat(p).as("the checkout holding docs/agents.md").isNotNull();
    String page = Files.readString(p.resolve("docs").resolve("agents.md"));
    int at = page.indexOf("\n## MCP over HTTP");
    assertThat(at).as("docs/agents.md has its MCP over HTTP section").isPositive();
    int end = page.indexOf("\n## ", at + 1);
    return page.substring(at, end);
  }

  private static String block(String section, String lang) {
    Matcher m = Pattern.compile("```" + lang + "\\n(.*?)```", Pattern.DOTALL).matcher(section);
    assertThat(m.find()).as("a %s block", lang).isTrue();
    return m.group(1);
  }

  @Test
  void theDocsCommandServesTheClientTheDocsConfigure() throws Exception {
    String section = docSection();
    String token = null;
    List<String> command = null;
    for (String line : block(section, "bash").split("\n")) {
      String l = line.replaceAll("\\s+#.*$", "").strip();
      if (l.startsWith("export SWIPE_AGENT_TOKEN=")) {
        token = l.substring(l.indexOf('=') + 1);
      } else if (l.startsWith("java -jar swipe-agent.jar mcp")) {
        command = new ArrayList<>();
        for (String w : l.split(" ")) {
          command.add(w.replaceAll("^'(.*)'$", "$1"));
        }
      }
    }
    assertThat(token).as("the token the page exports").isNotNull();
    assertThat(command).as("the page's mcp --http command").isNotNull();
    JsonNode phone = M.readTree(block(section, "json")).path("mcpServers").path("phone");
    assertThat(phone.path("type").asText()).isEqualTo("http");
    assertThat(phone.path("headers").path("Authorization").asText()).isEqualTo("Bearer " + token);
    URI configured = URI.create(phone.path("url").asText());
    String listen = command.get(command.indexOf("--http") + 1);
    assertThat(configured.getHost() + ":" + configured.getPort()).isEqualTo(listen);

    // the page's command as written, on a free port, with this build for the jar
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName()));
    for (String w : command.subList(3, command.size())) {
      cmd.add(w.equals(listen) ? "127.0.0.1:" + port : w);
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().put("SWIPE_AGENT_TOKEN", token);
    Process rig = pb.start();
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(rig.getInputStream(), StandardCharsets.UTF_8));
      String line;
      do {
        line = out.readLine();
      } while (line != null && !line.contains("MCP over HTTP on"));
      assertThat(line).as("the server says where it listens").isNotNull();
      String url =
          configured.toString().replace(":" + configured.getPort() + "/", ":" + port + "/");
      JsonNode r = M.readTree(node("mcp-http-client.mjs", url, token));
      assertThat(r.path("shot").path("isError").asBoolean()).isFalse();
      assertThat(r.path("tap").path("isError").asBoolean()).isFalse();
      // without the token the page's server refuses
      HttpResponse<String> refused =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url))
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofString("{}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(refused.statusCode()).isEqualTo(401);
    } finally {
      rig.destroy();
      assertThat(rig.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void theInspectorCliListsToolsAndTakesAScreenshot() throws Exception {
    // run from its build directory: it finds its own package.json relative to the working directory
    Path build = NODE_DIR.resolve("node_modules/@modelcontextprotocol/inspector-cli/build");
    String cli = "index.js";
    String auth = "Authorization: Bearer " + TOKEN;
    JsonNode list =
        M.readTree(
            node(
                build,
                cli,
                url(),
                "--transport",
                "http",
                "--header",
                auth,
                "--method",
                "tools/list"));
    assertThat(list.path("tools").findValuesAsText("name")).contains("screenshot", "scroll");
    JsonNode shot =
        M.readTree(
            node(
                build,
                cli,
                url(),
                "--transport",
                "http",
                "--header",
                auth,
                "--method",
                "tools/call",
                "--tool-name",
                "screenshot"));
    assertThat(shot.path("isError").asBoolean()).as(shot.toString()).isFalse();
    assertThat(shot.path("content").findValuesAsText("type")).contains("image");
    assertThat(shot.path("structuredContent").path("width").asInt()).isPositive();
  }
}
