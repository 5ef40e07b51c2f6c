package dev.swipe.core.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.wheel.internal.WheelDrag;

/**
 * The shape of a wheel drag: slow, eased in and out with a slow tail ({@link GestureShape#WHEEL}),
 * with a press before moving and a dwell at the final coordinate before release, so the phone sees
 * the whole travel and no release velocity (no fling past the target; the picker's own snap lands
 * on the planned row).
 */
final class WheelDrags {
  /** Press before moving: lets the picker register the touch before any travel. */
  static final int HOLD_BEFORE_MS = 60;

  /**
   * Dwell before release: two and a half times Android's and Chromium's 40 ms rest rule, after
   * which a lift carries no velocity; the reference design's picker drags hold 100 ms too.
   */
  static final int DWELL_MS = 100;

  /** Shortest move phase. */
  static final int MIN_DURATION_MS = 300;

  /** Longest move phase. */
  static final int MAX_DURATION_MS = 1200;

  /** Move time of any drag before its travel is counted. */
  static final int BASE_DURATION_MS = 150;

  /**
   * Move time per normalized unit of travel: about 0.67 units per ms at most, a person's quick but
   * not flicking turn of a wheel (the dwell before release keeps it from flinging).
   */
  static final double MS_PER_UNIT = 1.5;

  private WheelDrags() {}

  /**
   * Extra finger travel for the touch slop, normalized units. A picker follows the finger only once
   * it has left the slop (Android's 8 dp, iOS's pan hysteresis of about 10 pt; some 10-12 units of
   * a 2400 px screen), so a drag of exactly {@code rows x pitch} moves the content a slop short. On
   * a 32 pt iOS row that can be half a row, and the snap then lands one row short (2 of 72 nudges
   * in the wheel policy benchmark).
   */
  static final double SLOP_ALLOWANCE = 12;

  /**
   * The allowance never exceeds this share of the pitch, so a picker that follows from the very
   * first pixel still snaps back to the planned row.
   */
  static final double MAX_SLOP_ALLOWANCE_ROWS = 0.3;

  /**
   * The learned extension never moves the drag's end more than this share of the pitch from the
   * planned one: a release half a row off could snap to either row.
   */
  static final double MAX_EXTENSION_ROWS = 0.45;

  /** The extended end stays this far inside the screen (as the planner's own margin). */
  static final double EDGE_MARGIN = 10;

  /**
   * The swipe that plays a planned wheel drag: the planned path, extended along its direction by
   * the slop allowance ({@code min(SLOP_ALLOWANCE, MAX_SLOP_ALLOWANCE_ROWS * pitch)}, kept on
   * screen).
   *
   * @param pitch the pitch the plan used, normalized units
   */
  static Swipe toSwipe(WheelDrag drag, double pitch) {
    return toSwipe(drag, pitch, 0);
  }

  /**
   * {@link #toSwipe(WheelDrag, double)} whose end moves {@code learned} normalized units further
   * along the finger (back when negative): what earlier releases on this column missed their rows
   * by. The whole extension stays within {@code 0..MAX_EXTENSION_ROWS x pitch}.
   */
  static Swipe toSwipe(WheelDrag drag, double pitch, double learned) {
    double travel = drag.travel();
    double dx = drag.endX() - drag.startX();
    double dy = drag.endY() - drag.startY();
    double length = Math.hypot(dx, dy);
    double allowance =
        Math.max(0, Math.min(MAX_EXTENSION_ROWS * pitch, slopAllowance(pitch) + learned));
    double endX = drag.endX();
    double endY = drag.endY();
    if (length > 0 && allowance > 0) {
      endX = clampToScreen(endX + dx / length * allowance);
      endY = clampToScreen(endY + dy / length * allowance);
    }
    int duration =
        (int)
            Math.round(
                Math.max(
                    MIN_DURATION_MS,
                    Math.min(MAX_DURATION_MS, BASE_DURATION_MS + MS_PER_UNIT * travel)));
    return Swipe.builder(NormPoint.of(drag.startX(), drag.startY()), NormPoint.of(endX, endY))
        .durationMs(duration)
        .steps(Math.max(12, duration / 16))
        .holdBeforeMs(HOLD_BEFORE_MS)
        .holdAfterMs(DWELL_MS)
        .shape(GestureShape.WHEEL)
        .build();
  }

  /**
   * The fixed part of the extension: {@code min(SLOP_ALLOWANCE, MAX_SLOP_ALLOWANCE_ROWS x pitch)}.
   */
  static double slopAllowance(double pitch) {
    return Math.min(SLOP_ALLOWANCE, MAX_SLOP_ALLOWANCE_ROWS * pitch);
  }

  /**
   * How far past the planned end of {@code drag} along the finger {@code swipe} ends: the extension
   * the screen's edge left room for.
   */
  static double extensionPlayed(WheelDrag drag, Swipe swipe) {
    double dx = drag.endX() - drag.startX();
    double dy = drag.endY() - drag.startY();
    double length = Math.hypot(dx, dy);
    if (length == 0) {
      return 0;
    }
    return ((swipe.end().x() - drag.endX()) * dx + (swipe.end().y() - drag.endY()) * dy) / length;
  }

  private static double clampToScreen(double v) {
    return Math.max(EDGE_MARGIN, Math.min(1000 - EDGE_MARGIN, v));
  }
}
