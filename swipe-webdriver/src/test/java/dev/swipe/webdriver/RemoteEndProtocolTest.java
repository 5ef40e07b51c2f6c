package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.HidReport;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The remote end over real HTTP on a simulator rig: routing and the specification's error JSON and
 * statuses, bounded bodies, the caller checks, and that a refused request never reaches the phone's
 * HID link.
 */
@Timeout(120)
class RemoteEndProtocolTest {
  private static final String SIM = "sim:?scene=list&scale=0.25";

  private SimRig rig;
  private W3cHttp http;

  @BeforeEach
  void start() {
    rig = SimRig.start(SIM, b -> b.rigName("rig-a").maxRequestBytes(4096));
    http = new W3cHttp(rig.uri());
  }

  @AfterEach
  void stop() {
    rig.close();
  }

  private static void assertError(W3cHttp.Answer a, int status, String error) {
    assertThat(a.status()).as(a.json().toString()).isEqualTo(status);
    assertThat(a.error()).as(a.json().toString()).isEqualTo(error);
    assertThat(a.value().get("message").asText()).isNotBlank();
    assertThat(a.value().get("stacktrace").asText()).isEmpty();
  }

  @Test
  void statusIsAlwaysOkAndReadyOnlyWhileTheRigIsFree() {
    W3cHttp.Answer free = http.get("/status");
    assertThat(free.status()).isEqualTo(200);
    assertThat(free.value().get("ready").asBoolean()).isTrue();
    String id = http.newSession();
    W3cHttp.Answer busy = http.get("/status");
    assertThat(busy.status()).isEqualTo(200);
    assertThat(busy.value().get("ready").asBoolean()).isFalse();
    assertThat(busy.value().get("swipe").get("rig").asText()).isEqualTo("rig-a");
    assertThat(http.delete("/session/" + id).status()).isEqualTo(200);
    assertThat(http.get("/status").value().get("ready").asBoolean()).isTrue();
  }

  @Test
  void newSessionAnswersTheMatchedCapabilitiesAndASecondSessionIsRefused() {
    W3cHttp.Answer a =
        http.post(
            "/session",
            "{\"capabilities\":{\"firstMatch\":[{\"platformName\":\"iOS\"},"
                + "{\"platformName\":\"Android\",\"appium:automationName\":\"Swipe\",\"swipe:rig\":\"rig-a\"}]}}");
    assertThat(a.status()).isEqualTo(200);
    JsonNode caps = a.value().get("capabilities");
    assertThat(caps.get("platformName").asText()).isEqualTo("android");
    assertThat(caps.get("swipe:rig").asText()).isEqualTo("rig-a");
    assertThat(a.value().get("sessionId").asText()).isNotBlank();
    assertError(http.post("/session", "{\"capabilities\":{}}"), 500, "session not created");
  }

  @Test
  void malformedOrUnmatchedCapabilitiesNeverTouchTheRig() {
    int before = rig.hid.reports();
    assertError(http.post("/session", "{"), 400, "invalid argument");
    assertError(
        http.post("/session", "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":1}}}"),
        400,
        "invalid argument");
    assertError(
        http.post("/session", "{\"capabilities\":{\"firstMatch\":[]}}"), 400, "invalid argument");
    assertError(
        http.post("/session", "{\"capabilities\":{\"alwaysMatch\":{\"swipe:rig\":\"rig-b\"}}}"),
        500,
        "session not created");
    assertError(
        http.post(
            "/session",
            "{\"capabilities\":{\"alwaysMatch\":{\"appium:automationName\":\"XCUITest\"}}}"),
        500,
        "session not created");
    assertError(http.post("/session", "{\"a\":1,\"a\":2}"), 400, "invalid argument");
    assertThat(rig.hid.reports()).isEqualTo(before);
    assertThat(http.get("/status").value().get("ready").asBoolean()).isTrue();
  }

  @Test
  void unknownPathsWrongMethodsAndUnknownSessionsHaveTheirOwnErrors() {
    assertError(http.get("/session/x/url"), 404, "unknown command");
    assertError(http.get("/wd/hub/status"), 404, "unknown command");
    assertError(
        http.send(
            HttpRequest.newBuilder(rig.uri().resolve("/status"))
                .PUT(HttpRequest.BodyPublishers.noBody())),
        405,
        "unknown method");
    assertError(http.get("/session"), 405, "unknown method");
    assertError(http.get("/session/nope/screenshot"), 404, "invalid session id");
    assertError(http.delete("/session/nope"), 404, "invalid session id");
    // the method is checked before the session
    assertError(http.post("/session/nope/screenshot", "{}"), 405, "unknown method");
  }

  @Test
  void bodiesMustBeBoundedJson() {
    String id = http.newSession();
    int before = rig.hid.reports();
    String big =
        "{\"script\":\"mobile: clickGesture\",\"args\":[{\"x\":1,\"y\":1,\"pad\":\""
            + "x".repeat(10_000)
            + "\"}]}";
    assertError(http.post("/session/" + id + "/execute/sync", big), 400, "invalid argument");
    assertError(
        http.send(
            HttpRequest.newBuilder(rig.uri().resolve("/session/" + id + "/actions"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{\"actions\":[]}"))),
        400,
        "invalid argument");
    assertError(
        http.post(
            "/session/" + id + "/actions",
            "{\"actions\":[{\"type\":\"pointer\",\"id\":\"f\",\"actions\":"
                + "[{\"type\":\"pointerMove\",\"x\":NaN,\"y\":1}]}]}"),
        400,
        "invalid argument");
    assertError(
        http.post("/session/" + id + "/actions", "[".repeat(200) + "]".repeat(200)),
        400,
        "invalid argument");
    assertThat(rig.hid.reports()).isEqualTo(before);
    assertThat(http.get("/session/" + id + "/window/rect").status()).isEqualTo(200);
  }

  @Test
  void badActionsAreRefusedBeforeAnythingIsPlayed() {
    String id = http.newSession();
    int before = rig.hid.reports();
    String path = "/session/" + id + "/actions";
    String[][] cases = {
      {"{\"actions\":{}}", "400", "invalid argument"},
      {finger("{\"type\":\"pointerMove\",\"x\":500,\"y\":10}"), "500", "move target out of bounds"},
      {
        finger("{\"type\":\"pointerMove\",\"x\":10,\"y\":10,\"duration\":99999999999}"),
        "400",
        "invalid argument"
      },
      {
        finger(
            "{\"type\":\"pointerMove\",\"origin\":{\"element-6066-11e4-a52e-4f735466cecf\":\"x\"},\"x\":0,\"y\":0}"),
        "404",
        "no such element"
      },
      {
        // a touch pointer and a mouse: several pointers are fingers or nothing
        "{\"actions\":["
            + src("a", DOWN + "," + UP)
            + ",{\"type\":\"pointer\",\"id\":\"b\",\"actions\":["
            + DOWN
            + ","
            + UP
            + "]}]}",
        "500",
        "unsupported operation"
      },
      // a complete first touch, then one left down: nothing of it may be played
      {finger(DOWN + "," + UP + "," + DOWN), "400", "invalid argument"},
    };
    for (String[] c : cases) {
      assertError(http.post(path, c[0]), Integer.parseInt(c[1]), c[2]);
    }
    assertThat(rig.hid.reports()).isEqualTo(before);
  }

  private static final String DOWN = "{\"type\":\"pointerDown\",\"button\":0}";
  private static final String UP = "{\"type\":\"pointerUp\",\"button\":0}";

  private static String src(String id, String actions) {
    return "{\"type\":\"pointer\",\"id\":\""
        + id
        + "\",\"parameters\":{\"pointerType\":\"touch\"},\"actions\":["
        + actions
        + "]}";
  }

  private static String finger(String actions) {
    return "{\"actions\":[" + src("finger", actions) + "]}";
  }

  @Test
  void aW3cSwipeIsPlayedAsOneTouchFromStartToEnd() {
    String id = http.newSession();
    int before = rig.hid.reports();
    W3cHttp.Answer a =
        http.post(
            "/session/" + id + "/actions",
            finger(
                "{\"type\":\"pointerMove\",\"duration\":0,\"x\":135,\"y\":450},"
                    + DOWN
                    + ",{\"type\":\"pointerMove\",\"duration\":400,\"x\":135,\"y\":150},"
                    + UP));
    assertThat(a.status()).as(a.json().toString()).isEqualTo(200);
    assertThat(a.value().isNull()).isTrue();
    List<HidReport.Pointer> sent =
        rig.hid.reportsSince(before).stream()
            .filter(HidReport.Pointer.class::isInstance)
            .map(HidReport.Pointer.class::cast)
            .toList();
    assertThat(sent.size()).isGreaterThan(2);
    assertThat(sent.get(0).pressed()).isTrue();
    assertThat(sent.get(0).at().y())
        .isCloseTo(450.0 / 599 * 1000, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(sent.get(sent.size() - 1).pressed()).isFalse();
    assertThat(sent.get(sent.size() - 1).at().y())
        .isCloseTo(150.0 / 599 * 1000, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(rig.phone.oracle().listOffsetPx()).isGreaterThan(0);
  }

  @Test
  void keyActionsReachTheHidKeyboard() {
    String id = http.newSession();
    int before = rig.hid.reports();
    W3cHttp.Answer a =
        http.post(
            "/session/" + id + "/actions",
            "{\"actions\":[{\"type\":\"key\",\"id\":\"kb\",\"actions\":["
                + "{\"type\":\"keyDown\",\"value\":\"H\"},{\"type\":\"keyUp\",\"value\":\"H\"},"
                + "{\"type\":\"keyDown\",\"value\":\"\\uE007\"},{\"type\":\"keyUp\",\"value\":\"\\uE007\"}]}]}");
    assertThat(a.status()).as(a.json().toString()).isEqualTo(200);
    List<HidReport.Keyboard> keys =
        rig.hid.reportsSince(before).stream()
            .filter(HidReport.Keyboard.class::isInstance)
            .map(HidReport.Keyboard.class::cast)
            .toList();
    assertThat(keys).hasSize(4);
    assertThat(keys.get(0).key().usage()).isEqualTo(0x0B);
    assertThat(keys.get(0).down()).isTrue();
    assertThat(keys.get(2).key()).isEqualTo(dev.swipe.core.gesture.Key.ENTER);
  }

  @Test
  void keysOnALinkWithoutAKeyboardAreRefusedBeforeTheTouchBeforeThemIsPlayed() {
    try (SimRig pointerOnly = SimRig.start(SIM, false, b -> b)) {
      W3cHttp h = new W3cHttp(pointerOnly.uri());
      String id = h.newSession();
      int before = pointerOnly.hid.reports();
      assertError(
          h.post(
              "/session/" + id + "/actions",
              "{\"actions\":["
                  + src("f", DOWN + "," + UP + ",{\"type\":\"pause\"}")
                  + ",{\"type\":\"key\",\"id\":\"kb\",\"actions\":[{\"type\":\"pause\"},{\"type\":\"pause\"},"
                  + "{\"type\":\"keyDown\",\"value\":\"a\"},{\"type\":\"keyUp\",\"value\":\"a\"}]}]}"),
          500,
          "unsupported operation");
      assertThat(pointerOnly.hid.reports()).isEqualTo(before);
    }
  }

  @Test
  void releaseActionsLiftsEverything() {
    String id = http.newSession();
    int releases = rig.hid.releases();
    assertThat(http.delete("/session/" + id + "/actions").status()).isEqualTo(200);
    assertThat(rig.hid.releases()).isEqualTo(releases + 1);
  }

  @Test
  void theScreenshotIsAPngWhoseSizeIsTheWindowRect() throws Exception {
    String id = http.newSession();
    W3cHttp.Answer shot = http.get("/session/" + id + "/screenshot");
    byte[] png = Base64.getDecoder().decode(shot.value().asText());
    assertThat(new String(png, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
    JsonNode rect = http.get("/session/" + id + "/window/rect").value();
    assertThat(rect.get("width").asInt()).isEqualTo(img.getWidth());
    assertThat(rect.get("height").asInt()).isEqualTo(img.getHeight());
    assertThat(rect.get("x").asInt()).isZero();
  }

  @Test
  void timeoutsAreKeptPerSession() {
    String id = http.newSession();
    assertThat(
            http.post("/session/" + id + "/timeouts", "{\"script\":5000,\"implicit\":10}").status())
        .isEqualTo(200);
    JsonNode t = http.get("/session/" + id + "/timeouts").value();
    assertThat(t.get("script").asLong()).isEqualTo(5000);
    assertThat(t.get("implicit").asLong()).isEqualTo(10);
    assertThat(t.get("pageLoad").asLong()).isEqualTo(300_000);
    assertError(
        http.post("/session/" + id + "/timeouts", "{\"script\":-1}"), 400, "invalid argument");
    assertError(
        http.post("/session/" + id + "/timeouts", "{\"sript\":1}"), 400, "invalid argument");
  }

  @Test
  void executeKnowsItsMethodsAndRefusesTheRest() {
    String id = http.newSession();
    String path = "/session/" + id + "/execute/sync";
    int before = rig.hid.reports();
    assertError(http.post(path, "{\"script\":\"return 1\",\"args\":[]}"), 404, "unknown command");
    assertError(
        http.post(path, "{\"script\":\"mobile: pinchGesture\",\"args\":[]}"),
        404,
        "unknown command");
    assertError(
        http.post(path, "{\"script\":\"swipe: wheelNudge\",\"args\":[{}]}"),
        404,
        "unknown command");
    assertError(http.post(path, "{\"script\":\"mobile: clickGesture\"}"), 400, "invalid argument");
    assertError(
        http.post(path, "{\"script\":\"mobile: clickGesture\",\"args\":[1]}"),
        400,
        "invalid argument");
    assertError(
        http.post(path, "{\"script\":\"mobile: clickGesture\",\"args\":[{\"elementId\":\"e\"}]}"),
        404,
        "no such element");
    assertError(
        http.post(path, "{\"script\":\"mobile: clickGesture\",\"args\":[{\"x\":-3,\"y\":1}]}"),
        500,
        "move target out of bounds");
    assertError(
        http.post(
            path,
            "{\"script\":\"mobile: swipeGesture\",\"args\":[{\"left\":0,\"top\":0,\"width\":10,"
                + "\"height\":10,\"direction\":\"sideways\",\"percent\":0.5}]}"),
        400,
        "invalid argument");
    assertError(
        http.post(
            path,
            "{\"script\":\"mobile: swipeGesture\",\"args\":[{\"left\":0,\"top\":0,\"width\":10,"
                + "\"height\":10,\"direction\":\"up\",\"percent\":0.5,\"speeed\":1}]}"),
        400,
        "invalid argument");
    assertThat(rig.hid.reports()).isEqualTo(before);
    W3cHttp.Answer click =
        http.post(path, "{\"script\":\"mobile:clickGesture\",\"args\":[{\"x\":100,\"y\":300}]}");
    assertThat(click.status()).isEqualTo(200);
    assertThat(rig.hid.reports()).isEqualTo(before + 2);
  }

  @Test
  void mobileScrollGestureSaysWhetherTheListCanScrollFurther() {
    String id = http.newSession();
    String path = "/session/" + id + "/execute/sync";
    String down =
        "{\"script\":\"mobile: scrollGesture\",\"args\":[{\"left\":0,\"top\":100,\"width\":270,\"height\":450,"
            + "\"direction\":\"down\",\"percent\":0.8}]}";
    assertThat(http.post(path, down).value().asBoolean()).isTrue();
    String up = down.replace("\"down\"", "\"up\"");
    boolean more = true;
    for (int i = 0; i < 10 && more; i++) {
      more = http.post(path, up).value().asBoolean();
    }
    assertThat(more).as("scrolling back up reached the top").isFalse();
    assertThat(rig.phone.oracle().listOffsetPx()).isZero();
  }

  @Test
  void aBearerTokenGuardsEverythingButStatus() throws Exception {
    try (SimRig guarded = SimRig.start(SIM, b -> b.token("s3cret"))) {
      W3cHttp h = new W3cHttp(guarded.uri());
      assertThat(h.get("/status").status()).isEqualTo(200);
      W3cHttp.Answer none = h.post("/session", "{\"capabilities\":{}}");
      assertThat(none.status()).isEqualTo(401);
      assertThat(none.error()).isEqualTo("unknown error");
      W3cHttp.Answer wrong =
          h.send(
              HttpRequest.newBuilder(guarded.uri().resolve("/session"))
                  .header("Content-Type", "application/json")
                  .header("Authorization", "Bearer nope")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"capabilities\":{}}")));
      assertThat(wrong.status()).isEqualTo(401);
      W3cHttp.Answer right =
          h.send(
              HttpRequest.newBuilder(guarded.uri().resolve("/session"))
                  .header("Content-Type", "application/json")
                  .header("Authorization", "Bearer s3cret")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"capabilities\":{}}")));
      assertThat(right.status()).isEqualTo(200);
    }
    assertThatThrownBy(
            () ->
                WebDriverServer.builder(rig.device)
                    .address(new InetSocketAddress("0.0.0.0", 0))
                    .start())
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("token"));
  }

  @Test
  void aForeignHostHeaderIsRefusedOnLoopback() throws Exception {
    assertThat(raw("GET /status HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n"))
        .startsWith("HTTP/1.1 400")
        .contains("invalid argument");
    assertThat(
            raw(
                "GET /status HTTP/1.1\r\nHost: localhost:"
                    + rig.uri().getPort()
                    + "\r\nConnection: close\r\n\r\n"))
        .startsWith("HTTP/1.1 200");
    assertThat(raw("GET /status HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n"))
        .startsWith("HTTP/1.1 200");
  }

  @Test
  void aWebPageElsewhereIsRefusedOnLoopbackAndALoopbackPageServed() throws Exception {
    String status = "GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    for (String foreign :
        List.of(
            "https://attacker.example",
            "null",
            "http://127.0.0.1.attacker.example:80",
            "http://attacker.example@127.0.0.1")) {
      assertThat(raw(status + "Origin: " + foreign + "\r\n\r\n"))
          .as(foreign)
          .startsWith("HTTP/1.1 400")
          .contains("invalid argument")
          .contains("Origin");
    }
    for (String local : List.of("http://localhost:3000", "http://127.0.0.1", "http://[::1]:8080")) {
      assertThat(raw(status + "Origin: " + local + "\r\n\r\n"))
          .as(local)
          .startsWith("HTTP/1.1 200");
    }
    // a second Origin (or Host) is refused whichever one a check would have read
    assertThat(raw(status + "Origin: http://127.0.0.1\r\nOrigin: https://attacker.example\r\n\r\n"))
        .startsWith("HTTP/1.1 400");
    assertThat(
            raw(
                "GET /status HTTP/1.0\r\nHost: 127.0.0.1\r\nHost: attacker.example\r\n"
                    + "Connection: close\r\n\r\n"))
        .startsWith("HTTP/1.1 400");
  }

  private String raw(String request) throws Exception {
    try (Socket s = new Socket("127.0.0.1", rig.uri().getPort())) {
      s.setSoTimeout(30_000);
      OutputStream out = s.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
