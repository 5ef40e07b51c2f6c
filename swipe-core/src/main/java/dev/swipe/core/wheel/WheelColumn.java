package dev.swipe.core.wheel;

import dev.swipe.core.NormRegion;
import dev.swipe.core.SwipeException;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelScale;
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
 */
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
    NormRegion region) {

  /** Copies the lists. */
  public WheelColumn {
    Objects.requireNonNull(selectedLabel, "selectedLabel");
    labelsAbove = List.copyOf(labelsAbove);
    labelsBelow = List.copyOf(labelsBelow);
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(scale, "scale");
    Objects.requireNonNull(region, "region");
  }

  /** Whether the column wraps around (seen, or inferred from the kind of values). */
  public boolean cyclic() {
    return scale.cycleSize().isPresent();
  }

  /**
   * A {@code wheel_nudge} request from this reading toward {@code target} (a value under {@link
   * #scale()}).
   *
   * @throws SwipeException {@code wheel_labels_unrecognized} when the selected value is unknown
   */
  public WheelRequest requestTo(int target) {
    if (value.isEmpty()) {
      throw new SwipeException(
          dev.swipe.core.ErrorCode.WHEEL_LABELS_UNRECOGNIZED,
          "the selected row of column "
              + index
              + " could not be read, nor counted from its neighbours",
          java.util.Map.of("labels_above", labelsAbove, "labels_below", labelsBelow),
          null);
    }
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
      throw SwipeException.translate(e);
    }
  }
}
