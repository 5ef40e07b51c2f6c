package dev.swipe.webdriver.internal;

import dev.swipe.base.Code;
import java.util.Locale;

/**
 * The snake_case codes only the remote end throws, for what it refuses on its own (next to core's
 * and the leaves' codes, which it passes on). A client reads them in an error's {@code data.code},
 * to branch on more than the W3C code; the ids never change once released. The codes the agent's
 * server answers too ({@code unknown_tool}, {@code unauthorized}, the JSON reader's {@code
 * json_too_deep}, {@code json_number_too_long}, {@code json_string_too_long}, and the HTTP layer's
 * refusals before routing, such as {@code malformed_request} or {@code too_many_connections}) are
 * defined once, in swipe-http's {@link dev.swipe.http.internal.ServerCode}.
 */
public enum RemoteEndCode implements Code {
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
  /** No capability set matches this rig; data lists the reasons. */
  NO_MATCHING_CAPABILITIES,
  /** The rig already holds a session (a rig is one phone). */
  RIG_BUSY,
  /** The server is stopping. */
  RIG_STOPPING,
  /** The rig failed (HID link, capture) and cannot start a session. */
  RIG_FAULT;

  private final String id = name().toLowerCase(Locale.ROOT);

  /** The snake_case id, e.g. {@code rig_busy}. */
  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
