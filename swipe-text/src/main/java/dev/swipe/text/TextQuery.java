package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;

/**
 * What to look for on a screen: a phrase (matched word by word within a line, or as the whole
 * line), compared exactly, ignoring case and accents, within an edit distance, or as a regular
 * expression; optionally only inside a region.
 *
 * <pre>{@code
 * TextQuery.of("Save");                        // case- and accent-insensitive words
 * TextQuery.fuzzy("Ivan Patel", 1);            // tolerates one misread letter
 * TextQuery.builder("Alarm").scope(TextQuery.Scope.LINE).within(0, 0, 1000, 300).build();
 * }</pre>
 *
 * <p>Matching a regular expression is bounded: a pattern that backtracks past its budget fails with
 * {@code text_query_too_costly} instead of hanging.
 */
@Api(status = Api.Status.STABLE)
public final class TextQuery {
  /** The longest query text accepted. */
  public static final int MAX_LENGTH = 200;

  /** The largest edit distance a fuzzy query may allow. */
  public static final int MAX_EDITS = 5;

  /** Character reads a regular expression may make per line before it is stopped. */
  static final long REGEX_STEP_BUDGET = 200_000;

  /** How the query's text is compared with the text read. */
  public enum Match {
    /** Character for character. */
    EXACT,
    /**
     * Ignoring case, accents and punctuation around words, and the one pair of letters a sans-serif
     * face draws alike: capital I and lowercase l (a reader cannot tell "Ivanova" from "lvanova").
     */
    NORMALIZED,
    /** Like {@code NORMALIZED}, within {@code maxEdits} insertions, deletions or substitutions. */
    FUZZY,
    /** A Java regular expression, found anywhere in a line (or matching it whole, with LINE). */
    REGEX
  }

  /** What part of a line the query must match. */
  public enum Scope {
    /** A run of consecutive words in a line. */
    WORDS,
    /** A whole line. */
    LINE
  }

  private final String text;
  private final Match match;
  private final Scope scope;
  private final int maxEdits;
  private final @Nullable NormRegion region;
  private final double minConfidence;
  private final @Nullable Pattern pattern;
  private final List<String> queryWords;

  private TextQuery(Builder b) {
    this.text = b.text;
    this.match = b.match;
    this.scope = b.scope;
    this.maxEdits = b.match == Match.FUZZY ? b.maxEdits : 0;
    this.region = b.region;
    this.minConfidence = b.minConfidence;
    if (match == Match.REGEX) {
      try {
        this.pattern = Pattern.compile(text);
      } catch (PatternSyntaxException e) {
        throw SwipeException.invalidArgument(
            "query", "is not a valid regular expression: " + e.getDescription());
      }
      this.queryWords = List.of();
    } else {
      this.pattern = null;
      this.queryWords = words(match == Match.EXACT ? text : normalize(text));
      if (queryWords.isEmpty()) {
        throw SwipeException.invalidArgument(
            "query", "has no letters or digits to look for: '" + text + "'");
      }
    }
  }

  /** Words ignoring case and accents (the usual choice). */
  public static TextQuery of(String text) {
    return builder(text).build();
  }

  /** Words character for character. */
  public static TextQuery exact(String text) {
    return builder(text).match(Match.EXACT).build();
  }

  /** Words ignoring case and accents, within {@code maxEdits} edits. */
  public static TextQuery fuzzy(String text, int maxEdits) {
    return builder(text).match(Match.FUZZY).maxEdits(maxEdits).build();
  }

  /** A regular expression found in a line. */
  public static TextQuery regex(String pattern) {
    return builder(pattern).match(Match.REGEX).build();
  }

  /** A builder; {@code text} is required (a regular expression for {@link Match#REGEX}). */
  public static Builder builder(String text) {
    return new Builder(text);
  }

  /** The text or pattern looked for. */
  public String text() {
    return text;
  }

  /** How text is compared. */
  public Match match() {
    return match;
  }

  /** Words or whole line. */
  public Scope scope() {
    return scope;
  }

  /** Edits allowed ({@code 0} unless fuzzy). */
  public int maxEdits() {
    return maxEdits;
  }

  /** The region matches must lie in, when set: a match counts when its centre lies inside. */
  public Optional<NormRegion> region() {
    return Optional.ofNullable(region);
  }

  /** The lowest engine confidence a match may have. */
  public double minConfidence() {
    return minConfidence;
  }

  /**
   * Finds the query on a page, best first: fewest edits, then whole lines before words inside a
   * longer line, then highest confidence, then reading order.
   *
   * @throws SwipeException {@code text_query_too_costly} when a regular expression runs away
   */
  public List<TextMatch> find(TextPage page) {
    Objects.requireNonNull(page, "page");
    List<TextMatch> out = new ArrayList<>();
    for (TextLine line : page.lines()) {
      if (pattern != null) { // a regular expression
        regexMatches(pattern, line, out);
      } else {
        wordMatches(line, out);
      }
    }
    out.removeIf(
        m ->
            m.confidence() < minConfidence
                || (region != null
                    && !containsCentreOf(region, m.box(), page.width(), page.height())));
    List<TextMatch> sorted = new ArrayList<>(out);
    sorted.sort(
        Comparator.comparingInt(TextMatch::edits)
            .thenComparing(m -> !m.wholeLine())
            .thenComparing(Comparator.comparingDouble(TextMatch::confidence).reversed()));
    return List.copyOf(sorted);
  }

  private void wordMatches(TextLine line, List<TextMatch> out) {
    List<Word> ws = line.words();
    List<String> keys = new ArrayList<>(ws.size());
    for (Word w : ws) {
      keys.add(match == Match.EXACT ? w.text() : String.join(" ", words(normalize(w.text()))));
    }
    String wanted = String.join(" ", queryWords);
    int k = queryWords.size();
    if (scope == Scope.LINE) {
      int d = distance(wanted, joinKeys(keys, 0, keys.size()));
      if (d <= maxEdits) {
        out.add(matchOf(ws, 0, ws.size(), d));
      }
      return;
    }
    // OCR splits and merges words, so a fuzzy query also tries windows one word shorter and longer.
    int minLen = match == Match.FUZZY ? Math.max(1, k - 1) : k;
    int maxLen = match == Match.FUZZY ? k + 1 : k;
    for (int start = 0; start < ws.size(); start++) {
      int best = Integer.MAX_VALUE;
      int bestEnd = -1;
      for (int len = minLen; len <= maxLen && start + len <= ws.size(); len++) {
        int d = distance(wanted, joinKeys(keys, start, start + len));
        if (d < best) {
          best = d;
          bestEnd = start + len;
        }
      }
      if (bestEnd > 0 && best <= maxEdits) {
        out.add(matchOf(ws, start, bestEnd, best));
      }
    }
  }

  private int distance(String wanted, String read) {
    if (match == Match.FUZZY) {
      return EditDistance.bounded(wanted, read, maxEdits);
    }
    return wanted.equals(read) ? 0 : Integer.MAX_VALUE;
  }

  private static String joinKeys(List<String> keys, int from, int to) {
    StringBuilder sb = new StringBuilder();
    for (int i = from; i < to; i++) {
      if (keys.get(i).isEmpty()) {
        continue;
      }
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(keys.get(i));
    }
    return sb.toString();
  }

  private static TextMatch matchOf(List<Word> ws, int from, int to, int edits) {
    TextBox box = ws.get(from).box();
    double conf = 1;
    StringBuilder sb = new StringBuilder();
    for (int i = from; i < to; i++) {
      Word w = ws.get(i);
      box = box.union(w.box());
      conf = Math.min(conf, w.confidence());
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(w.text());
    }
    return new TextMatch(sb.toString(), box, conf, edits, from == 0 && to == ws.size());
  }

  private void regexMatches(Pattern pattern, TextLine line, List<TextMatch> out) {
    List<Word> ws = line.words();
    String lineText = line.text();
    int[] starts = new int[ws.size()];
    int pos = 0;
    for (int i = 0; i < ws.size(); i++) {
      starts[i] = pos;
      pos += ws.get(i).text().length() + 1;
    }
    Matcher m = pattern.matcher(new BudgetedChars(lineText, REGEX_STEP_BUDGET, text));
    if (scope == Scope.LINE) {
      if (m.matches()) {
        out.add(matchOf(ws, 0, ws.size(), 0));
      }
      return;
    }
    while (m.find()) {
      if (m.end() == m.start()) {
        if (m.end() >= lineText.length()) {
          break;
        }
        continue;
      }
      int first = -1;
      int last = -1;
      for (int i = 0; i < ws.size(); i++) {
        int ws0 = starts[i];
        int we = ws0 + ws.get(i).text().length();
        if (we > m.start() && ws0 < m.end()) {
          if (first < 0) {
            first = i;
          }
          last = i;
        }
      }
      if (first >= 0) {
        TextMatch whole = matchOf(ws, first, last + 1, 0);
        boolean all = m.start() == 0 && m.end() == lineText.length();
        out.add(
            new TextMatch(
                lineText.substring(m.start(), m.end()), whole.box(), whole.confidence(), 0, all));
      }
    }
  }

  /**
   * Lower case, no accents, no punctuation around words, single spaces, and capital I read as
   * lowercase l: the two are one glyph in sans-serif faces, so a reader's choice between them
   * carries no information.
   */
  static String normalize(String s) {
    String d = Normalizer.normalize(s, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "");
    d = d.replace('I', 'l').toLowerCase(Locale.ROOT);
    StringBuilder sb = new StringBuilder();
    for (String w : d.split("\\s+", -1)) { // empty words are skipped
      String t = w.replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$", "");
      if (!t.isEmpty()) {
        if (sb.length() > 0) {
          sb.append(' ');
        }
        sb.append(t);
      }
    }
    return sb.toString();
  }

  private static List<String> words(String s) {
    List<String> out = new ArrayList<>();
    for (String w : s.strip().split("\\s+", -1)) { // empty words are skipped
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return match.name().toLowerCase(Locale.ROOT)
        + (match == Match.FUZZY ? "(" + maxEdits + ")" : "")
        + " '"
        + text
        + "'"
        + (scope == Scope.LINE ? " as a whole line" : "")
        + (region == null
            ? ""
            : " within x="
                + region.x()
                + " y="
                + region.y()
                + " width="
                + region.w()
                + " height="
                + region.h());
  }

  private static boolean containsCentreOf(
      NormRegion r, TextBox b, int imageWidth, int imageHeight) {
    double nx = NormSpace.toNorm(b.centerX(), imageWidth);
    double ny = NormSpace.toNorm(b.centerY(), imageHeight);
    return nx >= r.x() && nx <= r.x() + r.w() && ny >= r.y() && ny <= r.y() + r.h();
  }

  /**
   * Builds a {@link TextQuery}; {@link #build()} validates. A value builder: setting a field again
   * replaces it (the last value wins).
   */
  public static final class Builder {
    private final String text;
    private Match match = Match.NORMALIZED;
    private Scope scope = Scope.WORDS;
    private int maxEdits = -1;
    private @Nullable NormRegion region;
    private double minConfidence = 0;

    private Builder(String text) {
      this.text = text;
    }

    /** How to compare (default {@link Match#NORMALIZED}). */
    public Builder match(Match match) {
      this.match = Objects.requireNonNull(match, "match");
      return this;
    }

    /** Words (default) or the whole line. */
    public Builder scope(Scope scope) {
      this.scope = Objects.requireNonNull(scope, "scope");
      return this;
    }

    /** Edits a fuzzy query allows, 0 to {@value TextQuery#MAX_EDITS}; default 1. */
    public Builder maxEdits(int maxEdits) {
      this.maxEdits = maxEdits;
      return this;
    }

    /**
     * Only matches whose centre lies in this normalized region.
     *
     * @throws SwipeException {@code invalid_argument} (field {@code region}) unless the region lies
     *     inside 0-1000 with a positive size
     */
    public Builder within(double x, double y, double width, double height) {
      if (!(x >= 0
          && y >= 0
          && x < NormSpace.MAX
          && y < NormSpace.MAX
          && width > 0
          && height > 0
          && x + width <= 1000.0001
          && y + height <= 1000.0001)) {
        throw SwipeException.invalidArgument(
            "region",
            "must lie inside 0-1000 with a positive size, got x="
                + x
                + " y="
                + y
                + " width="
                + width
                + " height="
                + height);
      }
      this.region =
          new NormRegion(
              x, y, Math.min(width, NormSpace.MAX - x), Math.min(height, NormSpace.MAX - y));
      return this;
    }

    /**
     * Only matches whose centre lies in {@code region}; see {@link #within(double, double, double,
     * double)}.
     */
    public Builder within(NormRegion region) {
      SwipeException.requireArgument(region, "region");
      return within(region.x(), region.y(), region.w(), region.h());
    }

    /** Only matches whose engine confidence is at least this, in [0, 1]; default 0. */
    public Builder minConfidence(double minConfidence) {
      this.minConfidence = minConfidence;
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws SwipeException {@code invalid_argument} naming {@code query}, {@code max_edits} or
     *     {@code min_confidence}
     */
    public TextQuery build() {
      if (text == null || text.isBlank()) {
        throw SwipeException.invalidArgument("query", "must not be empty");
      }
      if (text.length() > MAX_LENGTH) {
        throw SwipeException.invalidArgument(
            "query",
            "is " + text.length() + " characters; at most " + MAX_LENGTH + " are accepted");
      }
      if (match == Match.FUZZY) {
        if (maxEdits < 0) {
          maxEdits = 1;
        }
        if (maxEdits > MAX_EDITS) {
          throw SwipeException.invalidArgument(
              "max_edits", "must be 0 to " + MAX_EDITS + ", got " + maxEdits);
        }
      } else if (maxEdits > 0) {
        throw SwipeException.invalidArgument("max_edits", "applies only to fuzzy queries");
      }
      if (!(minConfidence >= 0 && minConfidence <= 1)) {
        throw SwipeException.invalidArgument(
            "min_confidence", "must be in [0, 1], got " + minConfidence);
      }
      return new TextQuery(this);
    }
  }
}
