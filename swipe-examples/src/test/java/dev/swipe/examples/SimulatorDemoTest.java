package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The README's first command runs this program: it must do what it prints, from pixels alone. */
class SimulatorDemoTest {

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void findsTheContactAndSetsTheAlarmByReadingTheScreen(String platform) {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream old = System.out;
    System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
    try {
      SimulatorDemo.main(new String[] {platform});
    } finally {
      System.setOut(old);
    }
    String out = buf.toString(StandardCharsets.UTF_8);
    old.print(out);
    assertThat(out).contains("scroll until text: found=true").contains("(truth: on screen true)");
    assertThat(out).contains("picker shows 18:45 (truth); editor opened: false; flings past a target: 0");
    assertThat(out).contains("page switch:").contains("pan 200:");
  }
}
