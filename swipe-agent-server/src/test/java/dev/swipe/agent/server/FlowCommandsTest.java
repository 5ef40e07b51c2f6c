package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.swipe.base.SwipeException;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.FlowRecorder;
import dev.swipe.flow.FlowStep;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flows from the command line, as docs/agents.md shows them: an agent's MCP session recorded with
 * {@code --record} (the lines of the page's bash block run as written, in a working directory of
 * their own), the flow replayed with {@code replay} on another seed of the simulator, and the same
 * flow with its tapped text edited to a name the list lacks stopping at that step with a coded
 * divergence and a report. {@code serve --record} records the calls of several runs into one flow,
 * rewritten after each call and saved with its screens when the server is stopped.
 */
@Timeout(900)
class FlowCommandsTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final String SECTION = "## Record a flow, replay it without a model";

  @TempDir Path work;

  /** A finished command: its exit code and what it printed. */
  record Ran(int exit, String out, String err) {}

  private static Path repoRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("docs").resolve("agents.md"))) {
      p = p.getParent();
    }
    assertThat(p).as("the checkout holding docs/agents.md").isNotNull();
    return p;
  }

  /** The section of docs/agents.md on flows. */
  private static String section() throws Exception {
    String page = Files.readString(repoRoot().resolve("docs").resolve("agents.md"));
    int at = page.indexOf("\n" + SECTION + "\n");
    assertThat(at).as("docs/agents.md has the section '%s'", SECTION).isPositive();
    int end = page.indexOf("\n## ", at + 1);
    return page.substring(at, end < 0 ? page.length() : end);
  }

  /** The blocks of {@code lang} in the section, in order. */
  private static List<String> blocks(String lang) throws Exception {
    Matcher m = Pattern.compile("```" + lang + "\\n(.*?)```", Pattern.DOTALL).matcher(section());
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** The command lines of the section's bash block. */
  private static List<String> docCommands() throws Exception {
    List<String> out = new ArrayList<>();
    for (String block : blocks("bash")) {
      for (String line : block.split("\\n")) {
        if (!line.isBlank() && !line.strip().startsWith("#")) {
          out.add(line.strip());
        }
      }
    }
    return out;
  }

  /**
   * A documented line as this build runs it: {@code java -jar swipe-agent.jar} becomes this JVM
   * with the test class path, the rest is split as the shell splits it (single quotes).
   */
  private static List<String> command(String line) {
    String jar = "java -jar swipe-agent.jar ";
    assertThat(line).startsWith(jar).doesNotContain("\"").doesNotContain("\\");
    List<String> out =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName()));
    StringBuilder word = null;
    boolean quoted = false;
    for (char c : line.substring(jar.length()).toCharArray()) {
      if (c == '\'') {
        quoted = !quoted;
        word = word == null ? new StringBuilder() : word;
      } else if (Character.isWhitespace(c) && !quoted) {
        if (word != null) {
          out.add(word.toString());
          word = null;
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    assertThat(quoted).as("quotes close in " + line).isFalse();
    if (word != null) {
      out.add(word.toString());
    }
    return out;
  }

  private static CompletableFuture<String> drain(InputStream in) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
          } catch (java.io.IOException e) {
            return "";
          }
        });
  }

  private Ran run(List<String> command) throws Exception {
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(command).directory(work.toFile()).start();
    p.getOutputStream().close();
    CompletableFuture<String> out = drain(p.getInputStream());
    CompletableFuture<String> err = drain(p.getErrorStream());
    assertThat(p.waitFor(400, TimeUnit.SECONDS)).as("%s ends", command).isTrue();
    Ran ran = new Ran(p.exitValue(), out.get(30, TimeUnit.SECONDS), err.get(30, TimeUnit.SECONDS));
    System.out.printf(
        "%s%n(exit %d after %d ms)%n%s%s%n",
        String.join(" ", command.subList(4, command.size())),
        ran.exit(),
        (System.nanoTime() - t0) / 1_000_000,
        ran.out(),
        ran.err());
    return ran;
  }

  private static void send(OutputStream in, String line) throws Exception {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** The JSON answer of the tool call answered on the next line (its result JSON). */
  private static JsonNode answer(BufferedReader out, int id) throws Exception {
    String line = out.readLine();
    assertThat(line).as("the server answers call %s", id).isNotNull();
    JsonNode n = M.readTree(line);
    assertThat(n.path("id").asInt()).isEqualTo(id);
    JsonNode content = n.path("result").path("content");
    JsonNode result = M.readTree(content.path(content.size() - 1).path("text").asText());
    assertThat(n.path("result").path("isError").asBoolean(false)).as(line).isFalse();
    return result;
  }

  private static List<String> kinds(Flow flow) {
    return flow.steps().stream().map(FlowStep::kind).toList();
  }

  private static List<String> files(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * The lines of {@code text} that start with {@code prefix}, every number as {@code N} and how a
   * target was found as {@code F}, to compare output with the page's example.
   */
  private static List<String> shape(String text, String prefix) {
    return text.lines()
        .filter(l -> l.startsWith(prefix))
        .map(l -> l.replaceAll("[0-9]+", "N").replaceAll("found: (text|crop)", "found: F"))
        .toList();
  }

  @Test
  void anMcpSessionRecordedAsDocumentedReplaysOnAnotherSeedAndAnAbsentTextStopsWithAReport()
      throws Exception {
    List<String> lines = docCommands();
    assertThat(lines).hasSize(2);
    String record = lines.get(0);
    String replay = lines.get(1);
    assertThat(record).contains(" mcp ").contains(" --record open-contact.flow.yaml");
    assertThat(replay).contains(" replay open-contact.flow.yaml ");
    Path file = work.resolve("open-contact.flow.yaml");

    // recorded: an agent's two tool calls over MCP
    Process p =
        new ProcessBuilder(command(record))
            .directory(work.toFile())
            .redirectError(work.resolve("mcp.err").toFile())
            .start();
    try (BufferedReader out =
            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        OutputStream in = p.getOutputStream()) {
      send(in, McpBadLinesTest.initialize(1));
      assertThat(out.readLine()).contains("\"id\":1");
      send(in, McpBadLinesTest.INITIALIZED);
      send(in, McpBadLinesTest.call(2, "screenshot", "{}")); // an agent looks first
      assertThat(answer(out, 2).path("screenshot_attachment_id").asText()).startsWith("shot-");
      assertThat(Files.exists(file)).as("a look is no step").isFalse();
      send(
          in,
          McpBadLinesTest.call(
              3, "scroll", "{\"direction\":\"bottom\",\"until_text\":\"Ivan Patel\"}"));
      assertThat(answer(out, 3).path("found").asBoolean()).as("the name was found").isTrue();
      // rewritten after the call: a server killed now still leaves this step (the tool's look at
      // where the name shows is no new step: the search found it there)
      assertThat(kinds(Flow.read(file))).containsExactly("scroll_until");
      send(in, McpBadLinesTest.call(4, "tap_text", "{\"text\":\"Ivan Patel\"}"));
      assertThat(answer(out, 4).path("tapped").path("text").asText()).contains("Ivan Patel");
    } catch (Exception | AssertionError e) {
      p.destroyForcibly();
      throw e;
    }
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the server ends with its input").isTrue();
    String mcpErr = Files.readString(work.resolve("mcp.err"));
    assertThat(p.exitValue()).as(mcpErr).isZero();
    assertThat(mcpErr).contains("flow \"open-contact\" saved to open-contact.flow.yaml (2 steps");
    Flow flow = Flow.read(file);
    assertThat(flow.name()).isEqualTo("open-contact");
    assertThat(kinds(flow)).containsExactly("scroll_until", "tap_text");
    FlowStep.ScrollUntil search = (FlowStep.ScrollUntil) flow.steps().get(0);
    assertThat(search.target().text()).isEqualTo("Ivan Patel");
    assertThat(search.expect()).contains(FlowStep.FOUND);
    FlowStep.TapText tap = (FlowStep.TapText) flow.steps().get(1);
    assertThat(tap.target().text()).isEqualTo("Ivan Patel");
    assertThat(tap.expect()).contains(FlowStep.CHANGED);
    assertThat(files(FlowRecorder.screensDirFor(file))).containsExactly("step-1.jpg", "step-2.jpg");
    assertThat(files(work))
        .as("no temporary file is left beside the flow")
        .containsExactlyInAnyOrder("mcp.err", "open-contact.flow.yaml", "open-contact.screens");

    // replayed as documented, on another seed, without a model
    Ran replayed = run(command(replay));
    assertThat(replayed.exit()).as(replayed.out() + replayed.err()).isZero();
    assertThat(replayed.out())
        .containsPattern("(?m)^step 1  scroll_until  found: text  verdict: found  phone: \\d+ ms$")
        .containsPattern(
            "(?m)^step 2  tap_text  found: (text|crop)  verdict: changed  phone: \\d+ ms$")
        .containsPattern("(?m)^replayed \"open-contact\": 2 steps, \\d+ ms on the phone's clock$");
    String example = blocks("text").get(0);
    assertThat(shape(replayed.out(), "step "))
        .as("the page's example has the output's shape")
        .isEqualTo(shape(example, "step "));
    assertThat(shape(replayed.out(), "replayed ")).isEqualTo(shape(example, "replayed "));
    assertThat(Files.exists(work.resolve("reports")))
        .as("no report without a divergence")
        .isFalse();

    // the tapped text edited to a name the list lacks, its image left out: the step cannot find it
    JsonNode edited = YAML.readTree(file.toFile());
    ObjectNode tapStep = (ObjectNode) edited.get("steps").get(1);
    assertThat(tapStep.get("step").asText()).isEqualTo("tap_text");
    assertThat(tapStep.get("text").asText()).isEqualTo("Ivan Patel");
    tapStep.put("text", "Zed Nobody");
    assertThat(tapStep.remove("anchor")).isNotNull();
    YAML.writeValue(work.resolve("absent.flow.yaml").toFile(), edited);
    Path screens = Files.createDirectories(work.resolve("absent.screens"));
    for (String shot : files(FlowRecorder.screensDirFor(file))) {
      Files.copy(FlowRecorder.screensDirFor(file).resolve(shot), screens.resolve(shot));
    }
    Ran stopped = run(command(replay.replace("open-contact.flow.yaml", "absent.flow.yaml")));
    assertThat(stopped.exit()).as(stopped.out() + stopped.err()).isEqualTo(1);
    assertThat(stopped.out()).doesNotContain("replayed ");
    assertThat(stopped.err())
        .contains(
            "swipe-agent: flow_anchor_not_found: step 2 (tap_text): \"Zed Nobody\" is not on the"
                + " screen");
    Matcher report = Pattern.compile("(?m)^swipe-agent: report: (.+)$").matcher(stopped.err());
    assertThat(report.find()).as(stopped.err()).isTrue();
    Path page = work.resolve(report.group(1));
    assertThat(page).isRegularFile();
    assertThat(page.toRealPath()).startsWith(work.resolve("reports").toRealPath());
    String html = Files.readString(page);
    assertThat(html).contains("flow_anchor_not_found").contains("Zed Nobody");
    assertThat(html.split("data:image/jpeg", -1))
        .as("the recorded screen beside the current one")
        .hasSize(3);
    assertThat(shape(stopped.err(), "swipe-agent: "))
        .as("the page's example of a divergence")
        .isEqualTo(shape(blocks("text").get(1), "swipe-agent: "));
  }

  @Test
  void serveRecordsEveryRunsCallsIntoOneFlowAfterEachCallAndItsScreensWhenStopped()
      throws Exception {
    Path file = work.resolve("served.flow.yaml");
    List<String> command =
        new ArrayList<>(
            command(
                "java -jar swipe-agent.jar serve --http 127.0.0.1:0 --device"
                    + " sim:?scene=list&scale=0.5 --memory none --record served.flow.yaml"));
    Process p = new ProcessBuilder(command).directory(work.toFile()).start();
    StringBuffer err = new StringBuffer();
    CompletableFuture<String> base =
        CompletableFuture.supplyAsync(
            () -> {
              BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
              try {
                for (String line; (line = r.readLine()) != null; ) {
                  err.append(line).append('\n');
                  Matcher m = Pattern.compile("HTTP tools on (http://[^/ ]+)").matcher(line);
                  if (m.find()) {
                    CompletableFuture.runAsync(() -> keepReading(r, err));
                    return m.group(1);
                  }
                }
              } catch (java.io.IOException e) {
                // the process ended
              }
              return null;
            });
    try {
      String url = base.get(120, TimeUnit.SECONDS);
      assertThat(url).as(err.toString()).isNotNull();
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      post(http, url, "screenshot", "{}", "alice");
      assertThat(Files.exists(file)).as("a look is no step").isFalse();
      assertThat(
              post(http, url, "scroll", "{\"direction\":\"down\"}", "alice")
                  .path("movement")
                  .asText())
          .isEqualTo("moved");
      assertThat(kinds(Flow.read(file))).containsExactly("scroll");
      post(http, url, "scroll", "{\"direction\":\"down\"}", "bob");
      post(http, url, "screenshot", "{}", "alice");
      Flow flow = Flow.read(file);
      assertThat(kinds(flow))
          .as("both runs' scrolls, looks left out")
          .containsExactly("scroll", "scroll");
      assertThat(flow.name()).isEqualTo("served");
      assertThat(Files.exists(FlowRecorder.screensDirFor(file)))
          .as("the screens come when the server stops")
          .isFalse();
    } finally {
      p.destroy(); // SIGTERM: the shutdown hooks save the flow with its screens
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(files(FlowRecorder.screensDirFor(file))).containsExactly("step-1.jpg", "step-2.jpg");
    assertThat(kinds(Flow.read(file))).containsExactly("scroll", "scroll");
  }

  private static void keepReading(BufferedReader r, StringBuffer err) {
    try {
      for (String line; (line = r.readLine()) != null; ) {
        err.append(line).append('\n');
      }
    } catch (java.io.IOException e) {
      // the process ended
    }
  }

  private static JsonNode post(HttpClient http, String base, String tool, String body, String run)
      throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/tools/" + tool))
                .header("Content-Type", "application/json")
                .header("run", run)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(tool + " " + r.body()).isEqualTo(200);
    return M.readTree(r.body());
  }

  @Test
  void badArgumentsAreUsageErrorsAndAnUnwritableFlowIsRefusedBeforeAnythingOpens()
      throws Exception {
    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    for (String[] bad :
        List.of(
            new String[] {"replay"},
            new String[] {"replay", "--device", "sim:"},
            new String[] {"replay", "f.flow.yaml", "--memory", "none"},
            new String[] {"replay", "f.flow.yaml", "--record", "g.flow.yaml"},
            new String[] {"replay", "f.flow.yaml", "--reports"},
            new String[] {"replay", "f.flow.yaml", "--reports", " "},
            new String[] {"mcp", "--reports", "r"},
            new String[] {"tools", "--record", "f.flow.yaml"},
            new String[] {"mcp", "--record", ""})) {
      assertThatThrownBy(() -> SwipeAgentCli.run(bad, out))
          .as(String.join(" ", bad))
          .isInstanceOf(SwipeAgentCli.UsageException.class);
    }
    assertThatThrownBy(() -> SwipeAgentCli.run(new String[] {"replay"}, out))
        .hasMessageContaining("replay needs a flow file");
    assertThatThrownBy(
            () -> SwipeAgentCli.run(new String[] {"replay", "f.flow.yaml", "--memory", "x"}, out))
        .hasMessageContaining("--memory does not apply to replay");
    assertThat(SwipeAgentCli.USAGE).contains("swipe-agent replay FLOW").contains("--record FILE");

    Path notADir = Files.writeString(work.resolve("plain"), "a file");
    assertThatThrownBy(
            () ->
                SwipeAgentCli.run(
                    new String[] {
                      "mcp",
                      "--device",
                      "nophone:",
                      "--record",
                      notADir.resolve("x.flow.yaml").toString()
                    },
                    out))
        .as("checked before the device (an unknown scheme) is opened")
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(FlowCode.FLOW_UNWRITABLE);
              assertThat(e.field()).isEqualTo("record");
            });
    assertThatThrownBy(
            () ->
                SwipeAgentCli.run(
                    new String[] {"replay", work.resolve("missing.flow.yaml").toString()}, out))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID));
  }
}
