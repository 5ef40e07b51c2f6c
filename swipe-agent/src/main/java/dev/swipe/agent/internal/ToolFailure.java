package dev.swipe.agent.internal;

import dev.swipe.agent.AgentErrorCode;
import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure of the agent layer itself (codes core does not know, such as {@code unknown_tool},
 * {@code run_terminated}, {@code unsupported_character}); the dispatcher turns it into an error
 * result like any {@code SwipeException}.
 */
public final class ToolFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String code;
  private final transient Map<String, Object> details;

  public ToolFailure(AgentErrorCode code, String message, Map<String, ?> details) {
    this(code.id(), message, details);
  }

  /**
   * A core code raised by the tool layer itself (or carried over from a {@code SwipeException}).
   */
  public ToolFailure(Code code, String message, Map<String, ?> details) {
    this(code.id(), message, details);
  }

  private ToolFailure(String code, String message, Map<String, ?> details) {
    super(message, null, false, false);
    this.code = code;
    this.details = new LinkedHashMap<>(details);
  }

  /** A failure with a code already in its wire form (one of {@link AgentErrorCode} or core's). */
  public static ToolFailure withCode(String code, String message, Map<String, ?> details) {
    return new ToolFailure(code, message, details);
  }

  /** An {@code invalid_argument} failure naming {@code field}. */
  public static ToolFailure invalidArgument(String field, String message) {
    return new ToolFailure(
        CommonCode.INVALID_ARGUMENT, field + ": " + message, Map.of("field", field));
  }

  /** The snake_case code on the wire. */
  public String code() {
    return code;
  }

  /** What the error result's {@code details} hold. */
  public Map<String, Object> details() {
    return details;
  }
}
