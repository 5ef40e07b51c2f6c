package dev.swipe.webdriver.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** W3C capability processing against a rig: validation, merging, matching, the session's answer. */
@Timeout(60)
class CapabilitiesTest {
  private static final Capabilities.Rig RIG =
      new Capabilities.Rig("rig-a", "android", Duration.ofSeconds(60), Duration.ofSeconds(600));

  private static JsonNode json(String s) throws Exception {
    return Json.MAPPER.readTree(s);
  }

  private static Capabilities.Matched process(String body) throws Exception {
    return Capabilities.process(json(body), RIG);
  }

  private static W3cFailure failure(String body) {
    try {
      process(body);
    } catch (W3cFailure f) {
      return f;
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no failure for " + body);
  }

  @Test
  void anAppiumStyleRequestMatchesAndTheAnswerSaysWhatTheRigIs() throws Exception {
    Capabilities.Matched m =
        process(
            "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"Android\","
                + "\"appium:automationName\":\"swipe\",\"appium:deviceName\":\"Pixel\",\"appium:newCommandTimeout\":120,"
                + "\"appium:app\":\"/x.apk\",\"vendor:thing\":1},\"firstMatch\":[{}]}}");
    assertThat(m.capabilities().get("platformName").asText()).isEqualTo("android");
    assertThat(m.capabilities().get("appium:automationName").asText()).isEqualTo("Swipe");
    assertThat(m.capabilities().get("swipe:rig").asText()).isEqualTo("rig-a");
    assertThat(m.capabilities().get("appium:deviceName").asText())
        .as("the rig's name, not the one asked for")
        .isEqualTo("rig-a");
    assertThat(m.capabilities().has("vendor:thing")).as("ignored: named, never echoed").isFalse();
    assertThat(m.capabilities().has("appium:app")).isFalse();
    assertThat(m.idleTimeout()).isEqualTo(Duration.ofSeconds(120));
    assertThat(m.timeouts()).isEqualTo(Capabilities.Timeouts.DEFAULT);
    assertThat(m.capabilities().get("swipe:ignoredCapabilities").toString())
        .isEqualTo("[\"appium:app\",\"appium:deviceName\",\"vendor:thing\"]");
    assertThat(m.capabilities().get("swipe:notes").has("appium:automationName")).isFalse();
  }

  @Test
  void whatTheRigCannotHonourIsNamedWithANoteAndNeverEchoed() throws Exception {
    Capabilities.Matched m =
        process(
            "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"android\","
                + "\"appium:automationName\":\"UiAutomator2\",\"appium:app\":\"/b/c.apk\","
                + "\"appium:noReset\":true,\"appium:fullReset\":false,\"appium:bundleId\":\"com.b\","
                + "\"appium:appPackage\":\"com.c\",\"appium:appActivity\":\".Main\","
                + "\"appium:deviceName\":\"rig-a\",\"acceptInsecureCerts\":true,"
                + "\"pageLoadStrategy\":\"eager\",\"setWindowRect\":false,\"unknownStandard\":1}}}");
    ObjectNodeView caps = new ObjectNodeView(m.capabilities());
    java.util.List<String> asked =
        java.util.List.of(
            "acceptInsecureCerts",
            "appium:app",
            "appium:appActivity",
            "appium:appPackage",
            "appium:bundleId",
            "appium:fullReset",
            "appium:noReset",
            "pageLoadStrategy");
    assertThat(caps.list("swipe:ignoredCapabilities")).containsExactlyElementsOf(asked);
    for (String name : asked) {
      assertThat(m.capabilities().has(name)).as(name + " is not echoed").isFalse();
      assertThat(m.capabilities().get("swipe:notes").path(name).asText())
          .as(name + " has a note")
          .isNotBlank();
    }
    assertThat(m.capabilities().get("swipe:notes").get("appium:bundleId").asText())
        .contains("installs and launches nothing");
    assertThat(m.capabilities().get("swipe:notes").get("appium:noReset").asText())
        .contains("changes nothing on the phone");
    assertThat(m.capabilities().get("appium:deviceName").asText())
        .as("asked for what the rig is: honoured, not ignored")
        .isEqualTo("rig-a");
    assertThat(caps.names())
        .containsExactlyInAnyOrder(
            "platformName",
            "appium:automationName",
            "swipe:ignoredCapabilities",
            "swipe:notes",
            "swipe:rig",
            "appium:deviceName",
            "appium:newCommandTimeout",
            "timeouts",
            "setWindowRect");
  }

  /** Reading helpers over a capabilities object. */
  private record ObjectNodeView(com.fasterxml.jackson.databind.node.ObjectNode o) {
    java.util.List<String> list(String name) {
      java.util.List<String> out = new java.util.ArrayList<>();
      o.get(name).forEach(n -> out.add(n.asText()));
      return out;
    }

    java.util.List<String> names() {
      java.util.List<String> out = new java.util.ArrayList<>();
      o.fieldNames().forEachRemaining(out::add);
      return out;
    }
  }

  @Test
  void theToolsOwnCapabilitiesAreTakenEchoedAndNeverIgnoredOthersStillRefused() throws Exception {
    java.util.Set<String> tools = java.util.Set.of("swipe:recordFlow");
    Capabilities.Matched m =
        Capabilities.process(
            json(
                "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"android\","
                    + "\"swipe:recordFlow\":\"open-contact\"}}}"),
            RIG,
            tools);
    assertThat(m.capabilities().get("swipe:recordFlow").asText()).isEqualTo("open-contact");
    assertThat(m.capabilities().get("swipe:ignoredCapabilities").toString()).isEqualTo("[]");
    W3cFailure notAString =
        assertThrowsW3c(
            () ->
                Capabilities.process(
                    json("{\"capabilities\":{\"alwaysMatch\":{\"swipe:recordFlow\":1}}}"),
                    RIG,
                    tools));
    assertThat(notAString.data().get("field").asText())
        .isEqualTo("capabilities.alwaysMatch.swipe:recordFlow");
    W3cFailure unknown =
        assertThrowsW3c(
            () ->
                Capabilities.process(
                    json("{\"capabilities\":{\"alwaysMatch\":{\"swipe:record\":\"x\"}}}"),
                    RIG,
                    tools));
    assertThat(unknown.getMessage())
        .contains("known: swipe:pointer, swipe:recordFlow, swipe:rig, swipe:screen");
    assertThat(
            failure("{\"capabilities\":{\"alwaysMatch\":{\"swipe:recordFlow\":\"x\"}}}")
                .getMessage())
        .as("a rig whose tools take no such capability refuses it")
        .contains("is not a swipe capability; known: swipe:pointer, swipe:rig, swipe:screen");
  }

  private static W3cFailure assertThrowsW3c(org.junit.jupiter.api.function.Executable e) {
    return org.junit.jupiter.api.Assertions.assertThrows(W3cFailure.class, e);
  }

  @Test
  void appiumDriversOfTheRigsPlatformAreServedAndAppiumOptionsUnfold() throws Exception {
    Capabilities.Matched m =
        process(
            "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"Android\","
                + "\"appium:options\":{\"automationName\":\"UiAutomator2\",\"newCommandTimeout\":30,"
                + "\"appPackage\":\"com.example\",\"platformVersion\":\"14\"}}}}");
    assertThat(m.idleTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(m.capabilities().has("appium:options")).isFalse();
    assertThat(m.capabilities().get("appium:automationName").asText()).isEqualTo("Swipe");
    assertThat(m.capabilities().has("appium:appPackage")).isFalse();
    assertThat(m.capabilities().get("swipe:ignoredCapabilities").toString())
        .isEqualTo("[\"appium:appPackage\",\"appium:platformVersion\"]");
    JsonNode notes = m.capabilities().get("swipe:notes");
    assertThat(notes.get("appium:automationName").asText()).startsWith("UiAutomator2 is served");
    assertThat(notes.get("appium:platformVersion").asText()).contains("not checked");
    Capabilities.Matched ios =
        Capabilities.process(
            json(
                "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"iOS\",\"appium:automationName\":\"XCUITest\"}}}"),
            new Capabilities.Rig("rig-i", "ios", Duration.ofSeconds(60), Duration.ofSeconds(600)));
    assertThat(ios.capabilities().get("platformName").asText()).isEqualTo("ios");
  }

  @Test
  void newCommandTimeoutZeroAndTooLongGetTheRigMaximum() throws Exception {
    assertThat(
            process("{\"capabilities\":{\"alwaysMatch\":{\"appium:newCommandTimeout\":0}}}")
                .idleTimeout())
        .isEqualTo(RIG.maxIdle());
    assertThat(
            process("{\"capabilities\":{\"alwaysMatch\":{\"appium:newCommandTimeout\":99999}}}")
                .idleTimeout())
        .isEqualTo(RIG.maxIdle());
    assertThat(process("{\"capabilities\":{}}").idleTimeout()).isEqualTo(RIG.defaultIdle());
    assertThat(
            process("{\"capabilities\":{\"alwaysMatch\":{\"appium:newCommandTimeout\":0.5}}}")
                .idleTimeout())
        .isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void theFirstMatchingFirstMatchEntryWins() throws Exception {
    Capabilities.Matched m =
        process(
            "{\"capabilities\":{\"alwaysMatch\":{\"appium:automationName\":\"Swipe\"},"
                + "\"firstMatch\":[{\"platformName\":\"ios\"},{\"platformName\":\"android\",\"appium:newCommandTimeout\":7},"
                + "{\"appium:newCommandTimeout\":9}]}}");
    assertThat(m.idleTimeout()).isEqualTo(Duration.ofSeconds(7));
  }

  @Test
  void timeoutsAreTakenFromTheCapabilities() throws Exception {
    Capabilities.Matched m =
        process(
            "{\"capabilities\":{\"alwaysMatch\":{\"timeouts\":{\"script\":null,\"implicit\":5}}}}");
    assertThat(m.timeouts()).isEqualTo(new Capabilities.Timeouts(null, 300_000, 5));
    assertThat(m.capabilities().get("timeouts").get("script").isNull()).isTrue();
  }

  @Test
  void malformedCapabilitiesAreInvalidArgumentsNamingTheField() {
    String[][] cases = {
      {"[]", "body"},
      {"{}", "capabilities"},
      {"{\"desiredCapabilities\":{}}", "capabilities"},
      {"{\"capabilities\":{\"alwaysMatch\":[]}}", "capabilities.alwaysMatch"},
      {"{\"capabilities\":{\"firstMatch\":[]}}", "capabilities.firstMatch"},
      {"{\"capabilities\":{\"firstMatch\":{}}}", "capabilities.firstMatch"},
      {"{\"capabilities\":{\"firstMatch\":[1]}}", "capabilities.firstMatch[0]"},
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":5}}}",
        "capabilities.alwaysMatch.platformName"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"acceptInsecureCerts\":\"yes\"}}}",
        "capabilities.alwaysMatch.acceptInsecureCerts"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"pageLoadStrategy\":\"fast\"}}}",
        "capabilities.alwaysMatch.pageLoadStrategy"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"timeouts\":{\"script\":\"x\"}}}}",
        "capabilities.alwaysMatch.timeouts.script"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"timeouts\":{\"script\":1.5}}}}",
        "capabilities.alwaysMatch.timeouts.script"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"timeouts\":{\"implicit\":-1}}}}",
        "capabilities.alwaysMatch.timeouts.implicit"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"timeouts\":{\"other\":1}}}}",
        "capabilities.alwaysMatch.timeouts.other"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"appium:newCommandTimeout\":-1}}}",
        "capabilities.alwaysMatch.appium:newCommandTimeout"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"swipe:rig\":\"a b\"}}}",
        "capabilities.alwaysMatch.swipe:rig"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"swipe:rigg\":\"a\"}}}",
        "capabilities.alwaysMatch.swipe:rigg"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"android\"},\"firstMatch\":[{\"platformName\":\"android\"}]}}",
        "capabilities.firstMatch[0].platformName"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"appium:options\":[]}}}",
        "capabilities.alwaysMatch.appium:options"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"appium:options\":{\"newCommandTimeout\":\"x\"}}}}",
        "capabilities.alwaysMatch.appium:options.newCommandTimeout"
      },
      {
        "{\"capabilities\":{\"firstMatch\":[{\"platformName\":\"ios\",\"appium:options\":{\"platformName\":\"android\"}}]}}",
        "capabilities.firstMatch[0].appium:options.platformName"
      },
      {
        "{\"capabilities\":{\"alwaysMatch\":{\"appium:automationName\":\"Swipe\"},\"firstMatch\":[{\"appium:options\":{\"automationName\":\"Swipe\"}}]}}",
        "capabilities.firstMatch[0].appium:automationName"
      },
    };
    for (String[] c : cases) {
      W3cFailure f = failure(c[0]);
      assertThat(f.error()).as(c[0]).isEqualTo(W3cError.INVALID_ARGUMENT);
      assertThat(f.data().get("field").asText()).as(c[0]).isEqualTo(c[1]);
      assertThat(f.data().get("code").asText()).isEqualTo("invalid_argument");
    }
  }

  @Test
  void wellFormedRequestsThisRigCannotServeAreSessionNotCreatedWithTheReason() {
    String[][] cases = {
      {"{\"platformName\":\"iOS\"}", "platformName"},
      {"{\"appium:automationName\":\"XCUITest\"}", "appium:automationName"},
      {"{\"appium:automationName\":\"Espresso\"}", "appium:automationName"},
      {"{\"appium:options\":{\"automationName\":\"Flutter\"}}", "appium:automationName"},
      {"{\"swipe:rig\":\"rig-b\"}", "swipe:rig"},
      {"{\"browserName\":\"chrome\"}", "browserName"},
      {"{\"browserVersion\":\"120\"}", "browserVersion"},
      {"{\"setWindowRect\":true}", "setWindowRect"},
      {"{\"webSocketUrl\":true}", "webSocketUrl"},
      {"{\"proxy\":{\"proxyType\":\"manual\"}}", "proxy"},
    };
    for (String[] c : cases) {
      W3cFailure f = failure("{\"capabilities\":{\"alwaysMatch\":" + c[0] + "}}");
      assertThat(f.error()).as(c[0]).isEqualTo(W3cError.SESSION_NOT_CREATED);
      assertThat(f.getMessage()).as(c[0]).contains(c[1]);
    }
  }

  @Test
  void nullsAndUnknownStandardNamesAreDroppedNotEchoed() throws Exception {
    Capabilities.Matched m =
        process(
            "{\"capabilities\":{\"alwaysMatch\":{\"browserName\":null,\"deviceName\":\"legacy\","
                + "\"swipe:rig\":\"RIG-A\"}}}");
    assertThat(m.capabilities().has("deviceName")).isFalse();
    assertThat(m.capabilities().has("browserName")).isFalse();
    assertThat(m.capabilities().get("swipe:rig").asText()).isEqualTo("rig-a");
  }
}
