package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of the README and of {@code docs/} compiles as a reader would paste
 * it: its own imports, nothing defined elsewhere. A block that declares a type compiles as a file
 * of its own; any other block compiles as the body of a method that may throw.
 */
class DocSnippetsTest {
  private static final Pattern BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern TYPE =
      Pattern.compile(
          "^\\s*(public\\s+)?(final\\s+)?(class|record|interface|enum)\\s+(\\w+)",
          Pattern.MULTILINE);

  /**
   * Pages whose snippets need clients this module does not carry; their own module compiles and
   * runs them (grid.md: swipe-webdriver's DocsSnippetsTest, against a real hub).
   */
  private static final java.util.Set<String> COMPILED_ELSEWHERE = java.util.Set.of("grid.md");

  @TempDir Path out;

  record Snippet(Path file, int line, String code) {
    String where() {
      return file.getFileName() + ":" + line;
    }
  }

  static Path repoRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("README.md"))) {
      p = p.getParent();
    }
    return p;
  }

  static List<Snippet> snippets() throws IOException {
    Path root = repoRoot();
    List<Path> files = new ArrayList<>();
    files.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(
              f ->
                  f.toString().endsWith(".md")
                      && !COMPILED_ELSEWHERE.contains(f.getFileName().toString()))
          .sorted()
          .forEach(files::add);
    }
    return snippets(files);
  }

  /** The {@code ```java} blocks of the given Markdown files, in order. */
  static List<Snippet> snippets(List<Path> files) throws IOException {
    List<Snippet> all = new ArrayList<>();
    for (Path f : files) {
      String text = Files.readString(f);
      Matcher m = BLOCK.matcher(text);
      while (m.find()) {
        int line = 1 + (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count();
        all.add(new Snippet(f, line, m.group(1)));
      }
    }
    return all;
  }

  /** A snippet as the text of a source file, and the name of the file's top-level type. */
  record SnippetSource(String typeName, String text) {
    String fileName() {
      return typeName + ".java";
    }
  }

  /**
   * The snippet as a compilation unit: its imports first, then its text unchanged, as a type of its
   * own when it declares one, else as the body of {@code static void run() throws Exception} in a
   * class {@code Snippet<index>}. DocsConsumerSourcesTest writes the same files for the consumer
   * project that imports only the BOM.
   */
  static SnippetSource source(Snippet s, int index) {
    List<String> imports = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    for (String l : s.code().split("\n", -1)) {
      if (l.strip().startsWith("import ")) {
        imports.add(l);
      } else {
        body.append(l).append('\n');
      }
    }
    Matcher type = TYPE.matcher(body);
    if (type.find()) {
      return new SnippetSource(type.group(4), String.join("\n", imports) + "\n" + body);
    }
    String name = "Snippet" + index;
    return new SnippetSource(
        name,
        String.join("\n", imports)
            + "\nclass "
            + name
            + " {\n  static void run() throws Exception {\n"
            + body
            + "\n  }\n}\n");
  }

  static JavaFileObject unit(Snippet s, int index) {
    SnippetSource source = source(s, index);
    return new SimpleJavaFileObject(
        URI.create("string:///" + source.fileName()), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return source.text();
      }
    };
  }

  @Test
  void everyJavaSnippetCompilesWithItsOwnImports() throws IOException {
    List<Snippet> snippets = snippets();
    assertThat(snippets).as("the README has Java snippets").hasSizeGreaterThan(3);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < snippets.size(); i++) {
      Snippet s = snippets.get(i);
      DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
      try (StandardJavaFileManager fm = javac.getStandardFileManager(diags, null, null)) {
        Path dir = Files.createDirectories(out.resolve("s" + i));
        List<String> options =
            List.of(
                "-classpath",
                System.getProperty("java.class.path"),
                "-d",
                dir.toString(),
                "-proc:none",
                "-Xlint:none");
        StringWriter log = new StringWriter();
        boolean ok = javac.getTask(log, fm, diags, options, null, List.of(unit(s, i))).call();
        if (!ok) {
          StringBuilder why = new StringBuilder(s.where() + ":");
          for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
              why.append("\n    ").append(d.getMessage(null).replaceAll("\\s+", " "));
            }
          }
          failures.add(why.toString());
        }
      }
    }
    assertThat(failures).as("snippets that do not compile").isEmpty();
  }
}
