package dev.swipe.diff;

import dev.swipe.base.Api;
import dev.swipe.diff.internal.ImageFailures;

/**
 * The measured distance between adjacent rows of a picker wheel (or any repeated text rows).
 *
 * @param pitchPx row pitch in source-image pixels (a reduced raster's pixels are scaled back); 0
 *     when no periodic structure was found
 * @param pitchNorm the same pitch in normalized units by the height rule, {@code pitchPx / max(H -
 *     1, 1) * 1000}, ready to compare with a caller's {@code row_spacing}
 * @param confidence 0..1: how strongly and how often the profile repeats at that pitch; near 0 for
 *     blank areas, photos and single rows
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record RowPitchResult(double pitchPx, double pitchNorm, double confidence) {

  /** Nothing periodic was found. */
  public static final RowPitchResult NOT_FOUND = new RowPitchResult(0, 0, 0);

  /** Validates the fields. */
  public RowPitchResult {
    if (!(pitchPx >= 0) || !Double.isFinite(pitchPx)) {
      throw ImageFailures.invalidArgument("pitchPx must be finite and >= 0, got " + pitchPx);
    }
    if (!(pitchNorm >= 0) || !Double.isFinite(pitchNorm)) {
      throw ImageFailures.invalidArgument("pitchNorm must be finite and >= 0, got " + pitchNorm);
    }
    if (!(confidence >= 0 && confidence <= 1)) {
      throw ImageFailures.invalidArgument("confidence must be within 0..1, got " + confidence);
    }
  }

  /** Whether a pitch was found at all (its confidence may still be low). */
  public boolean found() {
    return pitchPx > 0;
  }

  /** Whether the pitch was found with at least {@code minConfidence}. */
  public boolean isConfident(double minConfidence) {
    return found() && confidence >= minConfidence;
  }
}
