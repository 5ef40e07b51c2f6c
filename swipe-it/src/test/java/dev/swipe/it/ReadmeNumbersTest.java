package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.wheel.internal.WheelMath;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The defaults and tables the README states in numbers are the code's: scroll search passes and
 * time, the amount a scroll honours, and wheel_nudge's rows per drag by gap (confident and not).
 */
class ReadmeNumbersTest {
  private static String readme() throws IOException {
    return Files.readString(DocSnippetsTest.repoRoot().resolve("README.md"));
  }

  @Test
  void scrollDefaultsAreTheCodes() throws IOException {
    ScrollSearch d = ScrollSearch.defaults();
    assertThat(d.pace()).isEqualTo(SearchPace.FLING);
    String stated = "(default " + d.maxPasses() + ", " + d.timeout().toSeconds() + " s, fling)";
    assertThat(readme()).contains(stated);
    assertThat(readme())
        .contains(
            "your check; " + d.maxPasses() + " flinging passes, " + d.timeout().toSeconds() + " s")
        .contains("honoured up to " + Scroll.MAX_AMOUNT);
  }

  @Test
  void wheelNudgeRowsPerDragAreTheCapsTables() throws IOException {
    // the gaps the README's tiers name, largest first: 9+, 5-8, 3-4, 2, 1
    long[] gaps = {WheelMath.LARGE_GAP, 5, 3, 2, 1};
    List<String> confident = new ArrayList<>();
    List<String> cautious = new ArrayList<>();
    for (long g : gaps) {
      confident.add(String.valueOf(WheelMath.capRows(g, true)));
      String c = String.valueOf(WheelMath.capRows(g, false));
      if (cautious.isEmpty() || !cautious.get(cautious.size() - 1).equals(c)) {
        cautious.add(c);
      }
    }
    String flat = readme().replaceAll("\\s+", " ");
    assertThat(flat)
        .contains(
            String.format(
                Locale.ROOT,
                "plans %s rows for gaps of %d+/5-8/3-4/2/1 (%s when the measurement is not confident)",
                String.join("/", confident),
                WheelMath.LARGE_GAP,
                String.join("/", cautious)));
  }
}
