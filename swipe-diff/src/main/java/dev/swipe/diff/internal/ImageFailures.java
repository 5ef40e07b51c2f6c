package dev.swipe.diff.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The two failures swipe-diff throws most, worded once. */
public final class ImageFailures {
  private ImageFailures() {}

  /** An {@code invalid_argument} whose message names what was wrong (no field detail). */
  public static SwipeException invalidArgument(String message) {
    return new SwipeException(CommonCode.INVALID_ARGUMENT, message);
  }

  /** An {@code image_decode_failed} with its cause. */
  public static SwipeException decodeFailed(String message, @Nullable Throwable cause) {
    return new SwipeException(CommonCode.IMAGE_DECODE_FAILED, message, Map.of(), cause);
  }
}
