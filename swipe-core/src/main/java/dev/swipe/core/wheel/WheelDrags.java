package dev.swipe.core.wheel;

import dev.swipe.core.NormPoint;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.wheel.WheelDrag;

/**
 * The shape of a wheel drag: slow, eased in and out with a slow tail ({@link GestureShape#WHEEL}),
 * with a press before moving and a dwell at the final coordinate before release, so the phone
 * sees the whole travel and no release velocity (no fling past the target; the picker's own snap
 * lands on the planned row).
 */
public final class WheelDrags {
  /** Press before moving: lets the picker register the touch before any travel. */
  public static final int HOLD_BEFORE_MS = 60;
  /** Dwell before release: well above Android's 40 ms rest rule and iOS's velocity window. */
  public static final int DWELL_MS = 150;
  /** Shortest move phase. */
  public static final int MIN_DURATION_MS = 300;
  /** Longest move phase. */
  public static final int MAX_DURATION_MS = 1200;
  /** Move time per normalized unit of travel: about 0.4 units per ms at most. */
  public static final double MS_PER_UNIT = 2.5;

  private WheelDrags() {}

  /** The swipe that plays a planned wheel drag. */
  public static Swipe toSwipe(WheelDrag drag) {
    double travel = drag.travel();
    int duration = (int) Math.round(Math.max(MIN_DURATION_MS, Math.min(MAX_DURATION_MS, 200 + MS_PER_UNIT * travel)));
    return Swipe.builder(NormPoint.of(drag.startX(), drag.startY()), NormPoint.of(drag.endX(), drag.endY()))
        .durationMs(duration)
        .steps(Math.max(12, duration / 16))
        .holdBeforeMs(HOLD_BEFORE_MS)
        .holdAfterMs(DWELL_MS)
        .shape(GestureShape.WHEEL)
        .build();
  }
}
