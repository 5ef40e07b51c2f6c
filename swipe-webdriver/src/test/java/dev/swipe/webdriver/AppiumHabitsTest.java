package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.HidReport;
import io.appium.java_client.AppiumDriver;
import io.appium.java_client.MobileCommand;
import io.appium.java_client.android.AndroidDriver;
import io.appium.java_client.android.nativekey.AndroidKey;
import io.appium.java_client.android.nativekey.KeyEvent;
import io.appium.java_client.android.nativekey.KeyEventMetaModifier;
import io.appium.java_client.android.options.UiAutomator2Options;
import io.appium.java_client.ios.IOSDriver;
import io.appium.java_client.ios.options.XCUITestOptions;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.SessionNotCreatedException;
import org.openqa.selenium.UnsupportedCommandException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What an Appium user does first, with the real clients: Appium's default options, back, pressKey,
 * mobile: type, a failing swipe: method, the session list and the page source.
 */
@Timeout(180)
class AppiumHabitsTest {
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      try {
        open.get(i).close();
      } catch (RuntimeException e) {
        // a driver whose session already ended
      }
    }
  }

  private SimRig rig(String uri, boolean reader, SessionTools.Factory tools, String platform) {
    SimRig rig =
        SimRig.start(
            uri,
            true,
            reader,
            b -> {
              b.rigName("rig-a").platformName(platform);
              return tools == null ? b : b.tools(tools);
            });
    open.add(rig);
    return rig;
  }

  private SimRig androidRig() {
    return rig("sim:?scene=list&scale=0.25", false, null, "android");
  }

  private <D extends RemoteWebDriver> D track(D driver) {
    open.add(driver::quit);
    return driver;
  }

  /** Where the list scene's rows and search field are at scale 0.25 (270 x 600 pixels). */
  private static final int ROW_1_Y = (408 + 192 + 96) / 4;

  private static final int SEARCH_Y = (258 + 63) / 4;

  private static void tap(RemoteWebDriver d, int x, int y) {
    d.executeScript("mobile: clickGesture", Map.of("x", x, "y", y));
  }

  @Test
  void uiAutomator2OptionsOpenASessionThatSaysWhatTheRigIgnores() throws Exception {
    SimRig rig = androidRig();
    UiAutomator2Options options =
        new UiAutomator2Options()
            .setApp("/builds/contacts.apk")
            .setDeviceName("Pixel 8")
            .setNoReset(true)
            .setNewCommandTimeout(Duration.ofSeconds(90));
    AndroidDriver driver = track(new AndroidDriver(rig.uri().toURL(), options));
    assertThat(driver.getCapabilities().getCapability("appium:automationName")).isEqualTo("Swipe");
    @SuppressWarnings("unchecked")
    List<String> ignored =
        (List<String>) driver.getCapabilities().getCapability("swipe:ignoredCapabilities");
    assertThat(ignored).contains("appium:app", "appium:noReset", "appium:deviceName");
    assertThat(ignored).doesNotContain("appium:newCommandTimeout", "appium:automationName");
    for (String notHonoured : List.of("appium:app", "appium:noReset")) {
      assertThat(driver.getCapabilities().getCapability(notHonoured))
          .as(notHonoured + " is named as ignored, never echoed as if honoured")
          .isNull();
    }
    assertThat(driver.getCapabilities().getCapability("appium:deviceName"))
        .as("the rig's name, not the Pixel 8 asked for")
        .isNotEqualTo("Pixel 8");
    @SuppressWarnings("unchecked")
    Map<String, String> notes =
        (Map<String, String>) driver.getCapabilities().getCapability("swipe:notes");
    assertThat(notes.get("appium:app")).contains("installs and launches nothing");
    assertThat(notes.get("appium:automationName"))
        .containsIgnoringCase("UiAutomator2")
        .contains("no element tree");
    assertThat(
            ((Number) driver.getCapabilities().getCapability("appium:newCommandTimeout"))
                .doubleValue())
        .isEqualTo(90.0);
    int before = rig.hid.reports();
    tap(driver, 135, ROW_1_Y);
    assertThat(rig.hid.reports()).as("the session drives the phone").isGreaterThan(before);
  }

  @Test
  void xcuiTestOptionsServeAnIosRigAndAreRefusedByAnAndroidOne() throws Exception {
    SimRig ios = rig("sim:?scene=list&platform=ios&scale=0.25", false, null, "ios");
    IOSDriver driver = track(new IOSDriver(ios.uri().toURL(), new XCUITestOptions()));
    assertThat(driver.getCapabilities().getCapability("platformName").toString())
        .isEqualToIgnoringCase("ios");
    SimRig android = androidRig();
    assertThatThrownBy(() -> new IOSDriver(android.uri().toURL(), new XCUITestOptions()))
        .isInstanceOf(SessionNotCreatedException.class)
        .hasMessageContaining("platformName 'IOS': this rig is android");
    XCUITestOptions onAndroid = new XCUITestOptions();
    onAndroid.setCapability("platformName", "android");
    assertThatThrownBy(() -> new AppiumDriver(android.uri().toURL(), onAndroid))
        .isInstanceOf(SessionNotCreatedException.class)
        .hasMessageContaining("appium:automationName 'XCuiTest' drives ios; this rig is android");
    UiAutomator2Options espresso = new UiAutomator2Options().setAutomationName("Espresso");
    assertThatThrownBy(() -> new AndroidDriver(android.uri().toURL(), espresso))
        .isInstanceOf(SessionNotCreatedException.class)
        .hasMessageContaining("appium:automationName 'Espresso'");
  }

  @Test
  void appiumOptionsAreUnfoldedAndAContradictionNamesItsField() {
    SimRig rig = androidRig();
    W3cHttp http = new W3cHttp(rig.uri());
    W3cHttp.Answer bad =
        http.post(
            "/session",
            "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"android\","
                + "\"appium:automationName\":\"Swipe\",\"appium:options\":{\"automationName\":\"UiAutomator2\"}}}}");
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.error()).isEqualTo("invalid argument");
    assertThat(bad.value().path("data").path("field").asText())
        .isEqualTo("capabilities.alwaysMatch.appium:options.automationName");
    W3cHttp.Answer prefixed =
        http.post(
            "/session",
            "{\"capabilities\":{\"alwaysMatch\":{\"appium:options\":{\"appium:udid\":\"x\"}}}}");
    assertThat(prefixed.value().path("data").path("field").asText())
        .isEqualTo("capabilities.alwaysMatch.appium:options.appium:udid");
    W3cHttp.Answer ok =
        http.post(
            "/session",
            "{\"capabilities\":{\"alwaysMatch\":{\"platformName\":\"Android\",\"appium:options\":"
                + "{\"automationName\":\"UiAutomator2\",\"newCommandTimeout\":5,\"app\":\"/a.apk\"}}}}");
    assertThat(ok.status()).as(ok.json().toString()).isEqualTo(200);
    JsonNode caps = ok.value().get("capabilities");
    assertThat(caps.has("appium:options")).isFalse();
    assertThat(caps.get("appium:newCommandTimeout").asDouble()).isEqualTo(5.0);
    assertThat(caps.get("swipe:ignoredCapabilities").toString()).contains("appium:app");
    http.delete("/session/" + ok.value().get("sessionId").asText());
  }

  @Test
  void backClosesTheOpenedContactAndIosHasNoBack() throws Exception {
    SimRig rig = androidRig();
    RemoteWebDriver driver =
        track(new RemoteWebDriver(rig.uri().toURL(), SeleniumClientTest.swipeCapabilities()));
    tap(driver, 135, ROW_1_Y);
    assertThat(rig.phone.oracle().openedContact()).isPresent();
    driver.navigate().back();
    assertThat(rig.phone.oracle().openedContact()).isEmpty();

    SimRig ios = rig("sim:?scene=list&platform=ios&scale=0.25", false, null, "ios");
    IOSDriver iosDriver = track(new IOSDriver(ios.uri().toURL(), new XCUITestOptions()));
    int before = ios.hid.reports();
    assertThatThrownBy(() -> iosDriver.navigate().back())
        .isInstanceOf(UnsupportedCommandException.class)
        .hasMessageContaining("has no system Back");
    assertThatThrownBy(() -> iosDriver.executeScript("mobile: pressKey", Map.of("keycode", 4)))
        .isInstanceOf(UnsupportedCommandException.class)
        .hasMessageContaining("has no system Back");
    assertThat(ios.hid.reports()).as("nothing was pressed").isEqualTo(before);
  }

  @Test
  void pressKeyPlaysAndroidKeyCodesAsHidKeys() throws Exception {
    SimRig rig = androidRig();
    AndroidDriver driver = track(new AndroidDriver(rig.uri().toURL(), new UiAutomator2Options()));
    tap(driver, 135, ROW_1_Y);
    assertThat(rig.phone.oracle().openedContact()).isPresent();
    driver.pressKey(new KeyEvent(AndroidKey.BACK)); // mobile: pressKey
    assertThat(rig.phone.oracle().openedContact()).isEmpty();

    tap(driver, 135, SEARCH_Y);
    int from = rig.hid.reports();
    driver.pressKey(new KeyEvent(AndroidKey.A).withMetaModifier(KeyEventMetaModifier.SHIFT_ON));
    driver.execute(MobileCommand.PRESS_KEY_CODE, Map.of("keycode", AndroidKey.N.getCode()));
    driver.execute(MobileCommand.LONG_PRESS_KEY_CODE, Map.of("keycode", AndroidKey.N.getCode()));
    List<HidReport.Keyboard> downs =
        rig.hid.reportsSince(from).stream()
            .filter(r -> r instanceof HidReport.Keyboard k && k.down())
            .map(r -> (HidReport.Keyboard) r)
            .toList();
    assertThat(downs)
        .containsExactly(
            new HidReport.Keyboard(Key.keyboard(0x04, "a"), Set.of(Modifier.SHIFT), true),
            new HidReport.Keyboard(Key.keyboard(0x11, "n"), Set.of(), true),
            new HidReport.Keyboard(Key.keyboard(0x11, "n"), Set.of(), true));
    assertThat(rig.phone.oracle().state().focusedText()).isEqualTo("ann");

    assertThatThrownBy(() -> driver.pressKey(new KeyEvent(AndroidKey.POWER)))
        .isInstanceOf(UnsupportedCommandException.class)
        .hasMessageContaining("keycode");
  }

  @Test
  void mobileTypeTypesIntoTheFocusedField() throws Exception {
    SimRig rig = androidRig();
    AndroidDriver driver = track(new AndroidDriver(rig.uri().toURL(), new UiAutomator2Options()));
    tap(driver, 135, SEARCH_Y);
    driver.executeScript("mobile: type", Map.of("text", "Chen"));
    assertThat(rig.phone.oracle().state().focusedText()).isEqualToIgnoringCase("Chen");
    assertThat(rig.phone.oracle().state().visibleListRows())
        .isNotEmpty()
        .allMatch(row -> row.toLowerCase(java.util.Locale.ROOT).contains("chen"));
    assertThatThrownBy(() -> driver.executeScript("mobile: type", Map.of("text", "Zoë")))
        .isInstanceOf(org.openqa.selenium.InvalidArgumentException.class)
        .hasMessageContaining("unsupported_character");
    assertThat(rig.phone.oracle().state().focusedText()).isEqualToIgnoringCase("Chen");
  }

  /** One tool that always answers a verdict, as the agent's scroll does when nothing moved. */
  private static SessionTools.Factory verdictTools() {
    return phone -> {
      Device run = phone.run().fork();
      return new SessionTools() {
        @Override
        public Device device() {
          return run;
        }

        @Override
        public Set<String> names() {
          return Set.of("scroll");
        }

        @Override
        public JsonNode call(String name, JsonNode arguments) {
          ObjectNode out = W3cHttp.JSON.createObjectNode();
          ObjectNode e = out.putObject("error");
          e.put("code", "scroll_no_progress");
          e.put("message", "the screen did not change");
          e.putObject("details").put("movement", "unchanged");
          return out;
        }

        @Override
        public void close() {
          run.close();
        }
      };
    };
  }

  @Test
  void aSwipeMethodsFailureIsAW3cErrorWithTheCodeInData() throws Exception {
    SimRig rig = rig("sim:?scene=list&scale=0.25", false, verdictTools(), "android");
    RemoteWebDriver driver =
        track(new RemoteWebDriver(rig.uri().toURL(), SeleniumClientTest.swipeCapabilities()));
    assertThatThrownBy(() -> driver.executeScript("swipe: scroll", Map.of("direction", "down")))
        .isInstanceOf(WebDriverException.class)
        .hasMessageContaining("scroll_no_progress");
    W3cHttp http = new W3cHttp(rig.uri());
    W3cHttp.Answer a =
        http.post(
            "/session/" + driver.getSessionId() + "/execute/sync",
            "{\"script\":\"swipe: scroll\",\"args\":[{\"direction\":\"down\"}]}");
    assertThat(a.status()).isEqualTo(500);
    assertThat(a.error()).isEqualTo("unknown error");
    assertThat(a.value().get("data").get("code").asText()).isEqualTo("scroll_no_progress");
    assertThat(a.value().get("data").get("error").get("details").get("movement").asText())
        .isEqualTo("unchanged");
  }

  @Test
  void sessionsAreListedWithTheirCapabilities() throws Exception {
    SimRig rig = androidRig();
    W3cHttp http = new W3cHttp(rig.uri());
    assertThat(http.get("/sessions").value().size()).isZero();
    AndroidDriver driver = track(new AndroidDriver(rig.uri().toURL(), new UiAutomator2Options()));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> listed =
        (List<Map<String, Object>>) driver.execute("getAllSessions").getValue();
    assertThat(listed).hasSize(1);
    assertThat(listed.get(0).get("id")).isEqualTo(driver.getSessionId().toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> caps = (Map<String, Object>) listed.get(0).get("capabilities");
    assertThat(caps.get("swipe:rig")).isEqualTo("rig-a");
    assertThat(http.get("/appium/sessions").value().get(0).get("id").asText())
        .isEqualTo(driver.getSessionId().toString());
    driver.quit();
    assertThat(http.get("/sessions").value().size()).isZero();
  }

  @Test
  void pageSourceIsTheTextReadOnTheScreenAndItsBoundsAreWhereToTap() throws Exception {
    SimRig rig = rig("sim:?scene=list&scale=0.25", true, null, "android");
    AndroidDriver driver = track(new AndroidDriver(rig.uri().toURL(), new UiAutomator2Options()));
    String xml = driver.getPageSource();
    org.w3c.dom.Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    Element root = doc.getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("hierarchy");
    assertThat(root.getAttribute("source")).isEqualTo("ocr");
    List<String> rows = rig.phone.oracle().state().visibleListRows();
    String second = rows.get(1);
    NodeList texts = root.getElementsByTagName("text");
    Element hit = null;
    for (int i = 0; i < texts.getLength(); i++) {
      Element t = (Element) texts.item(i);
      if (t.getAttribute("text").equals(second)) {
        hit = t;
      }
    }
    assertThat(hit).as(xml).isNotNull();
    String[] b = hit.getAttribute("bounds").replaceAll("[\\[\\]]", " ").trim().split("[ ,]+");
    int x = (Integer.parseInt(b[0]) + Integer.parseInt(b[2])) / 2;
    int y = (Integer.parseInt(b[1]) + Integer.parseInt(b[3])) / 2;
    tap(driver, x, y);
    assertThat(rig.phone.oracle().openedContact()).contains(second);
  }

  @Test
  void withoutATextReaderPageSourceIsUnsupportedAndSaysWhatToUse() throws Exception {
    SimRig rig = androidRig();
    AndroidDriver driver = track(new AndroidDriver(rig.uri().toURL(), new UiAutomator2Options()));
    assertThatThrownBy(driver::getPageSource)
        .isInstanceOf(UnsupportedCommandException.class)
        .hasMessageContaining("no accessibility tree")
        .hasMessageContaining("text reader")
        .hasMessageContaining("swipe: findText");
    W3cHttp.Answer a = new W3cHttp(rig.uri()).get("/session/" + driver.getSessionId() + "/source");
    assertThat(a.status()).isEqualTo(500);
    assertThat(a.error()).isEqualTo("unsupported operation");
    assertThat(a.value().get("data").get("code").asText()).isEqualTo("text_reader_unavailable");
  }
}
