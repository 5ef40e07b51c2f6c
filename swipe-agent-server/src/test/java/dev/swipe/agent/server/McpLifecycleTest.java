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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, item 1: every MCP request is answered whatever the order of messages (ping at any time,
 * other requests before {@code notifications/initialized} with {@code not_initialized}), an unknown
 * tool is a tool error carrying {@code unknown_tool}, and the server (and the CLI's {@code mcp}
 * process) ends when its input does.
 */
class McpLifecycleTest {
  private static final ObjectMapper M = new ObjectMapper();

  private static String request(Object id, String method) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + M.valueToTree(id) + ",\"method\":\"" + method + "\"}";
  }

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
                // the output ended
              }
              q.add("<end>");
            },
            "mcp-lifecycle-stdout");
    t.setDaemon(true);
    t.start();
    return q;
  }

  private static JsonNode next(BlockingQueue<String> q, String about) throws Exception {
    String l = q.poll(30, TimeUnit.SECONDS);
    assertThat(l).as("an answer to %s", about).isNotNull().isNotEqualTo("<end>");
    return M.readTree(l);
  }

  private static void send(OutputStream in, String line) throws IOException {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  private static void notInitialized(JsonNode answer, Object id) {
    assertThat(answer.get("id")).as(answer.toString()).isEqualTo(M.valueToTree(id));
    assertThat(answer.path("error").path("code").asInt()).as(answer.toString()).isEqualTo(-32600);
    assertThat(answer.path("error").path("data").path("code").asText())
        .isEqualTo("not_initialized");
  }

  @Test
  void everyRequestIsAnsweredWhateverTheOrderAndAnUnknownToolCarriesItsCode() throws Exception {
    try (Device phone = Device.open("sim:?scale=0.3");
        AgentRun run = AgentRun.builder(phone).build()) {
      Pipe toServer = Pipe.open();
      Pipe fromServer = Pipe.open();
      OutputStream in = Channels.newOutputStream(toServer.sink());
      McpStdioServer server =
          McpStdioServer.start(
              new ToolDispatcher(run),
              Channels.newInputStream(toServer.source()),
              Channels.newOutputStream(fromServer.sink()));
      BlockingQueue<String> out = lines(Channels.newInputStream(fromServer.source()));

      // before initialize: ping is answered, anything else refused with a code
      send(in, request(1, "ping"));
      JsonNode pong = next(out, "a ping before initialize");
      assertThat(pong.path("id").asInt()).isEqualTo(1);
      assertThat(pong.path("result").isObject()).as(pong.toString()).isTrue();
      send(in, request("list-early", "tools/list"));
      notInitialized(next(out, "tools/list before initialize"), "list-early");
      send(in, McpBadLinesTest.call(2, "screenshot", "{}"));
      notInitialized(next(out, "tools/call before initialize"), 2);

      // after initialize, before notifications/initialized: the same
      send(in, McpBadLinesTest.initialize(3));
      assertThat(next(out, "initialize").path("result").path("serverInfo").path("name").asText())
          .isEqualTo("swipe");
      send(in, request(4, "ping"));
      assertThat(next(out, "a ping before initialized").path("result").isObject()).isTrue();
      send(in, request(5, "tools/list"));
      notInitialized(next(out, "tools/list before initialized"), 5);

      send(in, McpBadLinesTest.INITIALIZED);
      send(in, request(6, "tools/list"));
      JsonNode list = next(out, "tools/list");
      assertThat(list.path("id").asInt()).isEqualTo(6);
      assertThat(list.path("result").path("tools").size()).isPositive();
      send(in, request(7, "ping"));
      assertThat(next(out, "a ping in session").path("result").isObject()).isTrue();

      in.close();
      assertThat(server.awaitInputClosed(30, TimeUnit.SECONDS)).isTrue();
      CompletableFuture.runAsync(server::close).get(30, TimeUnit.SECONDS);
      assertThat(out.poll()).as("nothing more was written").isNull();
    }
  }

  @Test
  void anUnknownToolIsAToolErrorCarryingUnknownToolAndTheToolList() throws Exception {
    try (Device phone = Device.open("sim:?scale=0.3");
        AgentRun run = AgentRun.builder(phone).build()) {
      Pipe toServer = Pipe.open();
      Pipe fromServer = Pipe.open();
      OutputStream in = Channels.newOutputStream(toServer.sink());
      McpStdioServer server =
          McpStdioServer.start(
              new ToolDispatcher(run),
              Channels.newInputStream(toServer.source()),
              Channels.newOutputStream(fromServer.sink()));
      BlockingQueue<String> out = lines(Channels.newInputStream(fromServer.source()));
      send(in, McpBadLinesTest.initialize(1));
      next(out, "initialize");
      send(in, McpBadLinesTest.INITIALIZED);

      send(in, McpBadLinesTest.call(2, "no_such_tool", "{}"));
      JsonNode unknown = next(out, "an unknown tool");
      assertThat(unknown.path("id").asInt()).isEqualTo(2);
      assertThat(unknown.path("result").path("isError").asBoolean())
          .as(unknown.toString())
          .isTrue();
      JsonNode error =
          M.readTree(unknown.path("result").path("content").get(0).path("text").asText())
              .path("error");
      assertThat(error.path("code").asText()).isEqualTo("unknown_tool");
      assertThat(error.path("details").path("tools").toString()).contains("screenshot");
      send(in, McpBadLinesTest.call(3, "screenshot", "{}"));
      assertThat(next(out, "a known tool").path("result").path("isError").asBoolean(true))
          .as("a known tool is still the SDK's to call")
          .isFalse();

      in.close();
      assertThat(server.awaitInputClosed(30, TimeUnit.SECONDS)).isTrue();
      CompletableFuture.runAsync(server::close).get(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void theMcpCommandAnswersAClientThatNeverInitializesAndExitsWhenStdinCloses() throws Exception {
    List<String> cmd =
        List.of(
            Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            SwipeAgentCli.class.getName(),
            "mcp",
            "--device",
            "sim:?scale=0.3",
            "--memory",
            "none");
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      BlockingQueue<String> out = lines(p.getInputStream());
      try (OutputStream in = p.getOutputStream()) {
        send(in, request("p", "ping"));
        send(in, request("l", "tools/list"));
        send(in, McpBadLinesTest.call("c", "screenshot", "{}"));
      } // stdin closed: no initialize ever came
      Map<String, JsonNode> answers = new HashMap<>();
      for (int i = 0; i < 3; i++) {
        JsonNode a = next(out, "request " + i);
        answers.put(a.path("id").asText(), a);
      }
      assertThat(answers.get("p").path("result").isObject()).isTrue();
      notInitialized(answers.get("l"), "l");
      notInitialized(answers.get("c"), "c");
      assertThat(p.waitFor(60, TimeUnit.SECONDS))
          .as("the process ends when its input does")
          .isTrue();
      assertThat(p.exitValue()).isZero();
    } finally {
      p.destroyForcibly();
    }
  }
}
