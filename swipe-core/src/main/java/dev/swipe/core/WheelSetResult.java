package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.wheel.WheelColumn;
import java.util.List;
import java.util.Objects;

/**
 * What {@code wheels().set} did: the label it confirmed on two readings, the nudges it played, and
 * the readings that decided each step.
 *
 * @param label the label confirmed in the selected row
 * @param value that label's value under the column's scale
 * @param column the last reading of the column
 * @param nudges every nudge, in order (the last one releases the column and plays nothing)
 * @param evidence one line per reading: which screenshot, what was read, how sure
 * @param observation the last screenshot, showing the target
 * @param cost the whole loop's cost
 */
@Api(status = Api.Status.STABLE)
public record WheelSetResult(
    String label,
    int value,
    WheelColumn column,
    List<WheelNudgeResult> nudges,
    List<String> evidence,
    Observation observation,
    Cost cost) {

  /** Copies the lists. */
  public WheelSetResult {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(column, "column");
    nudges = List.copyOf(nudges);
    evidence = List.copyOf(evidence);
    Objects.requireNonNull(observation, "observation");
    Objects.requireNonNull(cost, "cost");
  }

  /** Drags played (nudges that moved the finger). */
  public int actions() {
    return (int) nudges.stream().filter(n -> n.action().isPresent()).count();
  }
}
