package dev.swipe.diff.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import java.util.Optional;

/**
 * Decides whether two consecutive frames are the same screen within JPEG noise, which is how the
 * SDK knows an action has settled (no callback from the phone exists), and reports the bounding box
 * of what changed, which the scroll {@code at-edge} rule and callers that ignore a ticking
 * status-bar clock need.
 *
 * <p>Uses the same noise-robust cells as {@link ImageDiff}; a frame pair is stable when the changed
 * fraction is at most {@link #tolerance()}. The default tolerance is zero: any changed cell (a
 * blinking caret included) makes a pair unstable, because settling must not declare a moving screen
 * settled; a caller watching a live clock passes a region that excludes it instead.
 *
 * <p>Immutable and thread-safe.
 */
public final class FrameStability {

  /** Stable only when no cell changed at all. */
  public static final FrameStability STRICT = new FrameStability(0.0);

  private final double tolerance;

  /**
   * Creates a checker that tolerates a fraction of changed pixels (e.g. 0.001 for noisy captures).
   *
   * @throws SwipeException {@code invalid_argument} unless {@code 0 <= tolerance < 1}
   */
  public FrameStability(double tolerance) {
    if (!(tolerance >= 0.0 && tolerance < 1.0)) {
      throw ImageFailures.invalidArgument(
          "stability tolerance must be within [0, 1), got " + tolerance);
    }
    this.tolerance = tolerance;
  }

  /** The tolerated fraction of changed pixels. */
  public double tolerance() {
    return tolerance;
  }

  /**
   * Compares two whole frames.
   *
   * @throws SwipeException {@code image_size_mismatch} when the sizes differ
   */
  public StabilityResult compare(GreyRaster previous, GreyRaster current) {
    ChangedCells.requireSameSize(previous, current);
    return compare(previous, current, PixelRect.full(previous.width(), previous.height()));
  }

  /** Compares a pixel region of two frames (clipped to the frames). */
  public StabilityResult compare(GreyRaster previous, GreyRaster current, PixelRect region) {
    ChangedCells.requireSameSize(previous, current);
    if (region == null) {
      throw ImageFailures.invalidArgument("region must not be null");
    }
    ChangedCells cells =
        ChangedCells.compare(previous, current, region.clipTo(previous.width(), previous.height()));
    Optional<PixelRect> box =
        cells.changedPixels == 0
            ? Optional.empty()
            : Optional.of(PixelRect.ofCorners(cells.minX, cells.minY, cells.maxX, cells.maxY));
    double ratio = cells.ratio();
    return new StabilityResult(ratio <= tolerance, ratio, box);
  }

  /** Compares a normalized region {@code {x, y, w, h}} (0-1000) of two frames. */
  public StabilityResult compare(GreyRaster previous, GreyRaster current, NormRegion region) {
    ChangedCells.requireSameSize(previous, current);
    if (region == null) {
      throw ImageFailures.invalidArgument("region must not be null");
    }
    return compare(
        previous, current, PixelRect.covering(region, previous.width(), previous.height()));
  }

  /** Shorthand for {@code STRICT.compare(previous, current).stable()}. */
  public static boolean isStable(GreyRaster previous, GreyRaster current) {
    return STRICT.compare(previous, current).stable();
  }
}
