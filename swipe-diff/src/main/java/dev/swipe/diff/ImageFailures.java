package dev.swipe.diff;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.util.Map;

/** The two failures this package throws most, worded once. */
final class ImageFailures {
  private ImageFailures() {}

  /** An {@code invalid_argument} whose message names what was wrong (no field detail). */
  static SwipeException invalidArgument(String message) {
    return new SwipeException(CommonCode.INVALID_ARGUMENT, message);
  }

  /** An {@code image_decode_failed} with its cause. */
  static SwipeException decodeFailed(String message, Throwable cause) {
    return new SwipeException(CommonCode.IMAGE_DECODE_FAILED, message, Map.of(), cause);
  }
}
