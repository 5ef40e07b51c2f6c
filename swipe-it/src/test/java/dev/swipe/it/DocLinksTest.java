package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the repository's Markdown names a file or directory that exists. Code
 * moves between packages and modules; the maps that point into it (ARCHITECTURE.md's "where does X
 * live", the decision records, CONTRIBUTING.md) must move with it.
 */
class DocLinksTest {
  /** {@code [text](target)} or {@code [text](target#anchor)}; the target has no spaces. */
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");

  @Test
  void everyRelativeLinkInTheMarkdownNamesAFileThatExists() throws IOException {
    Path root = DocSnippetsTest.repoRoot();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path md : markdown(root)) {
      String text = Files.readString(md);
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        String target = m.group(1);
        if (target.contains("://") || target.startsWith("mailto:")) {
          continue;
        }
        checked++;
        if (!Files.exists(md.getParent().resolve(target).normalize())) {
          broken.add(root.relativize(md) + ": " + target);
        }
      }
    }
    assertThat(checked).as("relative links checked").isGreaterThan(100);
    assertThat(broken).as("links to files that do not exist").isEmpty();
  }

  /** The Markdown of the repository: its top level and docs/, recursively; no build output. */
  private static List<Path> markdown(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> top = Files.list(root)) {
      top.filter(p -> p.toString().endsWith(".md")).forEach(files::add);
    }
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).forEach(files::add);
    }
    return files;
  }
}
