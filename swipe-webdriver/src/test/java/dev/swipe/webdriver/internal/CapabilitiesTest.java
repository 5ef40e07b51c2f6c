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
    assertThat(m.capabilities().get("appium:deviceName").asText()).isEqualTo("Pixel");
    assertThat(m.capabilities().get("vendor:thing").asInt()).isEqualTo(1);
    assertThat(m.idleTimeout()).isEqualTo(Duration.ofSeconds(120));
    assertThat(m.timeouts()).isEqualTo(Capabilities.Timeouts.DEFAULT);
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
                + "\"firstMatch\":[{\"platformName\":\"ios\"},{\"platformName\":\"android\",\"appium:deviceName\":\"second\"},"
                + "{\"appium:deviceName\":\"third\"}]}}");
    assertThat(m.capabilities().get("appium:deviceName").asText()).isEqualTo("second");
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
      {"{\"appium:automationName\":\"UiAutomator2\"}", "appium:automationName"},
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
