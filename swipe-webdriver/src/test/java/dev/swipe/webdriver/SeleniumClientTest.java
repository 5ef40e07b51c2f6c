package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.InvalidArgumentException;
import org.openqa.selenium.MutableCapabilities;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.NoSuchSessionException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.SessionNotCreatedException;
import org.openqa.selenium.UnsupportedCommandException;
import org.openqa.selenium.interactions.MoveTargetOutOfBoundsException;
import org.openqa.selenium.interactions.PointerInput;
import org.openqa.selenium.interactions.Sequence;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.openqa.selenium.remote.RemoteWebElement;

/** Selenium's own RemoteWebDriver (4.52.0), unmodified, against a simulator rig. */
@Timeout(180)
class SeleniumClientTest {
  private SimRig rig;
  private RemoteWebDriver driver;

  static MutableCapabilities swipeCapabilities() {
    return new MutableCapabilities(
        Map.of("platformName", "android", "appium:automationName", "Swipe"));
  }

  @BeforeEach
  void start() throws Exception {
    rig = SimRig.start("sim:?scene=list&scale=0.25", b -> b.rigName("rig-a"));
    driver = new RemoteWebDriver(rig.uri().toURL(), swipeCapabilities());
  }

  @AfterEach
  void stop() {
    try {
      driver.quit();
    } catch (RuntimeException e) {
      // already gone in the tests that end it
    }
    rig.close();
  }

  static Sequence swipe(int x, int fromY, int toY, int ms) {
    PointerInput finger = new PointerInput(PointerInput.Kind.TOUCH, "finger");
    return new Sequence(finger, 0)
        .addAction(
            finger.createPointerMove(Duration.ZERO, PointerInput.Origin.viewport(), x, fromY))
        .addAction(finger.createPointerDown(PointerInput.MouseButton.LEFT.asArg()))
        .addAction(
            finger.createPointerMove(Duration.ofMillis(ms), PointerInput.Origin.viewport(), x, toY))
        .addAction(finger.createPointerUp(PointerInput.MouseButton.LEFT.asArg()));
  }

  @Test
  void aW3cTouchSwipeScrollsTheListAsTheScreenshotsShow() {
    assertThat(driver.getCapabilities().getCapability("swipe:rig")).isEqualTo("rig-a");
    Dimension size = driver.manage().window().getSize();
    byte[] before = driver.getScreenshotAs(OutputType.BYTES);
    driver.perform(List.of(swipe(size.width / 2, size.height * 3 / 4, size.height / 4, 300)));
    byte[] after = driver.getScreenshotAs(OutputType.BYTES);
    Screens.Motion m = Screens.compare(before, after);
    assertThat(m.changedFraction()).isGreaterThan(0.05);
    assertThat(m.shiftUp()).as("the content moved up: the list scrolled down").isPositive();
    assertThat(rig.phone.oracle().listOffsetPx()).isPositive();
  }

  @Test
  void mobileScrollGestureReachesTheEndOfTheList() {
    Dimension size = driver.manage().window().getSize();
    Map<String, Object> args =
        Map.of(
            "left",
            0,
            "top",
            size.height / 6,
            "width",
            size.width,
            "height",
            size.height * 2 / 3,
            "direction",
            "down",
            "percent",
            1.0);
    boolean more = true;
    int calls = 0;
    while (more && calls < 80) {
      more = (Boolean) driver.executeScript("mobile: scrollGesture", args);
      calls++;
    }
    assertThat(more).as("the end was reached within 80 scrolls").isFalse();
    assertThat(calls).isGreaterThan(1);
    assertThat(rig.phone.oracle().listOffsetPx())
        .isCloseTo(
            rig.phone.oracle().state().listMaxOffsetPx(), org.assertj.core.data.Offset.offset(2.0));
  }

  @Test
  void errorsAreDecodedIntoSeleniumsExceptionTypes() throws Exception {
    Dimension size = driver.manage().window().getSize();
    assertThatThrownBy(
            () -> driver.perform(List.of(swipe(size.width / 2, size.height + 50, 10, 100))))
        .isInstanceOf(MoveTargetOutOfBoundsException.class);
    assertThatThrownBy(
            () -> driver.executeScript("mobile: swipeGesture", Map.of("direction", "up")))
        .isInstanceOf(InvalidArgumentException.class);
    assertThatThrownBy(() -> driver.executeScript("return document.title"))
        .isInstanceOf(UnsupportedCommandException.class);
    assertThatThrownBy(() -> driver.get("https://example.org/"))
        .isInstanceOf(UnsupportedCommandException.class);
    RemoteWebElement ghost = new RemoteWebElement();
    ghost.setParent(driver);
    ghost.setId("no-such-element");
    PointerInput finger = new PointerInput(PointerInput.Kind.TOUCH, "finger");
    assertThatThrownBy(
            () ->
                driver.perform(
                    List.of(
                        new Sequence(finger, 0)
                            .addAction(
                                finger.createPointerMove(
                                    Duration.ZERO, PointerInput.Origin.fromElement(ghost), 0, 0)))))
        .isInstanceOf(NoSuchElementException.class);
    // a touch pointer and a mouse: several pointers are fingers (all touch) or nothing
    PointerInput second = new PointerInput(PointerInput.Kind.MOUSE, "second");
    assertThatThrownBy(
            () ->
                driver.perform(
                    List.of(
                        swipe(10, 100, 200, 50),
                        new Sequence(second, 0)
                            .addAction(second.createPointerDown(0))
                            .addAction(second.createPointerUp(0)))))
        .isInstanceOf(UnsupportedCommandException.class);
    assertThatThrownBy(() -> new RemoteWebDriver(rig.uri().toURL(), swipeCapabilities()))
        .isInstanceOf(SessionNotCreatedException.class)
        .hasMessageContaining("busy");
  }

  @Test
  void aMismatchIsSessionNotCreatedAndAnEndedSessionIsNoSuchSession() throws Exception {
    driver.quit();
    MutableCapabilities ios =
        new MutableCapabilities(Map.of("platformName", "ios", "appium:automationName", "Swipe"));
    assertThatThrownBy(() -> new RemoteWebDriver(rig.uri().toURL(), ios))
        .isInstanceOf(SessionNotCreatedException.class);
    MutableCapabilities shortLived = swipeCapabilities();
    shortLived.setCapability("appium:newCommandTimeout", 1);
    driver = new RemoteWebDriver(rig.uri().toURL(), shortLived);
    W3cHttp http = new W3cHttp(rig.uri());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!http.get("/status").value().get("ready").asBoolean() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThatThrownBy(() -> driver.getScreenshotAs(OutputType.BYTES))
        .isInstanceOf(NoSuchSessionException.class);
  }
}
