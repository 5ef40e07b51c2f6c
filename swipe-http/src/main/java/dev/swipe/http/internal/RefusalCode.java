package dev.swipe.http.internal;

import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;

/**
 * Why the server answered a request itself, before or instead of its handler, with the HTTP status
 * it means. The handler words the answer in its protocol's error shape; the {@link #code()} is the
 * code a client reads there. A refusal is not itself a {@link Code}: its code is defined once, in
 * {@link ServerCode} or {@link CommonCode}.
 */
public enum RefusalCode {
  /** The client holds as many connections as it may, or the server holds as many as it takes. */
  TOO_MANY_CONNECTIONS(503, ServerCode.TOO_MANY_CONNECTIONS),
  /** The request did not arrive whole within the request timeout. */
  REQUEST_TIMEOUT(408, ServerCode.REQUEST_TIMEOUT),
  /** The body is larger than the server accepts. */
  REQUEST_TOO_LARGE(413, ServerCode.REQUEST_TOO_LARGE),
  /** The request line is longer than the server accepts. */
  REQUEST_LINE_TOO_LONG(414, ServerCode.REQUEST_LINE_TOO_LONG),
  /** The header fields are too many or too long. */
  HEADERS_TOO_LARGE(431, ServerCode.HEADERS_TOO_LARGE),
  /** The request is not well-formed HTTP/1.1. */
  MALFORMED_REQUEST(400, ServerCode.MALFORMED_REQUEST),
  /** A protocol version other than HTTP/1.x. */
  HTTP_VERSION_NOT_SUPPORTED(505, ServerCode.HTTP_VERSION_NOT_SUPPORTED),
  /** A transfer coding other than chunked. */
  UNSUPPORTED_TRANSFER_ENCODING(501, ServerCode.UNSUPPORTED_TRANSFER_ENCODING),
  /** The handler failed on the request (a bug, never the client's input). */
  INTERNAL(500, CommonCode.INTERNAL);

  private final int status;

  @SuppressWarnings("ImmutableEnumChecker") // the codes it holds are enum constants
  private final Code code;

  RefusalCode(int status, Code code) {
    this.status = status;
    this.code = code;
  }

  /** The HTTP status this refusal has in plain HTTP. */
  public int status() {
    return status;
  }

  /** The code a client reads, e.g. {@code request_timeout}. */
  public Code code() {
    return code;
  }

  /** The snake_case id of {@link #code()}. */
  public String id() {
    return code.id();
  }

  @Override
  public String toString() {
    return id();
  }
}
