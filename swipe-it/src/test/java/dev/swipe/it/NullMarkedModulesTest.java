package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The modules CONTRIBUTING.md names as null-marked stay so: every package of their main code is
 * {@code @NullMarked}, so NullAway checks it, and a package added later cannot slip past the check
 * by having no {@code package-info.java}.
 */
class NullMarkedModulesTest {

  /** The modules CONTRIBUTING.md ("Static checks") lists as marked, every package. */
  static final List<String> MARKED =
      List.of(
          "swipe-base",
          "swipe-diff",
          "swipe-core",
          "swipe-text",
          "swipe-text-tesseract",
          "swipe-sim",
          "swipe-hid",
          "swipe-capture",
          "swipe-chrome",
          "swipe-agent",
          "swipe-wheel",
          "swipe-memory",
          "swipe-flow",
          "swipe-video",
          "swipe-report",
          "swipe-http",
          "swipe-assertj",
          "swipe-tck",
          "swipe-agent-bench",
          "swipe-memory-postgresql",
          "swipe-langchain4j",
          "swipe-langchain4j-testing");

  @Test
  void everyPackageOfAMarkedModuleIsNullMarked() throws IOException {
    List<String> unmarked = new ArrayList<>();
    for (String module : MARKED) {
      Path src = DocSnippetsTest.repoRoot().resolve(module).resolve("src/main/java");
      for (Path dir : packages(src)) {
        Path info = dir.resolve("package-info.java");
        if (!Files.exists(info) || !Files.readString(info).contains("@NullMarked")) {
          unmarked.add(module + ": " + src.relativize(dir));
        }
      }
    }
    assertThat(unmarked).as("packages without @NullMarked").isEmpty();
  }

  @Test
  void contributingNamesTheSameModules() throws IOException {
    String contributing =
        Files.readString(DocSnippetsTest.repoRoot().resolve("CONTRIBUTING.md"))
            .replaceAll("\\s+", " ");
    String checks =
        contributing.substring(
            contributing.indexOf("## Static checks"), contributing.indexOf("## Rules"));
    Set<String> named = new TreeSet<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("`(swipe-[a-z0-9-]+)`").matcher(checks);
    while (m.find()) {
      named.add(m.group(1));
    }
    assertThat(named).containsExactlyInAnyOrderElementsOf(MARKED);
  }

  /** The directories under {@code src} that hold Java sources other than the module descriptor. */
  private static Set<Path> packages(Path src) throws IOException {
    Set<Path> dirs = new TreeSet<>();
    try (Stream<Path> files = Files.walk(src)) {
      files
          .filter(f -> f.toString().endsWith(".java"))
          .filter(f -> !f.getFileName().toString().equals("module-info.java"))
          .forEach(f -> dirs.add(f.getParent()));
    }
    return dirs;
  }
}
