package dev.swipe.core.internal;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.internal.FrameStability;
import dev.swipe.diff.internal.StabilityResult;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Where two rasters differ, as boxes of changed cells: the image is cut into tiles and each tile is
 * compared with swipe-diff's noise-robust cells, so the picture shows exactly what {@code
 * image_diff} counts (not a per-pixel difference that JPEG ringing would light up).
 */
public final class ChangeMap {
  /** Tile edge in raster pixels. */
  static final int TILE = 16;

  private ChangeMap() {}

  /**
   * The boxes of changed cells, in raster pixels, inside {@code within} (null: everywhere).
   *
   * @throws dev.swipe.base.SwipeException {@code image_size_mismatch} for rasters of different
   *     sizes
   */
  public static List<PixelRect> changed(GreyRaster a, GreyRaster b, @Nullable PixelRect within) {
    PixelRect area =
        within == null
            ? PixelRect.full(a.width(), a.height())
            : within.clipTo(a.width(), a.height());
    List<PixelRect> out = new ArrayList<>();
    for (int y = area.y(); y < area.bottom(); y += TILE) {
      for (int x = area.x(); x < area.right(); x += TILE) {
        PixelRect tile =
            new PixelRect(
                x, y, Math.min(TILE, area.right() - x), Math.min(TILE, area.bottom() - y));
        StabilityResult s = FrameStability.STRICT.compare(a, b, tile);
        if (!s.stable()) {
          s.changedBounds().ifPresent(out::add);
        }
      }
    }
    return out;
  }
}
