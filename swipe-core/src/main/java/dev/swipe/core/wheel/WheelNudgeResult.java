package dev.swipe.core.wheel;

import dev.swipe.core.ActionResult;
import dev.swipe.core.Cost;
import dev.swipe.core.Observation;
import dev.swipe.core.internal.SwipeStyle;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.wheel.WheelDecision;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What one {@code wheel_nudge} decided and did: the direction, rows, pitch used and its source,
 * the budget left, the drag that was played (none when the target was already centred) and the
 * new settled screenshot to read the wheel from.
 */
@Value.Immutable
@SwipeStyle
public abstract class WheelNudgeResult {
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

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link WheelNudgeResult}. */
  public static final class Builder extends ImmutableWheelNudgeResult.Builder {}
}
