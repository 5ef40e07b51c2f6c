package dev.swipe.wheel.internal;

/**
 * A row pitch measured on the screenshot inside the wheel column (core computes it with swipe-diff
 * and passes the two numbers here), in normalized units by the height rule.
 *
 * @param pitch the measured distance between adjacent row centres; {@code NaN} when nothing was
 *     measured
 * @param confidence confidence of the measurement in [0, 1]; 0 when nothing was measured
 */
public record PitchMeasurement(double pitch, double confidence) {

  private static final PitchMeasurement NONE = new PitchMeasurement(Double.NaN, 0.0);

  /**
   * Rejects a confidence outside [0, 1] or NaN, which would make the threshold meaningless. This is
   * core's input, not the agent's, so a bad value is a programming error.
   *
   * @throws IllegalArgumentException for a confidence outside [0, 1]
   */
  public PitchMeasurement {
    if (!(confidence >= 0.0 && confidence <= 1.0)) {
      throw new IllegalArgumentException(
          "pitch confidence must be within [0, 1], was " + confidence);
    }
  }

  /** No measurement: the planner falls back to the caller's estimate with low-confidence caps. */
  public static PitchMeasurement none() {
    return NONE;
  }

  /** A measurement; the pitch may be NaN or implausible, which the planner treats as absent. */
  public static PitchMeasurement of(double pitch, double confidence) {
    return new PitchMeasurement(pitch, confidence);
  }
}
