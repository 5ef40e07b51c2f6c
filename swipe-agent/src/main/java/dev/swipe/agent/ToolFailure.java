package dev.swipe.agent;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure of the agent layer itself (codes core does not know, such as {@code unknown_tool},
 * {@code run_terminated}, {@code unsupported_character}); the dispatcher turns it into an error
 * result like any {@code SwipeException}.
 */
final class ToolFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String code;
  private final transient Map<String, Object> details;

  ToolFailure(String code, String message, Map<String, ?> details) {
    super(message, null, false, false);
    this.code = code;
    this.details = new LinkedHashMap<>(details);
  }

  static ToolFailure invalidArgument(String field, String message) {
    return new ToolFailure("invalid_argument", field + ": " + message, Map.of("field", field));
  }

  String code() {
    return code;
  }

  Map<String, Object> details() {
    return details;
  }
}
