package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's table of {@code sim:} options is the simulator's: every option it parses is listed,
 * every value listed is taken, a value off the list is refused naming the option, and a default
 * written out gives the phone {@code sim:} alone gives.
 */
class ReadmeSimOptionsTest {
  private static final Pattern TICKED = Pattern.compile("`([^`]+)`");

  /** Defaults the record keeps as "not given" (the renderer applies them), so equal in effect. */
  private static final Set<String> DEFAULT_APPLIED_LATER = Set.of("quality", "latency_ms");

  record Row(String option, String values, String defaultText) {}

  static Map<String, Row> table() throws IOException {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("README.md"))) {
      p = p.getParent();
    }
    assertThat(p).as("the repository root").isNotNull();
    String readme = Files.readString(p.resolve("README.md"));
    int start = readme.indexOf("### The simulator, `sim:`");
    assertThat(start).as("the README's simulator section").isNotNegative();
    int end = readme.indexOf("\n## ", start);
    Map<String, Row> rows = new LinkedHashMap<>();
    for (String line : readme.substring(start, end).split("\n")) {
      if (!line.startsWith("| `")) {
        continue;
      }
      String[] cells = line.split("\\s\\|\\s?");
      Matcher m = TICKED.matcher(cells[0]);
      assertThat(m.find()).as(line).isTrue();
      rows.put(m.group(1), new Row(m.group(1), cells[1].strip(), cells[2].strip()));
    }
    return rows;
  }

  private static List<String> ticked(String cell) {
    List<String> out = new ArrayList<>();
    Matcher m = TICKED.matcher(cell);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private static SimConfig open(String option, String value) {
    return SimConfig.fromUri("sim:?" + option + "=" + value);
  }

  @Test
  void everyOptionTheSimulatorParsesIsListedAndNoOther() throws IOException {
    assertThat(table().keySet()).containsExactlyInAnyOrderElementsOf(SimConfig.URI_KEYS);
  }

  @Test
  void everyListedValueIsTakenAndOneOffTheListIsRefusedByName() throws IOException {
    for (Row r : table().values()) {
      List<String> values = ticked(r.values());
      if (r.values().contains(" to ")) {
        assertThat(values).as(r.option()).hasSize(2);
        for (String v : values) {
          open(r.option(), v);
        }
        String past =
            values.get(1).contains(".") || r.option().equals("scale")
                ? String.valueOf(Double.parseDouble(values.get(1)) + 0.5)
                : String.valueOf(Long.parseLong(values.get(1)) + 1);
        assertRefused(r.option(), past);
      } else if (values.isEmpty()) {
        // free values: an integer or a name
        open(r.option(), r.values().contains("integer") ? "42" : "phone-1");
        if (r.values().contains("integer")) {
          assertRefused(r.option(), "forty-two");
        }
      } else {
        for (String v : values) {
          open(r.option(), v);
        }
        assertRefused(r.option(), "zzz");
      }
    }
  }

  @Test
  void aDefaultWrittenOutIsTheDefault() throws IOException {
    SimConfig plain = SimConfig.fromUri("sim:");
    int checked = 0;
    for (Row r : table().values()) {
      List<String> d = ticked(r.defaultText());
      if (d.size() != 1 || DEFAULT_APPLIED_LATER.contains(r.option())) {
        continue; // "by platform", "per device", "none"
      }
      assertThat(open(r.option(), d.get(0)))
          .as("sim:?%s=%s", r.option(), d.get(0))
          .isEqualTo(plain);
      checked++;
    }
    assertThat(checked).isGreaterThan(15);
  }

  private static void assertRefused(String option, String value) {
    assertThatThrownBy(() -> open(option, value))
        .as("sim:?%s=%s", option, value)
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo(option));
  }
}
