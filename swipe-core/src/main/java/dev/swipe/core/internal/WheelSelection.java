package dev.swipe.core.internal;

import dev.swipe.diff.GreyRaster;
import dev.swipe.text.TextBox;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * Which row of a picker column is selected, told by the independent ways pickers mark it: a band
 * behind the row (iOS 14 and later), two lines across the column (NumberPicker), ink or weight the
 * other rows lack (faded or bold rows), an accent colour the other rows' ink lacks (Material), a
 * cylinder's widest spacing, and the middle of the rows the picker shows. No single cue holds on
 * every picker (a band behind the selection lowers its contrast, so "drawn strongest" picks a
 * neighbour), so a selection stands only where two or more cues place it and none places it
 * elsewhere.
 */
final class WheelSelection {
  /** A way a picker marks its selected row. */
  enum Cue {
    /** The row's background differs from every other row's (a band behind it). */
    BAND,
    /** Thin lines run across the column just above and just below the row, and no other. */
    LINES,
    /** The row's ink stands further from the page than every other row's (the others faded). */
    INK,
    /** The row's strokes are thicker than every other row's (a bold selection). */
    WEIGHT,
    /** The rows around it are spaced widest (a cylinder presses its outer rows together). */
    CURVE,
    /** The row's ink is in a colour the other rows' ink lacks (an accent colour on grey text). */
    ACCENT,
    /** The row lies in the middle of the rows the picker shows. */
    CENTRE;

    String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** One cue's placement of the selection. */
  record Vote(Cue cue, int row) {}

  /**
   * The cues' verdict on one column.
   *
   * @param row the selected row's index where the cues agree, else the best guess for geometry
   * @param clear whether two or more cues placed the selection and none placed it elsewhere
   * @param votes every cue that placed the selection
   */
  record Verdict(int row, boolean clear, List<Vote> votes) {
    Verdict {
      votes = List.copyOf(votes);
    }

    /** The cues that placed the selection on {@link #row()}, by id. */
    List<String> agreeing() {
      List<String> out = new ArrayList<>();
      for (Vote v : votes) {
        if (v.row() == row) {
          out.add(v.cue().id());
        }
      }
      return out;
    }

    /** The votes as {@code cue: row offset from the guess}, for an error a person can read. */
    String describe() {
      List<String> out = new ArrayList<>();
      for (Vote v : votes) {
        int d = v.row() - row;
        out.add(
            v.cue().id() + (d == 0 ? " here" : d > 0 ? " " + d + " below" : " " + -d + " above"));
      }
      return out.isEmpty() ? "no cue marks a row" : String.join(", ", out);
    }
  }

  /**
   * Contrast within this fraction of the strongest row's counts as a tie: words of one colour
   * measure apart by their glyphs (a heavy "May" beside a thin "July"), a faded row by far more.
   */
  static final double INK_TIE = 0.2;

  /** A bold row's strokes are at least this much thicker than every other row's. */
  static final double WEIGHT_RATIO = 1.25;

  /**
   * Grey levels a band must differ from the page by: well past JPEG's noise on a flat background,
   * below the softest band a picker draws.
   */
  static final double BAND_LEVEL = 6;

  /** Grey levels a line across the column must differ from the page by. */
  static final double LINE_LEVEL = 24;

  /** An accented row's ink is at least this colourful (distance from grey in Cb/Cr). */
  static final double ACCENT_LEVEL = 20;

  /** ... and at least this many times as colourful as every other row's. */
  static final double ACCENT_RATIO = 2;

  /** A word box shorter than this fraction of the column's median is cut by the window's edge. */
  static final double CLIPPED = 0.75;

  /** Two rows' spacings within this fraction are equal (word boxes jitter). */
  static final double CURVE_TIE = 0.04;

  private WheelSelection() {}

  /**
   * The cues measured on one column's rows.
   *
   * @param rows the column's rows top to bottom, pixels of the page the words were read on
   * @param readRow whether each row's label was read (an unread row's box is a guess)
   * @param g the screen's luminance
   * @param w the page's width, pixels
   * @param h the page's height, pixels
   * @param centerXPx the column's centre line
   * @param pitchPx the column's mean row spacing
   * @param numbers whether the labels are numbers (digits share a height, so spacing can be
   *     trusted)
   * @param middleY the line the picker's rows mirror about, or NaN when unknown
   */
  static Verdict judge(
      List<TextBox> rows,
      List<Boolean> readRow,
      GreyRaster g,
      int w,
      int h,
      double centerXPx,
      double pitchPx,
      boolean numbers,
      double middleY) {
    int n = rows.size();
    double sx = (double) g.width() / w;
    double sy = (double) g.height() / h;
    double halfW = 0;
    for (TextBox b : rows) {
      int half = b.width() / 2; // whole pixels, as the boxes are
      halfW = Math.max(halfW, half);
    }
    halfW += 0.15 * pitchPx;
    double[] bg = new double[n];
    for (int i = 0; i < n; i++) {
      double cy = rows.get(i).centerY();
      bg[i] =
          median(
              g,
              (centerXPx - halfW) * sx,
              (cy - 0.3 * pitchPx) * sy,
              (centerXPx + halfW) * sx,
              (cy + 0.3 * pitchPx) * sy);
    }
    double page = median(bg);
    List<Vote> votes = new ArrayList<>();
    if (n == 2) {
      // two rows (a column at its end) cannot say which of them is the page: the row slots either
      // side of them, empty where the wheel ends and beyond the picker past it, can; with the
      // picker's middle known only the slot within a row of it, inside the picker's window (past
      // the window may stand a field drawn like a band)
      List<Double> around = new ArrayList<>();
      for (double y :
          new double[] {rows.get(0).centerY() - pitchPx, rows.get(1).centerY() + pitchPx}) {
        boolean inWindow = Double.isNaN(middleY) || Math.abs(y - middleY) <= 1.25 * pitchPx;
        if (inWindow && y - 0.3 * pitchPx >= 0 && y + 0.3 * pitchPx <= h) {
          around.add(
              median(
                  g,
                  (centerXPx - halfW) * sx,
                  (y - 0.3 * pitchPx) * sy,
                  (centerXPx + halfW) * sx,
                  (y + 0.3 * pitchPx) * sy));
        }
      }
      if (!Double.isNaN(middleY) || around.size() == 2) {
        // without the middle both slots must be read: a field past the picker, drawn like a band,
        // would otherwise be the page the band is told from
        bandOfTwo(bg, around).ifPresent(r -> votes.add(new Vote(Cue.BAND, r)));
      }
    } else {
      band(bg, page).ifPresent(r -> votes.add(new Vote(Cue.BAND, r)));
    }
    lines(rows, g, sx, sy, centerXPx, halfW, pitchPx, page)
        .ifPresent(r -> votes.add(new Vote(Cue.LINES, r)));
    double[] heights = new double[n];
    for (int i = 0; i < n; i++) {
      heights[i] = rows.get(i).height();
    }
    double height = median(heights);
    double[] ink = new double[n];
    double[] weight = new double[n];
    double[] accent = new double[n];
    for (int i = 0; i < n; i++) {
      TextBox b = rows.get(i);
      // a row cut by the picker's window (or not read) says nothing of how it is drawn
      if (readRow.get(i) && b.height() >= CLIPPED * height) {
        int[] px = pixels(g, b.x() * sx, b.y() * sy, b.right() * sx, b.bottom() * sy);
        ink[i] = inkDistance(px, page, bg[i]);
        weight[i] = strokeWeight(g, b, sx, sy, page, ink[i]);
        accent[i] = inkColour(g, b, sx, sy, bg[i]);
      } else {
        ink[i] = Double.NaN;
        weight[i] = Double.NaN;
        accent[i] = Double.NaN;
      }
    }
    standsOut(ink, 1 + INK_TIE).ifPresent(r -> votes.add(new Vote(Cue.INK, r)));
    standsOut(weight, WEIGHT_RATIO).ifPresent(r -> votes.add(new Vote(Cue.WEIGHT, r)));
    OptionalInt coloured = standsOut(accent, ACCENT_RATIO);
    if (coloured.isPresent() && accent[coloured.getAsInt()] >= ACCENT_LEVEL) {
      votes.add(new Vote(Cue.ACCENT, coloured.getAsInt()));
    }
    if (numbers && !readRow.contains(false)) {
      curve(rows).ifPresent(r -> votes.add(new Vote(Cue.CURVE, r)));
    }
    OptionalInt centre = centre(rows, pitchPx, middleY);
    return decide(votes, centre, n);
  }

  /**
   * Two or more cues on one row and none elsewhere. The middle of the rows shown is set aside where
   * the other cues agree on an end row of a column that shows no rows past it (a wheel that stops,
   * at its end); they must then be two or more without it.
   */
  static Verdict decide(List<Vote> cues, OptionalInt centre, int rows) {
    List<Vote> votes = new ArrayList<>(cues);
    int agreed = agreedRow(votes);
    if (centre.isPresent()) {
      boolean endOfWheel = agreed >= 0 && (agreed == 0 || agreed == rows - 1) && votes.size() >= 2;
      if (!endOfWheel) {
        votes.add(new Vote(Cue.CENTRE, centre.getAsInt()));
      }
    }
    int row = agreedRow(votes);
    if (row >= 0 && votes.size() >= 2) {
      return new Verdict(row, true, votes);
    }
    int guess =
        centre.isPresent() ? centre.getAsInt() : votes.isEmpty() ? rows / 2 : mostVoted(votes);
    return new Verdict(guess, false, votes);
  }

  private static int agreedRow(List<Vote> votes) {
    int row = -1;
    for (Vote v : votes) {
      if (row >= 0 && v.row() != row) {
        return -1;
      }
      row = v.row();
    }
    return row;
  }

  private static int mostVoted(List<Vote> votes) {
    int best = votes.get(0).row();
    int most = 0;
    for (Vote v : votes) {
      int c = 0;
      for (Vote u : votes) {
        c += u.row() == v.row() ? 1 : 0;
      }
      if (c > most) {
        most = c;
        best = v.row();
      }
    }
    return best;
  }

  /**
   * Of two rows, the one whose background differs from the page's while the other row's and every
   * empty slot's beside them match it ({@link #band} over the rows and the slots together).
   */
  static OptionalInt bandOfTwo(double[] bg, List<Double> around) {
    if (around.isEmpty()) {
      return OptionalInt.empty();
    }
    double[] all = new double[2 + around.size()];
    all[0] = bg[0];
    all[1] = bg[1];
    for (int i = 0; i < around.size(); i++) {
      all[2 + i] = around.get(i);
    }
    OptionalInt r = band(all, median(all));
    return r.isPresent() && r.getAsInt() < 2 ? r : OptionalInt.empty();
  }

  /** The one row whose background differs from the page's while every other row's matches it. */
  static OptionalInt band(double[] bg, double page) {
    int best = -1;
    double most = 0;
    double second = 0;
    for (int i = 0; i < bg.length; i++) {
      double d = Math.abs(bg[i] - page);
      if (d > most) {
        second = most;
        most = d;
        best = i;
      } else if (d > second) {
        second = d;
      }
    }
    return bg.length >= 3 && most >= BAND_LEVEL && second <= 0.35 * most
        ? OptionalInt.of(best)
        : OptionalInt.empty();
  }

  /** The one row with a thin line across the column just above it and just below it. */
  private static OptionalInt lines(
      List<TextBox> rows,
      GreyRaster g,
      double sx,
      double sy,
      double cx,
      double halfW,
      double pitch,
      double page) {
    int found = -1;
    for (int i = 0; i < rows.size(); i++) {
      TextBox b = rows.get(i);
      double cy = b.centerY();
      boolean above = line(g, sx, sy, cx, halfW, cy - 0.75 * pitch, b.y() - 1, pitch, page);
      boolean below = line(g, sx, sy, cx, halfW, b.bottom() + 1, cy + 0.75 * pitch, pitch, page);
      if (above && below) {
        if (found >= 0) {
          return OptionalInt.empty();
        }
        found = i;
      }
    }
    return found < 0 ? OptionalInt.empty() : OptionalInt.of(found);
  }

  /**
   * Whether a thin line runs across the column between {@code y0} and {@code y1}: a few pixel rows
   * whose mean stands far from the page, thinner than an eighth of a row (a band's edge is
   * thicker).
   */
  private static boolean line(
      GreyRaster g,
      double sx,
      double sy,
      double cx,
      double halfW,
      double y0,
      double y1,
      double pitch,
      double page) {
    int x0 = clamp((int) Math.round((cx - 0.8 * halfW) * sx), g.width());
    int x1 = clamp((int) Math.round((cx + 0.8 * halfW) * sx), g.width());
    int ya = clamp((int) Math.ceil(y0 * sy), g.height());
    int yb = clamp((int) Math.floor(y1 * sy), g.height());
    if (yb <= ya || x1 <= x0) {
      return false;
    }
    int thick = 0;
    int run = 0;
    boolean any = false;
    for (int y = ya; y <= yb; y++) {
      long sum = 0;
      int dark = 0;
      for (int x = x0; x <= x1; x++) {
        int v = g.get(x, y);
        sum += v;
        dark += Math.abs(v - page) >= LINE_LEVEL ? 1 : 0;
      }
      double mean = (double) sum / (x1 - x0 + 1);
      boolean across = Math.abs(mean - page) >= LINE_LEVEL && dark >= 0.9 * (x1 - x0 + 1);
      run = across ? run + 1 : 0;
      thick = Math.max(thick, run);
      any |= across;
    }
    return any && thick <= Math.max(2, pitch * sy / 8);
  }

  /** The one value at least {@code ratio} times every other; empty on a tie or with too few. */
  static OptionalInt standsOut(double[] v, double ratio) {
    int best = -1;
    double most = 0;
    double second = 0;
    int counted = 0;
    for (int i = 0; i < v.length; i++) {
      if (Double.isNaN(v[i])) {
        continue;
      }
      counted++;
      if (v[i] > most) {
        second = most;
        most = v[i];
        best = i;
      } else if (v[i] > second) {
        second = v[i];
      }
    }
    return counted >= 2 && most > 0 && most >= ratio * second
        ? OptionalInt.of(best)
        : OptionalInt.empty();
  }

  /**
   * The row between the two widest spacings where they are equal and wider than every other: the
   * front of a cylinder. Needs a spacing past each of them.
   */
  static OptionalInt curve(List<TextBox> rows) {
    int n = rows.size();
    if (n < 4) {
      return OptionalInt.empty();
    }
    double[] gap = new double[n - 1];
    for (int i = 0; i + 1 < n; i++) {
      gap[i] = rows.get(i + 1).centerY() - rows.get(i).centerY();
    }
    for (int k = 1; k + 1 < n; k++) {
      double a = gap[k - 1];
      double b = gap[k];
      if (Math.abs(a - b) > CURVE_TIE * Math.max(a, b)) {
        continue;
      }
      double others = 0;
      for (int j = 0; j < gap.length; j++) {
        if (j != k - 1 && j != k) {
          others = Math.max(others, gap[j]);
        }
      }
      if (others > 0 && Math.min(a, b) >= (1 + CURVE_TIE) * others) {
        return OptionalInt.of(k);
      }
    }
    return OptionalInt.empty();
  }

  /** The row within a quarter row of the line the rows mirror about, if one is. */
  static OptionalInt centre(List<TextBox> rows, double pitch, double middle) {
    if (Double.isNaN(middle)) {
      return OptionalInt.empty();
    }
    int best = 0;
    for (int i = 1; i < rows.size(); i++) {
      if (Math.abs(rows.get(i).centerY() - middle) < Math.abs(rows.get(best).centerY() - middle)) {
        best = i;
      }
    }
    return Math.abs(rows.get(best).centerY() - middle) <= 0.25 * pitch
        ? OptionalInt.of(best)
        : OptionalInt.empty();
  }

  /**
   * How far the ink stands from the page: the mean of the tenth of the box farthest from the page's
   * level, whichever way round. Only pixels that stand off the row's own background count, so a
   * band behind the row is not taken for ink (it is the band cue's, and counted once).
   */
  private static double inkDistance(int[] px, double page, double rowBackground) {
    if (px.length == 0) {
      return 0;
    }
    double[] d = new double[px.length];
    for (int i = 0; i < px.length; i++) {
      d[i] = Math.abs(px[i] - rowBackground) >= LINE_LEVEL ? Math.abs(px[i] - page) : 0;
    }
    Arrays.sort(d);
    int tenth = Math.max(1, d.length / 10);
    double sum = 0;
    for (int i = d.length - tenth; i < d.length; i++) {
      sum += d[i];
    }
    return sum / tenth;
  }

  /**
   * How coloured a word's ink is: the mean colourfulness of the pixels that stand off the row's
   * background; NaN when the raster knows no colour or the box holds too little ink.
   */
  private static double inkColour(GreyRaster g, TextBox b, double sx, double sy, double rowBg) {
    if (!g.hasColour()) {
      return Double.NaN;
    }
    int x0 = clamp((int) Math.floor(b.x() * sx), g.width());
    int x1 = clamp((int) Math.ceil(b.right() * sx), g.width());
    int y0 = clamp((int) Math.floor(b.y() * sy), g.height());
    int y1 = clamp((int) Math.ceil(b.bottom() * sy), g.height());
    double sum = 0;
    int count = 0;
    for (int y = y0; y <= y1; y++) {
      for (int x = x0; x <= x1; x++) {
        if (Math.abs(g.get(x, y) - rowBg) >= LINE_LEVEL) {
          sum += g.colourfulness(x, y);
          count++;
        }
      }
    }
    return count < 8 ? Double.NaN : sum / count;
  }

  /**
   * The median length of the horizontal runs of ink in a word's box, pixels: a stroke's width,
   * which a bold face widens whatever the letters.
   */
  private static double strokeWeight(
      GreyRaster g, TextBox b, double sx, double sy, double page, double ink) {
    if (ink < LINE_LEVEL) {
      return Double.NaN;
    }
    double cut = ink / 2;
    int x0 = clamp((int) Math.floor(b.x() * sx), g.width());
    int x1 = clamp((int) Math.ceil(b.right() * sx), g.width());
    int y0 = clamp((int) Math.floor(b.y() * sy), g.height());
    int y1 = clamp((int) Math.ceil(b.bottom() * sy), g.height());
    List<Integer> runs = new ArrayList<>();
    for (int y = y0; y <= y1; y++) {
      int run = 0;
      for (int x = x0; x <= x1 + 1; x++) {
        boolean on = x <= x1 && Math.abs(g.get(x, y) - page) >= cut;
        if (on) {
          run++;
        } else if (run > 0) {
          runs.add(run);
          run = 0;
        }
      }
    }
    if (runs.size() < 4) {
      return Double.NaN;
    }
    runs.sort(null);
    return runs.get(runs.size() / 2);
  }

  private static int[] pixels(GreyRaster g, double x0d, double y0d, double x1d, double y1d) {
    int x0 = clamp((int) Math.floor(x0d), g.width());
    int x1 = clamp((int) Math.ceil(x1d), g.width());
    int y0 = clamp((int) Math.floor(y0d), g.height());
    int y1 = clamp((int) Math.ceil(y1d), g.height());
    int[] out = new int[(x1 - x0 + 1) * (y1 - y0 + 1)];
    int k = 0;
    for (int y = y0; y <= y1; y++) {
      for (int x = x0; x <= x1; x++) {
        out[k++] = g.get(x, y);
      }
    }
    return out;
  }

  private static double median(GreyRaster g, double x0, double y0, double x1, double y1) {
    int[] px = pixels(g, x0, y0, x1, y1);
    Arrays.sort(px);
    return px[px.length / 2];
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static int clamp(int v, int max) {
    return Math.max(0, Math.min(v, max - 1));
  }
}
