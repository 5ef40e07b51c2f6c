package dev.swipe.text.tesseract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A JVM on a platform whose native jars are not on the class path gets a coded error naming it. */
class MissingNativesTest {

  @Test
  void anotherPlatformWithoutItsNativeJarsIsUnavailableNamingWhatToAdd()
      throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                List.of(
                    java,
                    "-Dorg.bytedeco.javacpp.platform=macosx-arm64",
                    "-cp",
                    System.getProperty("java.class.path"),
                    MissingNativesProbe.class.getName()))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(out)
        .contains("code=text_reader_unavailable")
        .contains("platform=macosx-arm64")
        .contains("os_name=" + System.getProperty("os.name"))
        .contains("add=org.bytedeco:tesseract:5.5.1-1.5.12:macosx-arm64")
        .contains("second=text_reader_unavailable");
  }
}
