package dev.swipe.core;

import static dev.swipe.core.internal.ValueBuilders.required;

import dev.swipe.base.Api;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.wheel.WheelDecision;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * What one {@code wheel_nudge} decided and did: the direction, rows, pitch used and its source, the
 * budget left, the drag that was played (none when the target was already centred), the new settled
 * screenshot to read the wheel from, and what that screenshot shows happened: whether the column
 * moved, the label now selected and the rows turned, read from the pixels.
 *
 * @param decision the decision (direction, rows, pitch and source, confidence, budget left)
 * @param measuredPitch the row pitch measured on the screenshot the request was read from
 * @param action the drag played, or empty when the request already had current == target
 * @param observation the screen after the nudge (the request's screenshot when nothing was played)
 * @param cost what the nudge cost
 * @param moved whether the column's pixels changed between the request's screenshot and the result:
 *     what happened, not what was planned
 * @param labelNow the label read in the selected row after the nudge, when a text reader could read
 *     it
 * @param rowsObserved rows the column turned as read from its labels before and after (positive
 *     when the values grew), when both could be read; the plan's rows are in {@link #decision()}
 */
@Api(status = Api.Status.STABLE)
public record WheelNudgeResult(
    WheelDecision decision,
    RowPitchResult measuredPitch,
    Optional<ActionResult> action,
    Observation observation,
    Cost cost,
    boolean moved,
    Optional<String> labelNow,
    OptionalInt rowsObserved) {

  /**
   * Checks every part is there.
   *
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming a missing part
   */
  public WheelNudgeResult {
    required(decision, "decision");
    required(measuredPitch, "measured_pitch");
    required(action, "action");
    required(observation, "observation");
    required(cost, "cost");
    required(labelNow, "label_now");
    required(rowsObserved, "rows_observed");
  }

  /** A drag was played and the column did not move: the nudge had no effect. */
  public boolean noOp() {
    return action.isPresent() && !moved;
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link WheelNudgeResult}, part by part; the optional parts start empty. */
  public static final class Builder {
    private @Nullable WheelDecision decision;
    private @Nullable RowPitchResult measuredPitch;
    private Optional<ActionResult> action = Optional.empty();
    private @Nullable Observation observation;
    private @Nullable Cost cost;
    private @Nullable Boolean moved;
    private Optional<String> labelNow = Optional.empty();
    private OptionalInt rowsObserved = OptionalInt.empty();

    /** A new builder, as {@link WheelNudgeResult#builder()} gives. */
    public Builder() {}

    /** The decision (direction, rows, pitch and source, confidence, budget left). */
    public Builder decision(WheelDecision decision) {
      this.decision = Objects.requireNonNull(decision, "decision");
      return this;
    }

    /** The row pitch measured on the screenshot the request was read from. */
    public Builder measuredPitch(RowPitchResult measuredPitch) {
      this.measuredPitch = Objects.requireNonNull(measuredPitch, "measuredPitch");
      return this;
    }

    /** The drag played. */
    public Builder action(ActionResult action) {
      this.action = Optional.of(action);
      return this;
    }

    /** The drag played, or empty when none was. */
    public Builder action(Optional<ActionResult> action) {
      this.action = Objects.requireNonNull(action, "action");
      return this;
    }

    /** The screen after the nudge. */
    public Builder observation(Observation observation) {
      this.observation = Objects.requireNonNull(observation, "observation");
      return this;
    }

    /** What the nudge cost. */
    public Builder cost(Cost cost) {
      this.cost = Objects.requireNonNull(cost, "cost");
      return this;
    }

    /** Whether the column's pixels changed. */
    public Builder moved(boolean moved) {
      this.moved = moved;
      return this;
    }

    /** The label read in the selected row after the nudge. */
    public Builder labelNow(String labelNow) {
      this.labelNow = Optional.of(labelNow);
      return this;
    }

    /** The label read in the selected row after the nudge, or empty when none could be read. */
    public Builder labelNow(Optional<String> labelNow) {
      this.labelNow = Objects.requireNonNull(labelNow, "labelNow");
      return this;
    }

    /** Rows the column turned as read from its labels. */
    public Builder rowsObserved(int rowsObserved) {
      this.rowsObserved = OptionalInt.of(rowsObserved);
      return this;
    }

    /** Rows the column turned as read from its labels, or empty when they could not be read. */
    public Builder rowsObserved(OptionalInt rowsObserved) {
      this.rowsObserved = Objects.requireNonNull(rowsObserved, "rowsObserved");
      return this;
    }

    /**
     * The value.
     *
     * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming a part left unset
     */
    public WheelNudgeResult build() {
      // parts are checked in order, so the first one missing is the one named
      return new WheelNudgeResult(
          required(decision, "decision"),
          required(measuredPitch, "measured_pitch"),
          action,
          required(observation, "observation"),
          required(cost, "cost"),
          required(moved, "moved"),
          labelNow,
          rowsObserved);
    }
  }
}
