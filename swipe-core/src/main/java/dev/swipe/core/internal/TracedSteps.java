package dev.swipe.core.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Cost;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Composite steps for code in core that plays several actions through the public facade (the swipe
 * strategies): in a trace they become one step with their goal, outcome and evidence, the actions
 * nested under it. On a device that does not trace, steps cost nothing.
 */
public final class TracedSteps {
  private TracedSteps() {}

  /** A composite step under way. */
  public interface Step {
    /** Ends the step with what came of it and which screens showed it. */
    void end(
        Map<String, ?> outcome,
        @Nullable Map<String, ?> evidence,
        @Nullable Cost cost,
        Observation after);

    /** Ends the step with a failure. */
    void fail(SwipeException error);
  }

  private static final Step NONE =
      new Step() {
        @Override
        public void end(
            Map<String, ?> outcome,
            @Nullable Map<String, ?> evidence,
            @Nullable Cost cost,
            Observation after) {}

        @Override
        public void fail(SwipeException error) {}
      };

  /** Starts a step named {@code action} on {@code device} with its goal. */
  public static Step begin(Device device, String action, Map<String, ?> goal) {
    if (!(device instanceof DefaultDevice d)) {
      return NONE;
    }
    ActionTracer.Composite c = d.beginStep(action, ActionTracer.decision(goal));
    if (c == null) {
      return NONE;
    }
    return new Step() {
      @Override
      public void end(
          Map<String, ?> outcome,
          @Nullable Map<String, ?> evidence,
          @Nullable Cost cost,
          Observation after) {
        c.end(
            ActionTracer.decision(outcome),
            evidence == null ? null : ActionTracer.decision(evidence),
            cost,
            after);
      }

      @Override
      public void fail(SwipeException error) {
        c.fail(error);
      }
    };
  }
}
