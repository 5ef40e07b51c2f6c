package dev.swipe.agent.bench;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Swipe;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

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
    Direction direction) {
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
        Direction.of(swipe.start(), swipe.end()));
  }

  /** The speed category with the default boundary. */
  public Speed speed() {
    return Speed.of(durationMs);
  }

  /**
   * SwipeBench's macro direction: the way the finger moves ({@code left} = from right to left), not
   * the content scroll direction.
   */
  public enum Direction {
    /** The finger moves up. */
    UP,
    /** The finger moves down. */
    DOWN,
    /** The finger moves left. */
    LEFT,
    /** The finger moves right. */
    RIGHT;

    /** The wire name: up, down, left, right. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a wire name (exact, lower case); null when it is none of the four. */
    public static @Nullable Direction fromId(@Nullable String id) {
      for (Direction d : values()) {
        if (d.id().equals(id)) {
          return d;
        }
      }
      return null;
    }

    /**
     * The direction of a finger move from {@code start} to {@code end}: the dominant axis (ties:
     * vertical).
     */
    public static Direction of(NormPoint start, NormPoint end) {
      double dx = end.x() - start.x();
      double dy = end.y() - start.y();
      if (Math.abs(dx) > Math.abs(dy)) {
        return dx < 0 ? LEFT : RIGHT;
      }
      return dy < 0 ? UP : DOWN;
    }
  }

  /**
   * SwipeBench's speed category. The benchmark only says a duration falls into "fast" or "slow"; we
   * put the boundary at {@value #FAST_BELOW_MS} ms: below it the finger leaves with fling velocity
   * (the published records' 0.3 s swipes, a 400 ms carousel swipe), at or above it the swipe is a
   * controlled drag (a 500 ms coarse list swipe and slower). A scorer may use another boundary;
   * both sides of a comparison then use the same one.
   */
  public enum Speed {
    /** Shorter than the boundary: a flick. */
    FAST,
    /** At or above the boundary: a controlled move. */
    SLOW;

    /** The default fast/slow boundary in milliseconds. */
    public static final int FAST_BELOW_MS = 500;

    /** The category of a duration with the default boundary. */
    public static Speed of(int durationMs) {
      return of(durationMs, FAST_BELOW_MS);
    }

    /** The category of a duration with a given boundary. */
    public static Speed of(int durationMs, int fastBelowMs) {
      return durationMs < fastBelowMs ? FAST : SLOW;
    }
  }
}
