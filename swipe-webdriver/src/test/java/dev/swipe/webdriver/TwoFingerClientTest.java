package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.appium.java_client.AppiumDriver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.InvalidArgumentException;
import org.openqa.selenium.UnsupportedCommandException;
import org.openqa.selenium.interactions.Pause;
import org.openqa.selenium.interactions.PointerInput;
import org.openqa.selenium.interactions.Sequence;
import org.openqa.selenium.remote.RemoteWebDriver;

/**
 * Two fingers through the real clients: Selenium's W3C actions with two touch pointers and Appium's
 * pinch methods zoom the simulator's map by what the fingers ask; a link that holds one finger
 * refuses them before touching the phone.
 */
@Timeout(180)
class TwoFingerClientTest {
  private static final String MAP = "sim:?scene=map&scale=0.5&pointer=touch";
  private static final String ONE_FINGER_MAP = "sim:?scene=map&scale=0.5&pointer=rel";
  private static final Duration REST = Duration.ofSeconds(10);

  private SimRig rig;
  private RemoteWebDriver driver;

  @AfterEach
  void stop() {
    if (driver != null) {
      try {
        driver.quit();
      } catch (RuntimeException e) {
        // already gone
      }
    }
    if (rig != null) {
      rig.close();
    }
  }

  /** One finger of a pinch: down at {@code fromX}, a rest, a move to {@code toX}, a rest, up. */
  private static Sequence finger(String name, int fromX, int toX, int y) {
    PointerInput f = new PointerInput(PointerInput.Kind.TOUCH, name);
    return new Sequence(f, 0)
        .addAction(f.createPointerMove(Duration.ZERO, PointerInput.Origin.viewport(), fromX, y))
        .addAction(f.createPointerDown(PointerInput.MouseButton.LEFT.asArg()))
        .addAction(new Pause(f, Duration.ofMillis(80)))
        .addAction(
            f.createPointerMove(Duration.ofMillis(500), PointerInput.Origin.viewport(), toX, y))
        .addAction(new Pause(f, Duration.ofMillis(150)))
        .addAction(f.createPointerUp(PointerInput.MouseButton.LEFT.asArg()));
  }

  /** Two fingers side by side about the screen's centre, from {@code from} to {@code to} apart. */
  private static List<Sequence> pinch(Dimension size, int from, int to) {
    int cx = size.width / 2;
    int cy = size.height / 2;
    return List.of(
        finger("finger1", cx - from / 2, cx - to / 2, cy),
        finger("finger2", cx + from / 2, cx + to / 2, cy));
  }

  private double zoom() {
    return rig.phone.oracle().awaitRest(REST).mapZoom();
  }

  @Test
  void seleniumTwoTouchPointersZoomTheMapByTheirSpreadRatio() throws Exception {
    rig = SimRig.start(MAP, b -> b);
    driver = new RemoteWebDriver(rig.uri().toURL(), SeleniumClientTest.swipeCapabilities());
    Dimension size = driver.manage().window().getSize();
    assertThat(zoom()).isEqualTo(1.0);
    driver.perform(pinch(size, 80, 200)); // apart: 2.5 times the spread
    double in = zoom();
    assertThat(in).isCloseTo(2.5, within(0.25));
    driver.perform(pinch(size, 240, 120)); // together: half the spread
    assertThat(zoom()).isCloseTo(in / 2, within(0.1 * in / 2));
    assertThat(rig.hid.fingerDown()).isFalse();
  }

  @Test
  void appiumPinchGesturesZoomTheMapInAndOut() throws Exception {
    rig = SimRig.start(MAP, b -> b);
    driver = new AppiumDriver(rig.uri().toURL(), AppiumClientTest.options());
    Dimension size = driver.manage().window().getSize();
    Map<String, Object> area =
        Map.of(
            "left",
            size.width / 4,
            "top",
            size.height / 4,
            "width",
            size.width / 2,
            "height",
            size.height / 2,
            "percent",
            0.2);
    // the fingers go from 40 thousandths of the width apart to 40 + 0.2 x 500: 3.5 times
    assertThat(driver.executeScript("mobile: pinchOpenGesture", area)).isNull();
    double in = zoom();
    assertThat(in).isCloseTo(3.5, within(0.35));
    driver.executeScript("mobile: pinchCloseGesture", area);
    assertThat(zoom()).isCloseTo(in / 3.5, within(0.1 * in / 3.5));
    // XCUITest's pinch: scale and velocity (scale factor per second)
    double before = zoom();
    driver.executeScript("mobile: pinch", Map.of("scale", 2, "velocity", 2));
    assertThat(zoom()).isCloseTo(2 * before, within(0.2 * before));
    assertThatThrownBy(
            () -> driver.executeScript("mobile: pinchOpenGesture", Map.of("left", 0, "top", 0)))
        .isInstanceOf(InvalidArgumentException.class);
    assertThatThrownBy(
            () ->
                driver.executeScript(
                    "mobile: pinchCloseGesture", Map.of("elementId", "e-1", "percent", 0.5)))
        .isInstanceOf(org.openqa.selenium.NoSuchElementException.class);
    assertThatThrownBy(
            () -> driver.executeScript("mobile: pinch", Map.of("scale", 2, "velocity", 0)))
        .isInstanceOf(InvalidArgumentException.class);
  }

  @Test
  void aLinkThatHoldsOneFingerRefusesTwoAndTouchesNothing() throws Exception {
    rig = SimRig.start(ONE_FINGER_MAP, b -> b);
    driver = new AppiumDriver(rig.uri().toURL(), AppiumClientTest.options());
    Dimension size = driver.manage().window().getSize();
    int reports = rig.hid.reports();
    assertThatThrownBy(() -> driver.perform(pinch(size, 80, 200)))
        .isInstanceOf(UnsupportedCommandException.class)
        .hasMessageContaining("'finger1' and 'finger2'")
        .hasMessageContaining("holds 1 finger")
        .hasMessageContaining("pointer=touch&contacts=N");
    assertThatThrownBy(
            () ->
                driver.executeScript(
                    "mobile: pinchOpenGesture",
                    Map.of(
                        "left",
                        0,
                        "top",
                        0,
                        "width",
                        size.width,
                        "height",
                        size.height,
                        "percent",
                        0.5)))
        .isInstanceOf(UnsupportedCommandException.class)
        .hasMessageContaining("mobile: pinchOpenGesture needs 2 fingers");
    W3cHttp.Answer raw =
        new W3cHttp(rig.uri())
            .post(
                "/session/" + driver.getSessionId() + "/execute/sync",
                "{\"script\":\"mobile: pinch\",\"args\":[{\"scale\":2,\"velocity\":1}]}");
    assertThat(raw.status()).isEqualTo(500);
    assertThat(raw.error()).isEqualTo("unsupported operation");
    assertThat(raw.value().get("data").get("code").asText()).isEqualTo("unsupported_input");
    assertThat(rig.hid.reports()).as("nothing reached the phone").isEqualTo(reports);
    assertThat(rig.hid.fingerDown()).isFalse();
    assertThat(rig.phone.oracle().pointer().pressed()).isFalse();
    assertThat(zoom()).isEqualTo(1.0);
    // one finger still works on it
    driver.perform(List.of(SeleniumClientTest.swipe(size.width / 2, size.height / 2, 100, 200)));
  }
}
