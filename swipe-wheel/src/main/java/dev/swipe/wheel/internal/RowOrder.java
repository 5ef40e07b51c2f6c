package dev.swipe.wheel.internal;

/**
 * How values are laid out along a wheel column. The request has no field for it: the usual {@link
 * #INCREASING_DOWN} is assumed, and the run guard learns the real order from what the next
 * observation shows after a drag (see {@link RunGuard}).
 */
public enum RowOrder {
  /** Larger values sit below the selected row (time and date pickers on Android and iOS). */
  INCREASING_DOWN,
  /** Larger values sit above the selected row. */
  INCREASING_UP;

  /**
   * The finger direction that moves the values the given way: with {@link #INCREASING_DOWN}, {@link
   * ValueDirection#INCREASE} needs the content (and finger) to go {@link FingerDirection#UP}.
   */
  public FingerDirection finger(ValueDirection direction) {
    if (direction == ValueDirection.NONE) {
      return FingerDirection.NONE;
    }
    FingerDirection down =
        direction == ValueDirection.INCREASE ? FingerDirection.UP : FingerDirection.DOWN;
    return this == INCREASING_DOWN ? down : down.opposite();
  }

  /**
   * The order implied by an observed move: the finger went {@code finger} and the values went
   * {@code valuesMoved}.
   */
  public static RowOrder implied(FingerDirection finger, ValueDirection valuesMoved) {
    if (finger == FingerDirection.NONE || valuesMoved == ValueDirection.NONE) {
      throw new IllegalArgumentException("no movement implies no order");
    }
    boolean up = finger == FingerDirection.UP;
    boolean increased = valuesMoved == ValueDirection.INCREASE;
    return up == increased ? INCREASING_DOWN : INCREASING_UP;
  }
}
