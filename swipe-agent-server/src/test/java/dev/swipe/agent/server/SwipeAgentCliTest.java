package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
