package dev.swipe.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.appium.java_client.AppiumDriver;
import io.appium.java_client.remote.options.BaseOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.InvalidArgumentException;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.SessionNotCreatedException;
import org.openqa.selenium.UnsupportedCommandException;

/** Appium's java-client (10.0.0), unmodified, against a simulator rig with Appium-style calls. */
@Timeout(180)
class AppiumClientTest {
  private SimRig rig;
  private AppiumDriver driver;

  static BaseOptions<?> options() {
    return new BaseOptions<>()
        .setPlatformName("Android")
        .setAutomationName("Swipe")
        .amend("appium:deviceName", "sim")
        .amend("appium:newCommandTimeout", 120);
  }

  @BeforeEach
  void start() throws Exception {
    rig = SimRig.start("sim:?scene=list&scale=0.25", b -> b.rigName("rig-a"));
    driver = new AppiumDriver(rig.uri().toURL(), options());
  }

  @AfterEach
  void stop() {
    try {
      driver.quit();
    } catch (RuntimeException e) {
      // already gone
    }
    rig.close();
  }

  @Test
  void anAppiumSessionSwipesWithW3cActionsAndMobileGestures() {
    assertThat(driver.getCapabilities().getCapability("appium:automationName")).isEqualTo("Swipe");
    Dimension size = driver.manage().window().getSize();
    byte[] first = driver.getScreenshotAs(OutputType.BYTES);
    driver.perform(
        List.of(
            SeleniumClientTest.swipe(size.width / 2, size.height * 3 / 4, size.height / 3, 250)));
    byte[] second = driver.getScreenshotAs(OutputType.BYTES);
    assertThat(Screens.compare(first, second).shiftUp()).isPositive();
    driver.executeScript(
        "mobile: swipeGesture",
        Map.of(
            "left",
            0,
            "top",
            size.height / 4,
            "width",
            size.width,
            "height",
            size.height / 2,
            "direction",
            "down",
            "percent",
            0.8,
            "speed",
            1500));
    byte[] third = driver.getScreenshotAs(OutputType.BYTES);
    assertThat(Screens.compare(second, third).shiftUp())
        .as("a finger swiping down shows content above")
        .isNegative();
    driver.executeScript("mobile: clickGesture", Map.of("x", 10, "y", 10));
    driver.executeScript("mobile: longClickGesture", Map.of("x", 10, "y", 10, "duration", 600));
    driver.executeScript(
        "mobile: dragGesture", Map.of("startX", 100, "startY", 400, "endX", 100, "endY", 300));
    boolean more = true;
    for (int i = 0; i < 80 && more; i++) {
      more =
          (Boolean)
              driver.executeScript(
                  "mobile: scrollGesture",
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
                      1.0));
    }
    assertThat(more).isFalse();
  }

  @Test
  void appiumSeesTheSameErrorTypes() throws Exception {
    assertThatThrownBy(
            () -> driver.executeScript("mobile: clickGesture", Map.of("elementId", "e-1")))
        .isInstanceOf(NoSuchElementException.class);
    assertThatThrownBy(
            () ->
                driver.executeScript(
                    "mobile: scrollGesture", Map.of("direction", "down", "percent", 2)))
        .isInstanceOf(InvalidArgumentException.class);
    assertThatThrownBy(() -> driver.executeScript("mobile: shell", Map.of("command", "ls")))
        .isInstanceOf(UnsupportedCommandException.class);
    assertThatThrownBy(() -> new AppiumDriver(rig.uri().toURL(), options()))
        .isInstanceOf(SessionNotCreatedException.class);
  }
}
