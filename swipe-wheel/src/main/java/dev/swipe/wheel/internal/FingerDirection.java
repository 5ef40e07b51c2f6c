package dev.swipe.wheel.internal;

/**
 * Which way the finger travels on the screen during a nudge. Wheel content follows the finger, so
 * dragging {@link #UP} moves the rows up and brings the row that was BELOW the selection to the
 * centre. With the usual order (values increase downward) that row holds the next larger value,
 * hence "increase" = finger up.
 */
public enum FingerDirection {
  /** Finger moves toward smaller y (toward the top of the screen). */
  UP("up", -1),
  /** Finger moves toward larger y (toward the bottom of the screen). */
  DOWN("down", 1),
  /** No drag (target already reached). */
  NONE("none", 0);

  private final String wireName;
  private final int dySign;

  FingerDirection(String wireName, int dySign) {
    this.wireName = wireName;
    this.dySign = dySign;
  }

  /** Lower-case name for JSON results. */
  public String wireName() {
    return wireName;
  }

  /** Sign of {@code end_y - start_y} in normalized screen space: -1 up, +1 down, 0 none. */
  public int dySign() {
    return dySign;
  }

  /** The opposite direction ({@link #NONE} stays {@link #NONE}). */
  public FingerDirection opposite() {
    return this == UP ? DOWN : this == DOWN ? UP : NONE;
  }
}
