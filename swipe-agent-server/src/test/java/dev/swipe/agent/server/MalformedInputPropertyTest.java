package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.agent.AgentRun;
import dev.swipe.agent.ToolDispatcher;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated malformed JSON on both transports (QuickTheories): over HTTP every answer is a JSON
 * object, errors carry a snake_case code and no status is 500 or above; over MCP every line gets a
 * JSON-RPC answer or none (a notification), never an internal error; afterwards both still serve a
 * good request. {@code -Dswipe.fuzz.examples=N} sets the inputs per transport (default 400).
 */
class MalformedInputPropertyTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final Pattern SNAKE = Pattern.compile("[a-z][a-z_]*[a-z]");
  private static final Pattern JAVA_WORDS =
      Pattern.compile("java\\.|com\\.fasterxml|Exception|io\\.modelcontext|<h1>");
  private static final int EXAMPLES = Integer.getInteger("swipe.fuzz.examples", 400);
  private static Device device;
  private static MemoryStore memory;

  @BeforeAll
  static void open() {
    device = Device.open("sim:?scale=0.3&scene=picker");
    memory = MemoryStore.open("mem:");
  }

  @AfterAll
  static void close() {
    memory.close();
    device.close();
  }

  @Test
  void httpAnswersEveryMalformedBodyWithACodedJsonErrorBelow500() throws Exception {
    Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
    try (AgentHttpServer server =
        AgentHttpServer.builder(device)
            .address(new InetSocketAddress("127.0.0.1", 0))
            .memory(memory)
            .simState(true)
            .start()) {
      int port = server.address().getPort();
      qt().withExamples(EXAMPLES)
          .withShrinkCycles(50)
          .forAll(longs().all())
          .checkAssert(
              seed -> {
                Random r = new Random(seed);
                String tool = MalformedInput.TOOLS.get(r.nextInt(MalformedInput.TOOLS.size()));
                String body = MalformedInput.body(r);
                RawHttp.Answer a;
                try (RawHttp c = new RawHttp(port)) {
                  a = c.send(RawHttp.post("/tools/" + tool, body)).read();
                } catch (Exception e) {
                  throw new AssertionError("no answer to " + tool + " " + abbreviate(body), e);
                }
                assertThat(a.status())
                    .as("%s %s -> %s", tool, abbreviate(body), a.body())
                    .isLessThan(500);
                assertThat(a.headers().get("content-type")).startsWith("application/json");
                JsonNode j = a.json();
                assertThat(j.isObject()).isTrue();
                assertThat(a.body()).doesNotContainPattern(JAVA_WORDS);
                String outcome = a.status() == 200 ? "ok" : j.path("error").path("code").asText();
                if (a.status() != 200) {
                  assertThat(outcome)
                      .as("%s %s -> %s", tool, abbreviate(body), a.body())
                      .matches(SNAKE);
                }
                outcomes
                    .computeIfAbsent(a.status() + " " + outcome, k -> new AtomicInteger())
                    .incrementAndGet();
              });
      try (RawHttp c = new RawHttp(port)) {
        assertThat(c.send(RawHttp.post("/tools/sim_state", "{}")).read().status()).isEqualTo(200);
      }
      assertThat(server.openConnections()).isLessThanOrEqualTo(1);
    }
    System.out.println("HTTP malformed bodies: " + EXAMPLES + " inputs, outcomes " + outcomes);
  }

  @Test
  void mcpAnswersEveryMalformedLineWithAJsonRpcErrorAndKeepsServing() throws Exception {
    Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
    try (AgentRun run = AgentRun.builder(device).memory(memory).simState(true).build()) {
      Pipe toServer = Pipe.open();
      Pipe fromServer = Pipe.open();
      OutputStream in = Channels.newOutputStream(toServer.sink());
      McpStdioServer server =
          McpStdioServer.start(
              new ToolDispatcher(run),
              Channels.newInputStream(toServer.source()),
              Channels.newOutputStream(fromServer.sink()));
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(
                  Channels.newInputStream(fromServer.source()), StandardCharsets.UTF_8));
      send(in, McpBadLinesTest.initialize(0));
      assertThat(out.readLine()).contains("\"result\"");
      send(in, McpBadLinesTest.INITIALIZED);
      AtomicInteger pings = new AtomicInteger();
      qt().withExamples(EXAMPLES)
          .withShrinkCycles(50)
          .forAll(longs().all())
          .checkAssert(
              seed -> {
                Random r = new Random(seed);
                String line = mcpLine(r);
                String ping = "ping-" + pings.incrementAndGet();
                try {
                  send(in, line);
                  send(in, "{\"jsonrpc\":\"2.0\",\"id\":\"" + ping + "\",\"method\":\"ping\"}");
                  // every answer up to the ping's is a JSON-RPC response; the ping's proves the
                  // server reads on
                  while (true) {
                    String l = out.readLine();
                    assertThat(l).as("answers to %s", abbreviate(line)).isNotNull();
                    JsonNode n = M.readTree(l);
                    assertThat(n.path("jsonrpc").asText()).isEqualTo("2.0");
                    assertThat(n.has("id")).isTrue();
                    if (n.path("id").asText().equals(ping)) {
                      break;
                    }
                    String outcome;
                    if (n.has("error")) {
                      int code = n.get("error").path("code").asInt();
                      assertThat(code)
                          .as("%s -> %s", abbreviate(line), l)
                          .isIn(-32700, -32600, -32601, -32602);
                      assertThat(n.get("error").path("message").asText())
                          .doesNotContainPattern(JAVA_WORDS);
                      outcome = code + " " + n.get("error").path("data").path("code").asText("sdk");
                    } else {
                      assertThat(n.has("result")).as(l).isTrue();
                      outcome =
                          n.path("result").path("isError").asBoolean() ? "tool error" : "result";
                    }
                    outcomes.computeIfAbsent(outcome, k -> new AtomicInteger()).incrementAndGet();
                  }
                } catch (java.io.IOException e) {
                  throw new AssertionError(e);
                }
              });
      send(
          in,
          McpBadLinesTest.INITIALIZED); // in case a generated initialize started the session over
      send(in, McpBadLinesTest.call("last", "sim_state", "{}"));
      JsonNode last = null;
      for (String l = out.readLine(); l != null; l = out.readLine()) {
        last = M.readTree(l);
        if (last.path("id").asText().equals("last")) {
          break;
        }
      }
      assertThat(last).isNotNull();
      assertThat(last.path("result").path("isError").asBoolean(true)).isFalse();
      in.close();
      assertThat(server.awaitInputClosed(60, TimeUnit.SECONDS)).isTrue();
      server.close();
    }
    System.out.println("MCP malformed lines: " + EXAMPLES + " inputs, outcomes " + outcomes);
  }

  /**
   * A line: malformed JSON, a malformed JSON-RPC envelope, or a tools/call with malformed
   * arguments.
   */
  private static String mcpLine(Random r) {
    String body = MalformedInput.body(r).replace('\n', ' ').replace('\r', ' ');
    String tool = MalformedInput.TOOLS.get(r.nextInt(MalformedInput.TOOLS.size()));
    return switch (r.nextInt(4)) {
      case 0 -> body;
      case 1 ->
          "{\"jsonrpc\":\"2.0\",\"id\":"
              + r.nextInt(1000)
              + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
              + tool
              + "\",\"arguments\":"
              + body
              + "}}";
      case 2 ->
          "{\"jsonrpc\":\"2.0\",\"id\":"
              + MalformedInput.randomJson(r, 1)
              + ",\"method\":"
              + MalformedInput.randomJson(r, 1)
              + ",\"params\":"
              + MalformedInput.randomJson(r, 2)
              + "}";
      default ->
          "{\"jsonrpc\":\"2.0\",\"id\":"
              + r.nextInt(1000)
              + ",\"method\":\""
              + new String[] {
                    "initialize",
                    "tools/list",
                    "tools/call",
                    "ping",
                    "logging/setLevel",
                    "resources/list"
                  }
                  [r.nextInt(6)]
              + "\",\"params\":"
              + MalformedInput.randomJson(r, 3)
              + "}";
    };
  }

  private static void send(OutputStream in, String line) throws java.io.IOException {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  private static String abbreviate(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "...(" + s.length() + " chars)";
  }
}
