package dev.swipe.flow;

import dev.swipe.base.Api;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A replay that ran to its end: every step found its anchor and got the verdict it was recorded
 * with.
 *
 * @param flow the flow's name
 * @param steps each step as it was replayed
 * @param phoneMs the replay's time on the device's clock, ms
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record ReplayResult(String flow, List<Step> steps, long phoneMs) {

  /** Copies the list. */
  public ReplayResult {
    steps = List.copyOf(steps);
  }

  /** How a step's target was found again. */
  public enum Found {
    /** By reading its text. */
    TEXT,
    /** By the anchor's image, where reading failed. */
    CROP,
    /** The step has nothing to find: played as recorded (a raw gesture, a key, a scroll). */
    NONE
  }

  /**
   * One step replayed.
   *
   * @param index 1-based place in the flow
   * @param kind the step's kind
   * @param found how its target was found again
   * @param verdict the verdict it got, or null where the step has none
   * @param phoneMs the step's time on the device's clock, ms
   */
  public record Step(int index, String kind, Found found, @Nullable String verdict, long phoneMs) {
    /** The verdict, when the step has one. */
    public Optional<String> verdictSeen() {
      return Optional.ofNullable(verdict);
    }
  }
}
