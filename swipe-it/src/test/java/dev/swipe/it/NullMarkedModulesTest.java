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
 * Every package of main code is {@code @NullMarked}, so NullAway checks all of it: a package added
 * later cannot slip past the check by having no {@code package-info.java}, and a module added later
 * joins marked. CONTRIBUTING.md says so ("Static checks").
 */
class NullMarkedModulesTest {

  @Test
  void everyPackageOfMainCodeIsNullMarked() throws IOException {
    List<String> modules = modules();
    assertThat(modules).as("modules with main code").contains("swipe-base", "swipe-core");
    List<String> unmarked = new ArrayList<>();
    for (String module : modules) {
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
  void contributingSaysAllMainCodeIsMarked() throws IOException {
    String contributing =
        Files.readString(DocSnippetsTest.repoRoot().resolve("CONTRIBUTING.md"))
            .replaceAll("\\s+", " ");
    String checks =
        contributing.substring(
            contributing.indexOf("## Static checks"), contributing.indexOf("## Rules"));
    assertThat(checks).contains("Every package of main code is marked");
  }

  /** The repository's modules that have main code. */
  private static List<String> modules() throws IOException {
    List<String> modules = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(DocSnippetsTest.repoRoot())) {
      dirs.filter(d -> d.getFileName().toString().startsWith("swipe-"))
          .filter(d -> Files.isDirectory(d.resolve("src/main/java")))
          .map(d -> d.getFileName().toString())
          .sorted()
          .forEach(modules::add);
    }
    return modules;
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
