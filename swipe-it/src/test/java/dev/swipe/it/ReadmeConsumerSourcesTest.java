package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.it.DocSnippetsTest.Snippet;
import dev.swipe.it.DocSnippetsTest.SnippetSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Writes every {@code ```java} block of the README, wrapped as {@link DocSnippetsTest} wraps it, as
 * the sources of {@code src/it/readme-consumer} (into target/readme-sources, which the project's
 * prebuild.groovy copies into its src/main/java): a project of its own that imports only {@code
 * swipe-bom} and declares its swipe modules without versions. The invoker plugin builds it in
 * {@code integration-test} against the artifacts it installed from this build, so the README
 * compiles as a new user's project would, not against this module's test class path. The sources
 * are written on every build from the README, so they cannot drift from it.
 */
class ReadmeConsumerSourcesTest {

  /**
   * Where the consumer project's prebuild.groovy takes its sources from (target/readme-sources).
   */
  static Path consumerSources() {
    String dir = System.getProperty("swipe.it.readmeSources");
    assertThat(dir).as("swipe.it.readmeSources, set by swipe-it's pom").isNotBlank();
    return Path.of(dir);
  }

  @Test
  void writesEveryReadmeJavaBlockAsTheConsumerProjectsSources() throws IOException {
    Path readme = DocSnippetsTest.repoRoot().resolve("README.md");
    List<Snippet> snippets = DocSnippetsTest.snippets(List.of(readme));
    assertThat(snippets).as("the README has Java snippets").hasSizeGreaterThan(3);

    Path src = consumerSources();
    if (Files.isDirectory(src)) {
      try (Stream<Path> old = Files.list(src)) {
        for (Path f : old.toList()) {
          Files.delete(f);
        }
      }
    }
    Files.createDirectories(src);
    Set<String> names = new HashSet<>();
    for (int i = 0; i < snippets.size(); i++) {
      Snippet s = snippets.get(i);
      SnippetSource source = DocSnippetsTest.source(s, i);
      assertThat(names.add(source.typeName()))
          .as("a second README type named " + source.typeName())
          .isTrue();
      String header =
          "// README.md line "
              + s.line()
              + ", written by swipe-it's ReadmeConsumerSourcesTest:"
              + " edit the README, not this file.\n";
      Files.writeString(src.resolve(source.fileName()), header + source.text());
      assertThat(Files.readString(src.resolve(source.fileName())))
          .contains(
              s.code()
                  .strip()
                  .lines()
                  .filter(l -> !l.strip().startsWith("import "))
                  .findFirst()
                  .orElseThrow());
    }
    try (Stream<Path> written = Files.list(src)) {
      assertThat(written.count()).isEqualTo(snippets.size());
    }
  }
}
