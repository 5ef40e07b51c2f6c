package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Generated malformed WebDriver requests (QuickTheories) against a real remote end on 127.0.0.1
 * over a simulator rig: bad JSON, wrong types, out-of-range and huge numbers, deep nesting, bad
 * paths and methods, bad session ids, bad action sequences and bad execute arguments, and request
 * targets no URI parser accepts (braces, bad percent escapes, spaces, control characters, no path,
 * absolute form, over-long). Every answer is JSON, never HTML: the specification's error JSON (or a
 * success), with the status the specification gives its error, an empty stack trace and no Java
 * names; none is {@code unknown error} (the rig never fails here, so that would be the remote end
 * failing on input); nothing hangs (each answer must come within the socket timeout); and
 * afterwards the rig still creates a session and takes a screenshot. {@code
 * -Dswipe.fuzz.examples=N} sets the number of requests (default 300).
 */
@Timeout(3600)
class MalformedRequestPropertyTest {
  private static final ObjectMapper M = new ObjectMapper();
  private static final int EXAMPLES = Integer.getInteger("swipe.fuzz.examples", 300);
  private static final Pattern JAVA_WORDS =
      Pattern.compile(
          "java\\.|com\\.fasterxml|jackson|Exception|\\bat dev\\.|<h1>|<html",
          Pattern.CASE_INSENSITIVE);

  /** The specification's status for each error code this remote end may answer. */
  private static final Map<String, Integer> STATUS =
      Map.of(
          "invalid argument",
          400,
          "no such element",
          404,
          "invalid session id",
          404,
          "unknown command",
          404,
          "unknown method",
          405,
          "move target out of bounds",
          500,
          "session not created",
          500,
          "unsupported operation",
          500,
          "script timeout",
          500);

  private static final String SIM = "sim:?scene=list&scale=0.25";

  @Test
  void everyMalformedRequestGetsASpecificationErrorAndTheRigKeepsServing() throws Exception {
    Map<String, AtomicInteger> outcomes = new TreeMap<>();
    try (SimRig rig = SimRig.start(SIM, b -> b.maxRequestBytes(256 * 1024))) {
      int port = rig.uri().getPort();
      String[] session = {null};
      qt().withExamples(EXAMPLES)
          .withShrinkCycles(20)
          .forAll(longs().all())
          .checkAssert(
              seed -> {
                Random r = new Random(seed);
                if (session[0] == null || r.nextInt(200) == 0) {
                  session[0] = ensureSession(port, session[0]);
                }
                Request q = BadRequests.request(r, session[0], port);
                Answer a = send(port, q);
                String what = q.method + " " + abbreviate(q.path) + " " + abbreviate(q.body);
                assertThat(a.contentType)
                    .as("%s -> %s", what, a.body)
                    .startsWith("application/json");
                assertThat(a.body).as(what).doesNotContainPattern(JAVA_WORDS);
                if (q.method.equals("HEAD")) {
                  // no command answers HEAD (a foreign Host is refused first, 400), and an answer
                  // to HEAD carries no body
                  assertThat(a.status).as(what).isIn(400, 404, 405);
                  assertThat(a.body).as(what).isEmpty();
                  synchronized (outcomes) {
                    outcomes
                        .computeIfAbsent(a.status + " HEAD (no body)", k -> new AtomicInteger())
                        .incrementAndGet();
                  }
                  return;
                }
                JsonNode j = a.json(what);
                assertThat(j.isObject() && j.has("value")).as("%s -> %s", what, a.body).isTrue();
                assertThat(a.body).as(what).doesNotContainPattern(JAVA_WORDS);
                String outcome;
                if (a.status == 200) {
                  outcome = "200 ok";
                  if (j.path("value").has("sessionId")) {
                    session[0] =
                        j.path("value").path("sessionId").asText(); // also through /session?a=b
                  }
                  if (q.method.equals("DELETE") && q.path.equals("/session/" + session[0])) {
                    session[0] = null;
                  }
                } else {
                  JsonNode v = j.get("value");
                  String error = v.path("error").asText();
                  assertThat(STATUS).as("%s -> %s", what, a.body).containsKey(error);
                  assertThat(a.status).as("%s -> %s", what, a.body).isEqualTo(STATUS.get(error));
                  assertThat(v.path("stacktrace").asText("x")).as(what).isEmpty();
                  assertThat(v.path("message").asText()).as(what).isNotBlank();
                  String code = v.path("data").path("code").asText();
                  assertThat(code)
                      .as("%s -> %s", what, a.body)
                      .matches("[a-z][a-z_]*[a-z]")
                      .isNotEqualTo("internal");
                  outcome =
                      a.status
                          + " "
                          + error
                          + " / "
                          + code
                          + (validRequestTarget(q.path) ? "" : " (target: not a URI)");
                  if (error.equals("invalid session id")
                      && q.path.contains("/session/" + session[0])) {
                    session[0] =
                        null; // ended (an idle timeout the request itself asked for, or a delete)
                  }
                }
                synchronized (outcomes) {
                  outcomes.computeIfAbsent(outcome, k -> new AtomicInteger()).incrementAndGet();
                }
              });
      // still serving: a fresh session, a screenshot, the status
      String id = ensureSession(port, session[0]);
      Answer shot =
          send(
              port,
              new Request(
                  "GET",
                  "/session/" + id + "/screenshot",
                  null,
                  "application/json",
                  "127.0.0.1:" + port));
      assertThat(shot.status).as(shot.body).isEqualTo(200);
      assertThat(shot.json("screenshot").path("value").asText()).startsWith("iVBOR"); // base64 PNG
      assertThat(
              send(port, new Request("DELETE", "/session/" + id, null, null, "127.0.0.1:" + port))
                  .status)
          .isEqualTo(200);
      assertThat(
              send(port, new Request("GET", "/status", null, null, "127.0.0.1:" + port))
                  .json("status")
                  .path("value")
                  .path("ready")
                  .asBoolean())
          .isTrue();
    }
    int total = outcomes.values().stream().mapToInt(AtomicInteger::get).sum();
    System.out.println("WebDriver malformed requests: " + total + " inputs, outcomes " + outcomes);
    assertThat(total).isEqualTo(EXAMPLES);
  }

  /**
   * Each of these got the JDK HTTP server's HTML page (400 or 404) before the remote end ran on
   * swipe's own.
   */
  @Test
  void requestTargetsThatAreNoUriGetTheSpecificationsErrorJsonNotHtml() {
    try (SimRig rig = SimRig.start(SIM)) {
      int port = rig.uri().getPort();
      String host = "127.0.0.1:" + port;
      Answer braces = send(port, new Request("GET", "/session/{id}/url", null, null, host));
      assertThat(braces.contentType).as(braces.body).startsWith("application/json");
      assertThat(braces.status).isEqualTo(404);
      assertThat(braces.json("braces").path("value").path("error").asText())
          .isEqualTo("unknown command");
      Answer escape = send(port, new Request("GET", "/session/%ZZ/screenshot", null, null, host));
      assertThat(escape.status).as(escape.body).isEqualTo(404);
      assertThat(escape.json("bad escape").path("value").path("error").asText())
          .isEqualTo("invalid session id");
      Answer noPath =
          send(
              port,
              new Request("POST", "//session", "{\"capabilities\":{}}", "application/json", host));
      assertThat(noPath.status).as(noPath.body).isEqualTo(404);
      assertThat(noPath.json("no path").path("value").path("error").asText())
          .isEqualTo("unknown command");
      Answer absolute =
          send(port, new Request("GET", "http://" + host + "/status", null, null, host));
      assertThat(absolute.status).as(absolute.body).isEqualTo(400);
      JsonNode v = absolute.json("absolute form").path("value");
      assertThat(v.path("error").asText()).isEqualTo("invalid argument");
      assertThat(v.path("data").path("code").asText()).isEqualTo("malformed_request");
      assertThat(v.path("stacktrace").asText("x")).isEmpty();
      Answer tooLong = send(port, new Request("GET", "/" + "y".repeat(20_000), null, null, host));
      assertThat(tooLong.status).as(tooLong.body).isEqualTo(400);
      assertThat(tooLong.json("long target").path("value").path("data").path("code").asText())
          .isEqualTo("request_line_too_long");
      assertThat(send(port, new Request("GET", "/status", null, null, host)).status).isEqualTo(200);
    }
  }

  /**
   * A client that stalls mid-request gets a W3C error when the request timeout passes; others are
   * served meanwhile.
   */
  @Test
  void aStalledClientGetsTheSpecificationsErrorAndOthersAreServed() throws Exception {
    try (SimRig rig = SimRig.start(SIM, b -> b.requestTimeout(java.time.Duration.ofMillis(1500)));
        Socket stalled = new Socket("127.0.0.1", rig.uri().getPort())) {
      int port = rig.uri().getPort();
      stalled.setSoTimeout(30_000);
      OutputStream out = stalled.getOutputStream();
      out.write(
          ("POST /session HTTP/1.1\r\nHost: 127.0.0.1:"
                  + port
                  + "\r\nContent-Type: application/json\r\n"
                  + "Content-Length: 100\r\n\r\n{\"capa")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      assertThat(send(port, new Request("GET", "/status", null, null, "127.0.0.1:" + port)).status)
          .as("served while another client stalls")
          .isEqualTo(200);
      String answer = new String(stalled.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(answer)
          .startsWith("HTTP/1.1 400")
          .contains("application/json")
          .doesNotContainPattern(JAVA_WORDS);
      JsonNode v = M.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4)).path("value");
      assertThat(v.path("error").asText()).isEqualTo("invalid argument");
      assertThat(v.path("data").path("code").asText()).isEqualTo("request_timeout");
    }
  }

  @Test
  void parserMessagesNameNoJavaTypesAndLimitsHaveTheirOwnCodes() {
    try (SimRig rig = SimRig.start(SIM)) {
      int port = rig.uri().getPort();
      String host = "127.0.0.1:" + port;
      // Jackson words a trailing token with the Java type it was binding to
      Answer trailing =
          send(
              port,
              new Request(
                  "POST", "/session", "{\"capabilities\":{}} {}", "application/json", host));
      assertThat(trailing.status).isEqualTo(400);
      assertThat(trailing.body)
          .doesNotContainPattern(JAVA_WORDS)
          .contains("has more after the JSON value");
      Answer deep =
          send(
              port,
              new Request(
                  "POST", "/session", "[".repeat(65) + "]".repeat(65), "application/json", host));
      assertThat(deep.json("deep").path("value").path("data").path("code").asText())
          .isEqualTo("json_too_deep");
      Answer longNumber =
          send(
              port,
              new Request(
                  "POST",
                  "/session",
                  "{\"capabilities\":" + "9".repeat(1001) + "}",
                  "application/json",
                  host));
      assertThat(longNumber.json("long number").path("value").path("data").path("code").asText())
          .isEqualTo("json_number_too_long");
    }
  }

  @Test
  void anAnswerToHeadHasNoBody() {
    try (SimRig rig = SimRig.start(SIM)) {
      int port = rig.uri().getPort();
      Answer a = send(port, new Request("HEAD", "/status", null, null, "127.0.0.1:" + port));
      assertThat(a.status).isEqualTo(405);
      assertThat(a.contentType).startsWith("application/json");
      assertThat(a.body).isEmpty();
      // and the server goes on answering
      assertThat(send(port, new Request("GET", "/status", null, null, "127.0.0.1:" + port)).status)
          .isEqualTo(200);
    }
  }

  /** The current session if it still answers, else a new one (ending whatever holds the rig). */
  private static String ensureSession(int port, String current) {
    String host = "127.0.0.1:" + port;
    if (current != null) {
      Answer a =
          send(port, new Request("GET", "/session/" + current + "/timeouts", null, null, host));
      if (a.status == 200) {
        return current;
      }
    }
    Answer a =
        send(
            port,
            new Request(
                "POST",
                "/session",
                "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"android\",\"appium:automationName\":\"Swipe\"}}}",
                "application/json",
                host));
    assertThat(a.status)
        .as("a new session after the generated requests: %s", a.body)
        .isEqualTo(200);
    return a.json("new session").path("value").path("sessionId").asText();
  }

  /** One HTTP request, framed correctly (the damage is in its method, path, headers and body). */
  record Request(String method, String path, String body, String contentType, String host) {}

  private record Answer(int status, String contentType, String body) {
    JsonNode json(String what) {
      try {
        return M.readTree(body);
      } catch (IOException e) {
        throw new AssertionError("not JSON after " + what + ": " + abbreviate(body), e);
      }
    }
  }

  /**
   * Sends one request on a fresh connection and reads the whole answer; a 30 s silence fails as a
   * hang.
   */
  private static Answer send(int port, Request q) {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(30_000);
      byte[] body = q.body == null ? new byte[0] : q.body.getBytes(StandardCharsets.UTF_8);
      StringBuilder head =
          new StringBuilder(q.method).append(' ').append(q.path).append(" HTTP/1.1\r\n");
      if (q.host != null) {
        head.append("Host: ").append(q.host).append("\r\n");
      }
      if (q.contentType != null) {
        head.append("Content-Type: ").append(q.contentType).append("\r\n");
      }
      if (q.body != null) {
        head.append("Content-Length: ").append(body.length).append("\r\n");
      }
      head.append("Connection: close\r\n\r\n");
      OutputStream out = s.getOutputStream();
      out.write(head.toString().getBytes(StandardCharsets.UTF_8));
      out.write(body);
      out.flush();
      InputStream in = s.getInputStream();
      ByteArrayOutputStream h = new ByteArrayOutputStream();
      int last4 = 0;
      while (last4 != 0x0D0A0D0A) {
        int c = in.read();
        if (c < 0) {
          throw new AssertionError(
              "closed without an answer to "
                  + q.method
                  + " "
                  + abbreviate(q.path)
                  + ": "
                  + h.toString(StandardCharsets.ISO_8859_1));
        }
        h.write(c);
        last4 = (last4 << 8) | c;
      }
      String[] lines = h.toString(StandardCharsets.ISO_8859_1).split("\r\n");
      int status = Integer.parseInt(lines[0].substring(9, 12));
      Map<String, String> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers.put(
              lines[i].substring(0, colon).toLowerCase(Locale.ROOT),
              lines[i].substring(colon + 1).strip());
        }
      }
      byte[] answer =
          q.method.equals("HEAD")
              ? new byte[0]
              : headers.containsKey("content-length")
                  ? in.readNBytes(Integer.parseInt(headers.get("content-length")))
                  : in.readAllBytes();
      return new Answer(
          status,
          headers.getOrDefault("content-type", ""),
          new String(answer, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new AssertionError(
          "no answer (hung or reset) to "
              + q.method
              + " "
              + abbreviate(q.path)
              + " "
              + abbreviate(q.body),
          e);
    }
  }

  private static boolean validRequestTarget(String path) {
    try {
      String p = new URI(path).getRawPath();
      return p != null && p.startsWith("/");
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static String abbreviate(String s) {
    if (s == null) {
      return "";
    }
    return s.length() <= 200 ? s : s.substring(0, 200) + "...(" + s.length() + " chars)";
  }

  /**
   * The generator: a request aimed at one of the remote end's commands, damaged in one or more
   * ways.
   */
  static final class BadRequests {
    private BadRequests() {}

    private static final String[] METHODS = {
      "GET", "POST", "DELETE", "PUT", "PATCH", "OPTIONS", "TRACE", "FOO", "HEAD"
    };
    private static final String[] BAD_IDS = {
      "nope",
      "",
      "%00",
      "..",
      "%2F",
      "x".repeat(3000),
      "%C3%A9",
      "00000000-0000-0000-0000-000000000000",
      "%ZZ",
      "a;b",
      "*",
      "null",
      "{id}"
    };

    /** Numbers: ordinary, at and past every bound, and literals Java's parsers cannot hold. */
    private static final String[] NUMBERS = {
      "0",
      "1",
      "-1",
      "10",
      "100",
      "500",
      "-5",
      "0.5",
      "1.5",
      "-0",
      "999",
      "60000",
      "60001",
      "1024",
      "2147483647",
      "2147483648",
      "-2147483649",
      "9007199254740991",
      "9007199254740993",
      "9223372036854775808",
      "123456789012345678901234567890",
      "1e999999",
      "-1e400",
      "1e2147483648",
      "-1e-2147483649",
      "4.9e-325",
      "1e-400",
      "1.7976931348623159e308",
      "2e1001",
      "1E+999999999999",
      "0e99999999999"
    };

    private static final String[] ILLEGAL_NUMBERS = {
      "NaN", "Infinity", "-Infinity", "01", ".5", "1e", "+1", "0x10", "1_000", "-", "1.0e+"
    };

    static Request request(Random r, String session, int port) {
      String id =
          session == null || r.nextInt(8) == 0 ? BAD_IDS[r.nextInt(BAD_IDS.length)] : session;
      String path;
      String method;
      String body = null;
      switch (r.nextInt(12)) {
        case 0 -> {
          method = "GET";
          path = "/status";
        }
        case 1 -> {
          method = "POST";
          path = "/session";
          body = capabilities(r);
        }
        case 2 -> {
          method = "DELETE";
          path = "/session/" + id;
        }
        case 3 -> {
          method = "GET";
          path = "/session/" + id + "/timeouts";
        }
        case 4 -> {
          method = "POST";
          path = "/session/" + id + "/timeouts";
          body = timeouts(r);
        }
        case 5 -> {
          method = "GET";
          path = "/session/" + id + "/screenshot";
        }
        case 6 -> {
          method = "GET";
          path = "/session/" + id + "/window/rect";
        }
        case 7, 8 -> {
          method = "POST";
          path = "/session/" + id + "/actions";
          body = actions(r);
        }
        case 9 -> {
          method = "DELETE";
          path = "/session/" + id + "/actions";
        }
        case 10 -> {
          method = "POST";
          path = "/session/" + id + "/execute/sync";
          body = execute(r);
        }
        default -> {
          method = METHODS[r.nextInt(METHODS.length)];
          path = oddPath(r, id);
          body = method.equals("POST") || r.nextInt(4) == 0 ? randomJson(r, 3) : null;
        }
      }
      if (r.nextInt(12) == 0) {
        method = METHODS[r.nextInt(METHODS.length)];
      }
      if (body != null && r.nextBoolean()) {
        body = damage(r, body);
      }
      if (method.equals("POST") && body == null && r.nextBoolean()) {
        body = "";
      }
      if (r.nextInt(10) == 0) {
        path = path + List.of("/", "?a=b", "?", "#x", "//", "?%zz").get(r.nextInt(6));
      }
      String type =
          switch (r.nextInt(30)) {
            case 0 -> null;
            case 1 -> "text/plain";
            case 2 -> "application/x-www-form-urlencoded";
            case 3 -> "application/json; charset=latin1";
            default -> "application/json; charset=utf-8";
          };
      String host =
          switch (r.nextInt(40)) {
            case 0 -> "evil.example";
            case 1 -> null;
            case 2 -> "[::1]:" + port;
            case 3 -> "localhost:" + port;
            default -> "127.0.0.1:" + port;
          };
      return new Request(method, path, body, type, host);
    }

    private static String oddPath(Random r, String id) {
      if (r.nextInt(3) == 0) {
        return badTarget(r, id);
      }
      return switch (r.nextInt(10)) {
        case 0 -> "/";
        case 1 -> "//session";
        case 2 -> "/wd/hub/session/" + id + "/actions";
        case 3 -> "/session/" + id + "/url";
        case 4 -> "/session/" + id + "/element";
        case 5 -> "/session/" + id + "/execute/async";
        case 6 -> "/session/" + id + "/" + "a/".repeat(r.nextInt(200));
        case 7 -> "/" + "%2e%2e/".repeat(1 + r.nextInt(5)) + "status";
        case 8 -> "/session/" + id + "/screenshot/" + id;
        default -> "/" + "x".repeat(r.nextInt(8000));
      };
    }

    private static final String UNSAFE = "{}[]|\\^`<>\"";

    /**
     * Request targets that are no URI, or no origin-form path (the JDK's HTTP server answered them
     * with HTML).
     */
    static String badTarget(Random r, String id) {
      return switch (r.nextInt(14)) {
        case 0 -> "/session/{id}/url";
        case 1 -> "/session/" + id + "/%ZZ";
        case 2 -> "/" + pick(r, "%", "%Z", "%G0", "%%", "%zz") + "status";
        case 3 -> "//session";
        case 4 -> "//" + pick(r, "status", "session/" + id + "/screenshot", "", "/");
        case 5 ->
            pick(
                r,
                "http://127.0.0.1/status",
                "http://localhost:4723/session",
                "https://x/session/" + id,
                "http:/status",
                "127.0.0.1/status");
        case 6 ->
            "/session/"
                + id
                + "/a b"
                + (r.nextBoolean() ? "" : " c"); // spaces split the request line
        case 7 -> "/sta" + (char) pick(r, 1, 7, 9, 11, 12, 27, 127) + "tus";
        case 8 -> "/session/" + id + "/" + UNSAFE.charAt(r.nextInt(UNSAFE.length()));
        case 9 -> "/" + "y".repeat(8_000 + r.nextInt(24_000)); // past the request line limit
        case 10 -> pick(r, "*", "status", "?a=b", "#x", ":", "", "\u00e9");
        case 11 -> "/session/" + id + "/screenshot" + pick(r, "?%", "?{x}", "#a#b", "?a b");
        case 12 -> "/\u00e9\u00ff/session\u2028";
        default -> "/session/%7Bid%7D/" + pick(r, "url", "screenshot", "window/rect");
      };
    }

    private static int pick(Random r, int... options) {
      return options[r.nextInt(options.length)];
    }

    private static String number(Random r) {
      return r.nextInt(4) == 0
          ? Integer.toString(r.nextInt(2000) - 100)
          : NUMBERS[r.nextInt(NUMBERS.length)];
    }

    /** A value for a field that wants a number: usually a number, sometimes the wrong type. */
    private static String numeric(Random r) {
      return switch (r.nextInt(12)) {
        case 0 -> "\"" + number(r) + "\"";
        case 1 -> "null";
        case 2 -> "true";
        case 3 -> "[" + number(r) + "]";
        case 4 -> "{}";
        default -> number(r);
      };
    }

    private static String pick(Random r, String... options) {
      return options[r.nextInt(options.length)];
    }

    private static String capabilities(Random r) {
      StringBuilder caps = new StringBuilder("{");
      String[] keys = {
        "platformName",
        "appium:automationName",
        "swipe:rig",
        "appium:newCommandTimeout",
        "timeouts",
        "browserName",
        "setWindowRect",
        "proxy",
        "pageLoadStrategy",
        "swipe:other",
        "appium:udid",
        "unknownCap",
        "webSocketUrl",
        "unhandledPromptBehavior"
      };
      for (int i = 0, n = r.nextInt(5); i < n; i++) {
        String k = keys[r.nextInt(keys.length)];
        String v =
            switch (k) {
              case "platformName" ->
                  pick(r, "\"android\"", "\"Android\"", "\"iOS\"", "\"any\"", "1", "null", "[]");
              case "appium:automationName" ->
                  pick(r, "\"Swipe\"", "\"swipe\"", "\"XCUITest\"", "false");
              case "swipe:rig" -> pick(r, "\"rig\"", "\"rig-b\"", "\"\"", "\"a b\"", "7");
              case "appium:newCommandTimeout" -> numeric(r);
              case "timeouts" -> timeouts(r);
              default -> randomJson(r, 2);
            };
        caps.append(i == 0 ? "" : ",").append('"').append(k).append("\":").append(v);
      }
      caps.append('}');
      return switch (r.nextInt(6)) {
        case 0 -> "{\"capabilities\":{\"firstMatch\":[" + caps + "," + randomJson(r, 2) + "]}}";
        case 1 -> "{\"desiredCapabilities\":" + caps + "}";
        case 2 -> "{\"capabilities\":" + randomJson(r, 3) + "}";
        case 3 -> "{\"capabilities\":{\"alwaysMatch\":" + caps + ",\"firstMatch\":[" + caps + "]}}";
        default -> "{\"capabilities\":{\"alwaysMatch\":" + caps + "}}";
      };
    }

    private static String timeouts(Random r) {
      StringBuilder b = new StringBuilder("{");
      String[] keys = {"script", "pageLoad", "implicit", "other"};
      for (int i = 0, n = r.nextInt(4); i < n; i++) {
        b.append(i == 0 ? "" : ",")
            .append('"')
            .append(keys[r.nextInt(keys.length)])
            .append("\":")
            .append(numeric(r));
      }
      return b.append('}').toString();
    }

    private static String actions(Random r) {
      StringBuilder b = new StringBuilder("{\"actions\":[");
      int sources = r.nextInt(10) == 0 ? 17 + r.nextInt(3) : r.nextInt(4);
      for (int i = 0; i < sources; i++) {
        String type =
            pick(
                r,
                "\"pointer\"",
                "\"pointer\"",
                "\"key\"",
                "\"none\"",
                "\"wheel\"",
                "\"mouse\"",
                "3");
        b.append(i == 0 ? "" : ",")
            .append("{\"type\":")
            .append(type)
            .append(",\"id\":")
            .append(r.nextInt(6) == 0 ? pick(r, "\"f\"", "1", "null") : "\"s" + i + "\"");
        if (r.nextInt(3) == 0) {
          b.append(",\"parameters\":")
              .append(
                  pick(
                      r,
                      "{\"pointerType\":\"touch\"}",
                      "{\"pointerType\":\"mouse\"}",
                      "{\"pointerType\":\"laser\"}",
                      "{\"pointerType\":5}",
                      "[]",
                      "\"touch\"",
                      "null"));
        }
        b.append(",\"actions\":");
        if (r.nextInt(15) == 0) {
          b.append(randomJson(r, 2)).append('}');
          continue;
        }
        b.append('[');
        int n = r.nextInt(40) == 0 ? 1025 : r.nextInt(8);
        for (int j = 0; j < n; j++) {
          b.append(j == 0 ? "" : ",").append(action(r));
        }
        b.append("]}");
      }
      return b.append("]}").toString();
    }

    private static String action(Random r) {
      String type =
          pick(
              r,
              "pause",
              "pointerDown",
              "pointerUp",
              "pointerMove",
              "pointerMove",
              "pointerCancel",
              "keyDown",
              "keyUp",
              "scroll",
              "tap",
              "");
      StringBuilder a = new StringBuilder("{\"type\":\"" + type + "\"");
      switch (type) {
        case "pause" -> {
          if (r.nextBoolean()) {
            a.append(",\"duration\":").append(numeric(r));
          }
        }
        case "pointerDown", "pointerUp" ->
            a.append(",\"button\":").append(r.nextInt(3) == 0 ? numeric(r) : "0");
        case "pointerMove" -> {
          a.append(",\"x\":")
              .append(r.nextInt(3) == 0 ? numeric(r) : Integer.toString(r.nextInt(300)));
          a.append(",\"y\":")
              .append(r.nextInt(3) == 0 ? numeric(r) : Integer.toString(r.nextInt(600)));
          if (r.nextBoolean()) {
            a.append(",\"duration\":")
                .append(r.nextInt(3) == 0 ? numeric(r) : Integer.toString(r.nextInt(400)));
          }
          if (r.nextInt(3) == 0) {
            a.append(",\"origin\":")
                .append(
                    pick(
                        r,
                        "\"viewport\"",
                        "\"pointer\"",
                        "\"element\"",
                        "5",
                        "{\"element-6066-11e4-a52e-4f735466cecf\":\"e1\"}",
                        "{\"ELEMENT\":\"e\"}",
                        "{}",
                        "null"));
          }
          if (r.nextInt(5) == 0) {
            a.append(",\"")
                .append(pick(r, "width", "pressure", "tiltX", "twist"))
                .append("\":")
                .append(numeric(r));
          }
        }
        case "keyDown", "keyUp" ->
            a.append(",\"value\":")
                .append(
                    pick(
                        r,
                        "\"a\"",
                        "\"\\uE007\"",
                        "\"\\uE008\"",
                        "\"ab\"",
                        "\"\"",
                        "\"\\ud800\"",
                        "\"\\uD83D\\uDE00\"",
                        "\"\\uE03D\"",
                        "\"\\uE000\"",
                        "\"\\u0000\"",
                        "7",
                        "null",
                        "\"\\uF8FF\"",
                        "\"\u00e9\""));
        case "scroll" ->
            a.append(",\"x\":0,\"y\":0,\"deltaX\":").append(numeric(r)).append(",\"deltaY\":1");
        default -> a.append(",\"x\":").append(numeric(r));
      }
      return a.append('}').toString();
    }

    private static String execute(Random r) {
      String script =
          pick(
              r,
              "\"mobile: clickGesture\"",
              "\"mobile: longClickGesture\"",
              "\"mobile: dragGesture\"",
              "\"mobile: swipeGesture\"",
              "\"mobile: scrollGesture\"",
              "\"mobile:clickGesture\"",
              "\" mobile : swipeGesture \"",
              "\"mobile: pinchGesture\"",
              "\"mobile: pinchOpenGesture\"",
              "\"mobile: pinchCloseGesture\"",
              "\"mobile: pinch\"",
              "\"swipe: wheelNudge\"",
              "\"swipe: sim_state\"",
              "\"return 1;\"",
              "\"\"",
              "5",
              "null",
              "[\"mobile: clickGesture\"]",
              "\"mobile: " + "x".repeat(70) + "\"");
      String params = gestureParams(r);
      String args =
          switch (r.nextInt(10)) {
            case 0 -> "[]";
            case 1 -> "[" + params + "," + params + "]";
            case 2 -> "[1]";
            case 3 -> params;
            case 4 -> "null";
            case 5 -> "\"" + "x".repeat(r.nextInt(20)) + "\"";
            default -> "[" + params + "]";
          };
      return r.nextInt(15) == 0
          ? "{\"script\":" + script + "}"
          : "{\"script\":" + script + ",\"args\":" + args + "}";
    }

    private static String gestureParams(Random r) {
      String[] keys = {
        "x",
        "y",
        "duration",
        "left",
        "top",
        "width",
        "height",
        "direction",
        "percent",
        "speed",
        "startX",
        "startY",
        "endX",
        "endY",
        "scale",
        "velocity",
        "elementId",
        "bogus"
      };
      StringBuilder b = new StringBuilder("{");
      for (int i = 0, n = r.nextInt(9); i < n; i++) {
        String k = keys[r.nextInt(keys.length)];
        String v =
            switch (k) {
              case "direction" ->
                  pick(
                      r,
                      "\"up\"",
                      "\"down\"",
                      "\"left\"",
                      "\"right\"",
                      "\"UP\"",
                      "\"sideways\"",
                      "1");
              case "elementId" -> pick(r, "\"e1\"", "null", "3");
              case "percent" -> pick(r, "0.5", "1", "0", "1.01", "-0.5", "\"0.5\"", number(r));
              default -> r.nextInt(3) == 0 ? numeric(r) : Integer.toString(r.nextInt(300));
            };
        b.append(i == 0 ? "" : ",").append('"').append(k).append("\":").append(v);
      }
      return b.append('}').toString();
    }

    /**
     * Damage to a JSON text: truncation, an edit, a number swapped for a bad literal, nesting,
     * repeats.
     */
    static String damage(Random r, String json) {
      return switch (r.nextInt(8)) {
        case 0 -> json.substring(0, r.nextInt(json.length() + 1));
        case 1 -> mutate(r, json);
        case 2 ->
            json.replaceFirst(
                "(?<=:)-?[0-9]+(\\.[0-9]+)?",
                r.nextBoolean()
                    ? ILLEGAL_NUMBERS[r.nextInt(ILLEGAL_NUMBERS.length)]
                    : NUMBERS[r.nextInt(NUMBERS.length)]);
        case 3 -> deep(r);
        case 4 -> json.replaceFirst("\\{", "{\"x\":1,\"x\":2,");
        case 5 -> json + pick(r, " x", "{}", "]", ",", " 1");
        case 6 -> randomText(r, r.nextInt(300));
        default ->
            json.replaceFirst(
                "\"[a-zA-Z:]+\"",
                "\""
                    + pick(r, "\\ud800", "\\u12", "\\q", "a\u0001b", "x".repeat(r.nextInt(70_000)))
                    + "\"");
      };
    }

    private static String deep(Random r) {
      int depth = 50 + r.nextInt(20_000);
      return switch (r.nextInt(3)) {
        case 0 -> "[".repeat(depth) + "]".repeat(depth);
        case 1 -> "{\"a\":".repeat(depth) + "1" + "}".repeat(r.nextInt(depth + 1));
        default -> "{\"actions\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
      };
    }

    private static final String INSERTS = "{}[]:,\"\\e0-+.x \u0000\u00e9";

    private static String mutate(Random r, String s) {
      StringBuilder b = new StringBuilder(s);
      for (int i = 0, edits = 1 + r.nextInt(4); i < edits && b.length() > 0; i++) {
        int at = r.nextInt(b.length());
        switch (r.nextInt(3)) {
          case 0 -> b.deleteCharAt(at);
          case 1 -> b.insert(at, INSERTS.charAt(r.nextInt(INSERTS.length())));
          default -> b.setCharAt(at, (char) (32 + r.nextInt(95)));
        }
      }
      return b.toString();
    }

    private static final String TEXT = "{}[]\":,0123456789.eE+-truefalsnl \\";

    private static String randomText(Random r, int n) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < n; i++) {
        b.append(
            r.nextInt(4) == 0
                ? (char) (1 + r.nextInt(0x3000))
                : TEXT.charAt(r.nextInt(TEXT.length())));
      }
      return b.toString();
    }

    /** Well-formed JSON of any shape. */
    static String randomJson(Random r, int depth) {
      int kind = depth <= 0 ? r.nextInt(5) : r.nextInt(7);
      return switch (kind) {
        case 0 -> "null";
        case 1 -> Boolean.toString(r.nextBoolean());
        case 2 ->
            r.nextBoolean() ? Long.toString(r.nextLong()) : NUMBERS[r.nextInt(NUMBERS.length)];
        case 3 -> "\"" + "s".repeat(r.nextInt(10)) + "\"";
        case 4 ->
            "\"" + pick(r, "android", "Swipe", "touch", "pointer", "mobile: clickGesture") + "\"";
        case 5 -> {
          StringBuilder b = new StringBuilder("[");
          for (int i = 0, n = r.nextInt(4); i < n; i++) {
            b.append(i == 0 ? "" : ",").append(randomJson(r, depth - 1));
          }
          yield b.append(']').toString();
        }
        default -> {
          StringBuilder b = new StringBuilder("{");
          String[] keys = {
            "type",
            "id",
            "actions",
            "x",
            "y",
            "duration",
            "script",
            "args",
            "capabilities",
            "alwaysMatch",
            "firstMatch",
            "platformName",
            "value",
            "origin",
            "button"
          };
          for (int i = 0, n = r.nextInt(5); i < n; i++) {
            b.append(i == 0 ? "" : ",")
                .append('"')
                .append(keys[r.nextInt(keys.length)])
                .append(r.nextInt(4) == 0 ? "_x" : "")
                .append("\":")
                .append(randomJson(r, depth - 1));
          }
          yield b.append('}').toString();
        }
      };
    }
  }
}
