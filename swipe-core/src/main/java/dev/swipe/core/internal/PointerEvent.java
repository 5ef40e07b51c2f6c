package dev.swipe.core.internal;

import dev.swipe.base.NormPoint;

/**
 * A pointer report: where the finger is and whether it touches.
 *
 * @param offsetNanos time after the gesture's start
 * @param phase down (first contact), move (still touching), or up (released)
 * @param point the position in normalized space
 */
public record PointerEvent(long offsetNanos, Phase phase, NormPoint point)
    implements TimelineEvent {
  /** The contact phase of a pointer report. */
  public enum Phase {
    /** The finger touches down. */
    DOWN,
    /** The finger moves while touching. */
    MOVE,
    /** The finger lifts. */
    UP
  }

  /** Whether the finger touches the screen in this report. */
  public boolean pressed() {
    return phase != Phase.UP;
  }
}
