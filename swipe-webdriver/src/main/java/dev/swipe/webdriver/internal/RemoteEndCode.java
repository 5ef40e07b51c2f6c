package dev.swipe.webdriver.internal;

import java.util.Locale;

/**
 * This project's snake_case codes for what the remote end refuses on its own (next to core's {@link
 * dev.swipe.core.ErrorCode}s, which it passes on). A client reads them in an error's {@code
 * data.code}, to branch on more than the W3C code; the ids never change once released. A request
 * the HTTP layer refuses before routing carries that layer's code instead ({@code
 * malformed_request}, {@code request_line_too_long}, {@code headers_too_large}, {@code
 * request_timeout}, {@code http_version_not_supported}, {@code unsupported_transfer_encoding},
 * {@code too_many_connections}).
 */
public enum RemoteEndCode {
  /** No command has this URL. */
  UNKNOWN_COMMAND,
  /** The URL is known but not with this HTTP method, or an execute method does not exist. */
  UNKNOWN_METHOD,
  /** The session id names no live session. */
  INVALID_SESSION_ID,
  /** An element was referenced: a rig has no element tree. */
  NO_SUCH_ELEMENT,
  /** A pointer target lies outside the screen. */
  MOVE_TARGET_OUT_OF_BOUNDS,
  /**
   * A well-formed request the rig cannot carry out (a second finger, a wheel, a key it cannot
   * type).
   */
  UNSUPPORTED_OPERATION,
  /** The bearer token is missing or wrong. */
  UNAUTHORIZED,
  /** No capability set matches this rig; data lists the reasons. */
  NO_MATCHING_CAPABILITIES,
  /** The rig already holds a session (a rig is one phone). */
  RIG_BUSY,
  /** The server is stopping. */
  RIG_STOPPING,
  /** The rig failed (HID link, capture) and cannot start a session. */
  RIG_FAULT,
  /** A request body nested deeper than the parser allows. */
  JSON_TOO_DEEP,
  /** A number literal longer than the parser allows. */
  JSON_NUMBER_TOO_LONG,
  /** A string longer than the parser allows. */
  JSON_STRING_TOO_LONG,
  /** A {@code swipe:} method named a tool the session does not have. */
  UNKNOWN_TOOL;

  private final String id = name().toLowerCase(Locale.ROOT);

  /** The snake_case id, e.g. {@code rig_busy}. */
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
