package dev.swipe.memory.internal;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Text folding and tokenizing shared by both stores, so that the in-memory store matches words the
 * way SQLite's FTS5 {@code unicode61 remove_diacritics 2} tokenizer does. Not public API.
 */
public final class Text {
  private static final Pattern MARKS = Pattern.compile("\\p{M}+");

  /** At most this many distinct query words are used; the rest are ignored. */
  public static final int MAX_QUERY_TOKENS = 32;

  private Text() {}

  /** Case- and width-insensitive form used for identity keys and label comparison. */
  public static String fold(String s) {
    boolean ascii = true;
    for (int i = 0; i < s.length() && ascii; i++) {
      ascii = s.charAt(i) < 0x80;
    }
    if (ascii) {
      return s.toLowerCase(Locale.ROOT); // NFKC leaves ASCII alone
    }
    return Normalizer.normalize(s, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
  }

  /**
   * Whether FTS5's unicode61 tokenizer treats the code point as part of a word (L*, N*, Co). Its
   * table predates Unicode 8, which made the New Tai Lue vowel signs and two Vedic signs letters
   * (Lo); SQLite still reads them as spacing marks, that is as separators (found by the property
   * test: U+19B0 alone made no token in FTS5).
   */
  static boolean isTokenChar(int cp) {
    if (cp < 0x80) {
      return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
    }
    if ((cp >= 0x19B0 && cp <= 0x19C0)
        || cp == 0x19C8
        || cp == 0x19C9
        || cp == 0x1CF2
        || cp == 0x1CF3) {
      return false;
    }
    return switch (Character.getType(cp)) {
      case Character.UPPERCASE_LETTER,
          Character.LOWERCASE_LETTER,
          Character.TITLECASE_LETTER,
          Character.MODIFIER_LETTER,
          Character.OTHER_LETTER,
          Character.DECIMAL_DIGIT_NUMBER,
          Character.LETTER_NUMBER,
          Character.OTHER_NUMBER,
          Character.PRIVATE_USE ->
          true;
      default -> false;
    };
  }

  /** Lower-cases and strips diacritics from one word. */
  static String foldToken(String token) {
    boolean ascii = true;
    for (int i = 0; i < token.length() && ascii; i++) {
      ascii = token.charAt(i) < 0x80;
    }
    if (ascii) {
      return token.toLowerCase(Locale.ROOT);
    }
    String d = Normalizer.normalize(token, Normalizer.Form.NFD);
    d = MARKS.matcher(d).replaceAll("");
    d = Normalizer.normalize(d, Normalizer.Form.NFC);
    // Simple case folding per code point (as FTS5 does: micro sign to mu, final sigma to sigma),
    // not String.toLowerCase, whose context rules FTS5 does not share.
    StringBuilder sb = new StringBuilder(d.length());
    d.codePoints()
        .forEach(cp -> sb.appendCodePoint(Character.toLowerCase(Character.toUpperCase(cp))));
    return sb.toString();
  }

  /** Splits free text into folded words, in order, duplicates kept. */
  public static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    if (text == null) {
      return out;
    }
    int start = -1;
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      // Non-spacing marks stay inside a word (they are folded away afterwards); spacing and
      // enclosing marks separate words, as in FTS5.
      boolean inWord =
          isTokenChar(cp) || (start >= 0 && Character.getType(cp) == Character.NON_SPACING_MARK);
      if (inWord && start < 0) {
        start = i;
      } else if (!inWord && start >= 0) {
        addToken(out, text.substring(start, i));
        start = -1;
      }
      i += Character.charCount(cp);
    }
    if (start >= 0) {
      addToken(out, text.substring(start));
    }
    return out;
  }

  private static void addToken(List<String> out, String raw) {
    String f = foldToken(raw);
    if (!f.isEmpty()) {
      out.add(f);
    }
  }

  /** Distinct query words, at most {@link #MAX_QUERY_TOKENS}. */
  public static List<String> queryTokens(String text) {
    Set<String> set = new LinkedHashSet<>(tokens(text));
    List<String> list = new ArrayList<>(set);
    return list.size() > MAX_QUERY_TOKENS ? list.subList(0, MAX_QUERY_TOKENS) : list;
  }

  /**
   * Builds an FTS5 MATCH expression that matches any of the given words literally. Every word is a
   * double-quoted string (inner quotes doubled), so FTS5 syntax that reached a word (quotes, {@code
   * *}, {@code NEAR}, {@code -}, parentheses, {@code :}, AND/OR/NOT) is never interpreted.
   *
   * @param words words as returned by {@link #queryTokens}; not empty
   */
  public static String ftsAnyOf(List<String> words) {
    StringBuilder sb = new StringBuilder();
    for (String t : words) {
      if (sb.length() > 0) {
        sb.append(" OR ");
      }
      sb.append('"').append(t.replace("\"", "\"\"")).append('"');
    }
    return sb.toString();
  }

  /** Formats a number without a trailing ".0" when it is integral. */
  public static String num(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }
}
