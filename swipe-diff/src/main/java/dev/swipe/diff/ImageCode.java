package dev.swipe.diff;

import dev.swipe.base.Api;
import dev.swipe.base.Code;
import java.util.Locale;

/**
 * The codes only swipe-diff throws. It also throws {@link dev.swipe.base.CommonCode}'s {@code
 * invalid_argument} and {@code image_decode_failed}, which other modules share.
 */
@Api(status = Api.Status.STABLE)
public enum ImageCode implements Code {
  /** Two rasters that must be compared pixel for pixel have different sizes. */
  IMAGE_SIZE_MISMATCH;

  private final String id = name().toLowerCase(Locale.ROOT);

  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
