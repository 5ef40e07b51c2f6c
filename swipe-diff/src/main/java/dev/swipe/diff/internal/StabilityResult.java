package dev.swipe.diff.internal;

import dev.swipe.diff.PixelRect;
import java.util.Optional;

/**
 * Whether two consecutive frames show the same screen (within JPEG noise) and, if not, where they
 * differ. Settling waits for {@code stable}; the scroll {@code at-edge} rule looks at the box.
 *
 * @param stable at most the tolerated fraction of pixels changed
 * @param changedRatio fraction of the compared pixels in changed cells, 0..1
 * @param changedBounds bounding box of all changed cells in the rasters' pixels; empty when nothing
 *     changed at all
 */
public record StabilityResult(
    boolean stable, double changedRatio, Optional<PixelRect> changedBounds) {

  /** Validates the fields. */
  public StabilityResult {
    if (!(changedRatio >= 0.0 && changedRatio <= 1.0)) {
      throw ImageFailures.invalidArgument("changedRatio must be within 0..1, got " + changedRatio);
    }
    if (changedBounds == null) {
      throw ImageFailures.invalidArgument("changedBounds must not be null (use Optional.empty())");
    }
  }

  /**
   * Whether any changed cell touches {@code area} (e.g. the scroll surface, ignoring a status-bar
   * clock).
   */
  public boolean changedWithin(PixelRect area) {
    return changedBounds
        .map(
            b ->
                b.x() < area.right()
                    && area.x() < b.right()
                    && b.y() < area.bottom()
                    && area.y() < b.bottom())
        .orElse(false);
  }
}
