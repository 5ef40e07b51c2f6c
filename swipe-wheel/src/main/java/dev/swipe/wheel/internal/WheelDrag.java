package dev.swipe.wheel.internal;

/**
 * One slow vertical drag in normalized screen space. Core executes it as a press at the start, a
 * slow move to the end, and a dwell at the end before release (no release velocity, so no fling).
 * Both points lie inside [0, 1000].
 *
 * @param startX touch-down x (the column's x)
 * @param startY touch-down y (never on the selected row; the planner's start offset)
 * @param endX release x (same as startX)
 * @param endY release y
 */
public record WheelDrag(double startX, double startY, double endX, double endY) {

  /** Distance the finger travels, in normalized units. */
  public double travel() {
    return Math.abs(endY - startY);
  }

  /** The finger direction of this drag. */
  public FingerDirection finger() {
    return endY < startY
        ? FingerDirection.UP
        : endY > startY ? FingerDirection.DOWN : FingerDirection.NONE;
  }
}
