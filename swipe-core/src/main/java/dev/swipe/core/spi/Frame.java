package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;

/**
 * One captured screen image, already cropped to the phone screen.
 *
 * <p>The JPEG array is handed over, not copied: sources must not touch it after creating the frame,
 * and readers must not modify it.
 *
 * @param jpeg JPEG bytes
 * @param width pixel width
 * @param height pixel height
 * @param captureNanos when the image was captured, on the device's {@link dev.swipe.base.Ticker}
 */
@SuppressWarnings("ArrayRecordComponent")
// public API: the JPEG is handed over, not copied (see above), for speed; frames are never compared
@Api(status = Api.Status.STABLE)
public record Frame(byte[] jpeg, int width, int height, long captureNanos) {
  /** Validates the sizes and that there are bytes at all. */
  public Frame {
    if (jpeg == null || jpeg.length == 0) {
      throw SwipeException.invalidArgument("jpeg", "must hold image bytes");
    }
    if (width <= 0 || height <= 0) {
      throw SwipeException.invalidArgument(
          "width", "frame size must be positive, was " + width + "x" + height);
    }
  }

  /**
   * A frame whose size is read from the JPEG's own header, for sources that receive images without
   * their dimensions (a browser's screencast, a file).
   *
   * @throws SwipeException {@code image_decode_failed} when the bytes declare no size
   */
  public static Frame ofJpeg(byte[] jpeg, long captureNanos) {
    dev.swipe.diff.internal.JpegHeader size =
        jpeg == null ? null : dev.swipe.diff.internal.JpegHeader.read(jpeg, jpeg.length);
    if (size == null) {
      throw new SwipeException(
          dev.swipe.base.CommonCode.IMAGE_DECODE_FAILED,
          "not a JPEG with a frame header ("
              + (jpeg == null ? "null" : jpeg.length + " bytes")
              + ")");
    }
    return new Frame(jpeg, size.width(), size.height(), captureNanos);
  }
}
