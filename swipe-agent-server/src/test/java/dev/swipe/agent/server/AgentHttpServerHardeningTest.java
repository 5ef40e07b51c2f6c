package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.core.Device;
import dev.swipe.memory.MemoryStore;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 23, items 2, 4 and 6 on the HTTP endpoint: slow and half-sent requests cannot starve
 * others, connections per client are bounded, every malformed request gets JSON, Host and Origin
 * are checked before anything runs, runs cannot be taken over or silently reborn, and kept-alive
 * answers are written in one piece.
 */
class AgentHttpServerHardeningTest {
  private static final Pattern SNAKE = Pattern.compile("[a-z][a-z_]*[a-z]");
  private static final Pattern JAVA_WORDS =
      Pattern.compile("java\\.|com\\.fasterxml|Exception|<h1>|<html");
  private Device device;
  private MemoryStore memory;
  private final List<AgentHttpServer> servers = new ArrayList<>();
  private final List<RawHttp> sockets = new ArrayList<>();

  /** Idle local sockets held open at once (the reliability table runs 1,000). */
  private static final int HELD_SOCKETS = Integer.getInteger("swipe.reliability.sockets", 300);

  /** Runs made after a victim's (the reliability table runs 100,000). */
  private static final int RUNS_AFTER = Integer.getInteger("swipe.reliability.runs", 3000);

  @BeforeEach
  void open() {
    device = Device.open("sim:?scale=0.3&scene=list");
    memory = MemoryStore.open("mem:");
  }

  @AfterEach
  void close() throws IOException {
    for (RawHttp s : sockets) {
      s.close();
    }
    servers.forEach(AgentHttpServer::close);
    memory.close();
    device.close();
  }

  private AgentHttpServer server(UnaryOperator<AgentHttpServer.Builder> config) {
    AgentHttpServer s =
        config
            .apply(
                AgentHttpServer.builder(device)
                    .address(new InetSocketAddress("127.0.0.1", 0))
                    .memory(memory)
                    .maxRequestBytes(1024 * 1024)
                    .simState(true))
            .start();
    servers.add(s);
    return s;
  }

  private RawHttp raw(AgentHttpServer s) throws IOException {
    RawHttp r = new RawHttp(s.address().getPort());
    sockets.add(r);
    return r;
  }

  private static RawHttp.Answer ask(AgentHttpServer s, String request) throws IOException {
    try (RawHttp r = new RawHttp(s.address().getPort())) {
      return r.send(request).read();
    }
  }

  private static void assertJsonError(RawHttp.Answer a, int status, String code) {
    assertThat(a.headers().get("content-type")).as(a.body()).startsWith("application/json");
    assertThat(a.body()).doesNotContainPattern(JAVA_WORDS);
    assertThat(a.status()).as(a.body()).isEqualTo(status);
    assertThat(a.code()).as(a.body()).isEqualTo(code).matches(SNAKE);
    assertThat(a.json().path("error").path("message").asText()).isNotBlank();
  }

  @Test
  void stalledClientsDoNotStarveANormalOne() throws Exception {
    AgentHttpServer s = server(b -> b.requestTimeout(Duration.ofMinutes(2)));
    // more half-sent requests than the old server had worker threads
    for (int i = 0; i < 10; i++) {
      raw(s)
          .send(
              "POST /tools/sim_state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Content-Length: 100\r\n\r\n{\"a\":");
    }
    for (int i = 0; i < 4; i++) {
      raw(s).send("POST /tools/sim_state HTTP/1.1\r\nHost: 127.0");
    }
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<String> r =
        client.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + s.address().getPort() + "/tools/sim_state"))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(s.openConnections())
        .as("the stalled clients are still connected, and were not what let it through")
        .isGreaterThanOrEqualTo(14);
  }

  @Test
  void halfSentRequestsAreAnsweredWithATimeoutAndDropped() throws Exception {
    AgentHttpServer s =
        server(b -> b.requestTimeout(Duration.ofMillis(300)).idleTimeout(Duration.ofMillis(300)));
    RawHttp partialHead = raw(s).send("POST /tools/sim_state HTTP/1.1\r\nHost: 127.0");
    RawHttp partialBody =
        raw(s)
            .send(
                RawHttp.post("/tools/sim_state", "{}")
                    .replace("Content-Length: 2", "Content-Length: 50"));
    RawHttp silent = raw(s);
    for (RawHttp r : List.of(partialHead, partialBody)) {
      RawHttp.Answer a = r.read();
      assertJsonError(a, 408, "request_timeout");
      assertThat(a.headers().get("connection")).isEqualTo("close");
      assertThat(r.closedByServer()).isTrue();
    }
    assertThat(silent.closedByServer())
        .as("a connection that never asks is closed when idle")
        .isTrue();

    // a client trickling a byte at a time cannot stretch a request past the deadline
    RawHttp trickle = raw(s);
    byte[] request = RawHttp.post("/tools/sim_state", "{}").getBytes(StandardCharsets.UTF_8);
    int sent = 0;
    try {
      for (; sent < request.length - 1 && trickle.input().available() == 0; sent++) {
        trickle.send(new byte[] {request[sent]});
        Thread.sleep(50);
      }
    } catch (IOException e) {
      // the server hung up on us: that is the point
    }
    assertThat(sent).as("the request was never completed").isLessThan(request.length);
    assertJsonError(trickle.read(), 408, "request_timeout");
  }

  @Test
  void idleLocalSocketsDoNotLockOutAnotherLocalClient() throws Exception {
    // every local process is 127.0.0.1: a per-address bound would let one process's idle sockets
    // refuse every other local client
    AgentHttpServer s = server(b -> b.maxConnectionsPerClient(3));
    for (int i = 0; i < HELD_SOCKETS; i++) { // bounded: sockets that never ask anything
      raw(s);
    }
    for (int i = 0; i < 3; i++) {
      assertThat(ask(s, RawHttp.get("/tools")).status())
          .as("another local client, asking while %d idle sockets are held", HELD_SOCKETS)
          .isEqualTo(200);
    }
    System.out.printf(
        "reliability: %d idle local sockets held, another client served%n", HELD_SOCKETS);
    assertThat(s.openConnections())
        .as("the total bound holds")
        .isLessThanOrEqualTo(AgentHttpServer.MAX_CONNECTIONS);
  }

  @Test
  void everyMalformedRequestGetsJsonNeverHtml() throws Exception {
    AgentHttpServer s = server(b -> b);
    String big = "X-Filler: " + "a".repeat(70 * 1024) + "\r\n";
    String[][] cases = {
      {"GARBAGE\r\n\r\n", "400", "malformed_request"},
      {"GET /tools HTTP/1.1\r\n\r\n", "400", "malformed_request"},
      {
        "POST /tools/screenshot HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n",
        "400",
        "malformed_request"
      },
      {
        "POST /tools/screenshot HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
        "400",
        "malformed_request"
      },
      {
        "POST /tools/screenshot HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}",
        "400",
        "malformed_request"
      },
      {
        "POST /tools/screenshot HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
        "501",
        "unsupported_transfer_encoding"
      },
      {
        "POST /tools/sim_state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        "400",
        "malformed_request"
      },
      {"GET /tools HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", "505", "http_version_not_supported"},
      {"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "505", "http_version_not_supported"},
      {"GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\nNoColonHere\r\n\r\n", "400", "malformed_request"},
      {
        "GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\n  folded\r\n\r\n",
        "400",
        "malformed_request"
      },
      {"GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\n" + big + "\r\n", "431", "headers_too_large"},
      {
        "GET /" + "a".repeat(10 * 1024) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "414",
        "request_line_too_long"
      },
      {"GET /to\0ols HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "400", "malformed_request"},
      {
        "GET http://127.0.0.1/tools HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "400", "malformed_request"
      },
      {
        "OPTIONS /tools/screenshot HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost\r\n\r\n",
        "405",
        "method_not_allowed"
      },
      {"DELETE /tools HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "405", "method_not_allowed"},
      {"GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "404", "not_found"},
      {RawHttp.post("/tools/sim_state", "hello"), "400", "invalid_argument"},
      {
        RawHttp.post("/tools/sim_state", "[".repeat(10_000) + "]".repeat(10_000)),
        "400",
        "json_too_deep"
      },
      {
        RawHttp.post("/tools/sim_state", "{\"n\":" + "7".repeat(5000) + "}"),
        "400",
        "json_number_too_long"
      },
      {
        RawHttp.post(
            "/tools/touch_gesture", "{\"type\":\"tap\",\"start\":{\"x\":1e2147483648,\"y\":1}}"),
        "400",
        "invalid_argument"
      },
      {RawHttp.post("/tools/sim_state", "{}", "Run: a b"), "400", "invalid_argument"},
      {
        "POST /tools/sim_state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Expect: 100-continue\r\nContent-Length: 100000000\r\n\r\n",
        "413",
        "request_too_large"
      },
    };
    for (String[] c : cases) {
      RawHttp.Answer a = ask(s, c[0]);
      assertJsonError(a, Integer.parseInt(c[1]), c[2]);
    }
    RawHttp.Answer field =
        ask(
            s,
            RawHttp.post(
                "/tools/touch_gesture", "{\"type\":\"tap\",\"start\":{\"x\":-1e400,\"y\":1}}"));
    assertJsonError(field, 400, "invalid_argument");
    assertThat(field.json().path("error").path("details").path("field").asText())
        .isEqualTo("start.x");
    // and it still serves
    assertThat(ask(s, RawHttp.post("/tools/sim_state", "{}")).status()).isEqualTo(200);
  }

  @Test
  void keptAliveAnswersArriveInOnePiece() throws Exception {
    AgentHttpServer s = server(b -> b);
    RawHttp r = raw(s);
    for (int i = 0; i < 20; i++) {
      r.send(
          i % 2 == 0
              ? RawHttp.get("/tools/screenshot")
              : RawHttp.post("/tools/recall_memory", "{\"query\":\"x\"}"));
      // written as head and body apart, Nagle's algorithm holds the body back until the client's
      // delayed acknowledgement (about 40 ms): the head would arrive alone
      int first = r.input().read();
      int waiting = r.input().available();
      r.input().unread(first);
      RawHttp.Answer a = r.read();
      assertThat(a.status()).isEqualTo(200);
      assertThat(waiting + 1)
          .as("request %d: the whole answer was there with its first byte", i)
          .isEqualTo(a.size());
    }
  }

  @Test
  void hostAndOriginAreCheckedBeforeAnyToolRuns() throws Exception {
    AgentHttpServer s = server(b -> b);
    int port = s.address().getPort();
    String save = "{\"title\":\"[Evil] [Page] swipe parameters\",\"content\":\"app: Evil\"}";
    assertJsonError(
        ask(s, RawHttp.post("/tools/save_memory", save, "Host: evil.example:" + port)),
        403,
        "host_not_allowed");
    assertJsonError(
        ask(s, RawHttp.post("/tools/save_memory", save, "Origin: http://evil.example:" + port)),
        403,
        "origin_not_allowed");
    assertJsonError(
        ask(s, RawHttp.post("/tools/save_memory", save, "Origin: null")),
        403,
        "origin_not_allowed");
    assertJsonError(
        ask(s, RawHttp.post("/tools/save_memory", save, "Origin: http://evil.example@127.0.0.1")),
        403,
        "origin_not_allowed");
    assertJsonError(
        ask(
            s,
            RawHttp.post(
                "/tools/save_memory",
                save,
                "Origin: http://127.0.0.1:" + port,
                "Origin: http://evil.example")),
        400,
        "malformed_request");
    assertJsonError(
        ask(
            s,
            RawHttp.post(
                "/tools/save_memory",
                save,
                "Host: 127.0.0.1:" + port,
                "Host: evil.example:" + port)),
        400,
        "malformed_request");
    assertJsonError(
        ask(s, RawHttp.post("/tools/save_memory", save, "Host: a b")), 403, "host_not_allowed");
    assertJsonError(
        ask(s, RawHttp.get("/tools").replace("Host: 127.0.0.1", "Host: evil.example")),
        403,
        "host_not_allowed");
    JsonNode recalled = ask(s, RawHttp.post("/tools/recall_memory", "{\"query\":\"Evil\"}")).json();
    assertThat(recalled.get("count").asInt()).as("nothing ran for the refused requests").isZero();

    for (String host :
        List.of(
            "localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port, "LOCALHOST", "127.0.0.1")) {
      assertThat(ask(s, RawHttp.post("/tools/sim_state", "{}", "Host: " + host)).status())
          .as(host)
          .isEqualTo(200);
    }
    assertThat(
            ask(s, RawHttp.post("/tools/sim_state", "{}", "Origin: http://localhost:5173"))
                .status())
        .isEqualTo(200);

    AgentHttpServer allowing = server(b -> b.allowHosts(List.of("phone.lan", "[fd00::1]:9000")));
    assertThat(
            ask(allowing, RawHttp.post("/tools/sim_state", "{}", "Host: phone.lan:1234")).status())
        .isEqualTo(200);
    assertThat(
            ask(allowing, RawHttp.post("/tools/sim_state", "{}", "Host: [fd00::1]:9000")).status())
        .isEqualTo(200);
    assertJsonError(
        ask(allowing, RawHttp.post("/tools/sim_state", "{}", "Host: [fd00::1]:9001")),
        403,
        "host_not_allowed");
    assertThat(
            ask(allowing, RawHttp.post("/tools/sim_state", "{}", "Origin: https://phone.lan"))
                .status())
        .isEqualTo(200);
    assertJsonError(
        ask(allowing, RawHttp.post("/tools/sim_state", "{}", "Host: phone.lan.evil.example")),
        403,
        "host_not_allowed");
  }

  @Test
  void aConnectionsRunCannotBeTakenOverByAnother() throws Exception {
    AgentHttpServer s = server(b -> b);
    RawHttp alice = raw(s);
    RawHttp.Answer shot = alice.send(RawHttp.post("/tools/screenshot", "{}")).read();
    String run = shot.headers().get("run");
    String id = shot.json().get("screenshot_attachment_id").asText();
    assertThat(run).startsWith("connection-");
    String diff = "{\"before\":\"" + id + "\",\"after\":\"" + id + "\"}";
    RawHttp.Answer mallory = ask(s, RawHttp.post("/tools/image_diff", diff, "run: " + run));
    assertJsonError(mallory, 403, "run_not_owned");
    RawHttp.Answer own = alice.send(RawHttp.post("/tools/image_diff", diff, "run: " + run)).read();
    assertThat(own.status()).as(own.body()).isEqualTo(200);
    assertThat(own.headers().get("run")).isEqualTo(run);
  }

  @Test
  void explicitRunsAreSharedButBelongToTheTokenThatMadeThem() throws Exception {
    AgentHttpServer s = server(b -> b.tokens(List.of("token-a", "token-b")));
    RawHttp.Answer made =
        ask(s, RawHttp.post("/tools/screenshot", "{}", "Authorization: Bearer token-a", "run: r1"));
    assertThat(made.status()).isEqualTo(200);
    String id = made.json().get("screenshot_attachment_id").asText();
    String diff = "{\"before\":\"" + id + "\",\"after\":\"" + id + "\"}";
    assertJsonError(
        ask(s, RawHttp.post("/tools/image_diff", diff, "Authorization: Bearer token-b", "run: r1")),
        403,
        "run_not_owned");
    RawHttp.Answer again =
        ask(s, RawHttp.post("/tools/image_diff", diff, "Authorization: Bearer token-a", "run: r1"));
    assertThat(again.status())
        .as("another connection with the same token joins the run")
        .isEqualTo(200);
    assertJsonError(
        ask(s, RawHttp.post("/tools/image_diff", diff, "run: r1")), 401, "unauthorized");
  }

  @Test
  void anEvictedRunSaysSoInsteadOfReissuingIds() throws Exception {
    AgentHttpServer s = server(b -> b.maxRuns(2));
    RawHttp.Answer first = ask(s, RawHttp.post("/tools/screenshot", "{}", "run: x"));
    assertThat(first.json().get("screenshot_attachment_id").asText()).isEqualTo("shot-1");
    ask(s, RawHttp.post("/tools/screenshot", "{}", "run: y"));
    ask(s, RawHttp.post("/tools/screenshot", "{}", "run: z"));
    for (int i = 0; i < 2; i++) {
      RawHttp.Answer gone = ask(s, RawHttp.post("/tools/screenshot", "{}", "run: x"));
      assertJsonError(gone, 410, "run_evicted");
      assertThat(gone.json().path("error").path("details").path("run").asText()).isEqualTo("x");
    }
    assertThat(ask(s, RawHttp.post("/tools/screenshot", "{}", "run: z")).status()).isEqualTo(200);

    // a connection's run evicted while the connection lives: told once, then a new run
    AgentHttpServer one = server(b -> b.maxRuns(1));
    RawHttp alice = raw(one);
    String aliceRun =
        alice.send(RawHttp.post("/tools/screenshot", "{}")).read().headers().get("run");
    ask(one, RawHttp.post("/tools/screenshot", "{}", "run: other"));
    assertJsonError(alice.send(RawHttp.post("/tools/screenshot", "{}")).read(), 410, "run_evicted");
    RawHttp.Answer fresh = alice.send(RawHttp.post("/tools/screenshot", "{}")).read();
    assertThat(fresh.status()).isEqualTo(200);
    assertThat(fresh.headers().get("run")).isNotEqualTo(aliceRun).startsWith("connection-");
  }

  @Test
  void oneTokensRunsMakeRoomAmongThemselvesNeverByEndingAnothers() throws Exception {
    AgentHttpServer s = server(b -> b.tokens(List.of("token-a", "token-b")).maxRuns(2));
    String a = "Authorization: Bearer token-a";
    String b = "Authorization: Bearer token-b";
    RawHttp.Answer made = ask(s, RawHttp.post("/tools/screenshot", "{}", a, "run: victim"));
    assertThat(made.status()).isEqualTo(200);
    String id = made.json().get("screenshot_attachment_id").asText();
    String diff = "{\"before\":\"" + id + "\",\"after\":\"" + id + "\"}";
    RawHttp bob = raw(s);
    for (int i = 0; i < 6; i++) {
      assertThat(ask(s, RawHttp.post("/tools/recall_memory", "{}", b, "run: b" + i)).status())
          .isEqualTo(200);
      assertThat(bob.send(RawHttp.post("/tools/recall_memory", "{}", b)).read().status())
          .as("a connection run of token b counts toward b's runs")
          .isIn(200, 410);
    }
    RawHttp.Answer still = ask(s, RawHttp.post("/tools/image_diff", diff, a, "run: victim"));
    assertThat(still.status()).as(still.json().toString()).isEqualTo(200);
    assertJsonError(
        ask(s, RawHttp.post("/tools/recall_memory", "{}", b, "run: b0")), 410, "run_evicted");
    assertThat(ask(s, RawHttp.post("/tools/recall_memory", "{}", b, "run: b5")).status())
        .isEqualTo(200);
  }

  @Test
  void aRetiredNameIsNeverReissuedHoweverManyRunsFollow() throws Exception {
    AgentHttpServer s = server(b -> b.maxRuns(2));
    RawHttp.Answer first = ask(s, RawHttp.post("/tools/screenshot", "{}", "run: victim"));
    assertThat(first.json().get("screenshot_attachment_id").asText()).isEqualTo("shot-1");
    RawHttp client = raw(s);
    for (int i = 0; i < RUNS_AFTER; i++) {
      RawHttp.Answer a =
          client.send(RawHttp.post("/tools/recall_memory", "{}", "run: r-" + i)).read();
      assertThat(a.status()).as("run r-%d", i).isEqualTo(200);
    }
    String diff = "{\"before\":\"shot-1\",\"after\":\"shot-1\"}";
    for (int i = 0; i < 2; i++) {
      assertJsonError(
          ask(s, RawHttp.post("/tools/image_diff", diff, "run: victim")), 410, "run_evicted");
    }
    assertJsonError(
        ask(s, RawHttp.post("/tools/recall_memory", "{}", "run: r-0")), 410, "run_evicted");
    assertThat(
            ask(s, RawHttp.post("/tools/recall_memory", "{}", "run: r-" + (RUNS_AFTER - 1)))
                .status())
        .isEqualTo(200);
    System.out.printf(
        "reliability: %d runs after the victim's, its name and ids never reissued%n", RUNS_AFTER);
  }

  @Test
  void aSizeMismatchNamesTheScreenshotsRealSizes() throws Exception {
    AgentHttpServer s = server(b -> b.maxRequestBytes(4 * 1024 * 1024));
    String body = "{\"before\":\"" + jpeg(400, 800) + "\",\"after\":\"" + jpeg(300, 600) + "\"}";
    RawHttp.Answer a = ask(s, RawHttp.post("/tools/image_diff", body));
    assertJsonError(a, 400, "image_size_mismatch");
    assertThat(a.json().path("error").path("message").asText()).contains("400x800 vs 300x600");
  }

  private static String jpeg(int w, int h) throws IOException {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(img, "jpg", out);
    return Base64.getEncoder().encodeToString(out.toByteArray());
  }
}
