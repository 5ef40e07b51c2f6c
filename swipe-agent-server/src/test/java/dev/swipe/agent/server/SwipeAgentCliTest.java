package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The CLI as a process: stdout carries only protocol, piped requests are all answered, usage errors
 * exit 2.
 */
class SwipeAgentCliTest {
  private static final ObjectMapper M = new ObjectMapper();

  private static Process start(String... args) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
  }

  @Test
  void pipedRequestsAreAllAnsweredBeforeTheServerExits() throws Exception {
    Process p = start("mcp", "--device", "sim:?scale=0.5", "--memory", "none");
    try (OutputStream in = p.getOutputStream()) {
      in.write(
          String.join(
                  "\n",
                  "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                      + "\"capabilities\":{},\"clientInfo\":{\"name\":\"pipe\",\"version\":\"1\"}}}",
                  "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                  "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"screenshot\",\"arguments\":{}}}",
                  "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"save_memory\","
                      + "\"arguments\":{\"title\":\"t\",\"content\":\"c\"}}}",
                  "")
              .getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    List<JsonNode> lines = new ArrayList<>();
    for (String line : out.split("\n")) {
      lines.add(M.readTree(line)); // every stdout line is a JSON-RPC message
    }
    // answers may come in any order (calls run concurrently); each request gets exactly one
    assertThat(lines).extracting(n -> n.get("id").asInt()).containsExactlyInAnyOrder(1, 2, 3);
    lines.sort(java.util.Comparator.comparingInt(n -> n.get("id").asInt()));
    JsonNode shot = lines.get(1).get("result");
    assertThat(shot.get("content").findValuesAsText("type")).contains("image", "text");
    JsonNode noMemory = lines.get(2).get("result");
    assertThat(noMemory.get("isError").asBoolean()).isTrue();
    assertThat(noMemory.get("content").get(0).get("text").asText()).contains("memory_unavailable");
  }

  @Test
  void mcpWithAnHttpAddressServesStreamableHttpUntilStopped() throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName(),
                "mcp",
                "--device",
                "sim:?scale=0.5",
                "--memory",
                "none",
                "--http",
                "127.0.0.1:0",
                "--max-sessions",
                "2",
                "--session-idle-s",
                "60"));
    java.nio.file.Path stdout = java.nio.file.Files.createTempFile("mcp-http", ".out");
    Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).start();
    try {
      BufferedReader err =
          new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
      String url = null;
      while (url == null) {
        String line = err.readLine();
        if (line == null) {
          break;
        }
        Matcher m = Pattern.compile("MCP over HTTP on (http://\\S+/mcp)").matcher(line);
        if (m.find()) {
          url = m.group(1);
        }
      }
      assertThat(url).as("the address the server prints").isNotNull();
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> init =
          http.send(
              HttpRequest.newBuilder(URI.create(url))
                  .header("Content-Type", "application/json")
                  .header("Accept", "application/json, text/event-stream")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                              + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                              + "\"clientInfo\":{\"name\":\"cli-test\",\"version\":\"1\"}}}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
      assertThat(M.readTree(init.body()).path("result").path("serverInfo").path("name").asText())
          .isEqualTo("swipe");
      assertThat(init.headers().firstValue("mcp-session-id")).isPresent();
    } finally {
      p.destroy(); // SIGTERM: the shutdown hook closes the server and releases the phone
    }
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(java.nio.file.Files.readString(stdout)).as("nothing on stdout").isEmpty();
    java.nio.file.Files.delete(stdout);
  }

  @Test
  void httpOptionsNeedAnHttpServer() {
    for (String[] bad :
        List.of(
            new String[] {"mcp", "--token", "t"},
            new String[] {"mcp", "--max-sessions", "4"},
            new String[] {"serve", "--session-idle-s", "4"},
            new String[] {"tools", "--allow-host", "a"})) {
      assertThatThrownBy(() -> SwipeAgentCli.Options.parse(bad))
          .as(String.join(" ", bad))
          .isInstanceOf(SwipeAgentCli.UsageException.class);
    }
    SwipeAgentCli.Options o =
        SwipeAgentCli.Options.parse(
            new String[] {"mcp", "--http", "127.0.0.1:0", "--token", "t", "--max-sessions", "4"});
    assertThat(o.maxSessions()).isEqualTo(4);
    assertThat(o.sessionIdle()).isEqualTo(McpHttpServer.DEFAULT_SESSION_IDLE_TIMEOUT);
    assertThatThrownBy(
            () ->
                SwipeAgentCli.Options.parse(
                        new String[] {"mcp", "--http", "127.0.0.1:0", "--max-sessions", "0"})
                    .maxSessions())
        .isInstanceOf(SwipeAgentCli.UsageException.class);
  }

  @Test
  void usageErrorsExitWithTwoAndPrintNothingOnStdout() throws Exception {
    Process p = start("mcp", "--frobnicate", "1");
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out).isEmpty();
  }

  @Test
  void optionsAreParsedStrictly() {
    assertThat(
            SwipeAgentCli.Options.parse(
                    new String[] {"serve", "--http", "127.0.0.1:0", "--token=abc"})
                .token())
        .isEqualTo("abc");
    assertThat(
            SwipeAgentCli.Options.parse(new String[] {"serve", "--http", "[::1]:9000"})
                .http()
                .getPort())
        .isEqualTo(9000);
    for (String[] bad :
        List.of(
            new String[] {"mcp", "--device"},
            new String[] {"mcp", "--device", "sim:", "--hid", "ch9329:/dev/ttyUSB0"},
            new String[] {"mcp", "--hid", "ch9329:/dev/ttyUSB0"},
            new String[] {"mcp", "--device", "a", "--device", "b"},
            new String[] {"mcp", "stray"})) {
      assertThatThrownBy(() -> SwipeAgentCli.Options.parse(bad))
          .isInstanceOf(SwipeAgentCli.UsageException.class);
    }
    assertThatThrownBy(
            () ->
                SwipeAgentCli.Options.parse(new String[] {"serve", "--http", "host:99999"}).http())
        .isInstanceOf(SwipeAgentCli.UsageException.class);
    assertThatThrownBy(
            () -> SwipeAgentCli.Options.parse(new String[] {"serve", "--max-runs", "0"}).maxRuns())
        .isInstanceOf(SwipeAgentCli.UsageException.class);
  }

  @Test
  void allowedHostsAndSeveralTokensAreLists() {
    SwipeAgentCli.Options o =
        SwipeAgentCli.Options.parse(
            new String[] {"serve", "--allow-host", "phone.lan, [fd00::1]:9000", "--token", "a,b"});
    assertThat(o.allowHosts()).containsExactly("phone.lan", "[fd00::1]:9000");
    assertThat(o.tokens()).containsExactly("a", "b");
    assertThat(SwipeAgentCli.Options.parse(new String[] {"serve"}).allowHosts()).isEmpty();
    assertThatThrownBy(
            () ->
                SwipeAgentCli.Options.parse(new String[] {"serve", "--allow-host", "a,,b"})
                    .allowHosts())
        .isInstanceOf(SwipeAgentCli.UsageException.class);
  }
}
