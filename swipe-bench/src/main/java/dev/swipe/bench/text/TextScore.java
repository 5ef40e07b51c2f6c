package dev.swipe.bench.text;

import dev.swipe.sim.SimOracle;
import java.awt.Color;
import java.awt.Rectangle;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Scores words read from a simulator frame against the words the simulator drew there.
 *
 * <p>Truth words count ("scored") when fully visible, outside the status bar, holding a letter or a
 * digit, and drawn with an effective contrast of at least {@link #MIN_CONTRAST} grey levels against
 * their background; the others are neutral. Words of one character (keyboard keys, avatar initials,
 * "1 / 6") are counted apart as lone glyphs, and so is the precision of reads overlapping one; the
 * cap-height split covers words of two or more: reading them is neither required nor an error. A
 * read word is correct when its text equals a scored truth word's (ignoring case, accents and
 * punctuation around it) and its centre lies in that word's box grown by half its height, or when
 * it equals two or three consecutive words of one drawn string run together (an engine that missed
 * a narrow space, "1/6" for "1 / 6"): those words all count as found. A read word over a neutral
 * word is ignored; anything else is wrong.
 */
final class TextScore {
  static final double MIN_CONTRAST = 50;

  /** One word the simulator drew. */
  record TruthWord(String key, String raw, Rectangle box, double capPx, boolean scored, int line) {}

  /** One word an engine read, whole-image pixels. */
  record ReadWord(String text, Rectangle box) {}

  long scoredGlyphs;
  long foundGlyphs;
  long scoredSmall;
  long foundSmall;
  long scoredLarge;
  long foundLarge;
  long correct;
  long wrong;
  long correctOnGlyphs;
  long wrongOnGlyphs;
  final List<Double> centreErrors = new ArrayList<>();
  final List<String> wrongSamples = new ArrayList<>();
  final List<String> missedSamples = new ArrayList<>();

  static List<TruthWord> truth(List<SimOracle.DrawnText> drawn, @Nullable Rectangle within) {
    List<TruthWord> out = new ArrayList<>();
    int line = 0;
    for (SimOracle.DrawnText t : drawn) {
      line++;
      double contrast = contrast(t.color(), t.background(), t.alpha());
      for (SimOracle.DrawnText.Word w : t.words()) {
        Rectangle b = w.box();
        if (within != null && !within.contains(b.getCenterX(), b.getCenterY())) {
          continue;
        }
        String key = key(w.text());
        boolean scored =
            !t.statusBar()
                && w.visibleFraction() >= 0.999
                && !key.isEmpty()
                && contrast >= MIN_CONTRAST
                && (within == null || within.contains(b));
        out.add(new TruthWord(key, w.text(), b, t.capHeightPx(), scored, line));
      }
    }
    return out;
  }

  /** Grey levels between the text as blended and its background. */
  static double contrast(Color text, Color bg, double alpha) {
    double lt = luma(text);
    double lb = luma(bg);
    return Math.abs(alpha * lt + (1 - alpha) * lb - lb);
  }

  private static double luma(Color c) {
    return 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue();
  }

  /** Lower case, no accents, no punctuation around the word. */
  static String key(String s) {
    String d =
        Normalizer.normalize(s, Normalizer.Form.NFKD)
            .replaceAll("\\p{M}+", "")
            .toLowerCase(Locale.ROOT);
    return d.replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$", "");
  }

  void add(String screen, List<TruthWord> truth, List<ReadWord> read) {
    boolean[] taken = new boolean[truth.size()];
    for (ReadWord r : read) {
      String k = key(r.text());
      if (k.isEmpty()) {
        continue;
      }
      double cx = r.box().getCenterX();
      double cy = r.box().getCenterY();
      int hit = -1;
      boolean overNeutral = false;
      boolean overGlyph = false;
      for (TruthWord t : truth) {
        if (t.key().length() <= 1 && grown(t.box()).intersects(r.box())) {
          overGlyph = true;
        }
      }
      for (int i = 0; i < truth.size(); i++) {
        TruthWord t = truth.get(i);
        Rectangle g = grown(t.box());
        if (!g.contains(cx, cy)) {
          continue;
        }
        if (!t.scored()) {
          overNeutral = true;
          continue;
        }
        if (!taken[i] && t.key().equals(k)) {
          hit = i;
          break;
        }
      }
      if (hit < 0 && !overNeutral) {
        int[] run = runTogether(truth, taken, k, cx, cy);
        if (run != null) {
          for (int i = run[0]; i < run[1]; i++) {
            taken[i] = true;
          }
          if (overGlyph) {
            correctOnGlyphs++;
          } else {
            correct++;
          }
          continue;
        }
      }
      if (hit >= 0) {
        taken[hit] = true;
        if (overGlyph) {
          correctOnGlyphs++;
        } else {
          correct++;
        }
        TruthWord t = truth.get(hit);
        centreErrors.add(Math.hypot(cx - t.box().getCenterX(), cy - t.box().getCenterY()));
      } else if (!overNeutral) {
        if (overGlyph) {
          wrongOnGlyphs++;
        } else {
          wrong++;
        }
        if (wrongSamples.size() < 5000) {
          wrongSamples.add(
              (overGlyph ? "[glyph] " : "")
                  + screen
                  + ": '"
                  + r.text()
                  + "' at "
                  + r.box().x
                  + ","
                  + r.box().y
                  + " "
                  + r.box().width
                  + "x"
                  + r.box().height);
        }
      }
    }
    for (int i = 0; i < truth.size(); i++) {
      TruthWord t = truth.get(i);
      if (!t.scored()) {
        continue;
      }
      boolean small = t.capPx() < 12;
      if (t.key().length() == 1) {
        scoredGlyphs++;
        foundGlyphs += taken[i] ? 1 : 0;
      } else if (small) {
        scoredSmall++;
        foundSmall += taken[i] ? 1 : 0;
      } else {
        scoredLarge++;
        foundLarge += taken[i] ? 1 : 0;
      }
      if (!taken[i] && missedSamples.size() < 5000) {
        missedSamples.add(
            screen
                + ": '"
                + t.key()
                + "' cap "
                + Math.round(t.capPx())
                + " at "
                + t.box().x
                + ","
                + t.box().y);
      }
    }
  }

  /**
   * Consecutive truth words of one string, 2 or 3, that read together give {@code k} around the
   * point.
   */
  private static int @Nullable [] runTogether(
      List<TruthWord> truth, boolean[] taken, String k, double cx, double cy) {
    for (int i = 0; i < truth.size(); i++) {
      StringBuilder raw = new StringBuilder(truth.get(i).raw());
      Rectangle area = grown(truth.get(i).box());
      for (int j = i + 1; j < Math.min(truth.size(), i + 3); j++) {
        TruthWord t = truth.get(j);
        if (t.line() != truth.get(i).line()) {
          break;
        }
        raw.append(t.raw());
        area = area.union(grown(t.box()));
        boolean free = true;
        boolean anyScored = false;
        for (int m = i; m <= j; m++) {
          free &= !taken[m];
          anyScored |= truth.get(m).scored();
        }
        if (free && anyScored && key(raw.toString()).equals(k) && area.contains(cx, cy)) {
          return new int[] {i, j + 1};
        }
      }
    }
    return null;
  }

  private static Rectangle grown(Rectangle b) {
    int m = Math.max(4, b.height / 2);
    return new Rectangle(b.x - m, b.y - m, b.width + 2 * m, b.height + 2 * m);
  }

  double recallLarge() {
    return scoredLarge == 0 ? Double.NaN : (double) foundLarge / scoredLarge;
  }

  double recallSmall() {
    return scoredSmall == 0 ? Double.NaN : (double) foundSmall / scoredSmall;
  }

  double recallGlyphs() {
    return scoredGlyphs == 0 ? Double.NaN : (double) foundGlyphs / scoredGlyphs;
  }

  double recallAll() {
    long s = scoredSmall + scoredLarge + scoredGlyphs;
    return s == 0 ? Double.NaN : (double) (foundSmall + foundLarge + foundGlyphs) / s;
  }

  double recallWords() {
    long s = scoredSmall + scoredLarge;
    return s == 0 ? Double.NaN : (double) (foundSmall + foundLarge) / s;
  }

  /** Precision of the reads that are not over a lone glyph. */
  double precision() {
    return correct + wrong == 0 ? Double.NaN : (double) correct / (correct + wrong);
  }

  /** Precision of the reads over lone glyphs (keys, initials). */
  double precisionOnGlyphs() {
    return correctOnGlyphs + wrongOnGlyphs == 0
        ? Double.NaN
        : (double) correctOnGlyphs / (correctOnGlyphs + wrongOnGlyphs);
  }
}
