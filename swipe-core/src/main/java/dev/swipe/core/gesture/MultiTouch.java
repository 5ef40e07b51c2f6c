package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Several fingers on one clock, each with its own path and timing: what W3C actions with several
 * touch pointer sources describe. Finger {@code i} is the {@code i}-th stroke; it goes down at its
 * stroke's start, moves along the path at constant speed within each segment, and lifts at the end
 * of its last segment. The planner samples every finger at once, so each report carries all fingers
 * that touch. {@link Pinch} covers the common two-finger cases.
 *
 * @param strokes one per finger, 1 to 10, at least one starting at 0 ms
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record MultiTouch(List<Stroke> strokes) implements Gesture {
  /** The most fingers a multi-touch digitizer reports. */
  public static final int MAX_FINGERS = 10;

  /**
   * One finger's path.
   *
   * @param startMs when the finger goes down, 0..60000 ms after the gesture starts
   * @param path where it goes, 2 to 1000 points (the same point twice holds still)
   * @param segmentMs how long each leg of the path takes, one per leg, each 0..60000 ms, together
   *     at least 1 ms
   */
  @Api(status = Api.Status.EXPERIMENTAL)
  public record Stroke(int startMs, List<NormPoint> path, List<Integer> segmentMs) {
    /** Copies the lists and validates them. */
    public Stroke {
      Limits.millis("start_ms", startMs, 0);
      path = List.copyOf(SwipeException.requireArgument(path, "path"));
      segmentMs = List.copyOf(SwipeException.requireArgument(segmentMs, "segment_ms"));
      if (path.size() < 2 || path.size() > Limits.MAX_STEPS) {
        throw SwipeException.invalidArgument(
            "path", "needs 2 to " + Limits.MAX_STEPS + " points, had " + path.size());
      }
      if (segmentMs.size() != path.size() - 1) {
        throw SwipeException.invalidArgument(
            "segment_ms",
            "needs one duration per leg of the path ("
                + (path.size() - 1)
                + "), had "
                + segmentMs.size());
      }
      long total = 0;
      for (Integer ms : segmentMs) {
        total += Limits.millis("segment_ms", ms, 0);
      }
      if (total < 1 || startMs + total > Limits.MAX_MS) {
        throw SwipeException.invalidArgument(
            "segment_ms",
            "the stroke must last 1 to " + Limits.MAX_MS + " ms from the gesture's start");
      }
    }

    /** A finger that goes down at {@code from}, moves to {@code to} in {@code ms}, and lifts. */
    public static Stroke line(NormPoint from, NormPoint to, int ms) {
      return new Stroke(0, List.of(from, to), List.of(ms));
    }

    /** When the finger lifts, in ms after the gesture starts. */
    public int endMs() {
      int end = startMs;
      for (int ms : segmentMs) {
        end += ms;
      }
      return end;
    }

    /** Where the finger is at {@code ms} after the gesture starts (clamped to its path). */
    public NormPoint at(double ms) {
      double t = ms - startMs;
      if (t <= 0) {
        return path.get(0);
      }
      for (int i = 0; i < segmentMs.size(); i++) {
        int leg = segmentMs.get(i);
        if (t <= leg) {
          return leg == 0 ? path.get(i + 1) : path.get(i).lerp(path.get(i + 1), t / leg);
        }
        t -= leg;
      }
      return path.get(path.size() - 1);
    }
  }

  /** Copies the strokes and validates them. */
  public MultiTouch {
    strokes = List.copyOf(SwipeException.requireArgument(strokes, "strokes"));
    if (strokes.isEmpty() || strokes.size() > MAX_FINGERS) {
      throw SwipeException.invalidArgument(
          "strokes", "needs 1 to " + MAX_FINGERS + " fingers, had " + strokes.size());
    }
    if (strokes.stream().noneMatch(s -> s.startMs() == 0)) {
      throw SwipeException.invalidArgument("strokes", "one finger must go down at 0 ms");
    }
  }

  /** Fingers that each go down at once, move along a straight line in {@code ms}, and lift. */
  public static MultiTouch lines(int ms, List<NormPoint> from, List<NormPoint> to) {
    SwipeException.requireArgument(from, "from");
    SwipeException.requireArgument(to, "to");
    if (from.size() != to.size()) {
      throw SwipeException.invalidArgument(
          "to", "needs one end per start (" + from.size() + "), had " + to.size());
    }
    List<Stroke> strokes = new ArrayList<>();
    for (int i = 0; i < from.size(); i++) {
      strokes.add(Stroke.line(from.get(i), to.get(i), ms));
    }
    return new MultiTouch(strokes);
  }

  @Override
  public String kind() {
    return "multi_touch";
  }

  /** When the last finger lifts, in ms after the gesture starts. */
  public int endMs() {
    int end = 0;
    for (Stroke s : strokes) {
      end = Math.max(end, s.endMs());
    }
    return end;
  }
}
