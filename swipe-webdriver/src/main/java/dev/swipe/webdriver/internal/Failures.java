package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.SwipeException;
import java.util.Map;
import java.util.Set;

/**
 * Turns the SDK's error codes into W3C errors. Codes about what the client sent become
 * {@code invalid argument}; codes that mean the rig itself failed (HID link, capture) become
 * {@code unknown error} and end the session; an interruption is the session ending under the
 * command ({@code invalid session id}) or its script timeout ({@code script timeout}).
 */
final class Failures {
  /** Codes that blame the request. */
  static final Set<String> INPUT = Set.of(
      "invalid_argument", "unknown_attachment", "not_a_screenshot", "image_decode_failed", "image_size_mismatch",
      "unsupported_input", "unsupported_character", "wheel_generic_input_blocked", "wheel_target_unreachable",
      "unknown_tool");
  /** Codes that mean the rig cannot go on. */
  static final Set<String> FAULT = Set.of(
      "hid_disconnected", "hid_rejected", "capture_timeout", "capture_stale", "device_closed", "internal");

  private Failures() {}

  /**
   * The W3C failure for an SDK exception in session {@code s}; a rig fault ends the session.
   *
   * @param timedOut whether the session's script timeout interrupted the command
   */
  static W3cFailure of(SessionSlot slot, RigSession s, SwipeException e, boolean timedOut) {
    ObjectNode data = Json.MAPPER.createObjectNode();
    data.put("code", e.code().id());
    for (Map.Entry<String, Object> d : e.details().entrySet()) {
      data.set(d.getKey(), Json.MAPPER.valueToTree(String.valueOf(d.getValue())));
    }
    return of(slot, s, e.code().id(), e.getMessage(), data, timedOut, e);
  }

  /**
   * The W3C failure for an agent-style error result, or null when the result is a verdict the
   * client should read as a value (a wheel budget used up, a scroll that made no progress).
   */
  static W3cFailure ofToolError(SessionSlot slot, RigSession s, JsonNode error, boolean timedOut) {
    String code = error.path("code").asText("internal");
    String message = error.path("message").asText(code);
    ObjectNode data = Json.MAPPER.createObjectNode();
    data.put("code", code);
    data.set("error", error.deepCopy());
    if (!INPUT.contains(code) && !FAULT.contains(code) && !code.equals("interrupted")) {
      return null;
    }
    return of(slot, s, code, message, data, timedOut,
        FAULT.contains(code) ? new SwipeException(ErrorCode.fromId(code), message) : null);
  }

  private static W3cFailure of(SessionSlot slot, RigSession s, String code, String message, ObjectNode data,
      boolean timedOut, SwipeException cause) {
    if (code.equals("interrupted")) {
      if (timedOut) {
        return new W3cFailure(W3cError.SCRIPT_TIMEOUT, "the method outlived the session's script timeout of "
            + s.timeouts().script() + " ms; the finger was released", data);
      }
      if (s.endReason() != null) {
        return new W3cFailure(W3cError.INVALID_SESSION_ID, "session " + s.id() + " ended during the command: "
            + s.endReason(), data);
      }
      return new W3cFailure(W3cError.UNKNOWN_ERROR, message, data);
    }
    if (INPUT.contains(code)) {
      return new W3cFailure(W3cError.INVALID_ARGUMENT, code + ": " + message, data);
    }
    if (FAULT.contains(code) && cause != null) {
      slot.fault(s, cause);
      return new W3cFailure(W3cError.UNKNOWN_ERROR, "the rig failed (" + code + "): " + message
          + "; the session has ended", data);
    }
    return new W3cFailure(W3cError.UNKNOWN_ERROR, code + ": " + message, data);
  }
}
