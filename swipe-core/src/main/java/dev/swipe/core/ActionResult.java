package dev.swipe.core;

import static dev.swipe.core.internal.ValueBuilders.required;

import dev.swipe.base.Api;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.Gesture;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of one action: the gesture, how it was played, the screen after it (captured after
 * the last report and the source's latency, so it never predates the action) and what it cost.
 *
 * @param gesture the gesture that was played
 * @param timeline the plan and the actual report times
 * @param observation the screen after the action
 * @param cost what the action cost
 */
@Api(status = Api.Status.STABLE)
public record ActionResult(
    Gesture gesture, ExecutedTimeline timeline, Observation observation, Cost cost) {

  /**
   * Checks every part is there.
   *
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming a missing part
   */
  public ActionResult {
    required(gesture, "gesture");
    required(timeline, "timeline");
    required(observation, "observation");
    required(cost, "cost");
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link ActionResult}, part by part. */
  public static final class Builder {
    private @Nullable Gesture gesture;
    private @Nullable ExecutedTimeline timeline;
    private @Nullable Observation observation;
    private @Nullable Cost cost;

    /** A new builder, as {@link ActionResult#builder()} gives. */
    public Builder() {}

    /** Every part from {@code result}, to change some of them. */
    public Builder from(ActionResult result) {
      gesture = result.gesture();
      timeline = result.timeline();
      observation = result.observation();
      cost = result.cost();
      return this;
    }

    /** The gesture that was played. */
    public Builder gesture(Gesture gesture) {
      this.gesture = Objects.requireNonNull(gesture, "gesture");
      return this;
    }

    /** The plan and the actual report times. */
    public Builder timeline(ExecutedTimeline timeline) {
      this.timeline = Objects.requireNonNull(timeline, "timeline");
      return this;
    }

    /** The screen after the action. */
    public Builder observation(Observation observation) {
      this.observation = Objects.requireNonNull(observation, "observation");
      return this;
    }

    /** What the action cost. */
    public Builder cost(Cost cost) {
      this.cost = Objects.requireNonNull(cost, "cost");
      return this;
    }

    /**
     * The value.
     *
     * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming a part left unset
     */
    public ActionResult build() {
      // parts are checked in order, so the first one missing is the one named
      return new ActionResult(
          required(gesture, "gesture"),
          required(timeline, "timeline"),
          required(observation, "observation"),
          required(cost, "cost"));
    }
  }
}
