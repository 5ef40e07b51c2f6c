package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
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
 * The agent jar's commands on docs/grid.md, run as written (the jar's main class on this module's
 * class path, loopback and free ports for the page's addresses): the rig of "One rig, one remote
 * end", whose session's trace is named by its W3C session id; and "Traces that come home": a
 * collector, two rigs sending their WebDriver sessions' traces to it, and {@code report} on what it
 * collected, with an index per rig.
 */
@Timeout(600)
class GridTracesDocsTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final String TOKEN = "docs-farm-token";

  private static Path repoRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("docs").resolve("grid.md"))) {
      p = p.getParent();
    }
    assertThat(p).as("the checkout holding docs/grid.md").isNotNull();
    return p;
  }

  /** The command lines of the section's bash block. */
  private static List<String> commands() throws Exception {
    String page = Files.readString(repoRoot().resolve("docs").resolve("grid.md"));
    int at = page.indexOf("## Traces that come home");
    assertThat(at).as("the section").isPositive();
    Matcher m = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL).matcher(page);
    assertThat(m.find(at)).as("its commands").isTrue();
    List<String> out = new ArrayList<>();
    for (String line : m.group(1).split("\\n")) {
      if (!line.isBlank()) {
        out.add(line.strip());
      }
    }
    return out;
  }

  /** A documented line with this build's java and {@code launch} in place of the jar. */
  private static String asRun(String line, String launch) {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    assertThat(line).startsWith("java ").contains("-jar swipe-agent.jar");
    return "'" + java + "'" + line.substring(4).replace("-jar swipe-agent.jar", launch);
  }

  private static Process bash(String command, Path work) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder("bash", "-c", "exec " + command).directory(work.toFile());
    pb.environment().put("COLLECT_TOKEN", TOKEN);
    return pb.start();
  }

  /** Reads stderr until a line matches {@code marker}; returns its first group. */
  static String await(Process p, Pattern marker) throws Exception {
    BufferedReader err =
        new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    String found =
        CompletableFuture.supplyAsync(
                () -> {
                  try {
                    for (String line; (line = err.readLine()) != null; ) {
                      Matcher m = marker.matcher(line);
                      if (m.find()) {
                        return m.group(1);
                      }
                    }
                  } catch (java.io.IOException e) {
                    // the process ended
                  }
                  return null;
                })
            .get(120, TimeUnit.SECONDS);
    assertThat(found).as("the process printed " + marker).isNotNull();
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
    return found;
  }

  /** POSTs {@code body} as JSON, asserts a 200 and returns the answer. */
  static JsonNode post(HttpClient http, String url, String body) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(url + " " + r.body()).isEqualTo(200);
    return M.readTree(r.body());
  }

  private static void stop(Process p) throws InterruptedException {
    p.destroy(); // SIGTERM: the rig ends its sessions, whose traces are sent first
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
  }

  /** One WebDriver session on the rig: a screenshot and a scroll, then the session ends. */
  private static String session(HttpClient http, String base) throws Exception {
    String id =
        post(
                http,
                base + "/session",
                "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":"
                    + "\"android\",\"appium:automationName\":\"Swipe\"}}}")
            .get("value")
            .get("sessionId")
            .asText();
    post(
        http,
        base + "/session/" + id + "/execute/sync",
        "{\"script\":\"swipe: screenshot\",\"args\":[{}]}");
    post(
        http,
        base + "/session/" + id + "/execute/sync",
        "{\"script\":\"swipe: scroll\",\"args\":[{\"direction\":\"down\"}]}");
    http.send(
        HttpRequest.newBuilder(URI.create(base + "/session/" + id)).DELETE().build(),
        HttpResponse.BodyHandlers.ofString());
    return id;
  }

  private static List<Path> dirs(Path p) throws Exception {
    try (Stream<Path> s = Files.list(p)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  @Test
  void theOneRigCommandServesASessionTracedUnderItsSessionId(@TempDir Path work) throws Exception {
    String page = Files.readString(repoRoot().resolve("docs").resolve("grid.md"));
    int at = page.indexOf("## One rig, one remote end");
    assertThat(at).as("the section").isPositive();
    Matcher m = Pattern.compile("```\\n(.*?)```", Pattern.DOTALL).matcher(page);
    assertThat(m.find(at)).as("its command").isTrue();
    String line = m.group(1).replaceAll("\\\\\\n\\s*", "").strip();
    assertThat(line)
        .contains(" webdriver ")
        .contains("--port 4723")
        .contains("--trace traces")
        .doesNotContain("\n");
    Process rig =
        bash(
            asRun(
                line.replace("--port 4723", "--port 0"),
                "-cp '"
                    + System.getProperty("java.class.path")
                    + "' "
                    + SwipeAgentCli.class.getName()),
            work);
    String id;
    try {
      String base = await(rig, Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)"));
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      JsonNode status =
          M.readTree(
              http.send(
                      HttpRequest.newBuilder(URI.create(base + "/status")).build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body());
      assertThat(status.path("value").path("ready").asBoolean()).as(status.toString()).isTrue();
      id = session(http, base);
    } finally {
      stop(rig);
    }
    List<Path> runs = dirs(work.resolve("traces"));
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0).getFileName().toString()).endsWith("-session-" + id);
    assertThat(TraceReader.read(runs.get(0)).records())
        .extracting(TraceRecord::action)
        .contains("screenshot", "scroll");
  }

  @Test
  void theSectionsCommandsCollectTwoRigsAndRenderAnIndexPerRig(@TempDir Path work)
      throws Exception {
    run(
        work,
        "-cp '" + System.getProperty("java.class.path") + "' " + SwipeAgentCli.class.getName());
  }

  /**
   * Runs the section's commands in {@code work}, the agent jar launched as {@code launch} ({@code
   * -jar PATH} for the shaded jar itself, which {@link ShadedJarTest} does).
   */
  static void run(Path work, String launch) throws Exception {
    List<String> lines = commands();
    assertThat(lines).hasSize(3);
    String collect = lines.get(0);
    String rig = lines.get(1);
    String report = lines.get(2);
    assertThat(collect).contains(" collect ").contains("--token \"$COLLECT_TOKEN\"");
    assertThat(rig).contains(" webdriver ").contains("--rig rig-a").contains("--trace-to ");
    assertThat(report).contains(" report farm-traces");
    Matcher address = Pattern.compile("--http ([0-9.]+:[0-9]+)").matcher(collect);
    assertThat(address.find()).isTrue();
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    Process collector = bash(asRun(collect.replace(address.group(1), "127.0.0.1:0"), launch), work);
    List<String> ids = new ArrayList<>();
    try {
      String url =
          await(collector, Pattern.compile("collecting traces on (http://127\\.0\\.0\\.1:\\d+)"));
      for (String name : List.of("rig-a", "rig-b")) {
        String command =
            asRun(
                rig.replace("http://" + address.group(1), url)
                    .replace("--port 4723", "--port 0")
                    .replace("--rig rig-a", "--rig " + name),
                launch);
        Process p = bash(command, work);
        try {
          String base = await(p, Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)"));
          ids.add(session(http, base));
          if (name.equals("rig-a")) {
            ids.add(session(http, base));
          }
        } finally {
          stop(p);
        }
      }
    } finally {
      stop(collector);
    }

    Path farm = work.resolve("farm-traces");
    List<Path> rigs = dirs(farm);
    assertThat(rigs).extracting(p -> p.getFileName().toString()).containsExactly("rig-a", "rig-b");
    assertThat(dirs(farm.resolve("rig-a"))).hasSize(2);
    assertThat(dirs(farm.resolve("rig-b"))).hasSize(1);
    List<Path> runs = new ArrayList<>(dirs(farm.resolve("rig-a")));
    runs.addAll(dirs(farm.resolve("rig-b")));
    for (int i = 0; i < runs.size(); i++) {
      Path run = runs.get(i);
      assertThat(run.getFileName().toString()).endsWith("-session-" + ids.get(i));
      assertThat(TraceReader.read(run).records())
          .extracting(TraceRecord::action)
          .contains("screenshot", "scroll");
      assertThat(run.resolve(TraceReader.SHOTS)).isNotEmptyDirectory();
    }

    ProcessBuilder pb =
        new ProcessBuilder("bash", "-c", asRun(report, launch))
            .directory(work.toFile())
            .redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    String index = Files.readString(farm.resolve("index.html"));
    assertThat(index)
        .contains("2 rigs, 3 runs")
        .contains("href=\"rig-a/index.html\"")
        .contains("href=\"rig-b/index.html\"");
    String a = Files.readString(farm.resolve("rig-a/index.html"));
    for (Path run : dirs(farm.resolve("rig-a"))) {
      assertThat(a).contains("href=\"" + run.getFileName() + "/report.html\"");
      assertThat(run.resolve("report.html")).exists();
    }
    assertThat(out).contains(farm.resolve("index.html").toAbsolutePath().toString());
  }
}
