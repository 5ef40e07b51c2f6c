package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;

/**
 * How a swipe travels between its end points: the easing of the move phase, an optional slow tail
 * (the last part of the path covered at low speed), and optional stationary samples during the
 * dwell. A finger that lifts while still moving lands somewhere different every time (the release
 * velocity starts a fling); one that decelerates and rests before lifting lands where it was
 * planned.
 *
 * @param easing the position profile of the move phase
 * @param tailDistance fraction of the path covered in the slow tail, [0, 0.5]
 * @param tailTime fraction of the move duration spent in the tail, [0, 0.8]; with {@code
 *     tailDistance} it sets the tail's speed ({@code tailDistance / tailTime} of the mean)
 * @param dwellSamples during the hold after the move, repeat the end position every {@link
 *     #DWELL_SAMPLE_MS} ms, so velocity trackers that look at the last samples (not at time) also
 *     see zero velocity
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record GestureShape(
    Easing easing, double tailDistance, double tailTime, boolean dwellSamples) {
  /** Spacing of stationary samples during the dwell: one display frame at 60 Hz. */
  public static final int DWELL_SAMPLE_MS = 16;

  /** The position profile of the move phase. */
  public enum Easing {
    /** Constant speed: the {@code touch_gesture} contract, and what pagers need to see velocity. */
    LINEAR,
    /** Smoothstep {@code 3t^2 - 2t^3}: starts and ends at zero speed. */
    SMOOTHSTEP
  }

  /** Constant speed, no tail, no dwell samples: plays exactly the steps asked for. */
  public static final GestureShape LINEAR = new GestureShape(Easing.LINEAR, 0, 0, false);

  /**
   * Scrolls: ease in and out, the last 10% of the path in the last 25% of the time, then rest. The
   * content moves by the finger's travel and stops there, instead of by a fling whose length varies
   * per device.
   */
  public static final GestureShape SCROLL = new GestureShape(Easing.SMOOTHSTEP, 0.10, 0.25, true);

  /**
   * Carousels and tab pagers: constant speed and no tail, because a pager turns a 40% drag into a
   * page switch only when the finger lifts with velocity.
   */
  public static final GestureShape CAROUSEL = LINEAR;

  /**
   * Picker wheels: ease in and out, the last 15% of the travel in the last 30% of the time, then
   * rest; no release velocity, so the picker's own snap lands on the planned row.
   */
  public static final GestureShape WHEEL = new GestureShape(Easing.SMOOTHSTEP, 0.15, 0.30, true);

  /** Maps and canvases: like scrolls, so a pan moves the map by the finger's travel. */
  public static final GestureShape MAP = SCROLL;

  /** Validates the ranges. */
  public GestureShape {
    SwipeException.requireArgument(easing, "easing");
    if (!(tailDistance >= 0 && tailDistance <= 0.5)) {
      throw SwipeException.invalidArgument(
          "tail_distance", "must be in [0, 0.5], was " + tailDistance);
    }
    if (!(tailTime >= 0 && tailTime <= 0.8)) {
      throw SwipeException.invalidArgument("tail_time", "must be in [0, 0.8], was " + tailTime);
    }
    if ((tailDistance == 0) != (tailTime == 0)) {
      throw SwipeException.invalidArgument(
          "tail_time", "a tail needs both a distance and a time, or neither");
    }
  }

  /**
   * Fraction of the path covered at fraction {@code t} of the move duration; 0 at 0, 1 at 1, never
   * decreasing.
   */
  public double progress(double t) {
    double clamped = Math.max(0, Math.min(1, t));
    if (tailTime == 0) {
      return ease(clamped);
    }
    double mainTime = 1 - tailTime;
    if (clamped <= mainTime) {
      return (1 - tailDistance) * ease(clamped / mainTime);
    }
    return (1 - tailDistance) + tailDistance * (clamped - mainTime) / tailTime;
  }

  private double ease(double t) {
    return easing == Easing.LINEAR ? t : t * t * (3 - 2 * t);
  }
}
