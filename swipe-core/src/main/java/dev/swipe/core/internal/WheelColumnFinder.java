package dev.swipe.core.internal;

import dev.swipe.diff.GreyRaster;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextPage;
import dev.swipe.text.Word;
import dev.swipe.wheel.WheelException;
import dev.swipe.wheel.WheelScale;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds picker columns among the words read on a screen: a column is a stack of words sharing a
 * centre line, evenly pitched, whose labels count something ({@link WheelScale}). The selected row
 * is the one drawn with the most contrast (pickers fade or grey the rows around the selection),
 * the middle row when two are as strong.
 */
final class WheelColumnFinder {
  /** Rows a column needs; a NumberPicker shows three. */
  static final int MIN_ROWS = 3;
  /** How far apart consecutive rows may be from the column's pitch, as a fraction of it. */
  private static final double PITCH_TOLERANCE = 0.2;
  /** Contrast within this fraction of the strongest row counts as a tie. */
  private static final double CONTRAST_TIE = 0.08;

  /** A row read in a column, pixels. */
  record Row(String label, TextBox box, double confidence, double contrast) {
    double cy() {
      return box.centerY();
    }
  }

  /** A column found, pixels; rows top to bottom, {@code selected} indexes them. */
  record Column(List<Row> rows, int selected, double pitchPx, double centerXPx, WheelScale scale) {
    Row selectedRow() {
      return rows.get(selected);
    }

    /** The lowest OCR confidence of the selection and its two neighbours, times how evenly pitched the rows are. */
    double confidence() {
      double c = 1;
      for (int i = Math.max(0, selected - 1); i <= Math.min(rows.size() - 1, selected + 1); i++) {
        c = Math.min(c, rows.get(i).confidence());
      }
      return c * regularity();
    }

    double regularity() {
      double worst = 0;
      for (int i = 1; i < rows.size(); i++) {
        worst = Math.max(worst, Math.abs(rows.get(i).cy() - rows.get(i - 1).cy() - pitchPx) / pitchPx);
      }
      return Math.max(0, 1 - worst);
    }
  }

  private WheelColumnFinder() {}

  /** The picker columns on {@code page}, left to right. */
  static List<Column> find(TextPage page, GreyRaster grey) {
    return find(page, grey, MIN_ROWS);
  }

  /**
   * The columns of at least {@code minRows} rows: two where the place of a column is already
   * known (a column at its end shows only the last row and one neighbour).
   */
  static List<Column> find(TextPage page, GreyRaster grey, int minRows) {
    List<Word> words = new ArrayList<>(page.words());
    words.sort(Comparator.comparingDouble(w -> w.box().centerX()));
    List<List<Word>> stacks = new ArrayList<>();
    for (Word w : words) {
      List<Word> home = null;
      for (List<Word> s : stacks) {
        double cx = s.stream().mapToDouble(x -> x.box().centerX()).average().orElse(0);
        double tolerance = Math.max(page.width() * 0.02, Math.max(w.box().width(), s.get(0).box().width()) * 0.35);
        if (Math.abs(cx - w.box().centerX()) <= tolerance) {
          home = s;
          break;
        }
      }
      if (home == null) {
        home = new ArrayList<>();
        stacks.add(home);
      }
      home.add(w);
    }
    List<Column> out = new ArrayList<>();
    List<List<Word>> short2 = new ArrayList<>();
    for (List<Word> s : stacks) {
      java.util.Optional<Column> c = column(s, grey, page.width(), page.height(), minRows);
      if (c.isPresent()) {
        out.add(c.get());
      } else if (s.size() >= 2) {
        short2.add(s);
      }
    }
    // A column at its end shows its last row and one neighbour: two rows, taken as a column when
    // they stand on the rows of a column beside it (pickers align their rows), selected where it is.
    if (minRows > 2 && !out.isEmpty()) {
      Column ref = out.get(0);
      for (List<Word> s : short2) {
        column(s, grey, page.width(), page.height(), 2)
            .filter(c -> alignedWith(c, ref))
            .map(c -> withSelection(c, ref.selectedRow().cy()))
            .filter(c -> Math.abs(c.selectedRow().cy() - ref.selectedRow().cy()) <= PITCH_TOLERANCE * ref.pitchPx())
            .ifPresent(out::add);
      }
    }
    out.sort(Comparator.comparingDouble(Column::centerXPx));
    return out;
  }

  private static boolean alignedWith(Column c, Column ref) {
    if (Math.abs(c.pitchPx() - ref.pitchPx()) > PITCH_TOLERANCE * ref.pitchPx()) {
      return false;
    }
    for (Row r : c.rows()) {
      boolean onARow = false;
      for (int k = -ref.rows().size(); k <= ref.rows().size(); k++) {
        double y = ref.selectedRow().cy() + k * ref.pitchPx();
        onARow |= Math.abs(r.cy() - y) <= PITCH_TOLERANCE * ref.pitchPx();
      }
      if (!onARow) {
        return false;
      }
    }
    return true;
  }

  private static Column withSelection(Column c, double selectedY) {
    int sel = 0;
    for (int i = 1; i < c.rows().size(); i++) {
      if (Math.abs(c.rows().get(i).cy() - selectedY) < Math.abs(c.rows().get(sel).cy() - selectedY)) {
        sel = i;
      }
    }
    return new Column(c.rows(), sel, c.pitchPx(), c.centerXPx(), c.scale());
  }

  private static java.util.Optional<Column> column(List<Word> stack, GreyRaster grey, int w, int h, int minRows) {
    if (stack.size() < minRows) {
      return java.util.Optional.empty();
    }
    List<Word> byY = new ArrayList<>(stack);
    byY.sort(Comparator.comparingDouble(x -> x.box().centerY()));
    // The longest run of evenly pitched rows whose labels count: a picker's rows, not text that
    // happens to share their x (a title, a field's label).
    List<List<Word>> runs = new ArrayList<>();
    for (int i = 0; i + minRows <= byY.size(); i++) {
      double pitch = byY.get(i + 1).box().centerY() - byY.get(i).box().centerY();
      if (pitch < byY.get(i).box().height() || pitch > h / 6.0) {
        continue;
      }
      List<Word> run = new ArrayList<>(List.of(byY.get(i), byY.get(i + 1)));
      for (int j = i + 2; j < byY.size(); j++) {
        double d = byY.get(j).box().centerY() - run.get(run.size() - 1).box().centerY();
        if (Math.abs(d - pitch) <= PITCH_TOLERANCE * pitch) {
          run.add(byY.get(j));
        } else if (d > pitch * (1 + PITCH_TOLERANCE)) {
          break;
        }
      }
      if (run.size() >= minRows) {
        runs.add(run);
      }
    }
    runs.sort(Comparator.comparingInt((List<Word> r) -> r.size()).reversed());
    List<Word> best = null;
    WheelScale scale = null;
    for (List<Word> run : runs) {
      try {
        scale = WheelScale.infer(run.stream().map(Word::text).toList());
        best = run;
        break;
      } catch (WheelException e) {
        // not a sequence: the next run
      }
    }
    if (best == null) {
      return java.util.Optional.empty();
    }
    List<Row> rows = new ArrayList<>();
    for (Word x : best) {
      rows.add(new Row(x.text(), x.box(), x.confidence(), contrast(grey, x.box(), w, h)));
    }
    double pitch = (rows.get(rows.size() - 1).cy() - rows.get(0).cy()) / (rows.size() - 1);
    double cx = best.stream().mapToDouble(x -> x.box().centerX()).sorted().skip(best.size() / 2).findFirst().orElse(0);
    return java.util.Optional.of(new Column(rows, selected(rows), pitch, cx, scale));
  }

  /** The row drawn strongest; of rows as strong, the one nearest the middle of the column. */
  static int selected(List<Row> rows) {
    double max = rows.stream().mapToDouble(Row::contrast).max().orElse(0);
    double middle = (rows.get(0).cy() + rows.get(rows.size() - 1).cy()) / 2;
    int pick = -1;
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).contrast() >= max * (1 - CONTRAST_TIE)
          && (pick < 0 || Math.abs(rows.get(i).cy() - middle) < Math.abs(rows.get(pick).cy() - middle))) {
        pick = i;
      }
    }
    return pick;
  }

  /**
   * How strongly a label is drawn: the gap between its background (the brightest tenth of its box)
   * and its ink (the darkest tenth), whichever way round, on the full-size luminance.
   */
  static double contrast(GreyRaster g, TextBox b, int w, int h) {
    double sx = (double) g.width() / w;
    double sy = (double) g.height() / h;
    int x0 = clamp((int) (b.x() * sx), g.width());
    int y0 = clamp((int) (b.y() * sy), g.height());
    int x1 = clamp((int) Math.ceil(b.right() * sx), g.width());
    int y1 = clamp((int) Math.ceil(b.bottom() * sy), g.height());
    int[] hist = new int[256];
    int n = 0;
    for (int y = y0; y < Math.max(y1, y0 + 1); y++) {
      for (int x = x0; x < Math.max(x1, x0 + 1); x++) {
        hist[g.get(Math.min(x, g.width() - 1), Math.min(y, g.height() - 1))]++;
        n++;
      }
    }
    int tenth = Math.max(1, n / 10);
    int dark = percentileFrom(hist, tenth, false);
    int light = percentileFrom(hist, tenth, true);
    return Math.abs(light - dark);
  }

  private static int percentileFrom(int[] hist, int count, boolean fromTop) {
    int seen = 0;
    long sum = 0;
    for (int k = 0; k < 256; k++) {
      int v = fromTop ? 255 - k : k;
      int take = Math.min(hist[v], count - seen);
      sum += (long) take * v;
      seen += take;
      if (seen >= count) {
        break;
      }
    }
    return (int) (sum / Math.max(1, seen));
  }

  private static int clamp(int v, int max) {
    return Math.max(0, Math.min(v, max - 1));
  }
}
