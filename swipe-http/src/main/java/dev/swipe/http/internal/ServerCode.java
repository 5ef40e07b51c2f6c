package dev.swipe.http.internal;

import dev.swipe.base.Code;
import java.util.Locale;

/**
 * The codes both servers answer, the agent's (HTTP and MCP) and the WebDriver remote end: what this
 * module's HTTP server refuses itself, what its JSON reader refuses, a wrong bearer token and a
 * tool no tool has. They are defined here, the lowest module both servers share, so each id has one
 * definition; a client reads them in {@code error.code} or {@code data.code}, and the ids never
 * change once released.
 */
public enum ServerCode implements Code {
  /** The client holds as many connections as it may, or the server holds as many as it takes. */
  TOO_MANY_CONNECTIONS,
  /** The request did not arrive whole in time. */
  REQUEST_TIMEOUT,
  /** The body is larger than the server accepts. */
  REQUEST_TOO_LARGE,
  /** The request line is longer than the server accepts. */
  REQUEST_LINE_TOO_LONG,
  /** The header fields are too many or too long. */
  HEADERS_TOO_LARGE,
  /** The request is not well-formed HTTP/1.1. */
  MALFORMED_REQUEST,
  /** A protocol version other than HTTP/1.x. */
  HTTP_VERSION_NOT_SUPPORTED,
  /** A transfer coding other than chunked. */
  UNSUPPORTED_TRANSFER_ENCODING,
  /** JSON nested deeper than the reader allows. */
  JSON_TOO_DEEP,
  /** A JSON number literal longer than the reader allows. */
  JSON_NUMBER_TOO_LONG,
  /** A JSON string longer than the reader allows. */
  JSON_STRING_TOO_LONG,
  /** The bearer token is missing or wrong. */
  UNAUTHORIZED,
  /**
   * A tool name no tool has: an agent's {@code tools/call}, or a WebDriver {@code swipe:} method;
   * details list the tools.
   */
  UNKNOWN_TOOL;

  private final String id = name().toLowerCase(Locale.ROOT);

  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
