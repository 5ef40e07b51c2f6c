package dev.swipe.flow.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JUnitSourceTest {
  @TempDir Path dir;

  @Test
  void everyStringSurvivesAsAJavaLiteral() throws Exception {
    List<String> strings =
        List.of(
            "plain",
            "",
            "quote \" and backslash \\ and \\\" both",
            "a unicode escape's text: \\u000a and \\\\u0022 and \\uuuu0041",
            "line\nbreak\r\ntab\tback\bfeed\f nul\0 unit\u001f del\u007f",
            "accents é ü, CJK 日本語, emoji \uD83D\uDE00, a lone surrogate \uD800, separator \u2028",
            "*/ ends a comment, /* starts one, // and one more",
            "octal-looking after an escape: \u0001" + "7 and \u0000" + "12");
    List<String> literals = new ArrayList<>();
    for (String s : strings) {
      String literal = JUnitSource.javaString(s);
      assertThat(literal.chars()).allMatch(c -> c >= 0x20 && c < 0x7f);
      literals.add(literal);
    }
    Path src = dir.resolve("Literals.java");
    Files.writeString(
        src,
        "public class Literals {\n  public static final String[] ALL = {\n    "
            + String.join(",\n    ", literals)
            + "\n  };\n}\n");
    int rc =
        ToolProvider.getSystemJavaCompiler()
            .run(null, null, null, "-d", dir.toString(), "-encoding", "US-ASCII", src.toString());
    assertThat(rc).isZero();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
      String[] read = (String[]) loader.loadClass("Literals").getField("ALL").get(null);
      assertThat(read).containsExactlyElementsOf(strings);
    }
  }

  @Test
  void identifiersAreJavas() {
    assertThat(JUnitSource.isIdentifier("OpenContactTest")).isTrue();
    assertThat(JUnitSource.isIdentifier("_x1")).isTrue();
    assertThat(JUnitSource.isIdentifier("$")).isTrue();
    assertThat(JUnitSource.isIdentifier("_")).isFalse();
    assertThat(JUnitSource.isIdentifier("class")).isFalse();
    assertThat(JUnitSource.isIdentifier("null")).isFalse();
    assertThat(JUnitSource.isIdentifier("1x")).isFalse();
    assertThat(JUnitSource.isIdentifier("a-b")).isFalse();
  }

  @Test
  void numbersAreJavaLiterals() {
    assertThat(JUnitSource.num(500)).isEqualTo("500");
    assertThat(JUnitSource.num(-30)).isEqualTo("-30");
    assertThat(JUnitSource.num(0.6)).isEqualTo("0.6");
    assertThat(JUnitSource.num(1e-4)).isEqualTo("1.0E-4");
  }
}
