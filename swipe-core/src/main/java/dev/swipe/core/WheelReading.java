package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.wheel.WheelColumn;
import java.util.List;
import java.util.Objects;

/**
 * The picker columns found on one screenshot, left to right.
 *
 * @param observation the screenshot read
 * @param columns the columns, leftmost first; empty when the screen shows no picker
 */
@Api(status = Api.Status.STABLE)
public record WheelReading(Observation observation, List<WheelColumn> columns) {

  /** Copies the list. */
  public WheelReading {
    Objects.requireNonNull(observation, "observation");
    columns = List.copyOf(columns);
  }
}
