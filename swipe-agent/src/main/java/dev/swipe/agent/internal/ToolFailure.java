package dev.swipe.agent.internal;

import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure of the agent layer itself (such as {@code unknown_tool}, {@code run_terminated}, or a
 * tool's refusal of its arguments); the dispatcher turns it into an error result like any {@code
 * SwipeException}. It carries no stack trace: it answers a call, it does not report a defect.
 */
public final class ToolFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String code;
  private final transient Map<String, Object> details;

  /**
   * A failure with a code of any module: the agent's own, the servers', or core's raised by the
   * tool layer itself (or carried over from a {@code SwipeException}).
   */
  public ToolFailure(Code code, String message, Map<String, ?> details) {
    this(code.id(), message, details);
  }

  private ToolFailure(String code, String message, Map<String, ?> details) {
    super(message, null, false, false);
    this.code = code;
    this.details = new LinkedHashMap<>(details);
  }

  /** What went wrong; never null (a failure made without a message says its code). */
  @Override
  public String getMessage() {
    String m = super.getMessage();
    return m == null ? code : m;
  }

  /** A failure with a code already in its wire form (an id of one of the SDK's codes). */
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
