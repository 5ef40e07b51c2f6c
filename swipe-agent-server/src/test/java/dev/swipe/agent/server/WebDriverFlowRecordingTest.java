package dev.swipe.agent.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowRecorder;
import dev.swipe.flow.FlowStep;
import dev.swipe.webdriver.SessionTools;
import io.appium.java_client.AppiumDriver;
import io.appium.java_client.remote.options.BaseOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;

/**
 * {@code webdriver --record DIR}: a session that asks with {@code swipe:recordFlow} records its
 * actions as a flow in DIR, rewritten after each action and saved with its screens when the session
 * ends; a name that is no flow's name, or a rig started without {@code --record}, refuses the
 * session as {@code invalid argument} and stays ready.
 */
@Timeout(300)
class WebDriverFlowRecordingTest {
  @TempDir Path dir;

  private static BaseOptions<?> options() {
    return new BaseOptions<>().setPlatformName("android").setAutomationName("Swipe");
  }

  private static List<String> files(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aSessionThatAsksRecordsWhatItDoesAndTheFlowIsSavedWhenItEnds() throws Exception {
    Path flows = dir.resolve("flows");
    try (WebDriverProcess rig =
        WebDriverProcess.start(
            "--device", "sim:?scene=list&scale=0.5", "--record", flows.toString())) {
      assertThatThrownBy(
              () -> new AppiumDriver(rig.url(), options().amend("swipe:recordFlow", "../escape")))
          .as("the client names a flow, never a path")
          .isInstanceOf(WebDriverException.class)
          .hasMessageContaining("swipe:recordFlow must be a flow's name");
      AppiumDriver driver =
          new AppiumDriver(rig.url(), options().amend("swipe:recordFlow", "wd-scroll"));
      Path file = flows.resolve("wd-scroll.flow.yaml");
      try {
        assertThat(driver.getCapabilities().getCapability("swipe:recordFlow"))
            .isEqualTo("wd-scroll");
        assertThat(driver.getCapabilities().getCapability("swipe:ignoredCapabilities").toString())
            .doesNotContain("recordFlow");
        assertThat(driver.getScreenshotAs(OutputType.BYTES)).isNotEmpty();
        Object scrolled = driver.executeScript("swipe: scroll", Map.of("direction", "down"));
        assertThat(scrolled.toString()).contains("movement=moved");
        Flow flow = Flow.read(file);
        assertThat(flow.steps()).extracting(FlowStep::kind).containsExactly("scroll");
        assertThat(flow.steps().get(0).expect()).contains("moved");
        assertThat(flow.name()).isEqualTo("wd-scroll");
        assertThat(Files.exists(FlowRecorder.screensDirFor(file)))
            .as("the screens come when the session ends")
            .isFalse();
      } finally {
        driver.quit();
      }
      assertThat(files(FlowRecorder.screensDirFor(file))).containsExactly("step-1.jpg");
      assertThat(files(flows)).containsExactly("wd-scroll.flow.yaml", "wd-scroll.screens");
    }
  }

  @Test
  void aRigStartedWithoutRecordRefusesTheCapabilityAndServesSessionsWithoutIt() {
    SessionTools.Factory tools = WebDriverTools.factory(false, null, null);
    assertThat(tools.capabilities()).containsExactly("swipe:recordFlow");
    try (Device phone = Device.open("sim:?scale=0.2")) {
      assertThatThrownBy(() -> tools.open(phone, Map.of("swipe:recordFlow", "x")))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
                assertThat(e.field()).isEqualTo("swipe:recordFlow");
                assertThat(e.getMessage()).contains("webdriver --record DIR");
              });
      try (SessionTools session = tools.open(phone, Map.of())) {
        assertThat(session.names()).contains("scroll", "tap_text");
        assertThat(session.device().screenshot().width()).isPositive();
      }
    }
  }
}
