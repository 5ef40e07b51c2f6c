package dev.swipe.text.tesseract;

import dev.swipe.base.SwipeException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a {@code tesseract:} URI asks for.
 *
 * @param languages Tesseract language codes joined by {@code +}, e.g. {@code eng}
 * @param tessdata a directory holding {@code <lang>.traineddata}, or empty for the English data
 *     this jar ships
 * @param threads engine instances (and threads) that recognise lines in parallel
 * @param readStatusBar whether a whole-screen read keeps the status bar band
 */
record ReaderOptions(
    String languages, Optional<Path> tessdata, int threads, boolean readStatusBar) {
  static final Set<String> KEYS = Set.of("lang", "tessdata", "threads", "status_bar");
  static final int MAX_THREADS = 16;
  private static final Pattern LANGS = Pattern.compile("[A-Za-z_]{2,20}(\\+[A-Za-z_]{2,20}){0,7}");

  /** Threads when none are asked for: the cores, at most four (more rarely pays for its memory). */
  static int defaultThreads() {
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }

  static ReaderOptions parse(String uri) {
    if (uri == null) {
      throw SwipeException.invalidArgument("uri", "is required, e.g. tesseract:?lang=eng");
    }
    String u = uri.strip();
    int colon = u.indexOf(':');
    if (colon < 0 || !u.substring(0, colon).toLowerCase(Locale.ROOT).equals("tesseract")) {
      throw SwipeException.invalidArgument("uri", "must start with tesseract:, got '" + u + "'");
    }
    String rest = u.substring(colon + 1);
    String query = "";
    int q = rest.indexOf('?');
    String path = q < 0 ? rest : rest.substring(0, q);
    if (q >= 0) {
      query = rest.substring(q + 1);
    }
    if (!path.isBlank() && !path.equals("//")) {
      throw SwipeException.invalidArgument(
          "uri",
          "tesseract: takes no path, only options such as tesseract:?lang=eng, got '" + u + "'");
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (String pair : query.split("&", -1)) { // empty pairs are skipped
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String k = decode(eq < 0 ? pair : pair.substring(0, eq)).strip().toLowerCase(Locale.ROOT);
      String v = eq < 0 ? "" : decode(pair.substring(eq + 1)).strip();
      if (!KEYS.contains(k)) {
        throw SwipeException.invalidArgument(
            "uri",
            "unknown option '"
                + k
                + "' in '"
                + u
                + "'; tesseract: understands "
                + KEYS.stream().sorted().toList());
      }
      if (params.put(k, v) != null) {
        throw SwipeException.invalidArgument(
            "uri", "option '" + k + "' given twice in '" + u + "'");
      }
    }
    String lang = params.getOrDefault("lang", "eng");
    if (!LANGS.matcher(lang).matches()) {
      throw SwipeException.invalidArgument(
          "uri",
          "lang must be Tesseract language codes joined by +, e.g. eng or eng+deu, got '"
              + lang
              + "'");
    }
    Optional<Path> dir =
        Optional.ofNullable(params.get("tessdata"))
            .map(
                s -> {
                  if (s.isEmpty()) {
                    throw SwipeException.invalidArgument("uri", "tessdata must name a directory");
                  }
                  return Path.of(s);
                });
    int threads = defaultThreads();
    if (params.containsKey("threads")) {
      try {
        threads = Integer.parseInt(params.get("threads"));
      } catch (NumberFormatException e) {
        threads = -1;
      }
      if (threads < 1 || threads > MAX_THREADS) {
        throw SwipeException.invalidArgument(
            "uri",
            "threads must be an integer in [1, "
                + MAX_THREADS
                + "], got '"
                + params.get("threads")
                + "'");
      }
    }
    String sb = params.getOrDefault("status_bar", "skip");
    if (!sb.equals("skip") && !sb.equals("read")) {
      throw SwipeException.invalidArgument(
          "uri", "status_bar must be skip or read, got '" + sb + "'");
    }
    return new ReaderOptions(lang, dir, threads, sb.equals("read"));
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw SwipeException.invalidArgument("uri", "bad percent-escape in '" + s + "'");
    }
  }
}
