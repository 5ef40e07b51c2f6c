package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.core.internal.SwipeStyle;
import dev.swipe.core.internal.ValueBuilders;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.wheel.WheelDecision;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What one {@code wheel_nudge} decided and did: the direction, rows, pitch used and its source, the
 * budget left, the drag that was played (none when the target was already centred), the new settled
 * screenshot to read the wheel from, and what that screenshot shows happened: whether the column
 * moved, the label now selected and the rows turned, read from the pixels.
 */
@SuppressWarnings("exports")
// @Value annotations are for the annotation processor: clients need not read org.immutables.value
@Value.Immutable
@SwipeStyle
@Api(status = Api.Status.STABLE)
public abstract class WheelNudgeResult {
  /** For the generated implementation; values come from {@link #builder()}. */
  public WheelNudgeResult() {}

  /** The decision (direction, rows, pitch and source, confidence, budget left). */
  public abstract WheelDecision decision();

  /** The row pitch measured on the screenshot the request was read from. */
  public abstract RowPitchResult measuredPitch();

  /** The drag played, or empty when the request already had current == target. */
  public abstract Optional<ActionResult> action();

  /** The screen after the nudge (the request's screenshot when nothing was played). */
  public abstract Observation observation();

  /** What the nudge cost. */
  public abstract Cost cost();

  /**
   * Whether the column's pixels changed between the request's screenshot and the result: what
   * happened, not what was planned.
   */
  public abstract boolean moved();

  /** A drag was played and the column did not move: the nudge had no effect. */
  public boolean noOp() {
    return action().isPresent() && !moved();
  }

  /** The label read in the selected row after the nudge, when a text reader could read it. */
  public abstract Optional<String> labelNow();

  /**
   * Rows the column turned as read from its labels before and after (positive when the values
   * grew), when both could be read; the plan's rows are in {@link #decision()}.
   */
  public abstract java.util.OptionalInt rowsObserved();

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link WheelNudgeResult}. */
  public static final class Builder extends ImmutableWheelNudgeResult.Builder {
    /** A new builder, as {@link WheelNudgeResult#builder()} gives. */
    public Builder() {}

    /**
     * The value; a required part left unset fails with {@code invalid_argument} naming it.
     *
     * @throws dev.swipe.base.SwipeException when a required part is missing
     */
    @Override
    public WheelNudgeResult build() {
      return ValueBuilders.build(super::build);
    }
  }
}
