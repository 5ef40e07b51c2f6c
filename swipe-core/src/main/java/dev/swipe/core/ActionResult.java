package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.internal.SwipeStyle;
import dev.swipe.core.internal.ValueBuilders;
import org.immutables.value.Value;

/**
 * The outcome of one action: the gesture, how it was played, the screen after it (captured after
 * the last report and the source's latency, so it never predates the action) and what it cost.
 */
@SuppressWarnings("exports")
// @Value annotations are for the annotation processor: clients need not read org.immutables.value
@Value.Immutable
@SwipeStyle
@Api(status = Api.Status.STABLE)
public abstract class ActionResult {
  /** For the generated implementation; values come from {@link #builder()}. */
  public ActionResult() {}

  /** The gesture that was played. */
  public abstract Gesture gesture();

  /** The plan and the actual report times. */
  public abstract ExecutedTimeline timeline();

  /** The screen after the action. */
  public abstract Observation observation();

  /** What the action cost. */
  public abstract Cost cost();

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link ActionResult}. */
  public static final class Builder extends ImmutableActionResult.Builder {
    /** A new builder, as {@link ActionResult#builder()} gives. */
    public Builder() {}

    /**
     * The value; a required part left unset fails with {@code invalid_argument} naming it.
     *
     * @throws dev.swipe.base.SwipeException when a required part is missing
     */
    @Override
    public ActionResult build() {
      return ValueBuilders.build(super::build);
    }
  }
}
