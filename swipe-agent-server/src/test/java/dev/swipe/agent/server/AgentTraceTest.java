package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.agent.AgentRun;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import dev.swipe.memory.MemoryStore;
import java.net.InetSocketAddress;
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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --trace DIR} of the servers: a trace per run in its own sub-directory, a directory that
 * cannot be written refused before anything starts, a budget that stops only the trace.
 */
class AgentTraceTest {
  private static final ObjectMapper M = new ObjectMapper();
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @TempDir Path dir;

  private static List<Path> runs(Path root) throws Exception {
    try (Stream<Path> s = Files.list(root)) {
      return s.filter(p -> Files.isRegularFile(p.resolve(TraceReader.FILE))).sorted().toList();
    }
  }

  private HttpResponse<String> post(AgentHttpServer server, String tool, String body, String run)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.address().getPort() + "/tools/" + tool))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (run != null) {
      b.header("run", run);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void eachServeRunLeavesItsOwnTraceNamedForIt() throws Exception {
    try (Device device = Device.open("sim:?scale=0.5&scene=list");
        AgentHttpServer server =
            AgentHttpServer.builder(device)
                .address(new InetSocketAddress("127.0.0.1", 0))
                .trace(dir, 1 << 24)
                .start()) {
      assertThat(post(server, "screenshot", "{}", "alice").statusCode()).isEqualTo(200);
      assertThat(post(server, "scroll", "{\"direction\":\"down\"}", "alice").statusCode())
          .isEqualTo(200);
      assertThat(post(server, "screenshot", "{}", "..").statusCode()).isEqualTo(200);
      assertThat(post(server, "screenshot", "{}", null).statusCode())
          .isEqualTo(200); // a connection's own run
    }
    List<Path> runs = runs(dir);
    assertThat(runs).hasSize(3);
    assertThat(runs)
        .allSatisfy(p -> assertThat(p.getParent()).isEqualTo(dir)); // a run name never leaves DIR
    Path alice =
        runs.stream()
            .filter(p -> p.getFileName().toString().endsWith("-alice"))
            .findFirst()
            .orElseThrow();
    assertThat(TraceReader.read(alice).records())
        .extracting(TraceRecord::action)
        .containsExactly("screenshot", "scroll");
    assertThat(runs).anySatisfy(p -> assertThat(p.getFileName().toString()).endsWith("-.."));
    assertThat(runs)
        .anySatisfy(p -> assertThat(p.getFileName().toString()).contains("-connection-"));
  }

  @Test
  void aFullBudgetStopsTheRunsTraceWithItsReasonAndTheRunGoesOn() throws Exception {
    try (Device device = Device.open("sim:?scale=0.5&scene=list");
        AgentHttpServer server =
            AgentHttpServer.builder(device)
                .address(new InetSocketAddress("127.0.0.1", 0))
                .trace(dir, 8192)
                .start()) {
      for (int i = 0; i < 6; i++) {
        HttpResponse<String> r =
            post(
                server,
                "touch_gesture",
                "{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":"
                    + (i % 2 == 0 ? 700 : 400)
                    + "},\"end\":{\"x\":500,\"y\":"
                    + (i % 2 == 0 ? 400 : 700)
                    + "}}",
                "small");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(M.readTree(r.body()).has("screenshot_attachment_id")).isTrue();
      }
    }
    Path run = runs(dir).get(0);
    TraceReader.Trace t = TraceReader.read(run);
    assertThat(t.stopReason()).hasValueSatisfying(r -> assertThat(r).contains("8192"));
    List<TraceRecord> swipes =
        t.records().stream().filter(r -> r.action().equals("swipe")).toList();
    assertThat(swipes).as("what was written before the stop stays").isNotEmpty().hasSizeLessThan(6);
  }

  @Test
  void memoryToolCallsAreTracedInTheRunLikeEveryOtherTool() throws Exception {
    try (Device device = Device.open("sim:?scale=0.5&scene=list");
        MemoryStore memory = MemoryStore.open("mem:");
        AgentHttpServer server =
            AgentHttpServer.builder(device)
                .address(new InetSocketAddress("127.0.0.1", 0))
                .memory(memory)
                .trace(dir, 1 << 24)
                .start()) {
      String save =
          "{\"title\":\"[Clock] [Hour picker] swipe parameters\",\"content\":\"distance: 35\","
              + "\"entities\":[\"Clock\"]}";
      assertThat(post(server, "save_memory", save, "mem").statusCode()).isEqualTo(200);
      assertThat(post(server, "recall_memory", "{\"query\":\"hour picker\"}", "mem").statusCode())
          .isEqualTo(200);
      HttpResponse<String> missing =
          post(
              server,
              "save_memory",
              "{\"id\":\"no-such-id\",\"title\":\"t\",\"content\":\"c\"}",
              "mem");
      assertThat(missing.body()).contains("memory_not_found");
    }
    List<TraceRecord> records = TraceReader.read(runs(dir).get(0)).records();
    assertThat(records)
        .extracting(TraceRecord::action)
        .containsExactly("memory_save", "memory_recall", "memory_save");
    assertThat(records.get(0).text("args", "title").orElseThrow())
        .isEqualTo("[Clock] [Hour picker] swipe parameters");
    assertThat(records.get(1).number("outcome", "records").orElseThrow()).isEqualTo(1.0);
    assertThat(records.get(2).text("error", "code")).hasValue("memory_not_found");
  }

  @Test
  void aRunWhoseDirectoryCannotBeMadeLaterGoesOnUntraced() throws Exception {
    Path root = dir.resolve("traces");
    try (Device device = Device.open("sim:?scale=0.5&scene=list");
        AgentHttpServer server =
            AgentHttpServer.builder(device)
                .address(new InetSocketAddress("127.0.0.1", 0))
                .trace(root, 1 << 20)
                .start()) {
      assertThat(post(server, "screenshot", "{}", "first").statusCode()).isEqualTo(200);
      // the root taken away mid-serve (a file in its place): the next run cannot have a directory
      Path moved = Files.move(root, dir.resolve("moved"));
      Files.writeString(root, "in the way");
      HttpResponse<String> r = post(server, "screenshot", "{}", "second");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(M.readTree(r.body()).has("screenshot_attachment_id")).isTrue();
      assertThat(post(server, "screenshot", "{}", "first").statusCode())
          .as("the traced run goes on")
          .isEqualTo(200);
      assertThat(runs(moved))
          .singleElement()
          .satisfies(p -> assertThat(p.getFileName().toString()).endsWith("-first"));
    }
  }

  @Test
  void aTraceDirectoryThatCannotBeWrittenIsRefusedBeforeTheServerListens() throws Exception {
    Path file = Files.writeString(dir.resolve("in-the-way"), "x");
    try (Device device = Device.open("sim:?scale=0.5")) {
      assertThatThrownBy(
              () ->
                  AgentHttpServer.builder(device)
                      .address(new InetSocketAddress("127.0.0.1", 0))
                      .trace(file.resolve("traces"), 1 << 20)
                      .start())
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code().id()).isEqualTo("invalid_argument");
                assertThat(e.field()).isEqualTo("trace");
              });
      assertThatThrownBy(() -> AgentHttpServer.builder(device).trace(dir, 100))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("trace_max_bytes"));
    }
  }

  private record Exit(int code, String out, String err) {}

  private static Exit cli(String... args) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the command did not end: " + cmd);
    }
    return new Exit(p.exitValue(), out, err);
  }

  @Test
  void everyCommandRefusesAnUnwritableTraceDirectoryWithACodeBeforeItStarts() throws Exception {
    Path blocked = Files.writeString(dir.resolve("in-the-way"), "x").resolve("traces");
    // a rig whose capture does not exist: the trace is checked first, so its error is the one
    // reported
    String[] rig = {
      "--hid", "hidg:" + dir.resolve("hidg0"), "--capture", "files:" + dir.resolve("no-frames")
    };
    List<String[]> commands =
        List.of(
            concat(new String[] {"mcp", "--memory", "none", "--trace", blocked.toString()}, rig),
            concat(
                new String[] {
                  "serve",
                  "--http",
                  "127.0.0.1:0",
                  "--memory",
                  "none",
                  "--trace",
                  blocked.toString()
                },
                rig),
            concat(new String[] {"webdriver", "--port", "0", "--trace", blocked.toString()}, rig));
    for (String[] c : commands) {
      Exit e = cli(c);
      assertThat(e.code()).as(c[0] + ": " + e.err()).isEqualTo(1);
      assertThat(e.err())
          .as(c[0])
          .contains("invalid_argument (trace)")
          .contains(blocked.toString())
          .doesNotContain("listening")
          .doesNotContain("HTTP tools on")
          .doesNotContain("MCP server on");
      assertThat(e.out()).as(c[0] + " prints nothing on stdout").isEmpty();
    }
    assertThat(Files.exists(dir.resolve("hidg0")))
        .as("the rig's HID node was never opened")
        .isFalse();
    Exit small =
        cli(
            "mcp",
            "--memory",
            "none",
            "--trace",
            dir.resolve("t").toString(),
            "--trace-max-bytes",
            "100");
    assertThat(small.code()).isEqualTo(2);
    assertThat(small.err()).contains("--trace-max-bytes must be in [4096");
    Exit alone = cli("mcp", "--memory", "none", "--trace-max-bytes", "5000");
    assertThat(alone.code()).isEqualTo(2);
    assertThat(alone.err()).contains("--trace-max-bytes needs --trace");
  }

  @Test
  void theReportCommandRendersOrSaysWhyNot() throws Exception {
    try (Device device = Device.open("sim:?scale=0.5&scene=list");
        AgentRun run =
            RunTraces.open(dir, 1 << 20, System.err).start(AgentRun.builder(device), "mcp")) {
      run.device().screenshot();
    }
    Path trace = runs(dir).get(0);
    Files.writeString(
        trace.resolve(TraceReader.FILE), "not json\n", java.nio.file.StandardOpenOption.APPEND);
    Exit ok = cli("report", trace.toString(), "--out", dir.resolve("out/page.html").toString());
    assertThat(ok.code()).as(ok.err()).isZero();
    assertThat(ok.out().strip())
        .isEqualTo(dir.resolve("out/page.html").toAbsolutePath().toString());
    assertThat(ok.err()).contains("line 2 skipped");
    assertThat(Files.readString(dir.resolve("out/page.html")))
        .contains("Skipped 1 unreadable line");
    Exit none = cli("report", dir.resolve("nothing-here").toString());
    assertThat(none.code()).isEqualTo(1);
    assertThat(none.err()).contains("invalid_argument (trace)");
    assertThat(cli("report").code()).isEqualTo(2);
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
