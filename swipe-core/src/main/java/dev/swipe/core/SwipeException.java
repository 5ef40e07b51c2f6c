package dev.swipe.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The one exception the SDK throws. It carries a stable {@link ErrorCode} that callers (and agents)
 * branch on, a human message, and a details map with machine-readable context such as the offending
 * {@code field}.
 */
public final class SwipeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode code;
  private final transient Map<String, Object> details;

  /** Creates an exception with a code and message and no details. */
  public SwipeException(ErrorCode code, String message) {
    this(code, message, Map.of(), null);
  }

  /** Creates an exception with a code, message, details and an optional cause. */
  public SwipeException(ErrorCode code, String message, Map<String, ?> details, Throwable cause) {
    super(message, cause);
    this.code = Objects.requireNonNull(code, "code");
    this.details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  /**
   * An {@link ErrorCode#INVALID_ARGUMENT} that names the field, e.g. {@code duration_ms}.
   *
   * @param field the argument's name as the caller knows it
   * @param message what is wrong and what is allowed
   */
  public static SwipeException invalidArgument(String field, String message) {
    return new SwipeException(
        ErrorCode.INVALID_ARGUMENT, field + ": " + message, Map.of("field", field), null);
  }

  /** Throws {@link #invalidArgument} when {@code value} is null, otherwise returns it. */
  public static <T> T requireArgument(T value, String field) {
    if (value == null) {
      throw invalidArgument(field, "is required");
    }
    return value;
  }

  /**
   * Refuses setting a builder's part a second time: an {@link #invalidArgument} naming {@code
   * field} when {@code alreadySet}. A part (a device, a link, a store, a trace, an address) is set
   * once, so a call that would silently replace an earlier one fails where it is made.
   */
  public static void requireNotSet(boolean alreadySet, String field) {
    if (alreadySet) {
      throw invalidArgument(field, "was already set; a builder takes each part once");
    }
  }

  /**
   * Turns an exception of a leaf module ({@code swipe-diff}, {@code swipe-wheel}, {@code
   * swipe-memory}), which carries the same snake_case code, into a {@code SwipeException} so
   * callers see one error model. Other exceptions become {@link ErrorCode#INTERNAL}.
   */
  public static SwipeException translate(RuntimeException e) {
    if (e instanceof SwipeException s) {
      return s;
    }
    if (e instanceof dev.swipe.diff.ImageException i) {
      return new SwipeException(ErrorCode.fromId(i.code()), i.getMessage(), Map.of(), i);
    }
    if (e instanceof dev.swipe.wheel.WheelException w) {
      return new SwipeException(ErrorCode.fromId(w.code()), w.getMessage(), w.details(), w);
    }
    if (e instanceof dev.swipe.memory.MemoryException m) {
      return new SwipeException(ErrorCode.fromId(m.code()), m.getMessage(), m.details(), m);
    }
    if (e instanceof dev.swipe.text.TextException t) {
      return new SwipeException(ErrorCode.fromId(t.code()), t.getMessage(), t.details(), t);
    }
    return new SwipeException(ErrorCode.INTERNAL, "unexpected failure: " + e, Map.of(), e);
  }

  /** The stable code. */
  public ErrorCode code() {
    return code;
  }

  /** Machine-readable context (never null; e.g. {@code field}, {@code known_schemes}). */
  public Map<String, Object> details() {
    return details;
  }

  /** The offending field for {@link ErrorCode#INVALID_ARGUMENT}, or null. */
  public String field() {
    Object f = details.get("field");
    return f == null ? null : f.toString();
  }

  @SuppressWarnings("OverrideThrowableToString")
  // the code in the class name's place is what a log line should show; getMessage stays the text
  @Override
  public String toString() {
    return "SwipeException[" + code.id() + "]: " + getMessage();
  }
}
