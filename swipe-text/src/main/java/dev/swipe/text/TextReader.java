package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.awt.image.BufferedImage;

/**
 * An OCR engine as the SDK uses it: pixels in, lines and words with boxes out.
 *
 * <p>Contract for implementations (the compatibility tests check it):
 *
 * <ul>
 *   <li>{@link #read(BufferedImage, TextBox)} is safe to call from several threads at once; one
 *       reader serves one device for its whole life.
 *   <li>Boxes are in the pixels of the whole image given, also when a region was read.
 *   <li>Nothing is cached across calls by image identity: callers cache by observation.
 *   <li>After {@link #close()} native memory is freed and {@code read} fails with {@code
 *       text_reader_unavailable}; closing twice is harmless.
 *   <li>Failures are {@link SwipeException}s: {@code invalid_argument} for a region outside the
 *       image, {@code text_reader_unavailable} when the engine cannot run.
 * </ul>
 */
@Api(status = Api.Status.STABLE)
public interface TextReader extends AutoCloseable {

  /**
   * Reads the text inside {@code region} of {@code image}.
   *
   * @param image the screen, any type (readers convert as they need)
   * @param region the part to read in the image's pixels, or null for the whole image
   * @return what was read; boxes in the whole image's pixels
   */
  TextPage read(BufferedImage image, TextBox region);

  /** Reads the whole image. */
  default TextPage read(BufferedImage image) {
    return read(image, null);
  }

  /** What this reader is, for traces and errors, e.g. {@code tesseract 5.5.1 (eng)}. */
  String description();

  /** Frees the engine's resources. */
  @Override
  void close();
}
