package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deliverable itself: {@code java -jar swipe-agent.jar mcp --device sim:} driven by the MCP
 * SDK's client, and {@code tools}; the servers traced with {@code --trace} and their traces
 * rendered with {@code report}, as docs/reports.md shows them, loaded in headless Chromium; the
 * trace collector of docs/grid.md with two rigs sending to it. Runs in the {@code verify} phase,
 * after the shade plugin built the jar (the build sets {@code swipe.agent.jar}); skipped in the
 * ordinary test phase.
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
    ServerParameters params =
        ServerParameters.builder(java())
            .args(
                "-jar",
                jar().toString(),
                "mcp",
                "--device",
                "sim:?scale=0.5&scene=list",
                "--memory",
                "mem:",
                "--sim-state")
            .build();
    StdioClientTransport transport =
        new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
    try (McpSyncClient c =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .build()) {
      c.initialize();
      assertThat(c.listTools().tools())
          .extracting(McpSchema.Tool::name)
          .contains("screenshot", "scroll", "sim_state");
      McpSchema.CallToolResult shot =
          c.callTool(McpSchema.CallToolRequest.builder("screenshot").arguments(Map.of()).build());
      assertThat(shot.isError()).isFalse();
      assertThat(shot.content())
          .anySatisfy(x -> assertThat(x).isInstanceOf(McpSchema.ImageContent.class));
      McpSchema.CallToolResult scrolled =
          c.callTool(
              McpSchema.CallToolRequest.builder("scroll")
                  .arguments(Map.of("direction", "down"))
                  .build());
      JsonNode r =
          M.readTree(
              ((McpSchema.TextContent) scrolled.content().get(scrolled.content().size() - 1))
                  .text());
      assertThat(r.get("movement").asText()).isEqualTo("moved");
    }
  }

  @Test
  void theRunnableJarServesMcpOverHttpToTheSdkClient() throws Exception {
    Path out = Files.createTempFile("mcp-http", ".log");
    Process p =
        new ProcessBuilder(
                java(),
                "-jar",
                jar().toString(),
                "mcp",
                "--device",
                "sim:?scale=0.5&scene=list",
                "--memory",
                "mem:",
                "--http",
                "127.0.0.1:0",
                "--token",
                "jar-token")
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    try {
      String url = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (url == null && p.isAlive() && System.nanoTime() < deadline) {
        Matcher m =
            Pattern.compile("MCP over HTTP on http://(\\S+)/mcp").matcher(Files.readString(out));
        if (m.find()) {
          url = "http://" + m.group(1);
        } else {
          Thread.sleep(100);
        }
      }
      assertThat(url).as("the jar's log: %s", Files.readString(out)).isNotNull();
      HttpClientStreamableHttpTransport transport =
          HttpClientStreamableHttpTransport.builder(url)
              .endpoint("/mcp")
              .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
              .addHttpRequestCustomizer(
                  (builder, method, uri, body, context) ->
                      builder.header("Authorization", "Bearer jar-token"))
              .build();
      try (McpSyncClient c =
          McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build()) {
        c.initialize();
        assertThat(c.listTools().tools()).extracting(McpSchema.Tool::name).contains("screenshot");
        McpSchema.CallToolResult shot =
            c.callTool(McpSchema.CallToolRequest.builder("screenshot").arguments(Map.of()).build());
        assertThat(shot.isError()).isFalse();
        assertThat(shot.content())
            .anySatisfy(x -> assertThat(x).isInstanceOf(McpSchema.ImageContent.class));
      }
    } finally {
      stop(p);
      Files.delete(out);
    }
  }

  @Test
  void theRunnableJarAnswersBadLinesAndExitsWhenStdinCloses() throws Exception {
    Process p =
        new ProcessBuilder(
                java(),
                "-jar",
                jar().toString(),
                "mcp",
                "--device",
                "sim:?scale=0.3",
                "--memory",
                "none",
                "--sim-state")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      try (var in = p.getOutputStream()) {
        in.write(
            String.join(
                    "\n",
                    "hello",
                    "[]",
                    "{}",
                    "1e2147483648",
                    McpBadLinesTest.initialize(1),
                    McpBadLinesTest.INITIALIZED,
                    "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}",
                    McpBadLinesTest.call(2, "sim_state", "{}"),
                    "")
                .getBytes(StandardCharsets.UTF_8));
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("exits when stdin closes").isTrue();
      assertThat(p.exitValue()).isZero();
      java.util.List<JsonNode> lines = new java.util.ArrayList<>();
      for (String l : out.split("\n")) {
        lines.add(M.readTree(l));
      }
      assertThat(lines)
          .extracting(n -> n.path("error").path("code").asInt(0))
          .containsExactlyInAnyOrder(-32700, -32600, -32600, -32600, -32600, 0, 0);
      assertThat(lines)
          .filteredOn(n -> n.path("id").asInt() == 2)
          .singleElement()
          .satisfies(n -> assertThat(n.path("result").path("isError").asBoolean(true)).isFalse());
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void toolsPrintsTheSpecsAsJson() throws Exception {
    Process p =
        new ProcessBuilder(java(), "-jar", jar().toString(), "tools", "--device", "sim:?scale=0.5")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    JsonNode specs = M.readTree(out);
    assertThat(specs.findValuesAsText("name"))
        .contains("touch_gesture", "wheel_nudge", "image_diff");
    assertThat(Files.size(jar())).isGreaterThan(1_000_000);
  }

  @Test
  void theRunnableJarServesWebDriver() throws Exception {
    Process p =
        new ProcessBuilder(
                java(),
                "-jar",
                jar().toString(),
                "webdriver",
                "--port",
                "0",
                "--device",
                "sim:?scale=0.25")
            .start();
    try {
      BufferedReader err =
          new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
      String base =
          java.util.concurrent.CompletableFuture.supplyAsync(
                  () -> {
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
                  })
              .get(90, TimeUnit.SECONDS);
      assertThat(base).isNotNull();
      HttpClient http = HttpClient.newHttpClient();
      JsonNode created =
          M.readTree(
              http.send(
                      HttpRequest.newBuilder(URI.create(base + "/session"))
                          .header("Content-Type", "application/json")
                          .POST(
                              HttpRequest.BodyPublishers.ofString(
                                  "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"android\",\"appium:automationName\":\"Swipe\"}}}"))
                          .build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body());
      String id = created.get("value").get("sessionId").asText();
      JsonNode shot =
          M.readTree(
              http.send(
                      HttpRequest.newBuilder(URI.create(base + "/session/" + id + "/execute/sync"))
                          .header("Content-Type", "application/json")
                          .POST(
                              HttpRequest.BodyPublishers.ofString(
                                  "{\"script\":\"swipe: screenshot\",\"args\":[{}]}"))
                          .build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body());
      assertThat(shot.get("value").get("screenshot_attachment_id").asText()).startsWith("shot-");
    } finally {
      p.destroy();
      if (!p.waitFor(20, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }

  @Test
  void theRunnableJarCollectsAFarmsTracesAsDocsGridShows(@TempDir Path work) throws Exception {
    // Jetty inside the shaded jar: the collector, two rigs sending to it, report on what it holds
    GridTracesDocsTest.run(work, "-jar '" + jar() + "'");
  }

  // --- traces and reports: the commands of docs/reports.md, run as written ---

  private static Path repoRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("docs").resolve("reports.md"))) {
      p = p.getParent();
    }
    assertThat(p).as("the checkout holding docs/reports.md").isNotNull();
    return p;
  }

  /** The command lines of the page's bash blocks, in order. */
  private static List<String> docCommands() throws Exception {
    String page = Files.readString(repoRoot().resolve("docs").resolve("reports.md"));
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL).matcher(page);
    while (m.find()) {
      for (String line : m.group(1).split("\\n")) {
        if (!line.isBlank() && !line.strip().startsWith("#")) {
          out.add(line.strip());
        }
      }
    }
    return out;
  }

  /** A documented line with the jar's real path, and free ports for the fixed ones. */
  private static String asRun(String line) {
    return line.replace("java -jar swipe-agent.jar", "'" + java() + "' -jar '" + jar() + "'")
        .replace("java -cp", "'" + java() + "' -cp")
        .replace("127.0.0.1:8765", "127.0.0.1:0")
        .replace("--port 4723", "--port 0");
  }

  private static Process bash(String command, Path work) throws Exception {
    return new ProcessBuilder("bash", "-c", "exec " + command).directory(work.toFile()).start();
  }

  /**
   * Reads stderr until a line holds {@code marker}; returns the URL after it ({@code
   * http://host:port}).
   */
  private static String baseUrl(Process p, String marker) throws Exception {
    BufferedReader err =
        new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    String base =
        java.util.concurrent.CompletableFuture.supplyAsync(
                () -> {
                  try {
                    for (String line; (line = err.readLine()) != null; ) {
                      int at = line.indexOf(marker);
                      if (at >= 0) {
                        Matcher m = Pattern.compile("http://[^/, ]+").matcher(line.substring(at));
                        return m.find() ? m.group() : null;
                      }
                    }
                  } catch (java.io.IOException e) {
                    // the process ended
                  }
                  return null;
                })
            .get(90, TimeUnit.SECONDS);
    assertThat(base).as("the server said where it listens").isNotNull();
    // keep draining stderr so the server never blocks on it
    Thread drain =
        new Thread(
            () -> {
              try {
                err.transferTo(java.io.Writer.nullWriter());
              } catch (java.io.IOException e) {
                // the process ended
              }
            });
    drain.setDaemon(true);
    drain.start();
    return base;
  }

  private static JsonNode postJson(HttpClient http, String url, String body, String run)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (run != null) {
      b.header("run", run);
    }
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(url + " " + r.body()).isEqualTo(200);
    return M.readTree(r.body());
  }

  private static void stop(Process p) throws InterruptedException {
    p.destroy(); // SIGTERM: the shutdown hooks end the runs, which close their traces
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
  }

  private static void runMcp(String command, Path work, List<String> tools) {
    ServerParameters params =
        ServerParameters.builder("bash").args("-c", "cd '" + work + "' && exec " + command).build();
    StdioClientTransport transport =
        new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
    try (McpSyncClient c =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .build()) {
      c.initialize();
      for (String t : tools) {
        String[] nameArgs = t.split(" ", 2);
        Map<String, Object> args = new java.util.LinkedHashMap<>();
        if (nameArgs.length > 1) {
          try {
            args =
                M.readValue(
                    nameArgs[1],
                    new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {});
          } catch (java.io.IOException e) {
            throw new AssertionError(e);
          }
        }
        McpSchema.CallToolResult r =
            c.callTool(McpSchema.CallToolRequest.builder(nameArgs[0]).arguments(args).build());
        assertThat(r.isError()).as(t + ": " + r.content()).isFalse();
      }
    }
  }

  private static List<Path> runDirs(Path root) throws Exception {
    try (var s = Files.list(root)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  private static List<String> actions(Path run) throws Exception {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(run.resolve("trace.jsonl"))) {
      out.add(M.readTree(line).path("action").asText());
    }
    return out;
  }

  /** Loads the page in headless Chromium: every image loaded, no script error, the steps there. */
  private static String loads(Path page, Path work, int steps) throws Exception {
    assertThat(page).exists();
    String dom = Chromium.load(page, work);
    if (Chromium.present()) {
      assertThat(Chromium.bodyAttribute(dom, "data-ready"))
          .as(page + " loaded whole")
          .isEqualTo("ok");
      if (steps > 0) {
        assertThat(Integer.parseInt(Chromium.bodyAttribute(dom, "data-steps")))
            .as(page + " steps")
            .isGreaterThanOrEqualTo(steps);
      }
    }
    return dom;
  }

  @Test
  void theReportsPageCommandsRunAsWrittenAndTheirPagesLoadInChromium(@TempDir Path work)
      throws Exception {
    List<String> lines = docCommands();
    assertThat(lines)
        .as("the page shows each server with --trace and both ways to render")
        .anyMatch(l -> l.contains(" mcp "))
        .anyMatch(l -> l.contains(" serve "))
        .anyMatch(l -> l.contains(" webdriver "))
        .anyMatch(l -> l.contains(" report "))
        .anyMatch(l -> l.contains("dev.swipe.report.HtmlReport"));
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    for (String line : lines) {
      String cmd = asRun(line);
      if (line.contains(" mcp ")) {
        runMcp(cmd, work, List.of("screenshot", "scroll {\"direction\":\"down\"}"));
      } else if (line.contains(" serve ")) {
        Process p = bash(cmd, work);
        try {
          String base = baseUrl(p, "HTTP tools on");
          postJson(http, base + "/tools/screenshot", "{}", "alice");
          postJson(
              http,
              base + "/tools/touch_gesture",
              "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":700},\"end\":{\"x\":500,\"y\":400}}",
              "alice");
          postJson(http, base + "/tools/screenshot", "{}", null);
        } finally {
          stop(p);
        }
      } else if (line.contains(" webdriver ")) {
        Process p = bash(cmd, work);
        try {
          String base = baseUrl(p, "listening on");
          String id =
              postJson(
                      http,
                      base + "/session",
                      "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":"
                          + "\"android\",\"appium:automationName\":\"Swipe\"}}}",
                      null)
                  .get("value")
                  .get("sessionId")
                  .asText();
          postJson(
              http,
              base + "/session/" + id + "/execute/sync",
              "{\"script\":\"swipe: screenshot\",\"args\":[{}]}",
              null);
          postJson(
              http,
              base + "/session/" + id + "/execute/sync",
              "{\"script\":\"swipe: scroll\",\"args\":[{\"direction\":\"down\"}]}",
              null);
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/session/" + id)).DELETE().build(),
              HttpResponse.BodyHandlers.ofString());
        } finally {
          stop(p);
        }
      } else {
        ProcessBuilder pb =
            new ProcessBuilder("bash", "-c", cmd)
                .directory(work.toFile())
                .redirectErrorStream(true);
        pb.environment().put("CLASSPATH", System.getProperty("java.class.path"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(line).isTrue();
        assertThat(p.exitValue()).as(line + "\n" + out).isZero();
        assertThat(out).as(line + " prints the pages it wrote").contains(".html");
      }
    }
    Path root = work.resolve("swipe-traces");
    List<Path> runs = runDirs(root);
    Path mcp =
        runs.stream()
            .filter(r -> r.getFileName().toString().endsWith("-mcp"))
            .findFirst()
            .orElseThrow();
    Path alice =
        runs.stream()
            .filter(r -> r.getFileName().toString().endsWith("-alice"))
            .findFirst()
            .orElseThrow();
    Path session =
        runs.stream()
            .filter(r -> r.getFileName().toString().matches(".*-session-[0-9a-f-]{36}"))
            .findFirst()
            .orElseThrow();
    assertThat(runs)
        .anySatisfy(r -> assertThat(r.getFileName().toString()).contains("-connection-"));
    assertThat(actions(mcp)).containsExactly("screenshot", "scroll");
    assertThat(actions(alice)).containsExactly("screenshot", "swipe");
    assertThat(actions(session)).contains("screenshot", "scroll");

    String index = loads(root.resolve("index.html"), work, 0);
    for (Path r : List.of(mcp, alice, session)) {
      assertThat(index).contains(r.getFileName() + "/report.html");
    }
    assertThat(loads(mcp.resolve("report.html"), work, 2)).contains("data-action=\"scroll\"");
    assertThat(loads(alice.resolve("report.html"), work, 2)).contains("data-action=\"swipe\"");
    assertThat(loads(session.resolve("report.html"), work, 2)).contains("data-action=\"scroll\"");
    assertThat(loads(work.resolve("mcp-report.html"), work, 2))
        .as("the page rendered elsewhere finds its screenshots")
        .contains("data-action=\"scroll\"");
  }

  /**
   * A rig wired as on a desk, through the jar: a gadget HID node (a plain file: no USB gadget here)
   * and a capture replayed from frames on disk, traced with --trace and rendered with report.
   */
  @Test
  void aRigOfAGadgetNodeAndAFilesCaptureLeavesATraceThatRenders(@TempDir Path work)
      throws Exception {
    Path frames = Files.createDirectories(work.resolve("frames"));
    try (dev.swipe.core.Device sim = dev.swipe.core.Device.open("sim:?scene=list&scale=0.5")) {
      dev.swipe.core.Observation shot = sim.screenshot();
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
    Path hidg = Files.createFile(work.resolve("hidg0"));
    Path traces = work.resolve("rig-traces");
    // a digitizer: replayed frames never draw a mouse's pointer, and a device whose mouse draws
    // none answers input_ignored to a tap
    runMcp(
        "'"
            + java()
            + "' -jar '"
            + jar()
            + "' mcp --hid 'hidg:"
            + hidg
            + "?pointer=touch' --capture 'files:"
            + frames
            + "?loop=true' --memory none --trace '"
            + traces
            + "'",
        work,
        List.of("screenshot", "touch_gesture {\"type\":\"tap\",\"start\":{\"x\":500,\"y\":500}}"));
    assertThat(Files.size(hidg)).as("the tap's reports reached the HID node").isPositive();
    Path run = runDirs(traces).get(0);
    assertThat(actions(run)).containsExactly("screenshot", "tap");
    Process p =
        new ProcessBuilder(java(), "-jar", jar().toString(), "report", run.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    assertThat(out.strip()).isEqualTo(run.resolve("report.html").toAbsolutePath().toString());
    assertThat(loads(run.resolve("report.html"), work, 2)).contains("data-action=\"tap\"");
  }
}
