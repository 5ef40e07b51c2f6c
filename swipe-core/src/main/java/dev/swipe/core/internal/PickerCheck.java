package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.NormSpace;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.diff.internal.RowPitch;
import dev.swipe.text.TextPage;
import dev.swipe.text.Word;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.internal.RunGuard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Confirms that a {@code wheel_nudge} aims at a picker before any input is played. A nudge on
 * anything else (a list, whose rows repeat too) would play a long slow drag that scrolls it, and
 * the run guard, now working that "column", would then refuse every scroll across it. So the column
 * must read as a wheel where the request says (the reading {@code readWheels} uses), and its rows
 * must repeat there (the pitch measurement the nudge uses).
 */
final class PickerCheck {
  private PickerCheck() {}

  /**
   * Returns when the nudge may go on: it plays nothing (the target is reached: a release), the
   * guard is already working the column (it was confirmed at its first nudge), or the column reads
   * as a picker: a column found there, or a picker label on one of its rows (a column whose other
   * labels the reader missed or misread; a list's rows hold names). Without a text reader the
   * measured pitch is the only evidence to be had.
   *
   * @throws SwipeException {@code wheel_not_found} naming {@code column_x} and {@code center_y},
   *     with what was read there
   */
  static void confirm(
      WheelReader wheels,
      ScreenReader screen,
      RunGuard guard,
      Observation shot,
      WheelRequest request) {
    if (request.currentValue() == request.targetValue()
        || guard.columnActionsLeft(request.columnX()).isPresent()) {
      return;
    }
    double x = request.columnX();
    double y = request.centerY();
    // a column readWheels finds there, selected on that line (setWheel's own reading of this
    // screenshot, so read once): a column of words or a two-row AM/PM column too, which neither
    // a label count nor a pitch measurement would confirm
    List<WheelColumn> columns;
    try {
      columns = wheels.read(shot, null).columns();
    } catch (SwipeException e) {
      columns = List.of(); // no reader on this device: the checks below say what they can
    }
    for (WheelColumn c : columns) {
      if (c.selectionClear()
          && Math.abs(c.columnX() - x) < Math.max(40, c.rowSpacing())
          && Math.abs(c.centerY() - y) <= 0.25 * c.rowSpacing()) {
        return;
      }
    }
    RowPitchResult pitch;
    try {
      pitch = RowPitch.measureColumn(shot.grey(), x, y);
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
    if (!pitch.found()) {
      throw notFound(
          shot, request, "no rows repeat there (the row pitch could not be measured)", List.of());
    }
    double spacing = pitch.pitchNorm();
    if (wheels.near(shot, x, y, spacing).isPresent()) {
      return;
    }
    // the same band WheelReader.near read, so this is its cached page
    double halfW = Math.min(250, 1.4 * spacing + 40);
    double halfH = 1.7 * spacing;
    Optional<TextPage> page =
        screen.tryPage(
            shot,
            NormRegion.fromCorners(
                Math.max(0, x - halfW),
                Math.max(0, y - halfH),
                Math.min(1000, x + halfW),
                Math.min(1000, y + halfH)));
    if (page.isEmpty()) {
      return; // no reader on this device: the rows repeat, which is all that can be checked
    }
    if (labelRows(page.get(), shot, x, y, spacing) > 0) {
      return; // a column the reader half-read (labels misread or missed): what it read sits on rows
    }
    List<String> read = new ArrayList<>();
    for (Word w : page.get().words()) {
      if (read.size() < 20) {
        read.add(w.text());
      }
    }
    throw notFound(shot, request, "nothing there reads as a picker column", read);
  }

  /**
   * How many rows of the column, {@code spacing} apart around {@code centerY}, hold a picker label
   * (a number, a month, AM/PM) within a row's reach of {@code columnX}.
   */
  private static long labelRows(
      TextPage page, Observation shot, double columnX, double centerY, double spacing) {
    double sx = NormSpace.unitsPerPixel(shot.width());
    double sy = NormSpace.unitsPerPixel(shot.height());
    return page.words().stream()
        .filter(w -> WheelColumnFinder.isLabel(w.text()))
        .filter(w -> Math.abs(w.box().centerX() * sx - columnX) < Math.max(40, spacing))
        .map(w -> (w.box().centerY() * sy - centerY) / spacing)
        .filter(rows -> Math.abs(rows - Math.rint(rows)) <= 0.25)
        .map(Math::rint)
        .distinct()
        .count();
  }

  private static SwipeException notFound(
      Observation shot, WheelRequest request, String why, List<String> read) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("field", "column_x");
    details.put("column_x", request.columnX());
    details.put("center_y", request.centerY());
    details.put("screenshot_attachment_id", shot.id());
    details.put("read", read);
    return new SwipeException(
        ErrorCode.WHEEL_NOT_FOUND,
        "no picker wheel at column_x "
            + Math.round(request.columnX())
            + ", center_y "
            + Math.round(request.centerY())
            + " on "
            + shot.id()
            + ": "
            + why
            + (read.isEmpty() ? "" : "; read there: " + read.subList(0, Math.min(read.size(), 8)))
            + ". Nothing was played; wheel_nudge only turns a picker (read_wheels finds them),"
            + " use scroll for lists",
        details,
        null);
  }
}
