package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A device URI, JDBC style: {@code scheme:path?key=value&key=value}, e.g. {@code
 * ch9329:/dev/ttyUSB0?baud=115200&pointer=abs}. The scheme picks the provider; the path and options
 * are the provider's to interpret through the typed accessors, which turn missing or malformed
 * values into {@code invalid_argument} errors that name the key and list what is valid.
 *
 * <p>Options start at the first {@code ?}. Values are percent-decoded; a path that itself contains
 * {@code ?} (an HTTP URL with a query) must encode it as {@code %3F}.
 */
@Api(status = Api.Status.STABLE)
public final class DeviceUri {
  private static final Pattern SCHEME = Pattern.compile("[a-z][a-z0-9+.-]*");

  private final String raw;
  private final String scheme;
  private final String path;
  private final Map<String, String> params;

  private DeviceUri(String raw, String scheme, String path, Map<String, String> params) {
    this.raw = raw;
    this.scheme = scheme;
    this.path = path;
    this.params = params;
  }

  /**
   * Parses a device URI.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code uri}) when malformed
   */
  public static DeviceUri parse(@Nullable String given) {
    String uri = SwipeException.requireArgument(given, "uri");
    String text = uri.strip();
    int colon = text.indexOf(':');
    if (colon <= 0) {
      throw SwipeException.invalidArgument(
          "uri",
          "must look like scheme:path?key=value (e.g. sim: or ch9329:/dev/ttyUSB0), was '"
              + uri
              + "'");
    }
    String scheme = text.substring(0, colon).toLowerCase(Locale.ROOT);
    if (!SCHEME.matcher(scheme).matches()) {
      throw SwipeException.invalidArgument(
          "uri", "scheme '" + scheme + "' is not a valid URI scheme");
    }
    String rest = text.substring(colon + 1);
    int q = rest.indexOf('?');
    String path = decode(q < 0 ? rest : rest.substring(0, q));
    Map<String, String> params = new LinkedHashMap<>();
    if (q >= 0 && q + 1 < rest.length()) {
      for (String pair : rest.substring(q + 1).split("&", -1)) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String key = decode(eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT);
        String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
        if (key.isEmpty()) {
          throw SwipeException.invalidArgument("uri", "option without a name in '" + uri + "'");
        }
        if (params.put(key, value) != null) {
          throw SwipeException.invalidArgument(key, "is given twice in '" + uri + "'");
        }
      }
    }
    return new DeviceUri(uri, scheme, path, Collections.unmodifiableMap(params));
  }

  /**
   * The same URI without one option, for options the SDK consumes itself (such as {@code trace})
   * before a provider validates the rest.
   */
  public DeviceUri without(String key) {
    if (!params.containsKey(key)) {
      return this;
    }
    Map<String, String> rest = new LinkedHashMap<>(params);
    rest.remove(key);
    StringBuilder raw = new StringBuilder(scheme).append(':').append(encode(path, true));
    String sep = "?";
    for (Map.Entry<String, String> e : rest.entrySet()) {
      raw.append(sep)
          .append(encode(e.getKey(), false))
          .append('=')
          .append(encode(e.getValue(), false));
      sep = "&";
    }
    return new DeviceUri(raw.toString(), scheme, path, Collections.unmodifiableMap(rest));
  }

  private static String encode(String s, boolean path) {
    StringBuilder out = new StringBuilder();
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xFF);
      boolean reserved = c == '%' || c == '?' || c == '&' || c == '=' || c < 0x20 || c >= 0x7F;
      if (reserved && !(path && (c == '=' || c == '&'))) {
        out.append('%').append(String.format("%02X", b & 0xFF));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** The URI as given. */
  public String raw() {
    return raw;
  }

  /** The lower-case scheme, e.g. {@code ch9329}. */
  public String scheme() {
    return scheme;
  }

  /** The decoded part between the scheme and the options (may be empty). */
  public String path() {
    return path;
  }

  /** All options, in the order given. */
  public Map<String, String> params() {
    return params;
  }

  /**
   * Refuses options this provider does not know, so a typo is an error rather than silently
   * ignored.
   *
   * @return this, for chaining
   */
  public DeviceUri requireKnownKeys(Set<String> known) {
    for (String key : params.keySet()) {
      if (!known.contains(key)) {
        throw new SwipeException(
            dev.swipe.base.CommonCode.INVALID_ARGUMENT,
            key
                + ": unknown option for "
                + scheme
                + ": URIs; valid options are "
                + new TreeSet<>(known),
            Map.of("field", key, "valid_keys", new TreeSet<>(known)),
            null);
      }
    }
    return this;
  }

  /** An option's raw value, if given. */
  public Optional<String> param(String key) {
    return Optional.ofNullable(params.get(key));
  }

  /** An option's value or a default. */
  public String string(String key, String defaultValue) {
    return params.getOrDefault(key, defaultValue);
  }

  /** An integer option within [min, max], or the default when absent. */
  public int intParam(String key, int defaultValue, int min, int max) {
    String v = params.get(key);
    if (v == null) {
      return defaultValue;
    }
    try {
      int parsed = Integer.parseInt(v.strip());
      if (parsed < min || parsed > max) {
        throw SwipeException.invalidArgument(
            key, "must be in [" + min + ", " + max + "], was " + parsed);
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw SwipeException.invalidArgument(
          key, "must be an integer in [" + min + ", " + max + "], was '" + v + "'");
    }
  }

  /** A decimal option within [min, max], or the default when absent. */
  public double doubleParam(String key, double defaultValue, double min, double max) {
    String v = params.get(key);
    if (v == null) {
      return defaultValue;
    }
    double parsed;
    try {
      parsed = Double.parseDouble(v.strip());
    } catch (NumberFormatException e) {
      throw SwipeException.invalidArgument(
          key, "must be a number in [" + min + ", " + max + "], was '" + v + "'");
    }
    if (!(parsed >= min && parsed <= max)) {
      throw SwipeException.invalidArgument(key, "must be in [" + min + ", " + max + "], was " + v);
    }
    return parsed;
  }

  /** A boolean option ({@code true/false/1/0/yes/no}); a bare key means true. */
  public boolean boolParam(String key, boolean defaultValue) {
    String v = params.get(key);
    if (v == null) {
      return defaultValue;
    }
    return switch (v.strip().toLowerCase(Locale.ROOT)) {
      case "", "true", "1", "yes", "on" -> true;
      case "false", "0", "no", "off" -> false;
      default ->
          throw SwipeException.invalidArgument(key, "must be true or false, was '" + v + "'");
    };
  }

  /** One of a fixed set of lower-case words, or the default when absent. */
  public String choice(String key, String defaultValue, Set<String> allowed) {
    String v = params.get(key);
    if (v == null) {
      return defaultValue;
    }
    String lower = v.strip().toLowerCase(Locale.ROOT);
    if (!allowed.contains(lower)) {
      throw SwipeException.invalidArgument(
          key, "must be one of " + new TreeSet<>(allowed) + ", was '" + v + "'");
    }
    return lower;
  }

  /**
   * The {@code pointer} option ({@link PointerKind#id()}), one of {@code allowed}, or {@code
   * defaultKind} when absent.
   *
   * @throws SwipeException {@code invalid_argument} naming {@code pointer} for any other value
   */
  public PointerKind pointerParam(PointerKind defaultKind, Set<PointerKind> allowed) {
    Set<String> ids = new TreeSet<>();
    for (PointerKind k : allowed) {
      ids.add(k.id());
    }
    PointerKind kind = PointerKind.fromId(choice("pointer", defaultKind.id(), ids));
    if (kind == null) {
      throw new IllegalStateException("every allowed id names a kind: " + ids);
    }
    return kind;
  }

  /** A {@code WIDTHxHEIGHT} option, e.g. {@code 1920x1080}, as {@code int[]{w, h}}. */
  public Optional<int[]> sizeParam(String key) {
    String v = params.get(key);
    if (v == null) {
      return Optional.empty();
    }
    // limit 0 as ever: trailing empty strings drop, so "1080x1920x" still reads as two numbers
    String[] parts = v.strip().toLowerCase(Locale.ROOT).split("x", 0);
    try {
      if (parts.length == 2) {
        int w = Integer.parseInt(parts[0]);
        int h = Integer.parseInt(parts[1]);
        if (w > 0 && h > 0 && w <= 16384 && h <= 16384) {
          return Optional.of(new int[] {w, h});
        }
      }
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    throw SwipeException.invalidArgument(
        key, "must be WIDTHxHEIGHT with sizes in [1, 16384], was '" + v + "'");
  }

  private static String decode(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == '%' && i + 2 < bytes.length) {
        int hi = Character.digit(bytes[i + 1], 16);
        int lo = Character.digit(bytes[i + 2], 16);
        if (hi >= 0 && lo >= 0) {
          out.write(hi * 16 + lo);
          i += 2;
          continue;
        }
      }
      if (bytes[i] == '%') {
        throw SwipeException.invalidArgument("uri", "bad percent escape in '" + s + "'");
      }
      out.write(bytes[i]);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return raw;
  }
}
