package dev.swipe.text;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/** Opens {@link TextReader}s by URI scheme ({@link TextReader#open}) from the providers found. */
final class TextReaders {
  private static final String DEFAULT_URI = TextReader.DEFAULT_URI;

  private TextReaders() {}

  static TextReader open(@Nullable String uri) {
    String u = given(uri);
    return provider(u).open(u);
  }

  static void check(@Nullable String uri) {
    provider(given(uri));
  }

  private static String given(@Nullable String uri) {
    if (uri == null || uri.isBlank()) {
      throw SwipeException.invalidArgument(
          "uri", "is required, e.g. " + DEFAULT_URI + " (known schemes: " + knownSchemes() + ")");
    }
    return uri.strip();
  }

  private static TextReaderProvider provider(String u) {
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

  static List<String> knownSchemes() {
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
