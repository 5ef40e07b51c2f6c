package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.webdriver.internal.WebDriverCli;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Several simulated phones behind one remote end (no Grid): a New Session goes to a free rig that
 * matches, every command of the session to its rig, and each rig keeps its one session.
 */
class MultiRigTest {
  private static final ObjectMapper M = new ObjectMapper();

  private final List<Device> phones = new ArrayList<>();
  private WebDriverServer server;
  private W3cHttp http;

  private Device phone(String uri) {
    Device d = Device.open(uri);
    phones.add(d);
    return d;
  }

  @BeforeEach
  void start() {
    server =
        WebDriverServer.builder(phone("sim:?scene=list&scale=0.25"))
            .address(new InetSocketAddress("127.0.0.1", 0))
            .rigName("droid-small")
            .rig("droid-large", phone("sim:?scene=list&scale=0.5"), "android")
            .rig("ios-a", phone("sim:?scene=list&platform=ios&scale=0.25"), "ios")
            .rig("ios-b", phone("sim:?scene=list&platform=ios&scale=0.25&pointer=abs"), "ios")
            .start();
    http = new W3cHttp(server.uri());
  }

  @AfterEach
  void stop() {
    server.close();
    phones.forEach(Device::close);
  }

  private W3cHttp.Answer create(String alwaysMatch) {
    return http.post("/session", "{\"capabilities\":{\"alwaysMatch\":" + alwaysMatch + "}}");
  }

  private static String rigOf(W3cHttp.Answer a) {
    return a.value().path("capabilities").path("swipe:rig").asText();
  }

  private static JsonNode rig(JsonNode status, String name) {
    for (JsonNode r : status.path("swipe").path("rigs")) {
      if (r.path("name").asText().equals(name)) {
        return r;
      }
    }
    throw new AssertionError("no rig " + name + " in " + status);
  }

  @Test
  void stereotypesCarryPlatformScreenAndPointer() throws Exception {
    assertThat(server.rigNames()).containsExactly("droid-small", "droid-large", "ios-a", "ios-b");
    JsonNode small = M.readTree(server.stereotype("droid-small"));
    assertThat(small.path("platformName").asText()).isEqualTo("android");
    assertThat(small.path("appium:automationName").asText()).isEqualTo("Swipe");
    assertThat(small.path("swipe:rig").asText()).isEqualTo("droid-small");
    assertThat(small.path("swipe:screen").asText()).matches("\\d+x\\d+");
    assertThat(small.path("swipe:pointer").asText()).isEqualTo("touch");
    JsonNode large = M.readTree(server.stereotype("droid-large"));
    assertThat(large.path("swipe:screen").asText())
        .isNotEqualTo(small.path("swipe:screen").asText());
    assertThat(M.readTree(server.stereotype("ios-b")).path("swipe:pointer").asText())
        .isEqualTo("abs");
    assertThatThrownBy(() -> server.stereotype("nobody"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("rig"));
    String toml = server.relayConfig();
    assertThat(toml)
        .startsWith("[relay]\n")
        .contains("url = \"" + server.uri() + "\"")
        .contains("status-endpoint = \"/status\"");
    assertThat(toml.split("\"1\", ", -1)).hasSize(5);
    assertThat(toml).contains("\\\"swipe:rig\\\":\\\"ios-a\\\"");
  }

  @Test
  void fourSessionsLandOnFourRigsAFifthIsBusyAndADeleteFreesOne() {
    JsonNode status = http.get("/status").value();
    assertThat(status.path("ready").asBoolean()).isTrue();
    assertThat(status.path("swipe").path("rigs")).hasSize(4);
    List<String> ids = new ArrayList<>();
    Set<String> rigs = new HashSet<>();
    for (int i = 0; i < 4; i++) {
      W3cHttp.Answer a = create("{\"appium:automationName\":\"Swipe\"}");
      assertThat(a.status()).as(a.json().toString()).isEqualTo(200);
      ids.add(a.value().path("sessionId").asText());
      rigs.add(rigOf(a));
    }
    assertThat(rigs).containsExactlyInAnyOrder("droid-small", "droid-large", "ios-a", "ios-b");
    assertThat(http.get("/sessions").value()).hasSize(4);
    status = http.get("/status").value();
    assertThat(status.path("ready").asBoolean()).isFalse();
    assertThat(rig(status, "ios-a").path("busy").asBoolean()).isTrue();
    W3cHttp.Answer fifth = create("{}");
    assertThat(fifth.status()).isEqualTo(500);
    assertThat(fifth.error()).isEqualTo("session not created");
    assertThat(fifth.value().path("data").path("code").asText()).isEqualTo("rig_busy");
    // each command goes to its session's rig: the window is that phone's screen
    for (int i = 0; i < 4; i++) {
      String id = ids.get(i);
      JsonNode rect = http.get("/session/" + id + "/window/rect").value();
      String rigName =
          http.get("/sessions").value().findParents("id").stream()
              .filter(s -> s.path("id").asText().equals(id))
              .findFirst()
              .orElseThrow()
              .path("capabilities")
              .path("swipe:rig")
              .asText();
      assertThat(rect.path("width").asInt() + "x" + rect.path("height").asInt())
          .isEqualTo(rig(status, rigName).path("screen").asText());
    }
    String freed = ids.get(2);
    assertThat(http.delete("/session/" + freed).status()).isEqualTo(200);
    assertThat(http.get("/session/" + freed + "/screenshot").error())
        .isEqualTo("invalid session id");
    W3cHttp.Answer again = create("{}");
    assertThat(again.status()).isEqualTo(200);
    assertThat(http.get("/session/nope/screenshot").error()).isEqualTo("invalid session id");
    for (String id : ids) {
      http.delete("/session/" + id);
    }
    http.delete("/session/" + again.value().path("sessionId").asText());
    assertThat(http.get("/status").value().path("ready").asBoolean()).isTrue();
    assertThat(http.get("/sessions").value()).isEmpty();
  }

  @Test
  void platformPinScreenAndPointerChooseTheRig() throws Exception {
    String large = M.readTree(server.stereotype("droid-large")).path("swipe:screen").asText();
    W3cHttp.Answer a = create("{\"platformName\":\"iOS\"}");
    assertThat(rigOf(a)).isEqualTo("ios-a");
    W3cHttp.Answer b = create("{\"platformName\":\"ios\"}");
    assertThat(rigOf(b)).isEqualTo("ios-b");
    W3cHttp.Answer c = create("{\"platformName\":\"ios\"}");
    assertThat(c.value().path("data").path("code").asText()).isEqualTo("rig_busy");
    http.delete("/session/" + a.value().path("sessionId").asText());
    http.delete("/session/" + b.value().path("sessionId").asText());
    assertThat(rigOf(create("{\"swipe:pointer\":\"abs\"}"))).isEqualTo("ios-b");
    W3cHttp.Answer sized = create("{\"swipe:screen\":\"" + large + "\"}");
    assertThat(rigOf(sized)).isEqualTo("droid-large");
    assertThat(sized.value().path("capabilities").path("swipe:screen").asText()).isEqualTo(large);
    assertThat(rigOf(create("{\"swipe:rig\":\"droid-small\"}"))).isEqualTo("droid-small");
    // UiAutomator2 drives android: the ios rigs do not match it
    W3cHttp.Answer none = create("{\"appium:automationName\":\"UiAutomator2\"}");
    assertThat(none.value().path("data").path("code").asText()).isEqualTo("rig_busy");
    W3cHttp.Answer nobody = create("{\"platformName\":\"ios\",\"swipe:screen\":\"" + large + "\"}");
    assertThat(nobody.error()).isEqualTo("session not created");
    assertThat(nobody.value().path("data").path("code").asText())
        .isEqualTo("no_matching_capabilities");
    assertThat(nobody.value().path("data").path("reasons")).hasSize(4);
    assertThat(create("{\"swipe:screen\":\"big\"}").error()).isEqualTo("invalid argument");
    assertThat(create("{\"swipe:pointer\":\"pen\"}").error()).isEqualTo("invalid argument");
  }

  @Test
  void theBuilderRefusesTwoRigsOfOneNameOrOnePhone() {
    Device a = phone("sim:?scale=0.25");
    Device b = phone("sim:?scale=0.25");
    assertThatThrownBy(
            () ->
                WebDriverServer.builder(a)
                    .address(new InetSocketAddress("127.0.0.1", 0))
                    .rigName("x")
                    .rig("X", b, "android")
                    .start())
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("rig"));
    assertThatThrownBy(
            () ->
                WebDriverServer.builder(a)
                    .address(new InetSocketAddress("127.0.0.1", 0))
                    .rig("y", a, "android")
                    .start())
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("phone"));
    assertThatThrownBy(() -> WebDriverServer.builder(a).rig("bad name", b, "android"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("rig"));
    assertThatThrownBy(() -> WebDriverServer.builder(a).rig("z", b, "i os"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("platform_name"));
    assertThatThrownBy(() -> WebDriverServer.builder(a).rig("z", null, "ios"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("phone"));
  }

  @Test
  void theCliRefusesRigsItCannotServe() {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.PrintStream err =
        new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
    assertThat(
            WebDriverCli.run(
                new String[] {"--rig", "a=sim:", "--device", "sim:"}, SessionTools.none(), err))
        .isEqualTo(2);
    assertThat(WebDriverCli.run(new String[] {"--rig", "bad name=sim:"}, SessionTools.none(), err))
        .isEqualTo(2);
    assertThat(
            WebDriverCli.run(
                new String[] {"--rig", "a=sim:", "--rig", "b"}, SessionTools.none(), err))
        .isEqualTo(2);
    assertThat(
            WebDriverCli.run(
                new String[] {"--port", "0", "--rig", "a=sim:", "--rig", "A=sim:"},
                SessionTools.none(),
                err))
        .isEqualTo(1);
    assertThat(
            WebDriverCli.run(
                new String[] {"--port", "0", "--rig", "a=sim:", "--memory", "nosuch:x"},
                SessionTools.none(),
                err))
        .isEqualTo(1);
    assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8))
        .contains("--rig must be NAME or NAME[@PLATFORM]=DEVICE_URI")
        .contains("rig A is given twice")
        .contains("cannot open rig a's device")
        .contains("nosuch");
  }

  /**
   * The page's several-rig command's phones, served in process: the [relay] section it prints is
   * the one in the page's node TOML (the URL aside).
   */
  @Test
  void thePagesRelaySectionIsWhatTheRigsPrint() {
    List<String> args = Docs.severalRigsArgs();
    List<Device> devices = new ArrayList<>();
    WebDriverServer.Builder b = null;
    for (int i = 0; i < args.size(); i++) {
      if (!args.get(i).equals("--rig")) {
        continue;
      }
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("([^@=]+)(?:@([^=]+))?=(.+)").matcher(args.get(++i));
      assertThat(m.matches()).isTrue();
      Device d = phone(m.group(3));
      devices.add(d);
      String platform = m.group(2) == null ? "android" : m.group(2);
      if (b == null) {
        b =
            WebDriverServer.builder(d)
                .address(new InetSocketAddress("127.0.0.1", 0))
                .rigName(m.group(1))
                .platformName(platform);
      } else {
        b.rig(m.group(1), d, platform);
      }
    }
    assertThat(devices).hasSize(4);
    try (WebDriverServer s = b.start()) {
      String printed = s.relayConfig().replace(s.uri().toString(), "http://127.0.0.1:4723");
      String toml = Docs.block("toml", "max-sessions = 4");
      assertThat(toml)
          .as("the page's node TOML holds what the rigs print:%n%s", printed)
          .contains("[relay]");
      assertThat(toml.substring(toml.indexOf("[relay]"))).isEqualTo(printed);
    }
  }
}
