package dev.swipe.chrome;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Whether a Chromium is installed: tests that drive one skip without it on a developer's machine,
 * and fail under {@code .ci/run}, which installs it and sets {@code SWIPE_REQUIRE_TOOLS=1}.
 */
public final class Chromium {
  private Chromium() {}

  /** Skips the test without a Chromium, or fails it where tools are required. */
  public static void assumeInstalled() {
    boolean found = false;
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
        found |= !dir.isEmpty() && Files.isExecutable(Path.of(dir, name));
      }
    }
    if (!found && "1".equals(System.getenv("SWIPE_REQUIRE_TOOLS"))) {
      fail("chromium is not installed, and SWIPE_REQUIRE_TOOLS=1 requires it");
    }
    assumeTrue(found, "chromium is not installed (apt-get install chromium)");
  }
}
