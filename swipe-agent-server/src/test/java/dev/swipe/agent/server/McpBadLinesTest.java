package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.core.Device;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 23, item 1: lines that are not JSON-RPC the server can handle are each answered with the
 * JSON-RPC error the spec names, and the server goes on serving; it ends when its input ends. Run
 * in process on real pipes, and as a child process the way an agent host starts it.
 */
class McpBadLinesTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final Pattern SNAKE = Pattern.compile("[a-z][a-z_]*[a-z]");
  private static final Pattern JAVA_WORDS =
      Pattern.compile("java\\.|com\\.fasterxml|Exception|io\\.modelcontext");
  private static final int MB20 = 20 * 1024 * 1024;

  /**
   * A line and the error it must get.
   *
   * @param code the JSON-RPC error code
   * @param id the id the answer carries (null: JSON null)
   * @param reason {@code error.data.code}, or null when the SDK answers (method not found)
   */
  record Bad(String name, byte[] line, int code, Object id, String reason) {
    static Bad of(String name, String line, int code, Object id, String reason) {
      return new Bad(name, line.getBytes(StandardCharsets.UTF_8), code, id, reason);
    }
  }

  private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":%s,\"method\":\"ping\"}";

  static List<Bad> badLines() {
    byte[] huge = new byte[MB20];
    java.util.Arrays.fill(huge, (byte) 'a');
    huge[0] = '"';
    return List.of(
        Bad.of("not json", "hello", -32700, null, "invalid_argument"),
        Bad.of("open brace", "{", -32700, null, "invalid_argument"),
        Bad.of("empty object", "{}", -32600, null, "invalid_jsonrpc"),
        Bad.of("empty batch", "[]", -32600, null, "batch_not_supported"),
        Bad.of("batch", "[" + String.format(PING, 5) + "]", -32600, null, "batch_not_supported"),
        Bad.of("object id", String.format(PING, "{\"a\":1}"), -32600, null, "invalid_id"),
        Bad.of("array id", String.format(PING, "[1]"), -32600, null, "invalid_id"),
        Bad.of("fraction id", String.format(PING, "1.5"), -32600, null, "invalid_id"),
        Bad.of("null id", String.format(PING, "null"), -32600, null, "invalid_id"),
        Bad.of(
            "huge id",
            String.format(PING, "123456789012345678901234567890"),
            -32600,
            null,
            "invalid_id"),
        Bad.of("number literal", "1e999999", -32600, null, "not_an_object"),
        Bad.of("overflowing literal", "1e2147483648", -32600, null, "not_an_object"),
        Bad.of(
            "big integer literal", "123456789012345678901234567890", -32600, null, "not_an_object"),
        Bad.of("string literal", "\"tools/call\"", -32600, null, "not_an_object"),
        Bad.of(
            "deep nesting", "[".repeat(10_000) + "]".repeat(10_000), -32700, null, "json_too_deep"),
        Bad.of(
            "deep object",
            "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000),
            -32700,
            null,
            "json_too_deep"),
        Bad.of(
            "long number",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"x\":" + "9".repeat(5000) + "}",
            -32700,
            null,
            "json_number_too_long"),
        new Bad("20 MB line", huge, -32600, null, "line_too_long"),
        new Bad(
            "invalid UTF-8",
            new byte[] {'{', '"', (byte) 0xC3, (byte) 0x28, '"', ':', '1', '}'},
            -32700,
            null,
            "invalid_argument"),
        Bad.of(
            "wrong version",
            "{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"ping\"}",
            -32600,
            3,
            "invalid_jsonrpc"),
        Bad.of(
            "method not a string",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":7}",
            -32600,
            4,
            "invalid_method"),
        Bad.of(
            "params not an object",
            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":[1,2]}",
            -32602,
            6,
            "invalid_argument"),
        Bad.of(
            "call without a name",
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":{},"
                + "\"arguments\":5}}",
            -32602,
            7,
            "invalid_argument"),
        Bad.of(
            "exponent overflow in arguments",
            "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"touch_gesture\",\"arguments\":{\"type\":\"tap\",\"start\":{\"x\":1e2147483648,\"y\":5}}}}",
            -32602,
            8,
            "invalid_argument"),
        Bad.of(
            "bad capabilities",
            "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{\"roots\":5}}}",
            -32602,
            9,
            "invalid_argument"),
        Bad.of(
            "bad log level",
            "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"logging/setLevel\",\"params\":{\"level\":7}}",
            -32602,
            10,
            "invalid_argument"),
        Bad.of(
            "unknown method",
            "{\"jsonrpc\":\"2.0\",\"id\":\"u\",\"method\":\"no/such/method\"}",
            -32601,
            "u",
            null));
  }

  /** Lines that must get no answer at all (responses, notifications, blank lines). */
  static List<String> silentLines() {
    return List.of(
        "",
        "   ",
        "{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}",
        "{\"jsonrpc\":\"2.0\",\"id\":98,\"error\":{\"code\":1,\"message\":\"x\"}}",
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/no_such_thing\",\"params\":{\"x\":1e2147483648}}",
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":[1]}");
  }

  static String initialize(int id) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"bad-lines\",\"version\":\"1\"}}}";
  }

  static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  static String call(Object id, String tool, String args) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + M.valueToTree(id)
        + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
        + tool
        + "\",\"arguments\":"
        + args
        + "}}";
  }

  private static void checkError(Bad bad, JsonNode answer) {
    assertThat(answer.path("jsonrpc").asText()).as(bad.name()).isEqualTo("2.0");
    assertThat(answer.has("id")).as(bad.name() + ": the id member is always there").isTrue();
    JsonNode expectedId = M.valueToTree(bad.id());
    assertThat(answer.get("id")).as(bad.name() + " " + answer).isEqualTo(expectedId);
    JsonNode e = answer.path("error");
    assertThat(e.path("code").asInt()).as(bad.name() + " " + answer).isEqualTo(bad.code());
    assertThat(e.path("message").asText())
        .as(bad.name())
        .isNotBlank()
        .doesNotContainPattern(JAVA_WORDS);
    if (bad.reason() != null) {
      assertThat(e.path("data").path("code").asText())
          .as(bad.name() + " " + answer)
          .isEqualTo(bad.reason())
          .matches(SNAKE);
    }
  }

  /** Stdout lines of a server, read on a thread of their own. */
  private static BlockingQueue<String> lines(InputStream out) {
    BlockingQueue<String> q = new LinkedBlockingQueue<>();
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                  q.add(l);
                }
              } catch (IOException e) {
                // the server's output ended
              }
              q.add("<end>");
            },
            "mcp-test-stdout");
    t.setDaemon(true);
    t.start();
    return q;
  }

  private static JsonNode next(BlockingQueue<String> q) throws Exception {
    String l = q.poll(60, TimeUnit.SECONDS);
    assertThat(l).as("an answer within the bound").isNotNull().isNotEqualTo("<end>");
    return M.readTree(l);
  }

  private static void send(OutputStream in, byte[] line) throws IOException {
    in.write(line);
    in.write('\n');
    in.flush();
  }

  private static void send(OutputStream in, String line) throws IOException {
    send(in, line.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void everyBadLineIsAnsweredAndTheServerKeepsServingInProcess() throws Exception {
    try (Device phone = Device.open("sim:?scale=0.3");
        AgentRun run = AgentRun.builder(phone).simState(true).build()) {
      Pipe toServer = Pipe.open();
      Pipe fromServer = Pipe.open();
      OutputStream in = Channels.newOutputStream(toServer.sink());
      McpStdioServer server =
          McpStdioServer.start(
              new ToolDispatcher(run),
              Channels.newInputStream(toServer.source()),
              Channels.newOutputStream(fromServer.sink()));
      BlockingQueue<String> out = lines(Channels.newInputStream(fromServer.source()));

      // garbage before the session starts is answered too
      send(in, "hello");
      checkError(badLines().get(0), next(out));
      send(in, initialize(1));
      assertThat(next(out).path("result").path("serverInfo").path("name").asText())
          .isEqualTo("swipe");
      send(in, INITIALIZED);

      for (Bad bad : badLines()) {
        send(in, bad.line());
        checkError(bad, next(out));
      }
      for (String silent : silentLines()) {
        send(in, silent);
      }
      send(in, String.format(PING, "\"after-silence\""));
      assertThat(next(out).path("id").asText())
          .as("silent lines get no answer")
          .isEqualTo("after-silence");

      send(in, call(100, "sim_state", "{}"));
      JsonNode state = next(out);
      assertThat(state.path("id").asInt()).isEqualTo(100);
      assertThat(state.path("result").path("isError").asBoolean(true))
          .as(state.toString())
          .isFalse();
      send(in, call("tap", "touch_gesture", "{\"type\":\"tap\",\"start\":{\"x\":500,\"y\":500}}"));
      JsonNode tap = next(out);
      assertThat(tap.path("result").path("isError").asBoolean(true)).as(tap.toString()).isFalse();

      in.close();
      assertThat(server.awaitInputClosed(60, TimeUnit.SECONDS))
          .as("the end of the input is seen")
          .isTrue();
      CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close);
      closing.get(60, TimeUnit.SECONDS);
      assertThat(out.poll()).as("nothing more was written").isNull();
    }
  }

  @Test
  void aChildProcessAnswersEveryBadLineServesAValidCallAndExitsWhenStdinCloses() throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SwipeAgentCli.class.getName(),
                "mcp",
                "--device",
                "sim:?scale=0.3",
                "--memory",
                "none",
                "--sim-state"));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      BlockingQueue<String> out = lines(p.getInputStream());
      List<Bad> bads = badLines();
      // written on a thread of its own: a server that stops reading would block the writer for good
      CompletableFuture<Void> writing =
          CompletableFuture.runAsync(
              () -> {
                try (OutputStream in = p.getOutputStream()) {
                  send(in, initialize(1));
                  send(in, INITIALIZED);
                  for (Bad bad : bads) {
                    send(in, bad.line());
                  }
                  for (String silent : silentLines()) {
                    send(in, silent);
                  }
                  send(in, call("valid", "sim_state", "{}"));
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      // the input is closed: every answer comes, then the process ends by itself
      Map<String, JsonNode> answers = new HashMap<>();
      List<JsonNode> nullIds = new ArrayList<>();
      for (String l = out.poll(60, TimeUnit.SECONDS);
          l != null && !l.equals("<end>");
          l = out.poll(60, TimeUnit.SECONDS)) {
        JsonNode n = M.readTree(l);
        if (n.get("id").isNull()) {
          nullIds.add(n);
        } else {
          assertThat(answers.put(n.get("id").asText(), n)).as("one answer per id").isNull();
        }
      }
      assertThat(writing).as("the server read every line").isCompleted();
      assertThat(p.waitFor(60, TimeUnit.SECONDS))
          .as("the server exits when its input ends")
          .isTrue();
      assertThat(p.exitValue()).isZero();

      assertThat(answers.get("valid")).as("the valid call after all the bad lines").isNotNull();
      assertThat(answers.get("valid").path("result").path("isError").asBoolean(true)).isFalse();
      int n = 0;
      for (Bad bad : bads) {
        if (bad.id() == null) {
          checkError(bad, nullIds.get(n++)); // id-less errors come in the order of their lines
        } else {
          checkError(bad, answers.get(String.valueOf(bad.id())));
        }
      }
      assertThat(nullIds).hasSize(n);
      assertThat(answers.keySet())
          .containsExactlyInAnyOrder("1", "3", "4", "6", "7", "8", "9", "10", "u", "valid");
    } finally {
      p.destroyForcibly();
    }
  }
}
