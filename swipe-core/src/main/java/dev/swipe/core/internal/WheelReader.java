package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelReading;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.diff.internal.RowPitch;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextPage;
import dev.swipe.text.Word;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelScale;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/** Reads picker columns off screenshots with the device's text reader. */
final class WheelReader {
  private final ScreenReader screen;

  WheelReader(ScreenReader screen) {
    this.screen = screen;
  }

  /** Every picker column in {@code region} (null: the whole screen), left to right. */
  WheelReading read(Observation o, @Nullable NormRegion region) {
    TextPage page = screen.page(o, region);
    List<WheelColumn> found = columns(o, page, null, null);
    return new WheelReading(
        o, distinct(withSelectionsReadAgain(o, withColumnsMissed(o, page, found))));
  }

  /**
   * One column per place, left to right: two readings a few units apart (a column of names read
   * once as found and once as missed, each band a little off the other) are one column, and the
   * better reading stays: its selection clear, then the more confident, then the more rows read.
   */
  static List<WheelColumn> distinct(List<WheelColumn> cols) {
    List<WheelColumn> sorted = new ArrayList<>(cols);
    sorted.sort(Comparator.comparingDouble(WheelColumn::columnX));
    List<WheelColumn> kept = new ArrayList<>();
    for (WheelColumn c : sorted) {
      WheelColumn last = kept.isEmpty() ? null : kept.get(kept.size() - 1);
      if (last != null
          && Math.abs(c.columnX() - last.columnX())
              < Math.max(25, 0.5 * Math.min(c.rowSpacing(), last.rowSpacing()))) {
        if (betterRead(c, last)) {
          kept.set(kept.size() - 1, c);
        }
        continue;
      }
      kept.add(c);
    }
    if (kept.size() == cols.size()) {
      return cols;
    }
    List<WheelColumn> out = new ArrayList<>();
    for (WheelColumn c : kept) {
      out.add(renumbered(c, out.size(), c.rowSpacing()));
    }
    return out;
  }

  private static boolean betterRead(WheelColumn a, WheelColumn b) {
    if (a.selectionClear() != b.selectionClear()) {
      return a.selectionClear();
    }
    if (a.confidence() != b.confidence()) {
      return a.confidence() > b.confidence();
    }
    return a.labelsAbove().size() + a.labelsBelow().size()
        > b.labelsAbove().size() + b.labelsBelow().size();
  }

  /**
   * Columns whose selected row went unread on the whole screen, read again in their own band. The
   * selected label is often drawn larger and bolder and beside a unit ("31 sec"); a reader that
   * runs the two together on the whole screen loses the label, and reads it alone in the column's
   * band (found on a looping seconds wheel in Chromium, where the column then read as "29 30 _ 32
   * 33" and setting it was refused). The band's reading replaces the column only where it stands on
   * the same rows and reads the selected label.
   */
  private List<WheelColumn> withSelectionsReadAgain(Observation o, List<WheelColumn> cols) {
    List<WheelColumn> out = cols;
    for (int i = 0; i < cols.size(); i++) {
      WheelColumn c = cols.get(i);
      if (c.selectedLabel().isPresent()) {
        continue;
      }
      double pitch = c.rowSpacing();
      Optional<WheelColumn> again =
          readAgain(
              o,
              c.columnX(),
              c.centerY(),
              pitch,
              c.scale(),
              0,
              a ->
                  a.selectedLabel().isPresent()
                      && Math.abs(a.centerY() - c.centerY()) <= 0.25 * pitch
                      && Math.abs(a.rowSpacing() - pitch) <= SHARED_PITCH_AGREEMENT * pitch
                      && Math.abs(a.columnX() - c.columnX()) <= Math.max(40, 0.5 * pitch));
      if (again.isEmpty()) {
        continue;
      }
      WheelColumn a = again.get();
      if (out == cols) {
        out = new ArrayList<>(cols);
      }
      out.set(i, renumbered(a, c.index(), a.rowSpacing()));
    }
    return out;
  }

  /**
   * A picker's columns line their rows up: a label on the rows of the columns found, away from all
   * of them, is a column the screen's read missed (a row left unread, so the two left say no step;
   * or a column of names at its end, where two names and a cut selected one show). Its band is read
   * again on its own, and the column joins where it reads, with the pitch the columns on its line
   * share.
   */
  private List<WheelColumn> withColumnsMissed(
      Observation o, TextPage page, List<WheelColumn> found) {
    if (found.isEmpty()) {
      return found;
    }
    double sx = NormSpace.unitsPerPixel(o.width());
    double sy = NormSpace.unitsPerPixel(o.height());
    List<WheelColumn> all = new ArrayList<>(found);
    // a column whose rows are twice as far apart as its line-mates' paired every other row (the
    // rows between went unread): its band is read again, and it stands only where it then agrees
    for (int i = 0; i < all.size(); i++) {
      WheelColumn c = all.get(i);
      List<Double> mates = new ArrayList<>();
      for (WheelColumn d : all) {
        @SuppressWarnings("ReferenceEquality") // the column itself, not one equal to it
        boolean self = d == c;
        if (!self && Math.abs(d.centerY() - c.centerY()) <= 0.25 * d.rowSpacing()) {
          mates.add(d.rowSpacing());
        }
      }
      if (mates.isEmpty()) {
        continue;
      }
      double line = median(mates);
      if (c.rowSpacing() > (1 + 3 * SHARED_PITCH_AGREEMENT) * line) {
        Optional<WheelColumn> again = near(o, c.columnX(), c.centerY(), line);
        if (again.isPresent()
            && Math.abs(again.get().rowSpacing() - line) <= SHARED_PITCH_AGREEMENT * line
            && Math.abs(again.get().columnX() - c.columnX()) < Math.max(40, line)) {
          WheelColumn m = again.get();
          all.set(i, renumbered(m, c.index(), line));
        } else {
          all.remove(i--);
        }
      }
    }
    // each missed band is read once: the other labels of a band that did not read are skipped
    List<Double> tried = new ArrayList<>();
    for (Word w : page.words()) {
      double x = w.box().centerX() * sx;
      double y = w.box().centerY() * sy;
      double left = w.box().x() * sx;
      double right = w.box().right() * sx;
      WheelColumn line = null;
      boolean offSelected = false;
      boolean apart = true;
      for (WheelColumn c : all) {
        // a word of a column's own (a long month name set flush left reaches far from the
        // column's x) is no sign of a column missed
        if (Math.abs(c.columnX() - x) < Math.max(40, c.rowSpacing()) || overlaps(c, left, right)) {
          apart = false;
        }
        // on the selected row's line or one of the two rows either side of it
        double rows = (y - c.centerY()) / c.rowSpacing();
        if (Math.abs(rows) <= 2.25 && Math.abs(rows - Math.rint(rows)) <= 0.25) {
          line = c;
          offSelected = Math.rint(rows) != 0;
        }
      }
      // a word of letters ("Barcelona") is a sign of a column of options only off the selected
      // row: on it, beside the selected value, it is as often the value's unit ("3 nights")
      boolean sign =
          WheelColumnFinder.isLabel(w.text())
              || (offSelected && WheelColumnFinder.isOption(w.text()));
      if (!apart || line == null || !sign) {
        continue;
      }
      double reach = Math.max(40, line.rowSpacing());
      if (tried.stream().anyMatch(t -> Math.abs(t - x) < reach)) {
        continue;
      }
      tried.add(x);
      // a band as wide as the word that showed the column, and a row more: a column of names
      // ("Barcelona") is wider than a column of numbers, and its selected name, cut at the band's
      // edge, does not read
      WheelColumn mates = line;
      Optional<WheelColumn> missed =
          readAgain(
              o,
              x,
              line.centerY(),
              line.rowSpacing(),
              null,
              (right - left) / 2 + line.rowSpacing(),
              m ->
                  Math.abs(m.columnX() - x) < Math.max(40, mates.rowSpacing())
                      && Math.abs(m.rowSpacing() - mates.rowSpacing())
                          <= SHARED_PITCH_AGREEMENT * mates.rowSpacing()
                      && all.stream().noneMatch(c -> overlaps(c, m.region().x(), m.region().x2())));
      if (missed.isPresent()) {
        all.add(renumbered(missed.get(), 0, line.rowSpacing()));
      }
    }
    if (all.equals(found)) {
      return found;
    }
    all.sort(Comparator.comparingDouble(WheelColumn::columnX));
    List<WheelColumn> out = new ArrayList<>();
    for (WheelColumn c : all) {
      out.add(renumbered(c, out.size(), c.rowSpacing()));
    }
    return out;
  }

  /** {@code read} as column {@code index} of its picker, its rows {@code rowSpacing} apart. */
  private static WheelColumn renumbered(WheelColumn read, int index, double rowSpacing) {
    return new WheelColumn(
        index,
        read.columnX(),
        read.centerY(),
        rowSpacing,
        read.selectedLabel(),
        read.labelsAbove(),
        read.labelsBelow(),
        read.value(),
        read.scale(),
        read.confidence(),
        read.region(),
        read.selectionCues());
  }

  /**
   * Whether a column's rows span some of {@code left..right} (normalized x): text there is that
   * column's, read again in pieces when its band is cropped (a column of "ugust" and "aptembe"
   * beside the months).
   */
  private static boolean overlaps(WheelColumn c, double left, double right) {
    double from = c.region().x();
    double to = from + c.region().w();
    return Math.min(to, right) - Math.max(from, left) > 0;
  }

  /**
   * The column around a known selection (a nudge's {@code column_x}, {@code center_y}): reads a
   * band of three rows there; empty when no reader is available or the labels do not read.
   */
  Optional<WheelColumn> near(Observation o, double columnX, double centerY, double rowSpacing) {
    return near(o, columnX, centerY, rowSpacing, null);
  }

  /**
   * As {@link #near(Observation, double, double, double)} for a column whose scale is known from an
   * earlier reading: two rows that count on it are enough (23 then 00 across a wrap).
   */
  Optional<WheelColumn> near(
      Observation o,
      double columnX,
      double centerY,
      double rowSpacing,
      @Nullable WheelScale known) {
    return near(o, columnX, centerY, rowSpacing, known, 0);
  }

  /**
   * As {@link #near(Observation, double, double, double, WheelScale)}, reading at least {@code
   * minHalfWidth} either side of the column: a column of long names ("September") is wider than the
   * band a column of numbers needs, and a name cut at the band's edge does not read.
   */
  Optional<WheelColumn> near(
      Observation o,
      double columnX,
      double centerY,
      double rowSpacing,
      @Nullable WheelScale known,
      double minHalfWidth) {
    double halfW = bandHalfWidth(rowSpacing, minHalfWidth);
    double halfH = 1.7 * rowSpacing;
    double x1 = Math.max(0, columnX - halfW);
    double x2 = Math.min(1000, columnX + halfW);
    double y1 = Math.max(0, centerY - halfH);
    double y2 = Math.min(1000, centerY + halfH);
    if (x2 <= x1 || y2 <= y1) {
      return Optional.empty();
    }
    Optional<TextPage> page = screen.tryPage(o, NormRegion.fromCorners(x1, y1, x2, y2));
    if (page.isEmpty()) {
      return Optional.empty();
    }
    List<WheelColumn> cols = columns(o, page.get(), centerY, known);
    WheelColumn best = null;
    for (WheelColumn c : cols) {
      if (best == null || Math.abs(c.columnX() - columnX) < Math.abs(best.columnX() - columnX)) {
        best = c;
      }
    }
    return best == null || Math.abs(best.columnX() - columnX) > halfW
        ? Optional.empty()
        : Optional.of(best);
  }

  /**
   * A column read again in its own band, where the screen's read left part of it unread: the first
   * band that reads a column {@code fits} stands. A band one row wider each side is read when the
   * first does not fit, because the reader segments a crop differently at each width, and a bold
   * selected row beside a cut neighbour reads at one width and not at the next (a column of cities
   * at its top end, on Chromium).
   */
  private Optional<WheelColumn> readAgain(
      Observation o,
      double columnX,
      double centerY,
      double rowSpacing,
      @Nullable WheelScale known,
      double minHalfWidth,
      Predicate<WheelColumn> fits) {
    Optional<WheelColumn> first = near(o, columnX, centerY, rowSpacing, known, minHalfWidth);
    if (first.isPresent() && fits.test(first.get())) {
      return first;
    }
    double wider = bandHalfWidth(rowSpacing, minHalfWidth) + rowSpacing;
    return near(o, columnX, centerY, rowSpacing, known, wider).filter(fits);
  }

  /** Half the width of the band {@code near} reads (normalized). */
  private static double bandHalfWidth(double rowSpacing, double minHalfWidth) {
    return Math.max(Math.min(250, 1.4 * rowSpacing + 40), Math.min(450, minHalfWidth));
  }

  /**
   * Where a picker's rows are drawn on a selected line but no column reads: the x of each such
   * place between {@code fromX} and {@code toX}. A column whose words all went unread on one frame
   * (drawn late, or lost in the reader's segmentation) still leaves its rows in the pixels, and
   * then a place counted from the columns read ({@code column(n)}) names a neighbour. Bands one
   * strip wide are measured along the line away from the columns {@code known} (and their labels'
   * ink); a place stands where neighbouring strips repeat at the picker's pitch.
   */
  static List<Double> rowsUnread(
      Observation o,
      List<WheelColumn> known,
      double centerY,
      double pitch,
      double fromX,
      double toX) {
    double halfH = UNREAD_ROWS_HALF_HEIGHT * pitch;
    List<double[]> taken = new ArrayList<>();
    for (WheelColumn c : known) {
      NormRegion r = c.region();
      if (r.y() > centerY + halfH || r.y2() < centerY - halfH) {
        continue; // another picker's rows, above or below this line's band
      }
      taken.add(
          new double[] {
            Math.min(r.x(), c.columnX() - 40) - STRIP_HALF_WIDTH - STRIP_CLEARANCE,
            Math.max(r.x2(), c.columnX() + 40) + STRIP_HALF_WIDTH + STRIP_CLEARANCE
          });
    }
    List<Double> places = new ArrayList<>();
    List<Double> run = new ArrayList<>();
    double first = Math.max(fromX, 0) + STRIP_HALF_WIDTH;
    double last = Math.min(toX, 1000) - STRIP_HALF_WIDTH;
    for (double x = first; x <= last + STRIP_STEP; x += STRIP_STEP) {
      boolean rows = false;
      if (x <= last) {
        double at = x;
        boolean free = taken.stream().noneMatch(t -> at > t[0] && at < t[1]);
        if (free) {
          rows = rowsAtPitch(o, x, centerY, pitch, halfH);
        }
      }
      if (rows) {
        run.add(x);
      } else {
        if (run.size() >= 2) {
          places.add((run.get(0) + run.get(run.size() - 1)) / 2);
        }
        run.clear();
      }
    }
    return places;
  }

  /** Whether a strip's rows repeat at {@code pitch}, surely enough to stand for a column's. */
  private static boolean rowsAtPitch(
      Observation o, double x, double centerY, double pitch, double halfH) {
    try {
      RowPitchResult m =
          RowPitch.measureColumn(o.greyForReading(), x, centerY, STRIP_HALF_WIDTH, halfH);
      return m.found()
          && m.confidence() >= 0.6
          && Math.abs(m.pitchNorm() - pitch) <= SHARED_PITCH_AGREEMENT * 1.5 * pitch;
    } catch (RuntimeException e) {
      return false; // a strip that cannot be measured shows no rows
    }
  }

  /** Half the width of a strip looked at for unread rows (normalized, width rule). */
  static final double STRIP_HALF_WIDTH = 30;

  /** How far apart the strips looked at for unread rows stand (normalized, width rule). */
  static final double STRIP_STEP = 20;

  /** Space kept between a strip and the ink of a column read, for labels wider than those read. */
  static final double STRIP_CLEARANCE = 20;

  /** How many rows either side of the selected line a strip spans. */
  static final double UNREAD_ROWS_HALF_HEIGHT = 2.5;

  /**
   * The last resort of a reread: a column whose scale and rows are known from earlier readings,
   * where the reader made out too few of its labels to form a column. Every label read on one of
   * its row lines (the selected one or up to two either side) counts the selected value from where
   * it stands; they must all agree. Empty when none reads or they disagree.
   */
  Optional<WheelColumn> countedFromRowsRead(Observation o, WheelColumn was) {
    double pitch = was.rowSpacing();
    double halfW = Math.min(250, 1.4 * pitch + 40);
    NormRegion band =
        NormRegion.fromCorners(
            Math.max(0, was.columnX() - halfW),
            Math.max(0, was.centerY() - 2.5 * pitch),
            Math.min(1000, was.columnX() + halfW),
            Math.min(1000, was.centerY() + 2.5 * pitch));
    Optional<TextPage> page = screen.tryPage(o, band);
    if (page.isEmpty()) {
      return Optional.empty();
    }
    double sx = NormSpace.unitsPerPixel(o.width());
    double sy = NormSpace.unitsPerPixel(o.height());
    WheelScale scale = was.scale();
    Integer value = null;
    List<String> above = new ArrayList<>();
    List<String> below = new ArrayList<>();
    String selected = null;
    for (Word w : page.get().words()) {
      double rows = (w.box().centerY() * sy - was.centerY()) / pitch;
      long k = Math.round(rows);
      OptionalInt v = scale.valueOf(w.text());
      if (Math.abs(w.box().centerX() * sx - was.columnX()) > Math.max(40, pitch)
          || Math.abs(rows - k) > 0.25
          || Math.abs(k) > 2
          || v.isEmpty()) {
        continue;
      }
      int counted = scale.onCycle(v.getAsInt() - (int) k * scale.step());
      if (value != null && value != counted) {
        return Optional.empty();
      }
      value = counted;
      if (k < 0) {
        above.add(w.text());
      } else if (k > 0) {
        below.add(w.text());
      } else {
        selected = w.text();
      }
    }
    if (value == null) {
      return Optional.empty();
    }
    return Optional.of(
        new WheelColumn(
            was.index(),
            was.columnX(),
            was.centerY(),
            was.rowSpacing(),
            Optional.ofNullable(selected),
            above,
            below,
            OptionalInt.of(value),
            scale,
            0,
            was.region(),
            was.selectionCues()));
  }

  /**
   * Converts the finder's columns. Where a column's marks do not agree on a selected row, {@code
   * selectedAt} (the line earlier readings agreed on) picks the row read on that line; where none
   * was read there, no value is claimed. Marks that agree on this frame outrank the earlier line.
   */
  private static List<WheelColumn> columns(
      Observation o, TextPage page, @Nullable Double selectedAt, @Nullable WheelScale known) {
    double sx = NormSpace.unitsPerPixel(o.width());
    double sy = NormSpace.unitsPerPixel(o.height());
    List<WheelColumn> out = new ArrayList<>();
    List<Boolean> sure = new ArrayList<>();
    List<WheelColumnFinder.Column> found =
        WheelColumnFinder.find(page, o.greyForReading(), selectedAt == null ? 3 : 2, known);
    for (WheelColumnFinder.Column c : found) {
      List<WheelColumnFinder.Row> rows = c.rows();
      int sel = c.selected();
      List<String> cues = c.selection().clear() ? c.selection().agreeing() : List.of();
      if (selectedAt != null && !c.selection().clear()) {
        // the marks on this frame do not settle it: the line earlier readings agreed on does, when
        // a row was read on it (a neighbour a row away is not the selection: that would be a
        // claim one row off)
        int near = 0;
        for (int i = 0; i < rows.size(); i++) {
          if (Math.abs(rows.get(i).cy() * sy - selectedAt)
              < Math.abs(rows.get(near).cy() * sy - selectedAt)) {
            near = i;
          }
        }
        boolean onLine =
            Math.abs(rows.get(near).cy() * sy - selectedAt) <= ON_LINE * c.pitchPx() * sy;
        sel = near;
        cues = onLine ? List.of(KNOWN_LINE) : List.of();
      }
      List<String> above = new ArrayList<>();
      List<String> below = new ArrayList<>();
      for (int i = 0; i < rows.size(); i++) {
        if (i < sel && !rows.get(i).label().isEmpty()) {
          above.add(rows.get(i).label());
        } else if (i > sel && !rows.get(i).label().isEmpty()) {
          below.add(rows.get(i).label());
        }
      }
      OptionalInt value = c.scale().valueOf(rows.get(sel).label());
      OptionalInt neighbours = agreedByNeighbours(c, sel);
      if (value.isEmpty()
          || (neighbours.isPresent() && neighbours.getAsInt() != value.getAsInt())) {
        // unreadable, or misread against both neighbours ("1" between 09 and 11): counted from them
        value = neighbours.isPresent() ? neighbours : countedFromNeighbours(c, sel);
      }
      if (cues.isEmpty()) {
        value = OptionalInt.empty(); // the marks of the selection disagree: no value is claimed
      }
      TextBox box = rows.get(0).box();
      for (WheelColumnFinder.Row r : rows) {
        box = box.union(r.box());
      }
      double confidence =
          new WheelColumnFinder.Column(rows, sel, c.pitchPx(), c.centerXPx(), c.scale())
              .confidence();
      double columnX = clamp(c.centerXPx() * sx);
      double centerY = clamp(rows.get(sel).cy() * sy);
      double fromWords = centrePitch(rows, sel, c.pitchPx()) * sy;
      OptionalDouble measured = measuredPitch(o, columnX, centerY, fromWords);
      sure.add(measured.isPresent());
      out.add(
          new WheelColumn(
              out.size(),
              columnX,
              centerY,
              measured.orElse(fromWords),
              Optional.of(rows.get(sel).label()).filter(l -> !l.isEmpty()),
              above,
              below,
              value,
              c.scale(),
              confidence,
              ScreenReader.norm(box, o),
              cues));
    }
    return sharedPitch(out, sure);
  }

  /**
   * The pitch at the selection from the rows' word boxes. On a flat wheel it is the mean spacing of
   * all rows read (word boxes jitter; a long span evens that out). On a cylinder the rows away from
   * the centre are pressed together and the mean reads short, so where the second neighbours show
   * the curve (offsets {@code R sin(k t)}: {@code cos t} is the second offset over twice the
   * first), the pitch {@code R t} comes from the first neighbours with the curve undone.
   */
  static double centrePitch(List<WheelColumnFinder.Row> rows, int sel, double meanPitch) {
    if (sel < 1 || sel + 1 >= rows.size()) {
      return meanPitch;
    }
    double d1 = (rows.get(sel + 1).cy() - rows.get(sel - 1).cy()) / 2;
    double d2sum = 0;
    int d2n = 0;
    if (sel >= 2) {
      d2sum += rows.get(sel).cy() - rows.get(sel - 2).cy();
      d2n++;
    }
    if (sel + 2 < rows.size()) {
      d2sum += rows.get(sel + 2).cy() - rows.get(sel).cy();
      d2n++;
    }
    if (d2n == 0 || d1 <= 0) {
      return meanPitch;
    }
    double cos = d2sum / d2n / (2 * d1);
    if (cos >= Math.cos(MIN_CURVE) || cos <= 0.5) {
      return meanPitch; // flat within the boxes' jitter, or no cylinder at all
    }
    double t = Math.acos(cos);
    return d1 * t / Math.sin(t);
  }

  /**
   * Least angle between rows, radians, taken for a cylinder; below it word boxes' jitter could
   * stand for one.
   */
  static final double MIN_CURVE = 0.08;

  /**
   * The row pitch from the pixels of the column (autocorrelation, sub-pixel) where it is sure and
   * agrees with the words' spacing: word boxes jitter by a pixel or two with their glyphs, which is
   * several percent of a small picker's rows. Empty where the words' spacing has to stand.
   */
  private static OptionalDouble measuredPitch(
      Observation o, double columnX, double centerY, double fromWords) {
    try {
      RowPitchResult m = RowPitch.measureColumn(o.greyForReading(), columnX, centerY);
      if (m.found()
          && m.confidence() >= 0.6
          && Math.abs(m.pitchNorm() - fromWords) <= 0.15 * fromWords) {
        return OptionalDouble.of(m.pitchNorm());
      }
    } catch (RuntimeException e) {
      // the words' spacing stands
    }
    return OptionalDouble.empty();
  }

  /**
   * The columns of one picker share its row pitch (a UIPickerView's row height, a TimePicker's
   * spinners alike), and number columns measure it best: digits share one height and sit on the
   * baseline, so every row's ink is centred alike, where month names rise with capitals and drop
   * with descenders ("Jul", "Sep") by several percent of a row, and a column at its end shows too
   * few rows for the cylinder's curve. Columns whose selected rows share a line and whose pitches
   * agree within {@link #SHARED_PITCH_AGREEMENT} take the median of the sure pitches measured on
   * the number columns among them (or on all of them when none counts numbers). A column whose
   * pitch stands on its words' spacing alone (not sure from its pixels), or whose rows lie on one
   * side only (at its end), reads short on a cylinder, whose curve presses its outer rows together:
   * it may read up to {@link #PRESSED_ROWS} shorter than a sure line-mate with rows on both sides
   * and still take their pitch; a one-sided column's own pitch does not count where such a mate's
   * does.
   */
  private static List<WheelColumn> sharedPitch(List<WheelColumn> cols, List<Boolean> sure) {
    List<WheelColumn> out = new ArrayList<>(cols);
    for (int i = 0; i < cols.size(); i++) {
      WheelColumn c = cols.get(i);
      List<Integer> group = new ArrayList<>();
      boolean anyTwoSided = false;
      for (int j = 0; j < cols.size(); j++) {
        WheelColumn d = cols.get(j);
        double gap = d.rowSpacing() - c.rowSpacing();
        boolean agree =
            Math.abs(gap) <= SHARED_PITCH_AGREEMENT * c.rowSpacing()
                || (j != i
                    && (oneSided(c) || !sure.get(i))
                    && !oneSided(d)
                    && sure.get(j)
                    && gap > 0
                    && gap <= PRESSED_ROWS * d.rowSpacing());
        if (Math.abs(d.centerY() - c.centerY()) <= 0.25 * Math.min(c.rowSpacing(), d.rowSpacing())
            && agree) {
          group.add(j);
          anyTwoSided |= !oneSided(d) && sure.get(j);
        }
      }
      List<Double> numbers = new ArrayList<>();
      List<Double> any = new ArrayList<>();
      for (int j : group) {
        if (sure.get(j) && !(anyTwoSided && oneSided(cols.get(j)))) {
          any.add(cols.get(j).rowSpacing());
          if (cols.get(j).scale().kind() == WheelScale.Kind.NUMBER) {
            numbers.add(cols.get(j).rowSpacing());
          }
        }
      }
      List<Double> from = numbers.isEmpty() ? any : numbers;
      if (group.size() < 2 || from.isEmpty()) {
        continue;
      }
      double shared = median(from);
      out.set(i, renumbered(c, c.index(), shared));
    }
    return out;
  }

  /** How near (in rows) to the known selected line a row must be read to stand on it. */
  static final double ON_LINE = 0.35;

  /** The cue of a reread: the selected line an earlier reading's cues agreed on. */
  static final String KNOWN_LINE = "known_line";

  /** How far apart two columns' own pitches may be for them to share one. */
  static final double SHARED_PITCH_AGREEMENT = 0.1;

  /** How much shorter than a sure line-mate a column read from pressed rows may read. */
  static final double PRESSED_ROWS = 0.25;

  /** Rows read on one side of the selection only: a column at its end. */
  private static boolean oneSided(WheelColumn c) {
    return c.labelsAbove().isEmpty() != c.labelsBelow().isEmpty();
  }

  private static double median(List<Double> v) {
    List<Double> s = new ArrayList<>(v);
    s.sort(null);
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  /** The value the rows just above and below the selection both count to, if they agree. */
  private static OptionalInt agreedByNeighbours(WheelColumnFinder.Column c, int sel) {
    if (sel < 1 || sel + 1 >= c.rows().size()) {
      return OptionalInt.empty();
    }
    OptionalInt above = c.scale().valueOf(c.rows().get(sel - 1).label());
    OptionalInt below = c.scale().valueOf(c.rows().get(sel + 1).label());
    if (above.isEmpty() || below.isEmpty()) {
      return OptionalInt.empty();
    }
    int step = c.scale().step();
    int a = above.getAsInt() + step;
    int b = below.getAsInt() - step;
    a = c.scale().onCycle(a);
    b = c.scale().onCycle(b);
    return a == b ? OptionalInt.of(a) : OptionalInt.empty();
  }

  private static OptionalInt countedFromNeighbours(WheelColumnFinder.Column c, int sel) {
    for (int d = 1; d < c.rows().size(); d++) {
      for (int j : new int[] {sel - d, sel + d}) {
        if (j >= 0 && j < c.rows().size()) {
          OptionalInt v = c.scale().valueOf(c.rows().get(j).label());
          if (v.isPresent()) {
            int value = v.getAsInt() + (sel - j) * c.scale().step();
            return OptionalInt.of(c.scale().onCycle(value));
          }
        }
      }
    }
    return OptionalInt.empty();
  }

  private static double clamp(double v) {
    return Math.max(0, Math.min(1000, v));
  }

  /** {@code wheel_not_found}, with what was read where a picker was looked for. */
  static SwipeException notFound(Observation o, String where, List<String> read) {
    return new SwipeException(
        ErrorCode.WHEEL_NOT_FOUND,
        "no picker column "
            + where
            + " on "
            + o.id()
            + ": a column is three or more evenly spaced labels"
            + " that count (numbers with a step, months, AM/PM); read there: "
            + read.subList(0, Math.min(read.size(), 8)),
        Map.of(
            "screenshot_attachment_id", o.id(), "read", read.subList(0, Math.min(read.size(), 20))),
        null);
  }
}
