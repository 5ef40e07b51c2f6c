package dev.swipe.wheel.internal;

/** Where the row pitch used for a nudge came from. */
public enum PitchSource {
  /**
   * Measured on the screenshot with confidence at or above {@code WheelMath.CONFIDENCE_THRESHOLD}.
   */
  MEASURED("measured"),
  /** The caller's {@code row_spacing}: no measurement, or not confident enough to trust. */
  CALLER_ESTIMATE("caller_estimate"),
  /**
   * The pitch the column's previous nudge used, which turned it exactly the rows it planned (three
   * or more): trusted like a measurement when the screenshot's own is not, as long as the caller's
   * {@code row_spacing} still agrees with it.
   */
  CONFIRMED("confirmed");

  private final String wireName;

  PitchSource(String wireName) {
    this.wireName = wireName;
  }

  /** snake_case name for JSON results. */
  public String wireName() {
    return wireName;
  }
}
