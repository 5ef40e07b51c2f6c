package dev.swipe.base;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The one exception every module throws for a caller-visible failure. It carries a stable {@link
 * Code} that callers (and agents) branch on, a human message, and a details map with
 * machine-readable context such as the offending {@code field}. It lives at the bottom so the
 * leaves throw it too, and a caller never translates between exception types.
 */
@Api(status = Api.Status.STABLE)
public final class SwipeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Code code;
  private final transient Map<String, Object> details;

  /** Creates an exception with a code and message and no details. */
  public SwipeException(Code code, String message) {
    this(code, message, Map.of(), null);
  }

  /** Creates an exception with a code, message and details and no cause. */
  public SwipeException(Code code, String message, Map<String, ?> details) {
    this(code, message, details, null);
  }

  /** Creates an exception with a code, message, details and an optional cause. */
  public SwipeException(
      Code code, String message, @Nullable Map<String, ?> details, @Nullable Throwable cause) {
    super(message, cause);
    this.code = Objects.requireNonNull(code, "code");
    this.details =
        Collections.unmodifiableMap(new LinkedHashMap<>(details == null ? Map.of() : details));
  }

  /**
   * Creates an exception that names the offending field: {@code field} comes first in the details,
   * then {@code details}. A null field or details adds nothing.
   */
  public SwipeException(
      Code code,
      String message,
      @Nullable String field,
      @Nullable Map<String, ?> details,
      @Nullable Throwable cause) {
    this(code, message, withField(field, details), cause);
  }

  private static Map<String, Object> withField(
      @Nullable String field, @Nullable Map<String, ?> details) {
    Map<String, Object> all = new LinkedHashMap<>();
    if (field != null) {
      all.put("field", field);
    }
    if (details != null) {
      all.putAll(details);
    }
    return all;
  }

  /**
   * An {@link CommonCode#INVALID_ARGUMENT} that names the field, e.g. {@code duration_ms}.
   *
   * @param field the argument's name as the caller knows it
   * @param message what is wrong and what is allowed
   */
  public static SwipeException invalidArgument(String field, String message) {
    return invalidArgument(field, message, Map.of());
  }

  /**
   * An {@link CommonCode#INVALID_ARGUMENT} that names the field and carries more details (a limit,
   * the values allowed).
   */
  public static SwipeException invalidArgument(
      String field, String message, Map<String, ?> details) {
    return new SwipeException(
        CommonCode.INVALID_ARGUMENT, field + ": " + message, field, details, null);
  }

  /** Throws {@link #invalidArgument} when {@code value} is null, otherwise returns it. */
  public static <T> T requireArgument(@Nullable T value, String field) {
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
   * The exception itself when it is a {@code SwipeException}, otherwise an {@link
   * CommonCode#INTERNAL} one carrying it as the cause: for the places (a tool call, a WebDriver
   * command, a step of a device action) that must answer with a code whatever went wrong.
   */
  public static SwipeException orInternal(RuntimeException e) {
    if (e instanceof SwipeException s) {
      return s;
    }
    return new SwipeException(CommonCode.INTERNAL, "unexpected failure: " + e, Map.of(), e);
  }

  /** The stable code. */
  public Code code() {
    return code;
  }

  /** Machine-readable context (never null; e.g. {@code field}, {@code known_schemes}). */
  public Map<String, Object> details() {
    return details;
  }

  /**
   * What went wrong, for a person or a model to read; never null (an exception made without one
   * says its code).
   */
  @Override
  public String getMessage() {
    String m = super.getMessage();
    return m == null ? code.id() : m;
  }

  /** The offending field for {@link CommonCode#INVALID_ARGUMENT}, or null. */
  public @Nullable String field() {
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
