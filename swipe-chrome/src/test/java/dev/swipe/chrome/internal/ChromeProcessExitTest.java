package dev.swipe.chrome.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.chrome.Chromium;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A browser started for {@code chrome:} does not outlive its JVM: the exit hook a JVM runs on a
 * signal or {@code System.exit} kills it and deletes its profile, and closing it first takes the
 * hook away again.
 */
class ChromeProcessExitTest {
  @Test
  void theExitHookKillsTheBrowserAndDeletesItsProfile() {
    Chromium.assumeInstalled();
    ChromeProcess browser =
        ChromeProcess.start(
            ChromeProcess.find(null, System.getenv()), 390, 844, 1, Duration.ofSeconds(30));
    try {
      assertThat(browser.isAlive()).isTrue();
      assertThat(Files.isDirectory(browser.profile())).isTrue();
      browser.exitHook().run(); // as the JVM would at its exit
      assertThat(browser.isAlive()).isFalse();
      assertThat(Files.exists(browser.profile())).isFalse();
    } finally {
      browser.close();
    }
    assertThat(Runtime.getRuntime().removeShutdownHook(browser.exitHook()))
        .as("close() took the hook away")
        .isFalse();
  }
}
