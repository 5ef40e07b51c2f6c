package dev.swipe.diff;

/**
 * The one unchecked exception of swipe-diff. It carries a stable snake_case {@link #code()} so that
 * callers (swipe-core maps it onto its own error model) can react to the kind of failure without
 * parsing messages, while the message says what exactly was wrong.
 */
public final class ImageException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Image bytes or base64 text could not be turned into a raster (empty, truncated, not an image,
   * too large).
   */
  public static final String IMAGE_DECODE_FAILED = "image_decode_failed";

  /** An argument (region field, band, option) was missing, not finite or out of range. */
  public static final String INVALID_ARGUMENT = "invalid_argument";

  /** Two rasters that must be compared pixel for pixel have different sizes. */
  public static final String IMAGE_SIZE_MISMATCH = "image_size_mismatch";

  private final String code;

  /**
   * Creates an exception with a code and a human-readable message.
   *
   * @param code one of the snake_case constants of this class
   * @param message what was wrong, in words a caller can act on
   * @param cause the underlying failure, or {@code null}
   */
  public ImageException(String code, String message, Throwable cause) {
    super(message, cause);
    if (code == null || code.isEmpty()) {
      throw new IllegalArgumentException("code must not be empty");
    }
    this.code = code;
  }

  /**
   * Creates an exception without an underlying cause.
   *
   * @param code one of the snake_case constants of this class
   * @param message what was wrong
   */
  public ImageException(String code, String message) {
    this(code, message, null);
  }

  /**
   * The stable snake_case error code, e.g. {@code image_decode_failed}; never changes between
   * releases.
   */
  public String code() {
    return code;
  }

  static ImageException invalidArgument(String message) {
    return new ImageException(INVALID_ARGUMENT, message);
  }

  static ImageException decodeFailed(String message, Throwable cause) {
    return new ImageException(IMAGE_DECODE_FAILED, message, cause);
  }
}
