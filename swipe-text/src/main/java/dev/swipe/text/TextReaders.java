package dev.swipe.text;

import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Opens {@link TextReader}s by URI scheme from the providers on the class or module path. */
@Api(status = Api.Status.EXPERIMENTAL)
public final class TextReaders {
  /** The reader a device uses when none is configured: Tesseract with English. */
  public static final String DEFAULT_URI = "tesseract:";

  private TextReaders() {}

  /**
   * Opens a reader.
   *
   * @param uri e.g. {@code tesseract:} or {@code tesseract:?lang=eng}
   * @throws SwipeException {@code invalid_argument} (field {@code uri}) for a missing URI or one
   *     without a scheme; {@code unknown_scheme} (field {@code uri}, details {@code known_schemes})
   *     for a scheme no provider serves, as devices answer; {@code text_reader_unavailable} when no
   *     reader at all is on the class path; the provider's errors otherwise
   */
  public static TextReader open(String uri) {
    String u = uri == null ? null : uri.strip();
    return provider(u).open(u);
  }

  /**
   * Checks that {@code uri} names a reader on the class path, without opening it. A device opens
   * its reader on the first text call (the engine is heavy and may be absent where no text is
   * read); checking when it is built makes a typo fail there, not at that first call.
   *
   * @throws SwipeException as {@link #open} does for the URI itself, before any engine is loaded
   */
  public static void check(String uri) {
    provider(uri == null ? null : uri.strip());
  }

  private static TextReaderProvider provider(String u) {
    if (u == null || u.isBlank()) {
      throw SwipeException.invalidArgument(
          "uri", "is required, e.g. " + DEFAULT_URI + " (known schemes: " + knownSchemes() + ")");
    }
    int colon = u.indexOf(':');
    if (colon <= 0) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "uri: '" + u + "' has no scheme; known text reader schemes: " + knownSchemes(),
          "uri",
          Map.of("known_schemes", knownSchemes()),
          null);
    }
    String scheme = u.substring(0, colon).toLowerCase(Locale.ROOT);
    TextReaderProvider p = providers().get(scheme);
    if (p == null) {
      List<String> known = knownSchemes();
      throw new SwipeException(
          known.isEmpty() ? TextCode.TEXT_READER_UNAVAILABLE : CommonCode.UNKNOWN_SCHEME,
          "uri: unknown text reader scheme '"
              + scheme
              + "'"
              + (known.isEmpty()
                  ? "; no text reader is on the class path (add dev.swipe:swipe-text-tesseract)"
                  : ", known schemes: " + known),
          "uri",
          Map.of("scheme", scheme, "known_schemes", known),
          null);
    }
    return p;
  }

  /** The schemes of the providers found, sorted. */
  public static List<String> knownSchemes() {
    return List.copyOf(providers().keySet());
  }

  private static Map<String, TextReaderProvider> providers() {
    Map<String, TextReaderProvider> byScheme = new TreeMap<>();
    try {
      for (TextReaderProvider p :
          ServiceLoader.load(TextReaderProvider.class, TextReaders.class.getClassLoader())) {
        String s = p.scheme().toLowerCase(Locale.ROOT);
        TextReaderProvider old = byScheme.putIfAbsent(s, p);
        if (old != null && old.getClass() != p.getClass()) {
          throw new SwipeException(
              TextCode.TEXT_READER_UNAVAILABLE,
              "two text reader providers claim the scheme '"
                  + s
                  + "': "
                  + old.getClass().getName()
                  + " and "
                  + p.getClass().getName(),
              Map.of("scheme", s),
              null);
        }
      }
    } catch (ServiceConfigurationError e) {
      throw new SwipeException(
          TextCode.TEXT_READER_UNAVAILABLE,
          "a text reader provider failed to load: " + e.getMessage(),
          null,
          e);
    }
    return byScheme;
  }
}
