package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;

/**
 * The raw side of a relative-mouse link, for a pointer that is steered by what the frames show
 * rather than by dead reckoning alone.
 *
 * <p>A phone moves a relative pointer by an amount that depends on each report's size and pace (iOS
 * accelerates per report), and it may clamp the pointer at rounded corners or open system UI when
 * the pointer is pushed into an edge. A transport alone cannot know where the pointer went; the
 * device, which sees the frames, can. It moves the pointer here with reports of one size, finds it
 * in the frames, and then {@linkplain #anchor hands the position over} so that the next pointer
 * reports of a gesture are planned from where the pointer truly is, without homing into a corner.
 *
 * <p>Used from the same thread as {@link HidTransport#send}, never while a button is held.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public interface RelativePointing {
  /**
   * Sends one relative report of {@code dx, dy} counts with no button held, returning as {@link
   * HidTransport#send} does. The transport forgets any position it tracked (the move's effect on
   * the phone is unknown to it) until the next {@link #anchor}.
   *
   * @param dx counts to the right, -127..127
   * @param dy counts down, -127..127
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} for counts out of range, or what
   *     {@link HidTransport#send} throws
   */
  void move(int dx, int dy);

  /**
   * Sets where the pointer is and how counts map to the screen from here on: the pointer reports
   * that follow are planned from {@code at}, each normalized unit taking {@code countsPerUnitX}
   * (across) and {@code countsPerUnitY} (down) counts, and the transport does not home into a
   * corner while the anchor holds. Moves go in whole reports of {@code maxStep} counts along the
   * longer axis, because a phone that accelerates its pointer moves a report of each size its own
   * distance per count and the device learned that size's: what is left, under one report, waits
   * for the next pointer report, and goes with it when that one repeats the last target (the finger
   * rests) or changes the button. Any other report that owes less than one step sends no motion. A
   * {@link #move} or an uncertain outcome drops the anchor.
   *
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} for a non-positive factor or a
   *     step outside 1..127
   */
  void anchor(NormPoint at, double countsPerUnitX, double countsPerUnitY, int maxStep);

  /**
   * Checks {@link #move}'s counts, for implementations: each axis -127..127.
   *
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming {@code counts}
   */
  static void checkMove(int dx, int dy) {
    if (Math.abs(dx) > 127 || Math.abs(dy) > 127) {
      throw SwipeException.invalidArgument(
          "counts", "a relative report carries -127..127 per axis, was " + dx + ", " + dy);
    }
  }

  /**
   * Checks {@link #anchor}'s arguments, for implementations.
   *
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming {@code at}, {@code
   *     counts_per_unit} or {@code max_step}
   */
  static void checkAnchor(NormPoint at, double countsPerUnitX, double countsPerUnitY, int maxStep) {
    SwipeException.requireArgument(at, "at");
    if (!(countsPerUnitX > 0) || !(countsPerUnitY > 0)) {
      throw SwipeException.invalidArgument(
          "counts_per_unit", "must be positive, was " + countsPerUnitX + ", " + countsPerUnitY);
    }
    if (maxStep < 1 || maxStep > 127) {
      throw SwipeException.invalidArgument("max_step", "must be 1..127, was " + maxStep);
    }
  }

  /** One relative report's motion, in counts. */
  record Counts(int dx, int dy) {}

  /**
   * Splits a move of {@code dx, dy} counts into the whole reports {@link #anchor} asks for, for
   * implementations: each report {@code step} counts along the longer axis, the shorter axis in
   * proportion. What is left, under one report on both axes, is not in the list; the caller keeps
   * it for later.
   *
   * @throws dev.swipe.base.SwipeException {@code invalid_argument} naming {@code max_step} for a
   *     step outside 1..127
   */
  static List<Counts> wholeReports(long dx, long dy, int step) {
    if (step < 1 || step > 127) {
      throw SwipeException.invalidArgument("max_step", "must be 1..127, was " + step);
    }
    List<Counts> reports = new ArrayList<>();
    long restX = dx;
    long restY = dy;
    while (Math.max(Math.abs(restX), Math.abs(restY)) >= step) {
      long longer = Math.max(Math.abs(restX), Math.abs(restY));
      int sx = (int) Math.round((double) restX * step / longer);
      int sy = (int) Math.round((double) restY * step / longer);
      reports.add(new Counts(sx, sy));
      restX -= sx;
      restY -= sy;
    }
    return reports;
  }
}
