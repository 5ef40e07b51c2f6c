package dev.swipe.memory;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one unchecked exception of swipe-memory. It carries a stable snake_case {@link #code()} so
 * that swipe-core can turn it into its own error model without parsing messages, and so that an
 * agent sees the same code whichever store produced the error.
 *
 * <p>Codes in use:
 *
 * <ul>
 *   <li>{@value #INVALID_ARGUMENT}: a caller value is wrong; {@link #field()} names the field.
 *   <li>{@value #MEMORY_UNAVAILABLE}: the store cannot be used (corrupt or unwritable file, closed
 *       store, database busy too long); {@code details().get("path")} names the file when there is
 *       one.
 *   <li>{@value #UNKNOWN_SCHEME}: a store URI names a scheme no provider serves; details list the
 *       known ones (the same code devices answer for an unknown scheme).
 *   <li>{@value #MEMORY_NOT_FOUND}: an update named an id that does not exist.
 *   <li>{@value #MEMORY_CONFLICT}: an update would give a record the title and entities of another
 *       record.
 * </ul>
 */
public final class MemoryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A caller-supplied value is invalid; {@link #field()} names it. */
  public static final String INVALID_ARGUMENT = "invalid_argument";

  /**
   * A store URI's scheme has no provider; {@code details().get("known_schemes")} lists those that
   * do. Devices answer the same code for an unknown scheme, so a caller handles both alike.
   */
  public static final String UNKNOWN_SCHEME = "unknown_scheme";

  /** The store cannot be opened or used; details carry the path when there is one. */
  public static final String MEMORY_UNAVAILABLE = "memory_unavailable";

  /** An id given for an update does not exist. */
  public static final String MEMORY_NOT_FOUND = "memory_not_found";

  /** An update would collide with another record's title and entities. */
  public static final String MEMORY_CONFLICT = "memory_conflict";

  private final String code;
  private final String field;
  private final Map<String, Object> details;

  /**
   * Creates an exception with a code, message, optional field, details and cause.
   *
   * @param code stable snake_case code
   * @param message human-readable message
   * @param field the offending field for {@code invalid_argument}, or null
   * @param details extra structured facts (path, limit, ...); copied
   * @param cause the underlying cause, or null
   */
  public MemoryException(
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
  public static MemoryException invalidArgument(String field, String message) {
    return new MemoryException(INVALID_ARGUMENT, field + ": " + message, field, null, null);
  }

  /** An {@code invalid_argument} error naming {@code field}, with extra details. */
  public static MemoryException invalidArgument(
      String field, String message, Map<String, ?> details) {
    return new MemoryException(INVALID_ARGUMENT, field + ": " + message, field, details, null);
  }

  /**
   * A {@code memory_unavailable} error naming the store's path (may be null for non-file stores).
   */
  public static MemoryException unavailable(String path, String message, Throwable cause) {
    Map<String, Object> details = new LinkedHashMap<>();
    if (path != null) {
      details.put("path", path);
    }
    String text = path == null ? message : message + " (" + path + ")";
    return new MemoryException(MEMORY_UNAVAILABLE, text, null, details, cause);
  }

  /** A {@code memory_not_found} error for {@code id}. */
  public static MemoryException notFound(String id) {
    return new MemoryException(
        MEMORY_NOT_FOUND, "no memory record with id " + id, null, Map.of("id", id), null);
  }

  /** A {@code memory_conflict} error: {@code id} would take the identity of {@code otherId}. */
  public static MemoryException conflict(String id, String otherId) {
    return new MemoryException(
        MEMORY_CONFLICT,
        "record " + id + " would get the title and entities of record " + otherId,
        null,
        Map.of("id", id, "other_id", otherId),
        null);
  }

  /** The stable snake_case code, e.g. {@code invalid_argument}. */
  public String code() {
    return code;
  }

  /** The offending field for {@code invalid_argument} errors. */
  public Optional<String> field() {
    return Optional.ofNullable(field);
  }

  /** Structured facts about the error (field, path, id, limit, ...); never null. */
  public Map<String, Object> details() {
    return details;
  }
}
