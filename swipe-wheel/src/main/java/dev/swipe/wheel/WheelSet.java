package dev.swipe.wheel;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Which picker column to set and to what: {@code WheelSet.column(0).to("Sep")}, {@code
 * WheelSet.columnShowing("09").to(18)}, {@code WheelSet.columnAt(790).to("45")}.
 *
 * <p>A target given as text is a label the column would show ({@code "Sep"}, {@code "07"}, {@code
 * "PM"}); as a number it is a value under the column's scale (months count from 0 for January).
 */
@Api(status = Api.Status.STABLE)
public final class WheelSet {
  private final OptionalInt index;
  private final Optional<String> showing;
  private final OptionalDouble x;
  private final Optional<String> targetLabel;
  private final OptionalInt targetValue;

  private WheelSet(
      OptionalInt index,
      Optional<String> showing,
      OptionalDouble x,
      Optional<String> label,
      OptionalInt value) {
    this.index = index;
    this.showing = showing;
    this.x = x;
    this.targetLabel = label;
    this.targetValue = value;
  }

  /**
   * Picks a column by place, 0 for the leftmost picker column. The place counts the columns read,
   * so {@code wheels().set} trusts it only where no picker rows are drawn left of the column that
   * no column reads; otherwise it reads again and, failing that, refuses with {@code
   * wheel_column_unclear} rather than set a neighbour.
   */
  public static Column column(int index) {
    if (index < 0 || index > 20) {
      throw SwipeException.invalidArgument(
          "column", "must be a column index in [0, 20], was " + index);
    }
    return new Column(OptionalInt.of(index), Optional.empty(), OptionalDouble.empty());
  }

  /** Picks the column that shows {@code label} (in its selected row or around it). */
  public static Column columnShowing(String label) {
    if (label == null || label.isBlank() || label.length() > 40) {
      throw SwipeException.invalidArgument(
          "column", "a label to pick the column by must be 1 to 40 characters");
    }
    return new Column(OptionalInt.empty(), Optional.of(label.strip()), OptionalDouble.empty());
  }

  /** Picks the column nearest to {@code x} (normalized). */
  public static Column columnAt(double x) {
    if (!(x >= 0 && x <= 1000)) {
      throw SwipeException.invalidArgument("column_x", "must be in [0, 1000], was " + x);
    }
    return new Column(OptionalInt.empty(), Optional.empty(), OptionalDouble.of(x));
  }

  /** The first half of a {@link WheelSet}: the column. */
  public static final class Column {
    private final OptionalInt index;
    private final Optional<String> showing;
    private final OptionalDouble x;

    private Column(OptionalInt index, Optional<String> showing, OptionalDouble x) {
      this.index = index;
      this.showing = showing;
      this.x = x;
    }

    /** Sets the column to the row showing {@code label}. */
    public WheelSet to(String label) {
      if (label == null || label.isBlank() || label.length() > 40) {
        throw SwipeException.invalidArgument("target", "a target label must be 1 to 40 characters");
      }
      return new WheelSet(index, showing, x, Optional.of(label.strip()), OptionalInt.empty());
    }

    /** Sets the column to {@code value} under its scale. */
    public WheelSet to(int value) {
      return new WheelSet(index, showing, x, Optional.empty(), OptionalInt.of(value));
    }
  }

  /** The column's place, when picked by place. */
  public OptionalInt columnIndex() {
    return index;
  }

  /** The label the column shows, when picked by label. */
  public Optional<String> columnShowing() {
    return showing;
  }

  /** The column's x, when picked by position. */
  public OptionalDouble columnX() {
    return x;
  }

  /** The target as a label, when given as one. */
  public Optional<String> targetLabel() {
    return targetLabel;
  }

  /** The target as a value, when given as one. */
  public OptionalInt targetValue() {
    return targetValue;
  }

  @Override
  public String toString() {
    String col =
        index.isPresent()
            ? "column " + index.getAsInt()
            : showing.isPresent()
                ? "the column showing '" + showing.get() + "'"
                : "the column at x=" + x.getAsDouble();
    return col
        + " to "
        + (targetLabel.isPresent()
            ? "'" + targetLabel.get() + "'"
            : Integer.toString(targetValue.getAsInt()));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WheelSet w
        && index.equals(w.index)
        && showing.equals(w.showing)
        && x.equals(w.x)
        && targetLabel.equals(w.targetLabel)
        && targetValue.equals(w.targetValue);
  }

  @Override
  public int hashCode() {
    return Objects.hash(index, showing, x, targetLabel, targetValue);
  }
}
