package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40, item 1: MCP over Streamable HTTP. Sessions of their own that end when deleted or left
 * idle (their id then answers 404 {@code session_not_found}), per-session runs and traces, the
 * security of {@code serve} (Host, Origin, bearer tokens, body size), a session limit, and a
 * thousand clients that vanish mid-request leaving no session and no finger down.
 */
class McpHttpServerTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final String ACCEPT = "application/json, text/event-stream";
  private static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
  private static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  @TempDir Path tmp;
  private Device device;
  private McpHttpServer server;
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @BeforeEach
  void open() {
    device = Device.open("sim:?scale=0.5&scene=list");
  }

  @AfterEach
  void close() {
    if (server != null) {
      server.close();
    }
    device.close();
  }

  private McpHttpServer start(McpHttpServer.Builder b) {
    server = b.address(new InetSocketAddress("127.0.0.1", 0)).start();
    return server;
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.address().getPort() + path);
  }

  private HttpResponse<String> post(String session, String body, String... headers)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri("/mcp"))
            .header("Content-Type", "application/json")
            .header("Accept", ACCEPT)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      b.header("mcp-session-id", session);
    }
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The JSON-RPC message of an answer, sent as JSON or as the last event of a stream. */
  private static JsonNode message(HttpResponse<String> r) throws IOException {
    String type = r.headers().firstValue("content-type").orElse("");
    if (!type.startsWith("text/event-stream")) {
      return M.readTree(r.body());
    }
    JsonNode last = null;
    for (String line : r.body().split("\n")) {
      if (line.startsWith("data:")) {
        last = M.readTree(line.substring(5).strip());
      }
    }
    assertThat(last).as("an event in %s", r.body()).isNotNull();
    return last;
  }

  private String initialize(String... headers) throws Exception {
    HttpResponse<String> init = post(null, INIT, headers);
    assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
    String id = init.headers().firstValue("mcp-session-id").orElseThrow();
    assertThat(post(id, INITIALIZED, headers).statusCode()).isEqualTo(202);
    return id;
  }

  private JsonNode call(String session, String tool, String args) throws Exception {
    HttpResponse<String> r =
        post(
            session,
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\""
                + tool
                + "\",\"arguments\":"
                + args
                + "}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return message(r).path("result");
  }

  private static String structured(JsonNode result, String field) {
    return result.path("structuredContent").path(field).asText();
  }

  private static void awaitNoSessions(McpHttpServer s) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (s.sessionCount() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(s.sessionCount()).as("sessions still live").isZero();
  }

  /** Live threads other than the JVM's own, by id. */
  private static java.util.Set<Long> liveThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getId)
        .collect(java.util.stream.Collectors.toSet());
  }

  @Test
  void aClosedServerLeavesNoThreadBehindSoItsProcessCanExit() throws Exception {
    java.util.Set<Long> before = liveThreads();
    McpHttpServer s =
        McpHttpServer.builder(device)
            .address(new InetSocketAddress("127.0.0.1", 0))
            .sessionIdleTimeout(Duration.ofSeconds(2))
            .start();
    server = s;
    initialize();
    java.util.List<Thread> started =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> !before.contains(t.getId()))
            .toList();
    // the SDK's session sweeper among them, which it starts on a thread of its own
    assertThat(started)
        .extracting(Thread::getName)
        .anyMatch(n -> n.startsWith("streamable-http-server-transport-session-sweeper"));
    s.close();
    server = null;
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    java.util.List<String> left;
    do {
      Thread.sleep(50);
      left =
          started.stream()
              .filter(Thread::isAlive)
              .filter(t -> !t.isDaemon())
              .map(Thread::getName)
              .toList();
    } while (!left.isEmpty() && System.nanoTime() < deadline);
    assertThat(left).as("threads that would keep the process alive").isEmpty();
    assertThat(started)
        .filteredOn(t -> t.getName().startsWith("streamable-http-server-transport"))
        .filteredOn(Thread::isAlive)
        .as("the SDK's sweeper ends with the server")
        .isEmpty();
  }

  @Test
  void aSessionListsAndCallsToolsAndEndsWhenDeleted() throws Exception {
    start(McpHttpServer.builder(device));
    HttpResponse<String> init = post(null, INIT);
    assertThat(message(init).path("result").path("serverInfo").path("name").asText())
        .isEqualTo("swipe");
    String id = init.headers().firstValue("mcp-session-id").orElseThrow();
    assertThat(post(id, INITIALIZED).statusCode()).isEqualTo(202);

    JsonNode tools =
        message(post(id, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}"))
            .path("result")
            .path("tools");
    assertThat(tools.findValuesAsText("name")).contains("screenshot", "tap", "wheel_nudge");

    JsonNode shot = call(id, "screenshot", "{}");
    assertThat(shot.path("isError").asBoolean()).as(shot.toString()).isFalse();
    assertThat(shot.path("content").findValuesAsText("type")).contains("image", "text");
    assertThat(structured(shot, "screenshot_attachment_id")).isNotEmpty();
    assertThat(server.sessionCount()).isEqualTo(1);

    HttpResponse<String> delete =
        http.send(
            HttpRequest.newBuilder(uri("/mcp")).header("mcp-session-id", id).DELETE().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(delete.statusCode()).isEqualTo(200);
    assertThat(server.sessionCount()).isZero();
    assertThat(server.endedSessionCount()).isEqualTo(1);

    HttpResponse<String> after =
        post(id, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
    assertThat(after.statusCode()).isEqualTo(404);
    assertThat(M.readTree(after.body()).path("error").path("data").path("code").asText())
        .isEqualTo("session_not_found");
  }

  @Test
  void eachSessionHasItsOwnRunAndTrace() throws Exception {
    Path traces = tmp.resolve("traces");
    start(McpHttpServer.builder(device).trace(traces, 8L * 1024 * 1024));
    String a = initialize();
    String b = initialize();
    JsonNode shotA = call(a, "screenshot", "{}");
    JsonNode shotB = call(b, "screenshot", "{}");
    // each run numbers its own screenshots, and one session cannot name another's
    assertThat(structured(shotB, "screenshot_attachment_id"))
        .isEqualTo(structured(shotA, "screenshot_attachment_id"));
    call(a, "screenshot", "{}");
    JsonNode cross =
        call(
            b,
            "image_diff",
            "{\"before\":\""
                + structured(call(a, "screenshot", "{}"), "screenshot_attachment_id")
                + "\",\"after\":\""
                + structured(shotB, "screenshot_attachment_id")
                + "\"}");
    assertThat(cross.path("isError").asBoolean()).as(cross.toString()).isTrue();

    for (String id : List.of(a, b)) {
      http.send(
          HttpRequest.newBuilder(uri("/mcp")).header("mcp-session-id", id).DELETE().build(),
          HttpResponse.BodyHandlers.ofString());
    }
    try (Stream<Path> dirs = Files.list(traces)) {
      List<String> names = dirs.map(p -> p.getFileName().toString()).sorted().toList();
      assertThat(names).hasSize(2);
      assertThat(names)
          .anyMatch(n -> n.endsWith("-mcp-" + a))
          .anyMatch(n -> n.endsWith("-mcp-" + b));
    }
    try (Stream<Path> dirs = Files.list(traces)) {
      for (Path d : dirs.toList()) {
        assertThat(Files.readString(d.resolve("trace.jsonl"))).contains("screenshot");
      }
    }
  }

  @Test
  void aSessionLeftIdleEndsAndItsIdIsRefused() throws Exception {
    start(McpHttpServer.builder(device).sessionIdleTimeout(Duration.ofMillis(300)));
    String id = initialize();
    call(id, "screenshot", "{}");
    awaitNoSessions(server);
    assertThat(server.endedSessionCount()).isEqualTo(1);
    HttpResponse<String> r = post(id, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(M.readTree(r.body()).path("error").path("data").path("code").asText())
        .isEqualTo("session_not_found");
    // a new session works as before
    assertThat(structured(call(initialize(), "screenshot", "{}"), "screenshot_attachment_id"))
        .isNotEmpty();
  }

  private static String code(RawHttp.Answer a) {
    return a.json().path("error").path("data").path("code").asText();
  }

  private RawHttp.Answer raw(String request) throws IOException {
    try (RawHttp c = new RawHttp(server.address().getPort())) {
      return c.send(request).read();
    }
  }

  @Test
  void foreignHostsOriginsPathsAndLargeBodiesAreRefusedBeforeTheSdk() throws Exception {
    start(McpHttpServer.builder(device).maxRequestBytes(4096).maxSessions(1));
    RawHttp.Answer host =
        raw(RawHttp.post("/mcp", INIT, "Host: evil.example:8766", "Accept: " + ACCEPT));
    assertThat(host.status()).isEqualTo(403);
    assertThat(code(host)).isEqualTo("host_not_allowed");
    RawHttp.Answer origin =
        raw(RawHttp.post("/mcp", INIT, "Origin: http://evil.example", "Accept: " + ACCEPT));
    assertThat(origin.status()).isEqualTo(403);
    assertThat(code(origin)).isEqualTo("origin_not_allowed");
    RawHttp.Answer path = raw(RawHttp.post("/tools/screenshot", "{}"));
    assertThat(path.status()).isEqualTo(404);
    assertThat(code(path)).isEqualTo("not_found");
    RawHttp.Answer big = raw(RawHttp.post("/mcp", "x".repeat(5000), "Accept: " + ACCEPT));
    assertThat(big.status()).isEqualTo(413);
    assertThat(code(big)).isEqualTo("request_too_large");
    assertThat(server.sessionCount()).isZero();

    initialize();
    HttpResponse<String> second = post(null, INIT);
    assertThat(second.statusCode()).isEqualTo(503);
    assertThat(second.headers().firstValue("retry-after")).isPresent();
    assertThat(M.readTree(second.body()).path("error").path("data").path("code").asText())
        .isEqualTo("too_many_sessions");
  }

  @Test
  void tokensAreRequiredWhenGiven() throws Exception {
    start(McpHttpServer.builder(device).tokens(List.of("first", "second")));
    HttpResponse<String> none = post(null, INIT);
    assertThat(none.statusCode()).isEqualTo(401);
    assertThat(none.headers().firstValue("www-authenticate")).contains("Bearer");
    // its body unread, the connection is not kept for the next request, which gets an answer
    assertThat(none.headers().firstValue("connection")).contains("close");
    assertThat(M.readTree(none.body()).path("error").path("data").path("code").asText())
        .isEqualTo("unauthorized");
    assertThat(post(null, INIT, "Authorization", "Bearer third").statusCode()).isEqualTo(401);
    String id = initialize("Authorization", "Bearer second");
    assertThat(id).isNotEmpty();
    assertThat(server.sessionCount()).isEqualTo(1);
  }

  @Test
  void aBadBuilderIsRefusedWithTheFieldNamed() {
    McpHttpServer.Builder b = McpHttpServer.builder(device);
    assertThatThrownBy(() -> b.maxSessions(0))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("max_sessions");
    assertThatThrownBy(() -> b.sessionIdleTimeout(Duration.ofMillis(5)))
        .hasMessageContaining("session_idle_timeout");
    assertThatThrownBy(() -> b.maxRequestBytes(10)).hasMessageContaining("max_request_bytes");
    assertThatThrownBy(
            () ->
                McpHttpServer.builder(device).address(new InetSocketAddress("0.0.0.0", 0)).start())
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("token");
  }

  /** Reads an answer's head (status line and headers) and nothing more. */
  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int last4 = 0;
    while (last4 != 0x0D0A0D0A) {
      int c = in.read();
      if (c < 0) {
        break;
      }
      head.write(c);
      last4 = (last4 << 8) | c;
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  private static String sessionOf(String head) {
    for (String line : head.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("mcp-session-id:")) {
        return line.substring(line.indexOf(':') + 1).strip();
      }
    }
    throw new AssertionError("no session id in " + head);
  }

  /** Opens a connection whose close is a reset: the client vanishes without a word. */
  private Socket vanishing() throws IOException {
    Socket s = new Socket("127.0.0.1", server.address().getPort());
    s.setSoLinger(true, 0);
    s.setSoTimeout(30_000);
    return s;
  }

  private String exchange(String request) throws IOException {
    try (Socket s = vanishing()) {
      OutputStream out = s.getOutputStream();
      out.write(request.getBytes(StandardCharsets.UTF_8));
      out.flush();
      return head(s.getInputStream());
    }
  }

  @Test
  void aThousandClientsThatVanishLeaveNoSessionAndNoFingerDown() throws Exception {
    start(
        McpHttpServer.builder(device).maxSessions(1024).sessionIdleTimeout(Duration.ofMillis(300)));
    String accept = "Accept: " + ACCEPT;
    int midCall = 0;
    for (int i = 0; i < 1000; i++) {
      switch (i % 4) {
        case 0 -> {
          // half a request, then gone
          try (Socket s = vanishing()) {
            String req = RawHttp.post("/mcp", INIT, accept);
            s.getOutputStream()
                .write(req.substring(0, req.length() / 2).getBytes(StandardCharsets.UTF_8));
          }
        }
        case 1 -> {
          // a whole initialize, gone before the answer
          try (Socket s = vanishing()) {
            s.getOutputStream()
                .write(RawHttp.post("/mcp", INIT, accept).getBytes(StandardCharsets.UTF_8));
          }
        }
        case 2 -> exchange(RawHttp.post("/mcp", INIT, accept)); // a session never used again
        default -> {
          String id = sessionOf(exchange(RawHttp.post("/mcp", INIT, accept)));
          String sid = "mcp-session-id: " + id;
          exchange(RawHttp.post("/mcp", INITIALIZED, accept, sid));
          if (i % 20 != 3) {
            exchange(
                RawHttp.post(
                    "/mcp",
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                    accept,
                    sid));
            break;
          }
          // gone in the middle of a gesture: a tap, or every 100th a long swipe
          String args =
              i % 100 == 3
                  ? "{\"name\":\"touch_gesture\",\"arguments\":{\"type\":\"swipe\",\"start\":{\"x\":500,\"y\":700},\"end\":{\"x\":500,\"y\":300},\"duration_ms\":600}}"
                  : "{\"name\":\"tap\",\"arguments\":{\"point_2d\":[500,900]}}";
          try (Socket s = vanishing()) {
            s.getOutputStream()
                .write(
                    RawHttp.post(
                            "/mcp",
                            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                                + args
                                + "}",
                            accept,
                            sid)
                        .getBytes(StandardCharsets.UTF_8));
            Thread.sleep(i % 100 == 3 ? 150 : 20); // the call has begun
          }
          midCall++;
        }
      }
    }
    assertThat(midCall).isEqualTo(50);
    awaitNoSessions(server);
    // every call the vanished clients began ran to its end: each touch that went down came up
    SimOracle sim = SimOracle.of(device);
    sim.awaitRest(Duration.ofSeconds(10));
    List<SimState.TouchEvent> touches = sim.touchLog();
    long downs = touches.stream().filter(t -> t.phase() == SimState.Phase.DOWN).count();
    long ups = touches.stream().filter(t -> t.phase() == SimState.Phase.UP).count();
    assertThat(downs).as("touches that began").isGreaterThanOrEqualTo(40);
    assertThat(ups).as("touches that ended").isEqualTo(downs);
    assertThat(touches.get(touches.size() - 1).phase()).isEqualTo(SimState.Phase.UP);
    assertThat(sim.pointer().pressed()).isFalse();
    // and the server still serves
    assertThat(structured(call(initialize(), "screenshot", "{}"), "screenshot_attachment_id"))
        .isNotEmpty();
  }
}
