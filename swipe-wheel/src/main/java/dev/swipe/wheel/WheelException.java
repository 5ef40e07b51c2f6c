package dev.swipe.wheel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The only exception this module throws for caller-visible failures. It carries a stable snake_case
 * {@link #code()} so core can turn it into its own error result without parsing messages; {@link
 * #details()} holds machine-readable context (for example the offending {@code field} of an {@code
 * invalid_argument}, or the {@code scope} of an exhausted budget).
 */
public final class WheelException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final WheelErrorCode errorCode;
  private final Map<String, Object> details;

  /**
   * Creates an exception.
   *
   * @param errorCode the stable code
   * @param message a human-readable explanation, meant to be shown to the agent
   * @param details machine-readable context; copied, insertion order kept
   */
  public WheelException(WheelErrorCode errorCode, String message, Map<String, ?> details) {
    super(message);
    this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
    this.details =
        Collections.unmodifiableMap(new LinkedHashMap<>(details == null ? Map.of() : details));
  }

  /** An {@code invalid_argument} naming the offending field as the agent spells it. */
  public static WheelException invalidArgument(String field, String message) {
    return new WheelException(
        WheelErrorCode.INVALID_ARGUMENT, field + ": " + message, Map.of("field", field));
  }

  /** The stable snake_case code, e.g. {@code "invalid_argument"}. */
  public String code() {
    return errorCode.code();
  }

  /** The code as an enum, for exhaustive switches in core. */
  public WheelErrorCode errorCode() {
    return errorCode;
  }

  /** The offending field of an {@code invalid_argument} (snake_case), if any. */
  public Optional<String> field() {
    Object f = details.get("field");
    return f == null ? Optional.empty() : Optional.of(f.toString());
  }

  /** Machine-readable context; never null, unmodifiable. */
  public Map<String, Object> details() {
    return details;
  }
}
