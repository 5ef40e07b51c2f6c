package dev.swipe.webdriver.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A command that ends in a W3C error. {@link #data()} carries this project's stable snake_case code
 * and, for argument errors, the field it concerns, so a client can branch on more than the W3C
 * code.
 */
final class W3cFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final W3cError error;
  private final transient ObjectNode data;

  /**
   * @param error the W3C error
   * @param message what went wrong, for a person
   * @param data extra JSON for the error's {@code data} field (never null)
   */
  W3cFailure(W3cError error, String message, ObjectNode data) {
    super(message, null, false, false);
    this.error = error;
    this.data = data;
  }

  /** A failure whose data is {@code {"code": code}} (plus {@code field} when given). */
  static W3cFailure of(W3cError error, RemoteEndCode code, @Nullable String field, String message) {
    return of(error, code.id(), field, message);
  }

  /** A failure whose data carries one of core's codes. */
  static W3cFailure of(W3cError error, Code code, @Nullable String field, String message) {
    return of(error, code.id(), field, message);
  }

  private static W3cFailure of(
      W3cError error, String code, @Nullable String field, String message) {
    ObjectNode d = Json.MAPPER.createObjectNode();
    d.put("code", code);
    if (field != null) {
      d.put("field", field);
    }
    return new W3cFailure(error, field == null ? message : field + ": " + message, d);
  }

  /**
   * A failure whose data is {@code {"code": code}} plus {@code details} (a refusal of the shared
   * HTTP or JSON layer).
   */
  static W3cFailure withDetails(
      W3cError error, String code, String message, Map<String, ?> details) {
    ObjectNode d = Json.MAPPER.createObjectNode();
    d.put("code", code);
    details.forEach((k, v) -> d.set(k, Json.MAPPER.valueToTree(v)));
    return new W3cFailure(error, message, d);
  }

  /** {@code invalid argument} naming the field. */
  static W3cFailure invalidArgument(String field, String message) {
    return of(W3cError.INVALID_ARGUMENT, CommonCode.INVALID_ARGUMENT, field, message);
  }

  /** {@code unsupported operation} naming the field. */
  static W3cFailure unsupported(String field, String message) {
    return of(W3cError.UNSUPPORTED_OPERATION, RemoteEndCode.UNSUPPORTED_OPERATION, field, message);
  }

  /** The W3C error. */
  W3cError error() {
    return error;
  }

  /** The error's data object. */
  ObjectNode data() {
    return data;
  }
}
