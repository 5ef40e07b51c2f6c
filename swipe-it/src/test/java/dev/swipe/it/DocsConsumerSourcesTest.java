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
 * Writes every {@code ```java} block that {@link DocSnippetsTest} compiles (the README's and
 * docs/'s), wrapped as it wraps them, as the sources of {@code src/it/docs-consumer} (into
 * target/doc-sources, which the project's prebuild.groovy copies into its src/main/java): a project
 * of its own that imports only {@code swipe-bom} and declares its swipe modules without versions.
 * The invoker plugin builds it in {@code integration-test} against the artifacts it installed from
 * this build, so the docs compile as a new user's project would, not against this module's test
 * class path. The sources are written on every build from the Markdown, so they cannot drift from
 * it.
 */
class DocsConsumerSourcesTest {

  /** Where the consumer project's prebuild.groovy takes its sources from (target/doc-sources). */
  static Path consumerSources() {
    String dir = System.getProperty("swipe.it.docSources");
    assertThat(dir).as("swipe.it.docSources, set by swipe-it's pom").isNotBlank();
    return Path.of(dir);
  }

  @Test
  void writesEveryDocJavaBlockAsTheConsumerProjectsSources() throws IOException {
    List<Snippet> snippets = DocSnippetsTest.snippets();
    assertThat(snippets)
        .as("the README and docs/ have Java snippets")
        .hasSizeGreaterThan(20)
        .anyMatch(s -> s.file().getFileName().toString().equals("README.md"))
        .anyMatch(s -> s.file().getFileName().toString().equals("tck.md"));

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
          .as("a second snippet type named " + source.typeName() + " at " + s.where())
          .isTrue();
      String header =
          "// "
              + s.where()
              + ", written by swipe-it's DocsConsumerSourcesTest:"
              + " edit the Markdown, not this file.\n";
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
