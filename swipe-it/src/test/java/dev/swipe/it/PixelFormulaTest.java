package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The conversion between the normalized 0-1000 space and pixels is written once, in swipe-base's
 * {@code NormSpace}: a copy elsewhere can drift by a rounding step from the one taps are planned
 * with, and a region drawn on one frame size then misses what a tap on another hits.
 */
class PixelFormulaTest {
  /** {@code max(size - 1, 1)} written out: the span of an axis, the formula's signature. */
  private static final Pattern SPAN = Pattern.compile("Math\\.max\\([^;]*?- 1, 1\\)");

  /** {@code px / (W - 1) * 1000} and {@code n / 1000 * (H - 1)}: the span without its guard. */
  private static final Pattern BARE =
      Pattern.compile("/ \\(\\w+ - 1\\) \\* 1000|1000(\\.0)? \\* \\(\\w+(\\(\\))? - 1\\)");

  @Test
  void theSpanOfAnAxisIsWrittenOnlyInNormSpace() throws IOException {
    Path root = DocSnippetsTest.repoRoot();
    List<String> copies = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      files
          .filter(p -> p.toString().endsWith(".java"))
          .filter(p -> p.toString().contains("/src/main/java/"))
          .filter(p -> !p.toString().contains("/target/"))
          .filter(p -> !p.getFileName().toString().equals("NormSpace.java"))
          .forEach(p -> copies.addAll(copiesIn(root, p)));
    }
    assertThat(copies).as("the pixel formula outside NormSpace").isEmpty();
  }

  @Test
  void theScanFindsACopy() {
    assertThat(SPAN.matcher("double s = 1000.0 / Math.max(o.width() - 1, 1);").find()).isTrue();
    assertThat(BARE.matcher("return NormPoint.of(px / (W - 1) * 1000, 0);").find()).isTrue();
    assertThat(SPAN.matcher("int last = Math.max(0, n - 1);").find()).isFalse();
  }

  private static List<String> copiesIn(Path root, Path file) {
    List<String> out = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        String code = line.strip();
        if (code.startsWith("*") || code.startsWith("//") || code.startsWith("/*")) {
          continue;
        }
        if (SPAN.matcher(line).find() || BARE.matcher(line).find()) {
          out.add(root.relativize(file) + ":" + (i + 1) + ": " + code);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
