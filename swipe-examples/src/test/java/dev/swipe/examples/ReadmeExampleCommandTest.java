package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's example command (Maven's exec plugin with a main class and its arguments) names a
 * program that exists and succeeds with exactly those arguments on the simulator.
 */
class ReadmeExampleCommandTest {
  private static final Pattern EXEC =
      Pattern.compile(
          "exec:java -Dexec\\.mainClass=(dev\\.swipe\\.examples\\.\\w+) -Dexec\\.args=\"([^\"]*)\"");

  @Test
  void theReadmesExampleCommandRunsAsWritten() throws Exception {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("README.md"))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("the checkout's README").isNotNull();
    Matcher m = EXEC.matcher(Files.readString(dir.resolve("README.md")));
    List<String> ran = new ArrayList<>();
    while (m.find()) {
      Method run =
          Class.forName(m.group(1))
              .getDeclaredMethod("run", String[].class, PrintStream.class, PrintStream.class);
      run.setAccessible(true);
      ConsoleCapture out = new ConsoleCapture();
      ConsoleCapture err = new ConsoleCapture();
      int status = (int) run.invoke(null, m.group(2).split(" "), out.stream, err.stream);
      assertThat(err.echoed()).as(m.group()).isEmpty();
      assertThat(status).as(m.group()).isZero();
      ran.add(m.group(1));
    }
    assertThat(ran).as("example commands in the README").isNotEmpty();
  }
}
