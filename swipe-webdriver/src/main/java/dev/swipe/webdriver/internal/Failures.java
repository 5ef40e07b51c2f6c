package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Codes;
import dev.swipe.core.ErrorCode;
import dev.swipe.diff.ImageCode;
import dev.swipe.http.internal.ServerCode;
import dev.swipe.wheel.WheelErrorCode;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Turns the SDK's error codes into W3C errors. Codes about what the client sent become {@code
 * invalid argument}; codes that mean the rig itself failed (HID link, capture) become {@code
 * unknown error} and end the session; an interruption is the session ending under the command
 * ({@code invalid session id}) or its script timeout ({@code script timeout}).
 */
final class Failures {
  /** Codes that blame the request. */
  static final Set<String> INPUT =
      Set.of(
          CommonCode.INVALID_ARGUMENT.id(),
          ErrorCode.UNKNOWN_ATTACHMENT.id(),
          ErrorCode.NOT_A_SCREENSHOT.id(),
          CommonCode.IMAGE_DECODE_FAILED.id(),
          ImageCode.IMAGE_SIZE_MISMATCH.id(),
          ErrorCode.UNSUPPORTED_INPUT.id(),
          WheelErrorCode.WHEEL_GENERIC_INPUT_BLOCKED.id(),
          WheelErrorCode.WHEEL_TARGET_UNREACHABLE.id(),
          ErrorCode.UNSUPPORTED_CHARACTER.id(),
          ServerCode.UNKNOWN_TOOL.id());

  /** Codes that mean the rig cannot go on. */
  static final Set<String> FAULT =
      Set.of(
          ErrorCode.HID_DISCONNECTED.id(),
          ErrorCode.HID_REJECTED.id(),
          ErrorCode.CAPTURE_TIMEOUT.id(),
          ErrorCode.CAPTURE_STALE.id(),
          ErrorCode.DEVICE_CLOSED.id(),
          CommonCode.INTERNAL.id());

  private Failures() {}

  /**
   * {@code unsupported operation} for a gesture with more fingers than the rig's HID link holds.
   * The core says so too ({@code unsupported_input}, an {@code invalid argument} elsewhere), but
   * here the request is well-formed and only this rig cannot play it, so the message says which
   * links can. {@code data.code} stays the core's {@code unsupported_input}, with {@code fingers}
   * and {@code contacts}.
   *
   * @param field the request field it concerns
   * @param what what asks for the fingers, e.g. {@code input sources 'a' and 'b' press}
   */
  static W3cFailure tooManyFingers(String field, String what, int fingers, int contacts) {
    return W3cFailure.withDetails(
        W3cError.UNSUPPORTED_OPERATION,
        ErrorCode.UNSUPPORTED_INPUT.id(),
        field
            + ": "
            + what
            + " "
            + fingers
            + " fingers at once, and this rig's HID link holds "
            + contacts
            + (contacts == 1 ? " finger" : " fingers")
            + "; several fingers need a multi-touch link: hidg: with pointer=touch&contacts=N"
            + " (N up to 10), sim: with pointer=touch, or chrome:. Nothing was played",
        Map.of("field", field, "fingers", fingers, "contacts", contacts));
  }

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
   * The W3C failure for an agent-style error result. A tool's verdict (a wheel budget used up, a
   * scroll that made no progress) is an error too, as for Appium's own {@code mobile:} methods: a
   * client's exception then stops a script that would otherwise read past it. {@code data.code} is
   * the tool's snake_case code and {@code data.error} the tool's whole error object (its details
   * included).
   */
  static W3cFailure ofToolError(SessionSlot slot, RigSession s, JsonNode error, boolean timedOut) {
    String code = error.path("code").asText(CommonCode.INTERNAL.id());
    String message = error.path("message").asText(code);
    ObjectNode data = Json.MAPPER.createObjectNode();
    data.put("code", code);
    data.set("error", error.deepCopy());
    return of(
        slot,
        s,
        code,
        message,
        data,
        timedOut,
        FAULT.contains(code)
            ? new SwipeException(Codes.fromId(code).orElse(CommonCode.INTERNAL), message)
            : null);
  }

  private static W3cFailure of(
      SessionSlot slot,
      RigSession s,
      String code,
      String message,
      ObjectNode data,
      boolean timedOut,
      @Nullable SwipeException cause) {
    if (code.equals(CommonCode.INTERRUPTED.id())) {
      if (timedOut) {
        return new W3cFailure(
            W3cError.SCRIPT_TIMEOUT,
            "the method outlived the session's script timeout of "
                + s.timeouts().script()
                + " ms; the finger was released",
            data);
      }
      String ended = s.endReason();
      if (ended != null) {
        return new W3cFailure(
            W3cError.INVALID_SESSION_ID,
            "session " + s.id() + " ended during the command: " + ended,
            data);
      }
      return new W3cFailure(W3cError.UNKNOWN_ERROR, message, data);
    }
    if (INPUT.contains(code)) {
      return new W3cFailure(W3cError.INVALID_ARGUMENT, code + ": " + message, data);
    }
    if (FAULT.contains(code) && cause != null) {
      slot.fault(s, cause);
      return new W3cFailure(
          W3cError.UNKNOWN_ERROR,
          "the rig failed (" + code + "): " + message + "; the session has ended",
          data);
    }
    return new W3cFailure(W3cError.UNKNOWN_ERROR, code + ": " + message, data);
  }
}
