package dev.swipe.agent.bench;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Swipe;

/**
 * One SwipeBench instance: the screenshot's file name, the instruction, the target region as a bbox
 * {@code [x1, y1, x2, y2]}, start and end points and the direction, all in the normalized [0, 1000]
 * space, and the duration in milliseconds (the file format's seconds or milliseconds are normalized
 * when read; see {@link SwipeBenchJsonl}).
 *
 * @param imgFilename the screenshot's file name (may be empty for a prediction)
 * @param instruction the step's natural-language command (may be empty)
 * @param bbox the scrollable region; SwipeBench's {@code [x1, y1, x2, y2]} as a region
 * @param start where the finger goes down
 * @param end where the finger lifts
 * @param durationMs the swipe's duration in milliseconds, 1..60000
 * @param direction the finger's macro direction
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record SwipeBenchRecord(
    String imgFilename,
    String instruction,
    NormRegion bbox,
    NormPoint start,
    NormPoint end,
    int durationMs,
    SwipeBenchDirection direction) {
  /** Longest duration accepted, as for every gesture. */
  public static final int MAX_DURATION_MS = 60_000;

  /** Validates the fields. */
  public SwipeBenchRecord {
    imgFilename = imgFilename == null ? "" : imgFilename;
    instruction = instruction == null ? "" : instruction;
    SwipeException.requireArgument(bbox, "bbox");
    SwipeException.requireArgument(start, "start");
    SwipeException.requireArgument(end, "end");
    SwipeException.requireArgument(direction, "direction");
    if (durationMs < 1 || durationMs > MAX_DURATION_MS) {
      throw SwipeException.invalidArgument(
          "duration", "must be in [1, " + MAX_DURATION_MS + "] ms, was " + durationMs);
    }
  }

  /**
   * The swipe a phone should play for this record: the move takes the whole duration, with no hold
   * before or after (a SwipeBench duration is the finger's travel time), 24 steps or fewer for very
   * short swipes.
   */
  public Swipe toSwipe() {
    return Swipe.builder(start, end)
        .durationMs(durationMs)
        .steps(Math.max(1, Math.min(Swipe.DEFAULT_STEPS, durationMs / 8)))
        .holdBeforeMs(0)
        .holdAfterMs(0)
        .build();
  }

  /**
   * A record for a swipe (e.g. a prediction to score): the duration is the swipe's move time, the
   * direction is derived from its geometry.
   */
  public static SwipeBenchRecord fromSwipe(
      String imgFilename, String instruction, NormRegion bbox, Swipe swipe) {
    SwipeException.requireArgument(swipe, "swipe");
    return new SwipeBenchRecord(
        imgFilename,
        instruction,
        bbox,
        swipe.start(),
        swipe.end(),
        swipe.durationMs(),
        SwipeBenchDirection.of(swipe.start(), swipe.end()));
  }

  /** The speed category with the default boundary. */
  public SwipeBenchSpeed speed() {
    return SwipeBenchSpeed.of(durationMs);
  }
}
