package dev.swipe.http.internal;

import java.util.Locale;

/**
 * Why the server answered a request itself, before or instead of its handler, with the HTTP status
 * it means. The handler words the answer in its protocol's error shape; the snake_case {@link
 * #id()} is the code a client reads there.
 */
public enum RefusalCode {
  /** The client holds as many connections as it may, or the server holds as many as it takes. */
  TOO_MANY_CONNECTIONS(503),
  /** The request did not arrive whole within the request timeout. */
  REQUEST_TIMEOUT(408),
  /** The body is larger than the server accepts. */
  REQUEST_TOO_LARGE(413),
  /** The request line is longer than the server accepts. */
  REQUEST_LINE_TOO_LONG(414),
  /** The header fields are too many or too long. */
  HEADERS_TOO_LARGE(431),
  /** The request is not well-formed HTTP/1.1. */
  MALFORMED_REQUEST(400),
  /** A protocol version other than HTTP/1.x. */
  HTTP_VERSION_NOT_SUPPORTED(505),
  /** A transfer coding other than chunked. */
  UNSUPPORTED_TRANSFER_ENCODING(501),
  /** The handler failed on the request (a bug, never the client's input). */
  INTERNAL(500);

  private final int status;
  private final String id = name().toLowerCase(Locale.ROOT);

  RefusalCode(int status) {
    this.status = status;
  }

  /** The HTTP status this refusal has in plain HTTP. */
  public int status() {
    return status;
  }

  /** The snake_case id, e.g. {@code request_timeout}. */
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
