package dev.swipe.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.http.internal.JsonHttpServer.Connection;
import dev.swipe.http.internal.JsonHttpServer.Refusal;
import dev.swipe.http.internal.JsonHttpServer.Request;
import dev.swipe.http.internal.JsonHttpServer.Response;
import dev.swipe.http.internal.JsonHttpServer.Step;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The server hands every refusal of its own to the handler, so an endpoint's error shape is the
 * only shape a client sees; a handler that throws is answered as {@code internal}; an answer the
 * client did not stay for runs the handler's undelivered action. Real sockets on 127.0.0.1.
 */
@Timeout(60)
class JsonHttpServerTest {
  /** Answers GET /ok, throws on /boom; words refusals in a shape of its own, always status 418. */
  private static final class Shaped implements JsonHttpServer.Handler {
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicBoolean undelivered = new AtomicBoolean();
    final CountDownLatch left = new CountDownLatch(1);
    final CountDownLatch watching = new CountDownLatch(1);
    final java.util.concurrent.atomic.AtomicInteger slow =
        new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public Step head(Request request, Connection connection) {
      return switch (request.path()) {
        case "/ok" ->
            request.method().equals("POST")
                ? (JsonHttpServer.BodyReader)
                    body -> Response.of(200, "{\"read\":true}".getBytes(StandardCharsets.UTF_8))
                : Response.of(200, "{\"ok\":true}".getBytes(StandardCharsets.UTF_8));
        case "/boom" -> throw new IllegalStateException("a bug");
        case "/watch" -> {
          connection.onDisconnect(left::countDown);
          watching.countDown();
          try {
            release.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          yield Response.of(200, "{\"watched\":true}".getBytes(StandardCharsets.UTF_8));
        }
        case "/slow" -> {
          slow.incrementAndGet();
          try {
            release.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          yield Response.of(200, "{\"late\":true}".getBytes(StandardCharsets.UTF_8))
              .onUndelivered(() -> undelivered.set(true));
        }
        default ->
            Response.of(
                404,
                "{\"shape\":\"mine\",\"code\":\"not_found\"}".getBytes(StandardCharsets.UTF_8));
      };
    }

    @Override
    public Response refused(Refusal r) {
      return Response.of(
          418,
          ("{\"shape\":\"mine\",\"code\":\"" + r.code().id() + "\"}")
              .getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void closed(Connection connection) {}
  }

  private static JsonHttpServer start(Shaped h) throws IOException {
    return new JsonHttpServer(
        "test-http",
        new InetSocketAddress("127.0.0.1", 0),
        new JsonHttpServer.Limits(4096, Duration.ofSeconds(5), Duration.ofSeconds(5), 16, 8),
        h);
  }

  @Test
  void everyRequestTheServerRefusesIsAnsweredInTheHandlersShapeAndServingGoesOn()
      throws IOException {
    Shaped h = new Shaped();
    try (JsonHttpServer s = start(h)) {
      int port = s.address().getPort();
      List<String> refused =
          List.of(
              "GET http://127.0.0.1/ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
              "GET /ok#x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
              "GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
              "GET /ok HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n",
              "GET /ok HTTP/1.1\r\n\r\n",
              "GET /" + "y".repeat(20_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
              "POST /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\n"
                  + "z".repeat(5000),
              "POST /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
              // a second Host or Origin could carry what the endpoint's check never read
              "GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n",
              "GET /ok HTTP/1.0\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n",
              "GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n"
                  + "Origin: http://evil.example\r\n\r\n",
              "GET /ok HTTP/1.0\r\nOrigin: http://localhost\r\norigin: http://evil.example\r\n\r\n");
      for (String request : refused) {
        String answer = exchange(port, request);
        assertThat(answer)
            .as(abbreviate(request))
            .startsWith("HTTP/1.1 418 ")
            .contains("Content-Type: application/json")
            .contains("\"shape\":\"mine\"")
            .doesNotContain("<");
      }
      assertThat(exchange(port, "GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
          .startsWith("HTTP/1.1 200 ")
          .endsWith("{\"ok\":true}");
    }
  }

  @Test
  void aHandlerThatThrowsIsAnsweredAsInternalInTheHandlersShape() throws IOException {
    try (JsonHttpServer s = start(new Shaped())) {
      String answer =
          exchange(s.address().getPort(), "GET /boom HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assertThat(answer)
          .startsWith("HTTP/1.1 418 ")
          .contains("\"code\":\"internal\"")
          .doesNotContain("IllegalState");
    }
  }

  @Test
  void anAnswerTheClientDidNotStayForRunsTheUndeliveredAction() throws Exception {
    Shaped h = new Shaped();
    try (JsonHttpServer s = start(h)) {
      try (Socket c = new Socket("127.0.0.1", s.address().getPort())) {
        c.getOutputStream()
            .write(
                "GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
        c.getOutputStream().flush();
        c.setSoLinger(true, 0); // closed with a reset: the answer cannot be delivered
      }
      h.release.countDown();
      for (int i = 0; i < 300 && !h.undelivered.get(); i++) {
        Thread.sleep(20);
      }
      assertThat(h.undelivered).isTrue();
    }
  }

  @Test
  void aHandlerHearsAtOnceWhenItsClientClosesOrResetsMidRequest() throws Exception {
    for (boolean reset : new boolean[] {false, true}) {
      Shaped h = new Shaped();
      try (JsonHttpServer s = start(h)) {
        try (Socket c = new Socket("127.0.0.1", s.address().getPort())) {
          c.getOutputStream()
              .write(
                  "GET /watch HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                      .getBytes(StandardCharsets.US_ASCII));
          c.getOutputStream().flush();
          assertThat(h.watching.await(10, TimeUnit.SECONDS)).isTrue();
          if (reset) {
            c.setSoLinger(true, 0);
          }
        }
        assertThat(h.left.await(10, TimeUnit.SECONDS))
            .as("reset=%s: the handler heard while still working (its answer not ready)", reset)
            .isTrue();
        assertThat(h.release.getCount()).isEqualTo(1);
        h.release.countDown();
      }
    }
  }

  @Test
  void aClientThatStaysGetsItsAnswerAndTheConnectionServesOn() throws Exception {
    Shaped h = new Shaped();
    h.release.countDown();
    try (JsonHttpServer s = start(h);
        Socket c = new Socket("127.0.0.1", s.address().getPort())) {
      c.setSoTimeout(20_000);
      OutputStream out = c.getOutputStream();
      // the second request arrives while the watcher reads ahead: it is kept, not lost
      out.write(
          ("GET /watch HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                  + "GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String answers = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(answers).contains("{\"watched\":true}").endsWith("{\"ok\":true}");
      assertThat(h.left.getCount()).as("the client stayed: nothing to cancel").isEqualTo(1);
    }
  }

  @Test
  void manyIdleLocalSocketsDoNotLockOutAnotherLocalClient() throws Exception {
    try (JsonHttpServer s = start(new Shaped())) {
      int port = s.address().getPort();
      List<Socket> idle = new java.util.ArrayList<>();
      try {
        for (int i = 0; i < 200; i++) { // bounded: 200 sockets that never ask anything
          idle.add(new Socket("127.0.0.1", port));
        }
        assertThat(
                exchange(port, "GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
            .as("another local client is served")
            .startsWith("HTTP/1.1 200 ");
        assertThat(s.openConnections()).as("the total bound still holds").isLessThanOrEqualTo(16);
      } finally {
        for (Socket x : idle) {
          x.close();
        }
      }
    }
  }

  @Test
  void whenEveryConnectionIsBusyANewOneIsRefused() throws Exception {
    Shaped h = new Shaped();
    try (JsonHttpServer s = start(h)) {
      int port = s.address().getPort();
      List<Socket> busy = new java.util.ArrayList<>();
      try {
        for (int i = 0; i < 16; i++) {
          Socket b = new Socket("127.0.0.1", port);
          b.getOutputStream()
              .write(
                  "GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                      .getBytes(StandardCharsets.US_ASCII));
          b.getOutputStream().flush();
          busy.add(b);
        }
        for (int i = 0; i < 500 && h.slow.get() < 16; i++) {
          Thread.sleep(20); // until every request is in the handler
        }
        assertThat(h.slow.get()).isEqualTo(16);
        String refused = exchange(port, "GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        assertThat(refused).startsWith("HTTP/1.1 418 ").contains("too_many_connections");
      } finally {
        h.release.countDown();
        for (Socket x : busy) {
          x.close();
        }
      }
    }
  }

  /** Sends {@code request} on a fresh connection and reads until the server closes it. */
  private static String exchange(int port, String request) throws IOException {
    try (Socket c = new Socket("127.0.0.1", port)) {
      c.setSoTimeout(20_000);
      OutputStream out = c.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      return new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 120 ? s : s.substring(0, 120) + "...";
  }
}
