package dev.swipe.diff.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import org.jspecify.annotations.Nullable;

/**
 * The {@code image_diff} algorithm: did the screen (or a region of it) change between two
 * screenshots, by how much, and along which axis did content move.
 *
 * <p>Comparison is on luminance in small cells (see the class comment of the package) so that the
 * same screen JPEG-encoded at another quality counts as unchanged, while a caret, a scrolled row or
 * a carousel page counts as changed. {@code diffRatio} is the fraction of the region's pixels in
 * changed cells; cells never reach outside the region. The axis comes from combining gradient
 * correlation (small moves) with profile correlation (large moves); no displacement is reported.
 *
 * <p>Stateless and thread-safe.
 */
public final class ImageDiff {

  private ImageDiff() {}

  /**
   * Compares two whole rasters.
   *
   * @throws SwipeException {@code image_size_mismatch} when the sizes differ, {@code
   *     invalid_argument} for null rasters
   */
  public static DiffResult compare(GreyRaster a, GreyRaster b) {
    ChangedCells.requireSameSize(a, b);
    return compare(a, b, PixelRect.full(a.width(), a.height()));
  }

  /**
   * Compares a normalized region {@code {x, y, w, h}} (0-1000 units, clipped to the image).
   *
   * @throws SwipeException {@code invalid_argument} naming the bad field (NaN, negative, beyond
   *     1000, zero size), {@code image_size_mismatch} when the sizes differ
   */
  public static DiffResult compare(
      GreyRaster a, GreyRaster b, double x, double y, double w, double h) {
    return compare(a, b, new NormRegion(x, y, w, h));
  }

  /**
   * Compares a normalized region; see {@link #compare(GreyRaster, GreyRaster, double, double,
   * double, double)}.
   */
  public static DiffResult compare(GreyRaster a, GreyRaster b, NormRegion region) {
    ChangedCells.requireSameSize(a, b);
    if (region == null) {
      throw ImageFailures.invalidArgument("region must not be null (use NormRegion.FULL)");
    }
    return compare(a, b, PixelRect.covering(region, a.width(), a.height()));
  }

  /**
   * Compares a region given in the rasters' own pixels; the part outside the rasters is clipped.
   *
   * @throws SwipeException {@code invalid_argument} when nothing of the region is inside
   */
  public static DiffResult compare(GreyRaster a, GreyRaster b, PixelRect region) {
    ChangedCells.requireSameSize(a, b);
    if (region == null) {
      throw ImageFailures.invalidArgument("region must not be null");
    }
    PixelRect clipped = region.clipTo(a.width(), a.height());
    double ratio = ChangedCells.compare(a, b, clipped).ratio();
    PrimaryAxis axis =
        ratio > DiffResult.CHANGED_THRESHOLD
            ? MotionAxisEstimator.estimate(a, b, clipped)
            : PrimaryAxis.NONE;
    return DiffResult.of(ratio, axis);
  }

  /**
   * {@link #compare(GreyRaster, GreyRaster, NormRegion)}, except that a change under the 1%
   * threshold counts as {@code changed} when it is the region's content shifted by a few pixels,
   * with the axis of the shift ({@link PrimaryAxis#NONE} for an exact diagonal).
   *
   * <p>Why: a map of pale blocks panned by a few pixels changes under 1% of its pixels, and {@code
   * changed = false} reads as "nothing moved, the boundary". A change in place (a caret, a clock's
   * digits) is no shift and keeps the plain answer.
   *
   * @param region the part to compare, or null for the whole frame
   */
  public static DiffResult compareNoticingShifts(
      GreyRaster a, GreyRaster b, @Nullable NormRegion region) {
    NormRegion r = region == null ? NormRegion.FULL : region;
    DiffResult plain = region == null ? compare(a, b) : compare(a, b, region);
    if (plain.changed() || plain.diffRatio() == 0) {
      return plain;
    }
    // single-pixel cells, as ChangedCells uses on a raster reduced for diffing
    int factor = ChangedCells.cellSize(a);
    GreyRaster ra = a.reduce(factor);
    GreyRaster rb = b.reduce(factor);
    PixelRect rect = PixelRect.covering(r, ra.width(), ra.height()).clipTo(ra.width(), ra.height());
    int[] shift = ContentShift.find(ra, rb, rect);
    if (shift == null) {
      return plain;
    }
    int ax = Math.abs(shift[0]);
    int ay = Math.abs(shift[1]);
    PrimaryAxis axis =
        ax > ay ? PrimaryAxis.HORIZONTAL : ay > ax ? PrimaryAxis.VERTICAL : PrimaryAxis.NONE;
    return new DiffResult(true, plain.diffRatio(), axis);
  }

  /**
   * The axis along which content moved between two consecutive frames of one motion, judged on any
   * change beyond JPEG noise however small a share of the region it covers; {@link
   * PrimaryAxis#NONE} when nothing changed or the change is no translation.
   *
   * <p>Why not {@link #compare}: its axis answers only past the 1% that {@code changed} asks, and
   * between two frames 33 ms apart a slowing page or a wheel column moves a few pixels, changing
   * well under 1% of the screen (the honesty benchmark's Android carousel switches: 0.3-0.9% in
   * their last frame pairs).
   *
   * @param region the part to judge, or null for the whole frame
   */
  public static PrimaryAxis motionAxis(GreyRaster a, GreyRaster b, @Nullable NormRegion region) {
    ChangedCells.requireSameSize(a, b);
    PixelRect clipped =
        PixelRect.covering(region == null ? NormRegion.FULL : region, a.width(), a.height())
            .clipTo(a.width(), a.height());
    return ChangedCells.compare(a, b, clipped).ratio() > 0
        ? MotionAxisEstimator.estimate(a, b, clipped)
        : PrimaryAxis.NONE;
  }

  /**
   * Decodes two screenshots for diffing (half size, box-averaged) and compares them whole: the
   * one-call path for callers holding JPEG bytes.
   */
  public static DiffResult compareImages(byte[] before, byte[] after) {
    return compare(
        ImageDecoder.decode(before, DecodeOptions.FOR_DIFF),
        ImageDecoder.decode(after, DecodeOptions.FOR_DIFF));
  }

  /**
   * The same for base64 JPEG text, the form direct (non-agent) callers of {@code image_diff} may
   * pass instead of attachment ids.
   *
   * @throws SwipeException {@code image_decode_failed} for bad base64 or image data
   */
  public static DiffResult compareBase64(String before, String after) {
    return compare(
        ImageDecoder.decodeBase64(before, DecodeOptions.FOR_DIFF),
        ImageDecoder.decodeBase64(after, DecodeOptions.FOR_DIFF));
  }
}
