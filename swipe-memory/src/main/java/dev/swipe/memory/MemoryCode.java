package dev.swipe.memory;

import dev.swipe.base.Api;
import dev.swipe.base.Code;
import dev.swipe.base.SwipeException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The codes only swipe-memory (and the modules above it) throws, so an agent sees the same code
 * whichever store failed. Stores also throw {@link dev.swipe.base.CommonCode}'s {@code
 * invalid_argument} (details name the field) and {@code unknown_scheme} (details list the known
 * schemes, as devices do).
 */
@Api(status = Api.Status.STABLE)
public enum MemoryCode implements Code {
  /**
   * The store cannot be opened or used (corrupt or unwritable file, closed store, database busy too
   * long); details carry the {@code path} when there is one.
   */
  MEMORY_UNAVAILABLE,
  /** An id given for an update does not exist. */
  MEMORY_NOT_FOUND,
  /** An update would give a record the title and entities of another record. */
  MEMORY_CONFLICT;

  private final String id = name().toLowerCase(Locale.ROOT);

  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }

  /**
   * A {@code memory_unavailable} error naming the store's path (may be null for non-file stores).
   */
  public static SwipeException unavailable(
      @Nullable String path, String message, @Nullable Throwable cause) {
    Map<String, Object> details = new LinkedHashMap<>();
    if (path != null) {
      details.put("path", path);
    }
    String text = path == null ? message : message + " (" + path + ")";
    return new SwipeException(MEMORY_UNAVAILABLE, text, details, cause);
  }

  /** A {@code memory_not_found} error for {@code id}. */
  public static SwipeException notFound(String id) {
    return new SwipeException(
        MEMORY_NOT_FOUND, "no memory record with id " + id, Map.of("id", id), null);
  }

  /** A {@code memory_conflict} error: {@code id} would take the identity of {@code otherId}. */
  public static SwipeException conflict(String id, String otherId) {
    return new SwipeException(
        MEMORY_CONFLICT,
        "record " + id + " would get the title and entities of record " + otherId,
        Map.of("id", id, "other_id", otherId),
        null);
  }
}
