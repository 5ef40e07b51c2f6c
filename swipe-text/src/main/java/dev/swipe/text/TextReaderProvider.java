package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;

/**
 * Makes {@link TextReader}s for one URI scheme; found with {@link java.util.ServiceLoader}, so an
 * engine joins by shipping a jar that lists its provider in {@code
 * META-INF/services/dev.swipe.text.TextReaderProvider}.
 */
@Api(status = Api.Status.STABLE)
public interface TextReaderProvider {

  /** The URI scheme this provider answers, lower case, e.g. {@code tesseract}. */
  String scheme();

  /**
   * Opens a reader.
   *
   * @param uri the whole URI, e.g. {@code tesseract:?lang=eng}
   * @throws SwipeException {@code text_reader_unavailable} when the engine cannot load, {@code
   *     invalid_argument} (field {@code uri}) for options it does not understand
   */
  TextReader open(String uri);
}
