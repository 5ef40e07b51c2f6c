package dev.swipe.webdriver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fenced code blocks of docs/grid.md, so tests run exactly what the page shows. */
final class Docs {
  private static final Pattern BLOCK = Pattern.compile("```(\\w*)\\n(.*?)```", Pattern.DOTALL);

  private Docs() {}

  static Path gridPage() {
    Path p =
        Path.of(System.getProperty("user.dir"))
            .toAbsolutePath()
            .getParent()
            .resolve("docs")
            .resolve("grid.md");
    if (!Files.exists(p)) {
      throw new IllegalStateException("docs/grid.md not found at " + p);
    }
    return p;
  }

  /** The blocks of a language, in page order. */
  static List<String> blocks(String language) {
    String page;
    try {
      page = Files.readString(gridPage(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> out = new ArrayList<>();
    Matcher m = BLOCK.matcher(page);
    while (m.find()) {
      if (m.group(1).equals(language)) {
        out.add(m.group(2));
      }
    }
    return out;
  }

  /** The one block of a language that contains {@code marker}. */
  static String block(String language, String marker) {
    List<String> found = blocks(language).stream().filter(b -> b.contains(marker)).toList();
    if (found.size() != 1) {
      throw new IllegalStateException(
          "expected one "
              + language
              + " block with '"
              + marker
              + "' in docs/grid.md, found "
              + found.size());
    }
    return found.get(0);
  }

  /** {@code text} with each {@code from} replaced by {@code to}; each must occur. */
  static String replaceAll(String text, String... fromTo) {
    String out = text;
    for (int i = 0; i < fromTo.length; i += 2) {
      if (!out.contains(fromTo[i])) {
        throw new IllegalStateException("the block no longer contains '" + fromTo[i] + "'");
      }
      out = out.replace(fromTo[i], fromTo[i + 1]);
    }
    return out;
  }

  /**
   * The words of a command line as bash reads them, for the simple quoting the page uses (double
   * quotes, no escapes inside them).
   */
  static List<String> words(String command) {
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (char c : command.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
        any = true;
      } else if (Character.isWhitespace(c) && !quoted) {
        if (any) {
          out.add(w.toString());
          w.setLength(0);
          any = false;
        }
      } else {
        w.append(c);
        any = true;
      }
    }
    if (any) {
      out.add(w.toString());
    }
    return out;
  }

  /** The options of the page's several-rig {@code webdriver} command, after {@code webdriver}. */
  static List<String> severalRigsArgs() {
    List<String> w = words(command("--print-relay-config"));
    return w.subList(w.indexOf("webdriver") + 1, w.size());
  }

  /** The one command block (no language) that contains {@code marker}, continuations joined. */
  static String command(String marker) {
    return block("", marker).replace("\\\n", " ").strip();
  }
}
