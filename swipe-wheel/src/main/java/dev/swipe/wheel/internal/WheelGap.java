package dev.swipe.wheel.internal;

/**
 * The shortest way from the current value to the target, in rows.
 *
 * @param rows number of rows (whole value steps) to move; 0 when already at the target
 * @param direction which way the values must go; {@link ValueDirection#NONE} iff rows is 0
 */
public record WheelGap(long rows, ValueDirection direction) {

  /** Keeps rows and direction consistent so callers can rely on either. */
  public WheelGap {
    if (rows < 0 || (rows == 0) != (direction == ValueDirection.NONE)) {
      throw new IllegalArgumentException("inconsistent gap " + rows + " " + direction);
    }
  }
}
