package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jspecify.annotations.Nullable;

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
  /** The reader a device uses when none is configured: Tesseract with English. */
  String DEFAULT_URI = "tesseract:";

  /**
   * Opens a reader by URI scheme, from the providers on the class or module path.
   *
   * @param uri e.g. {@code tesseract:} or {@code tesseract:?lang=eng}
   * @throws SwipeException {@code invalid_argument} (field {@code uri}) for a missing URI or one
   *     without a scheme; {@code unknown_scheme} (field {@code uri}, details {@code known_schemes})
   *     for a scheme no provider serves, as devices answer; {@code text_reader_unavailable} when no
   *     reader at all is on the class path; the provider's errors otherwise
   */
  static TextReader open(@Nullable String uri) {
    return TextReaders.open(uri);
  }

  /**
   * Checks that {@code uri} names a reader on the class path, without opening it. A device opens
   * its reader on the first text call (the engine is heavy and may be absent where no text is
   * read); checking when it is built makes a typo fail there, not at that first call.
   *
   * @throws SwipeException as {@link #open} does for the URI itself, before any engine is loaded
   */
  static void check(@Nullable String uri) {
    TextReaders.check(uri);
  }

  /** The schemes of the providers found, sorted. */
  static List<String> knownSchemes() {
    return TextReaders.knownSchemes();
  }

  /**
   * Reads the text inside {@code region} of {@code image}.
   *
   * @param image the screen, any type (readers convert as they need)
   * @param region the part to read in the image's pixels, or null for the whole image
   * @return what was read; boxes in the whole image's pixels
   */
  TextPage read(BufferedImage image, @Nullable TextBox region);

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
