package dev.swipe.wheel;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * One {@code wheel_nudge} request, validated on construction so nothing downstream has to re-check
 * it. Field names in errors are the agent's snake_case names.
 *
 * <p>Geometry is normalized (0-1000): {@code column_x} by the width rule, {@code center_y}, {@code
 * row_spacing} and {@code visible_target_y} by the height rule. Values are integers; wheels of
 * names (months, AM/PM) use row indices.
 *
 * @param currentValue the value on the selected row of the latest screenshot
 * @param targetValue the value wanted on the selected row
 * @param cycleSize numeric modulus of a cyclic wheel (60 for minutes, also when shown by fives);
 *     empty for a non-cyclic wheel. Values lie within {@code [0, cycleSize]}: the top, as a 12-hour
 *     clock's 12, is the same row as 0 and is kept as 0
 * @param valueStep difference between adjacent rows (5 for minutes by fives); empty when the row
 *     order is unknown, which makes the nudge a single-row probe
 * @param columnX x of the wheel column
 * @param centerY y of the selected row's centre, measured on the latest screenshot
 * @param rowSpacing the caller's estimate of the distance between adjacent row centres
 * @param visibleTargetY y of the target row when it is actually visible next to the selection
 */
@Api(status = Api.Status.STABLE)
public record WheelRequest(
    int currentValue,
    int targetValue,
    OptionalInt cycleSize,
    OptionalInt valueStep,
    double columnX,
    double centerY,
    double rowSpacing,
    OptionalDouble visibleTargetY) {

  /** Largest |value| accepted on a non-cyclic wheel; keeps row arithmetic far from overflow. */
  public static final int MAX_ABS_VALUE = 1_000_000;

  /** Largest accepted {@code cycle_size}. */
  public static final int MAX_CYCLE_SIZE = 1_000_000;

  /** Smallest plausible {@code row_spacing}: below this a row would be a few pixels tall. */
  public static final double MIN_ROW_SPACING = 4.0;

  /** Largest plausible {@code row_spacing}: a quarter of the screen per row. */
  public static final double MAX_ROW_SPACING = 250.0;

  /** Validates every field; throws {@code invalid_argument} naming the first bad one. */
  public WheelRequest {
    cycleSize = cycleSize == null ? OptionalInt.empty() : cycleSize;
    valueStep = valueStep == null ? OptionalInt.empty() : valueStep;
    visibleTargetY = visibleTargetY == null ? OptionalDouble.empty() : visibleTargetY;
    if (cycleSize.isPresent()) {
      int cycle = cycleSize.getAsInt();
      if (cycle < 2 || cycle > MAX_CYCLE_SIZE) {
        throw SwipeException.invalidArgument(
            "cycle_size", "must be within [2, " + MAX_CYCLE_SIZE + "], was " + cycle);
      }
      checkInCycle("current_value", currentValue, cycle);
      checkInCycle("target_value", targetValue, cycle);
      // a cycle counted from 1 (a 12-hour clock's 12) tops out where a count from 0 starts
      currentValue = currentValue % cycle;
      targetValue = targetValue % cycle;
    } else {
      checkMagnitude("current_value", currentValue);
      checkMagnitude("target_value", targetValue);
    }
    if (valueStep.isPresent()) {
      int step = valueStep.getAsInt();
      if (step < 1) {
        throw SwipeException.invalidArgument("value_step", "must be > 0, was " + step);
      }
      if (cycleSize.isPresent()) {
        int cycle = cycleSize.getAsInt();
        if (step >= cycle || cycle % step != 0) {
          throw SwipeException.invalidArgument(
              "value_step",
              "must be smaller than cycle_size and divide it (a cyclic wheel has cycle_size/value_step rows), was "
                  + step
                  + " for cycle_size "
                  + cycle);
        }
      } else if (step > 2 * MAX_ABS_VALUE) {
        throw SwipeException.invalidArgument(
            "value_step", "must be <= " + 2 * MAX_ABS_VALUE + ", was " + step);
      }
    }
    checkCoordinate("column_x", columnX);
    checkCoordinate("center_y", centerY);
    if (!Double.isFinite(rowSpacing) || rowSpacing <= 0.0) {
      throw SwipeException.invalidArgument(
          "row_spacing", "must be a finite number > 0, was " + rowSpacing);
    }
    if (rowSpacing < MIN_ROW_SPACING || rowSpacing > MAX_ROW_SPACING) {
      throw SwipeException.invalidArgument(
          "row_spacing",
          "must be within ["
              + MIN_ROW_SPACING
              + ", "
              + MAX_ROW_SPACING
              + "] normalized units (height rule), was "
              + rowSpacing);
    }
    if (visibleTargetY.isPresent()) {
      double vty = visibleTargetY.getAsDouble();
      checkCoordinate("visible_target_y", vty);
      if (vty == centerY) {
        throw SwipeException.invalidArgument(
            "visible_target_y",
            "must differ from center_y (the target is not on the selected row)");
      }
    }
  }

  private static void checkInCycle(String field, int value, int cycle) {
    if (value < 0 || value > cycle) {
      throw SwipeException.invalidArgument(
          field, "must be within [0, cycle_size] = [0, " + cycle + "], was " + value);
    }
  }

  private static void checkMagnitude(String field, int value) {
    if (value < -MAX_ABS_VALUE || value > MAX_ABS_VALUE) {
      throw SwipeException.invalidArgument(
          field, "must be within [-" + MAX_ABS_VALUE + ", " + MAX_ABS_VALUE + "], was " + value);
    }
  }

  private static void checkCoordinate(String field, double v) {
    if (!Double.isFinite(v) || v < 0.0 || v > 1000.0) {
      throw SwipeException.invalidArgument(
          field, "must be a finite normalized coordinate within [0, 1000], was " + v);
    }
  }

  /** True when the wheel wraps around ({@code cycle_size} given). */
  public boolean cyclic() {
    return cycleSize.isPresent();
  }

  /**
   * True when the row order is unknown ({@code value_step} absent): the nudge moves exactly one
   * row.
   */
  public boolean orderProbe() {
    return valueStep.isEmpty();
  }

  /** The same request with another current value (the next observation). */
  public WheelRequest withCurrentValue(int value) {
    return new WheelRequest(
        value, targetValue, cycleSize, valueStep, columnX, centerY, rowSpacing, visibleTargetY);
  }

  /** A builder; required: current_value, target_value, column_x, center_y, row_spacing. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a request from possibly-missing fields (as parsed from JSON), reporting a missing
   * required field as {@code invalid_argument} with its name. A value builder: setting a field
   * again replaces it (the last value wins). Each field has a primitive setter for Java callers
   * ({@code columnX(500)}, {@code cycleSize(24)}) and a boxed one for values parsed from JSON,
   * where null means the field is absent: unset optional fields stay empty, unset required ones
   * fail.
   */
  public static final class Builder {
    private @Nullable Integer currentValue;
    private @Nullable Integer targetValue;
    private @Nullable Integer cycleSize;
    private @Nullable Integer valueStep;
    private @Nullable Double columnX;
    private @Nullable Double centerY;
    private @Nullable Double rowSpacing;
    private @Nullable Double visibleTargetY;

    private Builder() {}

    /** {@code current_value} (required). */
    public Builder currentValue(int v) {
      this.currentValue = v;
      return this;
    }

    /** {@code current_value} as parsed (JSON): null leaves it unset, so build() names it. */
    public Builder currentValue(@Nullable Integer v) {
      this.currentValue = v;
      return this;
    }

    /** {@code target_value} (required). */
    public Builder targetValue(int v) {
      this.targetValue = v;
      return this;
    }

    /** {@code target_value} as parsed (JSON): null leaves it unset, so build() names it. */
    public Builder targetValue(@Nullable Integer v) {
      this.targetValue = v;
      return this;
    }

    /** {@code cycle_size}; leave it unset for a non-cyclic wheel. */
    public Builder cycleSize(int v) {
      this.cycleSize = v;
      return this;
    }

    /** {@code cycle_size} as parsed (JSON): null means absent (a non-cyclic wheel). */
    public Builder cycleSize(@Nullable Integer v) {
      this.cycleSize = v;
      return this;
    }

    /** {@code value_step}; leave it unset when the row order is unknown (single-row probe). */
    public Builder valueStep(int v) {
      this.valueStep = v;
      return this;
    }

    /** {@code value_step} as parsed (JSON): null means absent (a single-row probe). */
    public Builder valueStep(@Nullable Integer v) {
      this.valueStep = v;
      return this;
    }

    /**
     * {@code column_x} (required). A primitive, so that {@code columnX(500)} compiles: an int
     * literal widens to double but does not box to {@link Double}.
     */
    public Builder columnX(double v) {
      this.columnX = v;
      return this;
    }

    /** {@code column_x} as parsed (JSON): null leaves it unset, so build() names it. */
    public Builder columnX(@Nullable Double v) {
      this.columnX = v;
      return this;
    }

    /** {@code center_y} (required, from the selected row of the latest screenshot). */
    public Builder centerY(double v) {
      this.centerY = v;
      return this;
    }

    /** {@code center_y} as parsed (JSON): null leaves it unset, so build() names it. */
    public Builder centerY(@Nullable Double v) {
      this.centerY = v;
      return this;
    }

    /** {@code row_spacing} (required, the caller's estimate). */
    public Builder rowSpacing(double v) {
      this.rowSpacing = v;
      return this;
    }

    /** {@code row_spacing} as parsed (JSON): null leaves it unset, so build() names it. */
    public Builder rowSpacing(@Nullable Double v) {
      this.rowSpacing = v;
      return this;
    }

    /** {@code visible_target_y}; leave it unset unless the target row is actually visible. */
    public Builder visibleTargetY(double v) {
      this.visibleTargetY = v;
      return this;
    }

    /** {@code visible_target_y} as parsed (JSON): null means absent. */
    public Builder visibleTargetY(@Nullable Double v) {
      this.visibleTargetY = v;
      return this;
    }

    /** Validates and builds; throws {@code invalid_argument} naming a missing or bad field. */
    public WheelRequest build() {
      return new WheelRequest(
          required("current_value", currentValue),
          required("target_value", targetValue),
          cycleSize == null ? OptionalInt.empty() : OptionalInt.of(cycleSize),
          valueStep == null ? OptionalInt.empty() : OptionalInt.of(valueStep),
          required("column_x", columnX),
          required("center_y", centerY),
          required("row_spacing", rowSpacing),
          visibleTargetY == null ? OptionalDouble.empty() : OptionalDouble.of(visibleTargetY));
    }

    private static <T> T required(String field, @Nullable T value) {
      if (value == null) {
        throw SwipeException.invalidArgument(field, "is required");
      }
      return Objects.requireNonNull(value);
    }
  }
}
