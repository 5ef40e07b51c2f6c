package dev.swipe.diff;

/**
 * The answer of {@code image_diff}: whether the compared area changed, how much of it changed, and
 * along which axis content moved. Deliberately no displacement (see {@link PrimaryAxis}).
 *
 * @param changed {@code diffRatio > 0.01}
 * @param diffRatio fraction of the compared pixels that changed beyond JPEG noise, 0..1
 * @param primaryAxis the axis of motion; {@link PrimaryAxis#NONE} when unchanged
 */
public record DiffResult(boolean changed, double diffRatio, PrimaryAxis primaryAxis) {

  /** The {@code changed} threshold of the tool contract: more than 1% of pixels changed. */
  public static final double CHANGED_THRESHOLD = 0.01;

  /** Validates the ratio and the axis. */
  public DiffResult {
    if (!(diffRatio >= 0.0 && diffRatio <= 1.0)) {
      throw ImageException.invalidArgument("diffRatio must be within 0..1, got " + diffRatio);
    }
    if (primaryAxis == null) {
      throw ImageException.invalidArgument("primaryAxis must not be null");
    }
  }

  /** Builds a result whose {@code changed} flag follows the contract's threshold. */
  public static DiffResult of(double diffRatio, PrimaryAxis primaryAxis) {
    return new DiffResult(diffRatio > CHANGED_THRESHOLD, diffRatio, primaryAxis);
  }
}
