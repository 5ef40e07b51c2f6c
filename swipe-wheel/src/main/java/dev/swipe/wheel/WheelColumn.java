package dev.swipe.wheel;

import dev.swipe.base.Api;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A picker column read from a screenshot's pixels: where it stands, its row spacing, the label in
 * its selected row and around it, and the value those labels count to. Everything a {@code
 * wheel_nudge} request needs, in normalized units.
 *
 * @param index the column's place, 0 for the leftmost picker column on the screen
 * @param columnX the column's centre line (width rule)
 * @param centerY the selected row's centre (height rule)
 * @param rowSpacing the distance between adjacent rows' centres (height rule)
 * @param selectedLabel the label read in the selected row, when it could be read
 * @param labelsAbove labels read above the selection, top down
 * @param labelsBelow labels read below the selection, top down
 * @param value the selected row's value under {@link #scale()} (a month's index, a number), read
 *     or, when the selected label was unreadable, counted from its neighbours
 * @param scale what the labels count (step, cycle, padding)
 * @param confidence in [0, 1]: the weakest OCR confidence around the selection times how evenly the
 *     rows are pitched
 * @param region the rows read, as a box on the screen
 * @param selectionCues the cues that place the selection on this row ({@code band}, {@code lines},
 *     {@code ink}, {@code weight}, {@code curve}, {@code centre}; {@code known_line} where a reread
 *     keeps the line an earlier reading found): two or more that agree, or none where the picker's
 *     cues disagree or too few mark a row ({@link #selectionClear()})
 */
@Api(status = Api.Status.STABLE)
public record WheelColumn(
    int index,
    double columnX,
    double centerY,
    double rowSpacing,
    Optional<String> selectedLabel,
    List<String> labelsAbove,
    List<String> labelsBelow,
    OptionalInt value,
    WheelScale scale,
    double confidence,
    NormRegion region,
    List<String> selectionCues) {

  /** Copies the lists. */
  public WheelColumn {
    selectionCues = List.copyOf(selectionCues);
    Objects.requireNonNull(selectedLabel, "selectedLabel");
    labelsAbove = List.copyOf(labelsAbove);
    labelsBelow = List.copyOf(labelsBelow);
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(scale, "scale");
    Objects.requireNonNull(region, "region");
  }

  /**
   * Whether the picker's cues agree on which row is selected. Where they do not, {@link #value()}
   * is empty and a request from this reading is refused with {@code wheel_selection_unclear}: the
   * SDK never claims a value the screen may not show.
   */
  public boolean selectionClear() {
    return !selectionCues.isEmpty();
  }

  /** Whether the column wraps around (seen, or inferred from the kind of values). */
  public boolean cyclic() {
    return scale.cycleSize().isPresent();
  }

  /**
   * A {@code wheel_nudge} request from this reading toward {@code target} (a value under {@link
   * #scale()}).
   *
   * @throws SwipeException {@code wheel_selection_unclear} when the picker's cues do not agree on
   *     the selected row, {@code wheel_labels_unrecognized} when the selected value is unknown
   */
  public WheelRequest requestTo(int target) {
    if (!selectionClear()) {
      throw selectionUnclear();
    }
    if (value.isEmpty()) {
      throw new SwipeException(
          dev.swipe.wheel.WheelErrorCode.WHEEL_LABELS_UNRECOGNIZED,
          "the selected row of column "
              + index
              + " could not be read, nor counted from its neighbours",
          java.util.Map.of("labels_above", labelsAbove, "labels_below", labelsBelow),
          null);
    }
    // a 12-hour clock's 12 goes as it reads: the request takes a cycle's top as its 0
    WheelRequest.Builder b =
        WheelRequest.builder()
            .currentValue(value.getAsInt())
            .targetValue(target)
            .valueStep(scale.step())
            .columnX(columnX)
            .centerY(centerY)
            .rowSpacing(rowSpacing);
    scale.cycleSize().ifPresent(b::cycleSize);
    try {
      return b.build();
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /** {@code wheel_selection_unclear} for this column. */
  public SwipeException selectionUnclear() {
    return new SwipeException(
        WheelErrorCode.WHEEL_SELECTION_UNCLEAR,
        "the marks of column "
            + index
            + "'s selected row disagree (a band, lines, faded or bold rows, a cylinder's curve and"
            + " the middle of the rows shown must agree), so its value is not claimed; move the"
            + " column one row and read it again",
        java.util.Map.of("column", index, "labels_above", labelsAbove, "labels_below", labelsBelow),
        null);
  }
}
