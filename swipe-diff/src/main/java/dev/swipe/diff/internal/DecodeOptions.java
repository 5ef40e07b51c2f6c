package dev.swipe.diff.internal;

import dev.swipe.diff.GreyRaster;

/**
 * How {@link ImageDecoder} turns bytes into a {@link GreyRaster}.
 *
 * @param maxPixels images whose header announces more than this many pixels are refused before any
 *     pixel is decoded, so a tiny "decompression bomb" cannot allocate gigabytes
 * @param reduction 1 for a full-size raster; 2, 4 or 8 for a box-averaged reduced raster, which is
 *     what diffing needs: averaging removes most JPEG block noise and makes every later pass 4x (or
 *     more) cheaper
 */
public record DecodeOptions(long maxPixels, int reduction) {

  /** 64 megapixels: far above any phone screen or 8K capture, far below what breaks a JVM. */
  public static final long DEFAULT_MAX_PIXELS = 64L * 1024 * 1024;

  /** Full size, default pixel limit. */
  public static final DecodeOptions DEFAULT = new DecodeOptions(DEFAULT_MAX_PIXELS, 1);

  /** Half size in each direction, default pixel limit: the diffing path. */
  public static final DecodeOptions FOR_DIFF = new DecodeOptions(DEFAULT_MAX_PIXELS, 2);

  /** Validates the limits. */
  public DecodeOptions {
    if (maxPixels < 1) {
      throw ImageFailures.invalidArgument("maxPixels must be >= 1, got " + maxPixels);
    }
    if (reduction != 1 && reduction != 2 && reduction != 4 && reduction != 8) {
      throw ImageFailures.invalidArgument("reduction must be 1, 2, 4 or 8, got " + reduction);
    }
  }

  /** A copy with another pixel limit. */
  public DecodeOptions withMaxPixels(long limit) {
    return new DecodeOptions(limit, reduction);
  }

  /** A copy with another reduction factor. */
  public DecodeOptions withReduction(int factor) {
    return new DecodeOptions(maxPixels, factor);
  }
}
