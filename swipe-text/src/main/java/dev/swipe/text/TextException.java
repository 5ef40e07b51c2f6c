package dev.swipe.text;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one unchecked exception of swipe-text. Its stable snake_case {@link #code()} lets swipe-core
 * map it to its own error model without parsing messages.
 *
 * <ul>
 *   <li>{@value #INVALID_ARGUMENT}: a caller value is wrong; {@link #field()} names it.
 *   <li>{@value #UNKNOWN_SCHEME}: a reader URI names a scheme no provider on the class path serves;
 *       details list the known ones (the same code devices answer).
 *   <li>{@value #TEXT_READER_UNAVAILABLE}: an engine cannot be loaded or used (missing native
 *       library or trained data, closed reader); details name the platform and what is missing.
 *   <li>{@value #TEXT_QUERY_TOO_COSTLY}: a regular expression ran past its step budget.
 *   <li>{@value #IMAGE_DECODE_FAILED}: the image given cannot be read.
 * </ul>
 */
public final class TextException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A caller-supplied value is invalid; {@link #field()} names it. */
  public static final String INVALID_ARGUMENT = "invalid_argument";

  /**
   * A reader URI's scheme has no provider; {@code details().get("known_schemes")} lists those that
   * do. Devices answer the same code for an unknown scheme, so a caller handles both alike.
   */
  public static final String UNKNOWN_SCHEME = "unknown_scheme";

  /** The reader cannot be loaded or used. */
  public static final String TEXT_READER_UNAVAILABLE = "text_reader_unavailable";

  /** A regular expression query exceeded its matching budget. */
  public static final String TEXT_QUERY_TOO_COSTLY = "text_query_too_costly";

  /** The image cannot be decoded. */
  public static final String IMAGE_DECODE_FAILED = "image_decode_failed";

  private final String code;
  private final String field;
  private final Map<String, Object> details;

  /**
   * Creates an exception.
   *
   * @param code stable snake_case code
   * @param message human-readable message
   * @param field the offending field for {@code invalid_argument}, or null
   * @param details structured facts; copied
   * @param cause the underlying cause, or null
   */
  public TextException(
      String code, String message, String field, Map<String, ?> details, Throwable cause) {
    super(message, cause);
    this.code = Objects.requireNonNull(code, "code");
    this.field = field;
    Map<String, Object> copy = new LinkedHashMap<>();
    if (field != null) {
      copy.put("field", field);
    }
    if (details != null) {
      copy.putAll(details);
    }
    this.details = Collections.unmodifiableMap(copy);
  }

  /** An {@code invalid_argument} error naming {@code field}. */
  public static TextException invalidArgument(String field, String message) {
    return new TextException(INVALID_ARGUMENT, field + ": " + message, field, null, null);
  }

  /** A {@code text_reader_unavailable} error with what is missing. */
  public static TextException unavailable(String message, Map<String, ?> details, Throwable cause) {
    return new TextException(TEXT_READER_UNAVAILABLE, message, null, details, cause);
  }

  /** The stable snake_case code. */
  public String code() {
    return code;
  }

  /** The offending field of an {@code invalid_argument} error. */
  public Optional<String> field() {
    return Optional.ofNullable(field);
  }

  /** Structured facts about the error; never null. */
  public Map<String, Object> details() {
    return details;
  }
}
