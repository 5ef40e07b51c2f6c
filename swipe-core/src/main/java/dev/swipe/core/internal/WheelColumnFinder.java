package dev.swipe.core.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextPage;
import dev.swipe.text.Word;
import dev.swipe.wheel.WheelScale;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Finds picker columns among the words read on a screen: a column is a stack of words sharing a
 * centre line, evenly pitched, whose labels count something ({@link WheelScale}). The selected row
 * is where the picker's cues agree it is ({@link WheelSelection}); a column whose cues disagree is
 * still a column, with its selection marked unclear.
 */
final class WheelColumnFinder {
  /** Rows a column needs; a NumberPicker shows three. */
  static final int MIN_ROWS = 3;

  /** How far apart consecutive rows may be from the column's pitch, as a fraction of it. */
  private static final double PITCH_TOLERANCE = 0.2;

  /**
   * A word this far past a run's last row, as a fraction of its pitch, lies between rows rather
   * than on the last one (a second word of the same row).
   */
  private static final double BETWEEN_ROWS = 0.3;

  /** Contrast within this fraction of the strongest row counts as a tie. */
  private static final double CONTRAST_TIE = 0.08;

  /** A row read in a column, pixels. */
  record Row(String label, TextBox box, double confidence, double contrast) {
    double cy() {
      return box.centerY();
    }
  }

  /**
   * A column found, pixels; rows top to bottom, {@code selected} indexes them, {@code selection}
   * says which cues placed it and whether they agree.
   */
  record Column(
      List<Row> rows,
      int selected,
      double pitchPx,
      double centerXPx,
      WheelScale scale,
      WheelSelection.Verdict selection) {
    Column(List<Row> rows, int selected, double pitchPx, double centerXPx, WheelScale scale) {
      this(rows, selected, pitchPx, centerXPx, scale, provisional(selected));
    }

    Column withSelection(WheelSelection.Verdict v) {
      return new Column(rows, v.row(), pitchPx, centerXPx, scale, v);
    }

    Row selectedRow() {
      return rows.get(selected);
    }

    /**
     * The lowest OCR confidence of the selection and its two neighbours, times how evenly pitched
     * the rows are.
     */
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
        worst =
            Math.max(worst, Math.abs(rows.get(i).cy() - rows.get(i - 1).cy() - pitchPx) / pitchPx);
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
   * The columns of at least {@code minRows} rows: two where the place of a column is already known
   * (a column at its end shows only the last row and one neighbour).
   */
  static List<Column> find(TextPage page, GreyRaster grey, int minRows) {
    return find(page, grey, minRows, null);
  }

  /**
   * As {@link #find(TextPage, GreyRaster, int)}, where the column's scale may already be known (a
   * reread after a nudge): rows whose labels count on {@code known} are a column even where they
   * alone would not say their step (two rows across a wrap, 23 then 00).
   */
  static List<Column> find(
      TextPage page, GreyRaster grey, int minRows, @Nullable WheelScale known) {
    List<Word> words = new ArrayList<>(page.words());
    words.sort(Comparator.comparingDouble(w -> w.box().centerX()));
    List<List<Word>> stacks = new ArrayList<>();
    for (Word w : words) {
      List<Word> home = null;
      for (List<Word> s : stacks) {
        double cx = s.stream().mapToDouble(x -> x.box().centerX()).average().orElse(0);
        if (Math.abs(cx - w.box().centerX()) <= reach(w, s, page.width())) {
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
    stacks = settled(stacks, page.width());
    List<Column> found = new ArrayList<>();
    List<List<Word>> short2 = new ArrayList<>();
    for (List<Word> s : stacks) {
      java.util.Optional<Column> c = column(s, grey, page.width(), page.height(), minRows, known);
      if (c.isPresent()) {
        found.add(c.get());
      } else if (s.size() >= 2) {
        short2.add(s);
      }
    }
    List<Column> out = new ArrayList<>();
    boolean knownWords = known != null && known.kind() == WheelScale.Kind.OPTIONS;
    List<MirrorLine> lines = new ArrayList<>();
    for (Column c : found) {
      lines.add(MirrorLine.of(c, grey, page.width(), page.height()));
    }
    for (Column c : found) {
      Column judged =
          c.withSelection(judge(c, grey, page.width(), page.height(), middle(c, found, lines)));
      if (c.scale().kind() != WheelScale.Kind.OPTIONS
          || knownWords
          || pickerOfWords(judged, found)) {
        out.add(judged);
      }
    }
    // A column at its end shows its last row and one neighbour: two rows, taken as a column when
    // they stand on the rows of a column beside it (pickers align their rows), selected on the
    // line where that column's cues agree its selection is.
    Column ref = out.stream().filter(c -> c.selection().clear()).findFirst().orElse(null);
    if (minRows > 2 && ref != null) {
      // also the stacks that were tried as columns: words far above or below the picker (a title,
      // a field's label) can share a column's x and break its run
      for (List<Word> s : stacks) {
        if (!short2.contains(s) && s.size() >= 2 && out.stream().noneMatch(c -> holds(c, s))) {
          short2.add(s);
        }
      }
      for (List<Word> all : short2) {
        // only the words on the picker's rows: within the rows read beside it, and half a row
        double top = ref.rows().get(0).cy() - 0.6 * ref.pitchPx();
        double bottom = ref.rows().get(ref.rows().size() - 1).cy() + 0.6 * ref.pitchPx();
        List<Word> s =
            all.stream()
                .filter(x -> x.box().centerY() >= top && x.box().centerY() <= bottom)
                .toList();
        if (s.size() < 2) {
          continue;
        }
        column(s, grey, page.width(), page.height(), 2, known)
            .filter(c -> alignedWith(c, ref))
            .map(c -> withEndRowUnread(c, ref, grey, page.width(), page.height()))
            .map(c -> withSelection(c, ref.selectedRow().cy(), ref.selection()))
            .filter(
                c ->
                    Math.abs(c.selectedRow().cy() - ref.selectedRow().cy())
                        <= PITCH_TOLERANCE * ref.pitchPx())
            .ifPresent(out::add);
      }
    }
    if (minRows > 2 && found.isEmpty()) {
      out.addAll(allAtTheirEnds(stacks, grey, page.width(), page.height(), known));
    }
    out.sort(Comparator.comparingDouble(Column::centerXPx));
    return out;
  }

  /**
   * How far from a stack's centre line a word may stand and be of it: a share of the wider of the
   * word and the stack's first word (centred labels of one column differ in width), at least a
   * little of the page.
   */
  private static double reach(Word w, List<Word> stack, int pageWidth) {
    return Math.max(pageWidth * 0.02, Math.max(w.box().width(), stack.get(0).box().width()) * 0.35);
  }

  /**
   * The stacks with each word moved to the stack whose centre line (its words' median, which a
   * title or a field's label off the picker does not pull) is nearest it, while one is within
   * reach: stacks grown left to right take a wide word by its width alone, so a title and a field's
   * label can pull a column's long words (Weekdays, Weekends) away from its short ones. A word left
   * alone in a stack joins the nearest stack of two or more within reach.
   */
  static List<List<Word>> settled(List<List<Word>> stacks, int pageWidth) {
    List<List<Word>> now = stacks;
    for (int pass = 0; pass < 3; pass++) {
      double[] centre = new double[now.size()];
      for (int i = 0; i < now.size(); i++) {
        double[] xs = now.get(i).stream().mapToDouble(x -> x.box().centerX()).sorted().toArray();
        centre[i] = (xs[(xs.length - 1) / 2] + xs[xs.length / 2]) / 2;
      }
      List<List<Word>> next = new ArrayList<>();
      for (int i = 0; i < now.size(); i++) {
        next.add(new ArrayList<>());
      }
      boolean moved = false;
      for (int i = 0; i < now.size(); i++) {
        // a word alone in its stack has no line of its own to keep it: it joins the nearest
        // stack of two or more within reach (a column's selected label, drawn larger), wherever
        // that stack stands in the order
        boolean alone = now.get(i).size() == 1;
        for (Word w : now.get(i)) {
          int home = i;
          double nearest =
              alone ? Double.POSITIVE_INFINITY : Math.abs(centre[i] - w.box().centerX());
          for (int k = 0; k < now.size(); k++) {
            if (k == i || (alone && now.get(k).size() < 2)) {
              continue;
            }
            double d = Math.abs(centre[k] - w.box().centerX());
            if (d <= reach(w, now.get(k), pageWidth) && d < nearest) {
              home = k;
              nearest = d;
            }
          }
          moved |= home != i;
          next.get(home).add(w);
        }
      }
      next.removeIf(List::isEmpty);
      now = next;
      if (!moved) {
        break;
      }
    }
    return now;
  }

  /**
   * A picker whose every column stands at an end (an hour at 12, minutes at 00, AM): each shows its
   * selected row and one neighbour, so no column has the rows to be one alone. The two-row stacks
   * on the row lines most of them share are its columns when two or more of them, one counting
   * numbers, months or a meridiem, are each marked clearly on one line by their own cues, or, where
   * the picker draws one mark only, by that mark and the middle of the rows they show together
   * ({@link #pickerLine}), and no column's own cues mark another. Anything less is no picker. A
   * column left off (its selected row unread) is looked for as any unread column is.
   */
  private static List<Column> allAtTheirEnds(
      List<List<Word>> stacks, GreyRaster grey, int w, int h, @Nullable WheelScale known) {
    List<Column> shown = new ArrayList<>();
    for (List<Word> s : stacks) {
      if (s.size() >= 2) {
        column(s, grey, w, h, 2, known).ifPresent(shown::add);
      }
    }
    // the row lines most of them stand on (a stack whose middle row went unread pairs the rows
    // either side of it, at twice the pitch, and stands on none)
    Column lattice = null;
    List<Column> onIt = List.of();
    for (Column c : shown) {
      List<Column> mates = shown.stream().filter(d -> alignedWith(d, c)).toList();
      if (mates.size() > onIt.size()) {
        lattice = c;
        onIt = mates;
      }
    }
    if (lattice == null || onIt.size() < 2) {
      return List.of();
    }
    shown = onIt;
    // the columns' own cues first; where one mark only (a band behind rows of one ink) tells no
    // column alone where it stands, that mark with the middle of the rows the columns show
    // together, which adds the second
    Column sole = null;
    for (boolean together : new boolean[] {false, true}) {
      Column marked = null;
      int clear = 0;
      boolean counts = false;
      for (Column c : shown) {
        double middle = together ? pickerLine(c, shown).orElse(Double.NaN) : Double.NaN;
        if (together && Double.isNaN(middle)) {
          continue;
        }
        WheelSelection.Verdict v = judge(c, grey, w, h, middle);
        if (!v.clear()) {
          continue;
        }
        Column judged = c.withSelection(v);
        if (apart(judged, marked, lattice) || apart(judged, sole, lattice)) {
          return List.of();
        }
        marked = marked == null ? judged : marked;
        clear++;
        counts |= c.scale().kind() != WheelScale.Kind.OPTIONS;
      }
      if (clear >= 2 && marked != null) {
        return counts ? placedOn(shown, marked, lattice) : List.of();
      }
      sole = marked;
    }
    return List.of();
  }

  /** Whether {@code c}'s selection stands off {@code other}'s line (never, with no other). */
  private static boolean apart(Column c, @Nullable Column other, Column lattice) {
    return other != null
        && Math.abs(c.selectedRow().cy() - other.selectedRow().cy())
            > PITCH_TOLERANCE * lattice.pitchPx();
  }

  /** Every column selected on {@code marked}'s line, or none where one has no row on it. */
  private static List<Column> placedOn(List<Column> shown, Column marked, Column lattice) {
    List<Column> out = new ArrayList<>();
    for (Column c : shown) {
      Column placed = withSelection(c, marked.selectedRow().cy(), marked.selection());
      if (apart(placed, marked, lattice)) {
        return List.of();
      }
      out.add(placed);
    }
    return out;
  }

  /**
   * The cues' verdict on {@code c} with {@code middleY} for the middle of the rows shown ({@link
   * #middle}: taken over the columns whose rows lie on its row lines, since a picker's columns
   * share their selected line), or NaN for the column's marks alone.
   */
  private static WheelSelection.Verdict judge(
      Column c, GreyRaster grey, int w, int h, double middleY) {
    List<TextBox> boxes = new ArrayList<>();
    List<Boolean> read = new ArrayList<>();
    for (Row r : c.rows()) {
      boxes.add(r.box());
      read.add(!r.label().isEmpty());
    }
    return WheelSelection.judge(
        boxes,
        read,
        grey,
        w,
        h,
        c.centerXPx(),
        c.pitchPx(),
        c.scale().kind() == WheelScale.Kind.NUMBER,
        middleY);
  }

  /**
   * A column's own mirror line ({@link #mirrorLine(Column, GreyRaster, int, int)}), whether it
   * casts that line for its line-mates (not where the marks drawn on the column alone agree on a
   * row off it, or any of them marks its first or last row: a wheel at or near its end, whose rows
   * lie mostly on one side of its selection), and whether it anchors it (the marks drawn on the
   * column alone agree on the row on it: the rows mirror about the row the picker marks, so that
   * column stands clear of both its ends), with where the column's own marks stand. Found once per
   * reading, for every column's middle.
   */
  private record MirrorLine(
      java.util.OptionalDouble line, boolean casts, boolean anchors, List<Double> marks) {
    static MirrorLine of(Column c, GreyRaster grey, int w, int h) {
      java.util.OptionalDouble line = mirrorLine(c, grey, w, h);
      WheelSelection.Verdict own = judge(c, grey, w, h, Double.NaN);
      List<Double> marks = new ArrayList<>();
      for (WheelSelection.Vote v : own.votes()) {
        marks.add(c.rows().get(v.row()).cy());
      }
      if (line.isEmpty()) {
        return new MirrorLine(line, false, false, marks);
      }
      boolean on =
          Math.abs(c.rows().get(own.row()).cy() - line.getAsDouble()) <= 0.25 * c.pitchPx();
      // a mark on the first or last row shown: the column stands at its end, its rows on one side
      boolean edge = false;
      for (WheelSelection.Vote v : own.votes()) {
        edge |= v.row() == 0 || v.row() == c.rows().size() - 1;
      }
      return new MirrorLine(line, (!own.clear() || on) && !edge, own.clear() && on, marks);
    }
  }

  /**
   * The line the rows a picker shows are symmetric about: each column's rows mirror about its
   * selected row (flat or on a cylinder), and the columns of one picker share that line. Where a
   * column shows rows on one side only (a wheel at its end) or an extra row at its window's edge,
   * its own mirror line is off or unsure, so the line most of its line-mates' mirror lines agree on
   * stands; NaN where no majority does. A line-mate whose own marks agree on a row off its mirror
   * line casts no line: it stands at or near its end. At the start of a month column (Jan, Feb, Mar
   * below the band) the rows mirror about Feb, and with a day column near its own start that once
   * outvoted the year column's true line, so all three columns were refused. A line-mate whose own
   * marks agree on the row on its mirror line anchors the line, and the line most anchors agree on
   * stands before any other: where a picker draws one mark only (a band behind rows of one ink), a
   * column at its end has no two marks of its own to tell it stands there, and its own line,
   * counted, tied with the anchor's (an iOS date picker at January and the 31st refused both
   * columns). Without anchors the column's own line always counts, so marks that agree on a wrong
   * row still meet the middle of its rows. Where the lines cast do not agree, the one on which most
   * of the marks the columns draw stand (each column's alone too few to tell) stands: words a
   * column took in past the picker (a caption below an Ionic date) move its rows' line, not its
   * marks. Where no column casts a line, or no line meets the marks, the line their rows mirror
   * about together ({@link #pickerLine}) stands.
   */
  private static double middle(Column c, List<Column> all, List<MirrorLine> mirrors) {
    List<Double> anchors = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      Column d = all.get(i);
      MirrorLine m = mirrors.get(i);
      @SuppressWarnings("ReferenceEquality") // the column itself, not one equal to it
      boolean self = d == c;
      if (m.anchors() && (self || onSameLines(c, d))) {
        anchors.add(m.line().getAsDouble());
      }
    }
    double anchored = majority(anchors, c.pitchPx());
    if (!Double.isNaN(anchored)) {
      return anchored;
    }
    List<Double> lines = new ArrayList<>();
    boolean cast = false;
    for (int i = 0; i < all.size(); i++) {
      Column d = all.get(i);
      MirrorLine m = mirrors.get(i);
      @SuppressWarnings("ReferenceEquality") // the column itself, not one equal to it
      boolean self = d == c;
      if (m.line().isPresent() && (self || (m.casts() && onSameLines(c, d)))) {
        lines.add(m.line().getAsDouble());
        cast |= m.casts();
      }
    }
    if (!cast) {
      // every column near an end, its own line off its marks: the rows they show together
      java.util.OptionalDouble picker = pickerLine(c, all);
      if (picker.isPresent()) {
        return picker.getAsDouble();
      }
    }
    double agreed = majority(lines, c.pitchPx());
    if (Double.isNaN(agreed)) {
      // the columns' own lines disagree: one of them where most marks the columns draw (each
      // alone too few to tell) stand, since stray words a column took in past the picker (a
      // caption below it) move its rows' line but not its marks; else the rows they show together
      List<Double> marks = new ArrayList<>();
      for (int i = 0; i < all.size(); i++) {
        Column d = all.get(i);
        @SuppressWarnings("ReferenceEquality") // the column itself, not one equal to it
        boolean self = d == c;
        if (self || onSameLines(c, d)) {
          marks.addAll(mirrors.get(i).marks());
        }
      }
      double marked = majority(marks, c.pitchPx());
      for (double line : lines) {
        if (!Double.isNaN(marked) && Math.abs(line - marked) <= 0.25 * c.pitchPx()) {
          return line;
        }
      }
      return pickerLine(c, all).orElse(Double.NaN);
    }
    return agreed;
  }

  /** The line more than half of {@code lines} agree on within a quarter row, else NaN. */
  private static double majority(List<Double> lines, double pitchPx) {
    double best = Double.NaN;
    int most = 0;
    for (double y : lines) {
      int n = 0;
      for (double z : lines) {
        n += Math.abs(y - z) <= 0.25 * pitchPx ? 1 : 0;
      }
      if (n > most) {
        most = n;
        best = y;
      }
    }
    return 2 * most > lines.size() ? best : Double.NaN;
  }

  /**
   * The line the rows of a column and its line-mates, taken together, mirror about, where they add
   * rows the column lacks: a picker's window is centred on its selected line, so where one column
   * stands near its start (rows below it) and another near its end (rows above), each alone mirrors
   * a row or more off, while the rows they show together still mirror about the selection. Taken
   * only where no column casts a line of its own ({@link #middle}): rows a reader leaves unread on
   * one side move it.
   */
  private static java.util.OptionalDouble pickerLine(Column c, List<Column> all) {
    int mates = 0;
    for (Column d : all) {
      @SuppressWarnings("ReferenceEquality") // the column itself, not one equal to it
      boolean self = d == c;
      mates += !self && onSameLines(c, d) ? 1 : 0;
    }
    if (mates == 0) {
      return java.util.OptionalDouble.empty();
    }
    List<Double> rows = rowLines(c, all);
    if (rows.size() <= c.rows().size()) {
      return java.util.OptionalDouble.empty();
    }
    return mirrorLine(rows, c.pitchPx());
  }

  /** The row lines a column and its line-mates show together, top to bottom. */
  private static List<Double> rowLines(Column c, List<Column> all) {
    List<Double> ys = new ArrayList<>();
    for (Column d : all) {
      @SuppressWarnings("ReferenceEquality") // the column itself, not one equal to it
      boolean self = d == c;
      if (self || onSameLines(c, d)) {
        for (Row r : d.rows()) {
          ys.add(r.cy());
        }
      }
    }
    ys.sort(null);
    List<Double> rows = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    for (double y : ys) {
      int last = rows.size() - 1;
      if (last >= 0 && y - rows.get(last) <= 0.25 * c.pitchPx()) {
        int n = counts.get(last);
        rows.set(last, (rows.get(last) * n + y) / (n + 1));
        counts.set(last, n + 1);
      } else {
        rows.add(y);
        counts.add(1);
      }
    }
    return rows;
  }

  /**
   * The row that the most rows mirror about (a row at the same distance on the other side, within
   * {@link #PITCH_TOLERANCE} of a row); empty on a tie or where no row has a mirror pair.
   */
  static java.util.OptionalDouble mirrorLine(Column c) {
    List<Double> cys = new ArrayList<>();
    for (Row r : c.rows()) {
      cys.add(r.cy());
    }
    return mirrorLine(cys, c.pitchPx());
  }

  /**
   * As {@link #mirrorLine(Column)}; where the rows read leave it undecided (an even count: rows cut
   * by the picker's window or faded past reading at its edges), the middle of the column's ink from
   * top to bottom, cut rows included, where a row was read on it: a picker's window is centred on
   * its selected row.
   */
  static java.util.OptionalDouble mirrorLine(Column c, GreyRaster g, int w, int h) {
    java.util.OptionalDouble read = mirrorLine(c);
    if (read.isPresent()) {
      return read;
    }
    double halfW = 0;
    for (Row r : c.rows()) {
      int half = r.box().width() / 2; // whole pixels, as the boxes are
      halfW = Math.max(halfW, half);
    }
    double sx = (double) g.width() / w;
    double sy = (double) g.height() / h;
    int x0 = (int) Math.floor((c.centerXPx() - halfW) * sx);
    int x1 = (int) Math.ceil((c.centerXPx() + halfW) * sx);
    if (x0 < 0 || x1 >= g.width() || x1 <= x0) {
      return java.util.OptionalDouble.empty();
    }
    Row first = c.rows().get(0);
    Row last = c.rows().get(c.rows().size() - 1);
    double top = inkEdge(g, x0, x1, first.box().y() * sy, -c.pitchPx() * sy) / sy;
    double bottom = inkEdge(g, x0, x1, last.box().bottom() * sy, c.pitchPx() * sy) / sy;
    double middle = (top + bottom) / 2;
    for (Row r : c.rows()) {
      if (Math.abs(r.cy() - middle) <= 0.25 * c.pitchPx()) {
        return java.util.OptionalDouble.of(r.cy());
      }
    }
    return java.util.OptionalDouble.empty();
  }

  /** Grey levels a pixel must stand off its row's median to count as the ink of a faint row. */
  static final int FAINT_INK = 12;

  /**
   * The farthest pixel row, from {@code fromY} within {@code reach} (pixels, signed: a row's
   * pitch), that holds ink in columns [x0, x1]: where the next row, cut by the window or faded,
   * ends.
   */
  private static double inkEdge(GreyRaster g, int x0, int x1, double fromY, double reach) {
    int step = reach < 0 ? -1 : 1;
    int start = (int) Math.round(fromY);
    int stop = (int) Math.round(fromY + reach);
    int edge = start;
    int[] px = new int[x1 - x0 + 1];
    for (int y = start; y != stop && y >= 0 && y < g.height(); y += step) {
      for (int x = x0; x <= x1; x++) {
        px[x - x0] = g.get(x, y);
      }
      int[] sorted = px.clone();
      java.util.Arrays.sort(sorted);
      int median = sorted[sorted.length / 2];
      boolean ink = false;
      for (int v : px) {
        ink |= Math.abs(v - median) >= FAINT_INK;
      }
      if (ink) {
        edge = y;
      }
    }
    return edge;
  }

  private static java.util.OptionalDouble mirrorLine(List<Double> cys, double pitch) {
    int best = -1;
    int most = 0;
    boolean tie = false;
    for (int k = 0; k < cys.size(); k++) {
      int pairs = 0;
      for (int j = 1; k - j >= 0 && k + j < cys.size(); j++) {
        double up = cys.get(k) - cys.get(k - j);
        double down = cys.get(k + j) - cys.get(k);
        if (Math.abs(up - down) <= PITCH_TOLERANCE * pitch) {
          pairs++;
        }
      }
      if (pairs > most) {
        most = pairs;
        best = k;
        tie = false;
      } else if (pairs == most && pairs > 0) {
        tie = true;
      }
    }
    return best < 0 || tie
        ? java.util.OptionalDouble.empty()
        : java.util.OptionalDouble.of(cys.get(best));
  }

  /**
   * Words stacked at an even pitch are a picker column only where the picker's marks agree on a
   * selected row, and where they stand beside a column that counts, or show no more rows than a
   * picker does and draw the selected row apart from the others (a band, bolder, darker or coloured
   * ink, a cylinder's spacing). A list of names is evenly pitched too but marks no row; a settings
   * card's rows have separators around the middle one and a middle, but draw every row alike.
   */
  private static boolean pickerOfWords(Column c, List<Column> all) {
    if (!c.selection().clear()) {
      return false;
    }
    for (Column d : all) {
      if (d.scale().kind() != WheelScale.Kind.OPTIONS && onSameLines(c, d)) {
        return true;
      }
    }
    return c.rows().size() <= MAX_OPTION_ROWS
        && c.selection().votes().stream().anyMatch(v -> DRAWN_APART.contains(v.cue()));
  }

  /** The cues that draw the selected row unlike the others, which a plain list never does. */
  private static final java.util.Set<WheelSelection.Cue> DRAWN_APART =
      java.util.EnumSet.of(
          WheelSelection.Cue.BAND,
          WheelSelection.Cue.INK,
          WheelSelection.Cue.WEIGHT,
          WheelSelection.Cue.CURVE,
          WheelSelection.Cue.ACCENT);

  /** The most rows a picker shows at once (a cylinder's seven). */
  static final int MAX_OPTION_ROWS = 7;

  /** The scale of a column of words: rows are numbered by whoever reads them. */
  static final WheelScale OPTIONS =
      new WheelScale(WheelScale.Kind.OPTIONS, 1, java.util.OptionalInt.empty(), false, 0, false);

  /**
   * Whether a word reads as one option of a column of words: a short word of letters, perhaps
   * ending in a mark where the column clips it ({@link #unclipped}).
   */
  static boolean isOption(String text) {
    String t = unclipped(text);
    return t.length() >= 2 && t.length() <= 20 && t.matches("\\p{L}[\\p{L}'.\\-]*");
  }

  /**
   * A word of a column of words without the mark the reader or the app leaves where the column
   * clips a label too wide for it: an ellipsis, or the stroke of a cut letter read as a colon,
   * semicolon or comma ("Copenhag:" for a "Copenhagen" cut after its g).
   */
  static String unclipped(String text) {
    return text.replaceFirst("(\\.\\.\\.|[:;,\u2026])$", "");
  }

  /** Whether two columns' pitches agree and a row of one lies on a row of the other. */
  private static boolean onSameLines(Column a, Column b) {
    if (Math.abs(a.pitchPx() - b.pitchPx())
        > PITCH_TOLERANCE * Math.max(a.pitchPx(), b.pitchPx())) {
      return false;
    }
    for (Row r : a.rows()) {
      for (Row q : b.rows()) {
        if (Math.abs(r.cy() - q.cy()) <= PITCH_TOLERANCE * a.pitchPx()) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a column found was made of words of this stack. */
  private static boolean holds(Column c, List<Word> stack) {
    for (Row r : c.rows()) {
      for (Word w : stack) {
        if (w.box().equals(r.box())) {
          return true;
        }
      }
    }
    return false;
  }

  /** A verdict for a selection placed by the caller (a known line), before any cue is measured. */
  static WheelSelection.Verdict provisional(int row) {
    return new WheelSelection.Verdict(row, false, List.of());
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

  /**
   * A column of words at an end whose last row, on the selected line of the column beside it, went
   * unread (drawn larger and cut by the column's edge, it reads as nothing or as a fragment): that
   * row, as a row without a label, where ink is drawn on the line at least as strongly as on the
   * rows read. Anything else comes back as it was.
   */
  private static Column withEndRowUnread(Column c, Column ref, GreyRaster grey, int w, int h) {
    if (c.scale().kind() != WheelScale.Kind.OPTIONS) {
      return c;
    }
    double line = ref.selectedRow().cy();
    double tolerance = PITCH_TOLERANCE * ref.pitchPx();
    Row first = c.rows().get(0);
    Row last = c.rows().get(c.rows().size() - 1);
    boolean above = Math.abs(first.cy() - c.pitchPx() - line) <= tolerance;
    boolean below = Math.abs(last.cy() + c.pitchPx() - line) <= tolerance;
    if (above == below) {
      return c;
    }
    Row beside = above ? first : last;
    TextBox b = beside.box();
    TextBox box =
        new TextBox(
            b.x(), (int) Math.round(line - b.height() / 2.0), b.width(), Math.max(1, b.height()));
    double ink = contrast(grey, box, w, h);
    double weakest = c.rows().stream().mapToDouble(Row::contrast).min().orElse(0);
    if (!(ink >= weakest) || ink <= 0) {
      return c;
    }
    List<Row> rows = new ArrayList<>(c.rows());
    Row unread = new Row("", box, beside.confidence() / 2, ink);
    if (above) {
      rows.add(0, unread);
    } else {
      rows.add(unread);
    }
    return new Column(rows, above ? 0 : rows.size() - 1, c.pitchPx(), c.centerXPx(), c.scale());
  }

  private static Column withSelection(
      Column c, double selectedY, WheelSelection.Verdict lineMates) {
    int sel = 0;
    for (int i = 1; i < c.rows().size(); i++) {
      if (Math.abs(c.rows().get(i).cy() - selectedY)
          < Math.abs(c.rows().get(sel).cy() - selectedY)) {
        sel = i;
      }
    }
    List<WheelSelection.Vote> votes = new ArrayList<>();
    for (String cue : lineMates.agreeing()) {
      votes.add(
          new WheelSelection.Vote(
              WheelSelection.Cue.valueOf(cue.toUpperCase(java.util.Locale.ROOT)), sel));
    }
    return new Column(
        c.rows(),
        sel,
        c.pitchPx(),
        c.centerXPx(),
        c.scale(),
        new WheelSelection.Verdict(sel, lineMates.clear(), votes));
  }

  /**
   * The run without words at its ends that its scale cannot count and that stand further from the
   * next row than the run's pitch: the scale reads past one label it does not know (a row misread),
   * so a field's text just below the picker ("Alarm label"), within the pitch's tolerance of the
   * next row, would join the column as its last row, stretch its region past the picker's marks,
   * and leave its selection unclear. A picker's own end rows are at its pitch or, on a cylinder,
   * closer; they stay however they read, since the middle of the rows shown is one of the
   * selection's cues. The run keeps at least {@code minRows}.
   */
  private static List<Word> withoutStrayEnds(List<Word> run, WheelScale scale, int minRows) {
    List<Word> kept = new ArrayList<>(run);
    while (kept.size() > minRows
        && stray(kept.get(kept.size() - 1), kept.get(kept.size() - 2), kept, scale)) {
      kept.remove(kept.size() - 1);
    }
    while (kept.size() > minRows && stray(kept.get(0), kept.get(1), kept, scale)) {
      kept.remove(0);
    }
    return kept;
  }

  /** How much further than the pitch a stray end stands from its neighbour, as a share of it. */
  private static final double STRAY_BEYOND_PITCH = 0.1;

  private static boolean stray(Word end, Word neighbour, List<Word> run, WheelScale scale) {
    if (end == null || neighbour == null || scale.valueOf(end.text()).isPresent()) {
      return false;
    }
    // the run's pitch from its inner rows: the gaps between read rows not touching the ends
    List<Double> gaps = new ArrayList<>();
    for (int i = 1; i + 1 < run.size() - 1; i++) {
      if (run.get(i) != null && run.get(i + 1) != null) {
        gaps.add(run.get(i + 1).box().centerY() - run.get(i).box().centerY());
      }
    }
    if (gaps.isEmpty()) {
      return false;
    }
    gaps.sort(null);
    double pitch = gaps.get(gaps.size() / 2);
    double d = Math.abs(end.box().centerY() - neighbour.box().centerY());
    return d > pitch * (1 + STRAY_BEYOND_PITCH);
  }

  private static java.util.Optional<Column> column(
      List<Word> stack, GreyRaster grey, int w, int h, int minRows, @Nullable WheelScale known) {
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
      boolean gap = false;
      for (int j = i + 2; j < byY.size(); j++) {
        double d = byY.get(j).box().centerY() - run.get(run.size() - 1).box().centerY();
        if (Math.abs(d - pitch) <= PITCH_TOLERANCE * pitch) {
          run.add(byY.get(j));
        } else if (!gap
            && Math.abs(d - 2 * pitch) <= 2 * PITCH_TOLERANCE * pitch
            && isLabel(byY.get(j).text())) {
          // one row the reader left unread (often the selected one, drawn largest, so on a
          // cylinder the widest gap): kept as a row without a label, counted from its
          // neighbours, rather than pairing the rows either side of it as if they were adjacent
          gap = true;
          run.add(null);
          run.add(byY.get(j));
        } else if (d > pitch * (1 + PITCH_TOLERANCE)) {
          break;
        } else if (d > BETWEEN_ROWS * pitch && isLabel(byY.get(j).text())) {
          // a label between two rows of the run: the rows it pairs are every other one (a row
          // missed by the reader, or a cylinder's compressed outer rows), and a step read off
          // them would be twice the column's; the run ends here
          break;
        }
      }
      if (run.size() - (gap ? 1 : 0) >= minRows) {
        runs.add(run);
      }
    }
    // Of runs as long, the one holding the label drawn strongest (the selection): on a cylinder
    // the compressed rows far from it can form a run as long as the one around it.
    Word strongest = null;
    double most = -1;
    for (Word x : byY) {
      double c = isLabel(x.text()) ? contrast(grey, x.box(), w, h) : -1;
      if (c > most) {
        most = c;
        strongest = x;
      }
    }
    Word selection = strongest;
    runs.sort(
        Comparator.comparingInt((List<Word> r) -> r.size())
            .reversed()
            .thenComparing(r -> r.contains(selection) ? 0 : 1));
    List<Word> best = null;
    WheelScale scale = null;
    for (List<Word> run : runs) {
      List<String> labels = new ArrayList<>();
      run.forEach(x -> labels.add(x == null ? null : x.text()));
      try {
        scale = WheelScale.infer(labels);
        best = run;
        break;
      } catch (SwipeException e) {
        if (known != null && countsOn(known, labels)) {
          // a wrap among these rows shows the cycle the earlier reading only guessed
          scale =
              crossesWrap(known, labels)
                  ? new WheelScale(
                      known.kind(),
                      known.step(),
                      known.cycleSize(),
                      true,
                      known.width(),
                      known.shortNames(),
                      known.cycleStart())
                  : known;
          best = run;
          break;
        }
        // not a sequence: the next run
      }
    }
    if (best == null) {
      // words that do not count (Once / Daily / Weekdays, cities): the longest run of them, kept
      // only where the picker's cues mark a selection ({@link #find})
      boolean knownWords = known != null && known.kind() == WheelScale.Kind.OPTIONS;
      for (List<Word> run : runs) {
        if (!run.contains(null)
            && run.size() >= (knownWords ? 2 : minRows)
            && run.stream().allMatch(x -> isOption(x.text()))) {
          best = run;
          scale = OPTIONS;
          break;
        }
      }
    }
    if (best == null || scale == null) {
      return java.util.Optional.empty();
    }
    if (scale.kind() != WheelScale.Kind.OPTIONS) {
      best = withoutStrayEnds(best, scale, minRows);
    }
    List<Row> rows = new ArrayList<>();
    for (int k = 0; k < best.size(); k++) {
      Word x = best.get(k);
      if (x == null) {
        // the unread row: midway between its neighbours, as large as they are
        TextBox a = best.get(k - 1).box();
        TextBox b = best.get(k + 1).box();
        TextBox box =
            new TextBox(
                (a.x() + b.x()) / 2,
                (a.y() + b.y()) / 2,
                Math.max(1, (a.width() + b.width()) / 2),
                Math.max(1, (a.height() + b.height()) / 2));
        double conf = Math.min(best.get(k - 1).confidence(), best.get(k + 1).confidence()) / 2;
        rows.add(new Row("", box, conf, contrast(grey, box, w, h)));
      } else {
        String label = scale.kind() == WheelScale.Kind.OPTIONS ? unclipped(x.text()) : x.text();
        rows.add(new Row(label, x.box(), x.confidence(), contrast(grey, x.box(), w, h)));
      }
    }
    double pitch = (rows.get(rows.size() - 1).cy() - rows.get(0).cy()) / (rows.size() - 1);
    List<Word> read = best.stream().filter(java.util.Objects::nonNull).toList();
    double cx =
        read.stream()
            .mapToDouble(x -> x.box().centerX())
            .sorted()
            .skip(read.size() / 2)
            .findFirst()
            .orElse(0);
    return java.util.Optional.of(new Column(rows, selected(rows), pitch, cx, scale));
  }

  /**
   * Whether every label reads on {@code scale} and each is one step past the one above (round its
   * cycle).
   */
  static boolean countsOn(WheelScale scale, List<String> labelsTopDown) {
    Integer prev = null;
    int rowsSince = 0;
    int read = 0;
    for (String l : labelsTopDown) {
      rowsSince++;
      if (l == null) {
        continue; // a row left unread
      }
      java.util.OptionalInt v = scale.valueOf(l);
      if (v.isEmpty()) {
        return false;
      }
      int now = v.getAsInt();
      if (prev != null) {
        int d = now - prev;
        int want = scale.step() * rowsSince;
        if (scale.cycleSize().isPresent()) {
          d = Math.floorMod(d, scale.cycleSize().getAsInt());
          want = Math.floorMod(want, scale.cycleSize().getAsInt());
        }
        if (d != want) {
          return false;
        }
      }
      prev = now;
      rowsSince = 0;
      read++;
    }
    return read >= 2;
  }

  private static boolean crossesWrap(WheelScale scale, List<String> labelsTopDown) {
    int prev = Integer.MIN_VALUE;
    for (String l : labelsTopDown) {
      if (l != null) {
        int v = scale.valueOf(l).getAsInt();
        if (v < prev) {
          return true;
        }
        prev = v;
      }
    }
    return false;
  }

  /**
   * Whether a word reads as a value of some column (a number, a month, AM/PM), not a mark or a
   * title.
   */
  static boolean isLabel(String text) {
    for (WheelScale.Kind k : WheelScale.Kind.values()) {
      if (new WheelScale(k, 1, java.util.OptionalInt.empty(), false, 0, false)
          .valueOf(text)
          .isPresent()) {
        return true;
      }
    }
    return false;
  }

  /** The row drawn strongest; of rows as strong, the one nearest the middle of the column. */
  static int selected(List<Row> rows) {
    double max = rows.stream().mapToDouble(Row::contrast).max().orElse(0);
    double middle = (rows.get(0).cy() + rows.get(rows.size() - 1).cy()) / 2;
    int pick = -1;
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).contrast() >= max * (1 - CONTRAST_TIE)
          && (pick < 0
              || Math.abs(rows.get(i).cy() - middle) < Math.abs(rows.get(pick).cy() - middle))) {
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
