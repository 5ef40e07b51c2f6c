package dev.swipe.webdriver.internal;

/**
 * The W3C WebDriver error codes this remote end answers with, and the HTTP status the
 * specification's error table gives each. Clients decode the code string into their exception types
 * (Selenium: {@code InvalidArgumentException}, {@code NoSuchSessionException}, ...).
 */
enum W3cError {
  /** Malformed or unusable arguments. */
  INVALID_ARGUMENT("invalid argument", 400),
  /** An element was referenced: a rig has no element tree, so none exists. */
  NO_SUCH_ELEMENT("no such element", 404),
  /** The session does not exist (never created, deleted, or ended by the rig). */
  INVALID_SESSION_ID("invalid session id", 404),
  /** No command has this URL. */
  UNKNOWN_COMMAND("unknown command", 404),
  /** The URL is known but not with this HTTP method. */
  UNKNOWN_METHOD("unknown method", 405),
  /** A pointer target lies outside the screen. */
  MOVE_TARGET_OUT_OF_BOUNDS("move target out of bounds", 500),
  /** The rig is busy or broken, or no capability set matched. */
  SESSION_NOT_CREATED("session not created", 500),
  /** An execute method outlived the session's script timeout. */
  SCRIPT_TIMEOUT("script timeout", 500),
  /**
   * A well-formed request the rig cannot carry out (a second finger, a wheel, a key it cannot
   * type).
   */
  UNSUPPORTED_OPERATION("unsupported operation", 500),
  /** The rig failed (HID link, capture). */
  UNKNOWN_ERROR("unknown error", 500);

  private final String code;
  private final int status;

  W3cError(String code, int status) {
    this.code = code;
    this.status = status;
  }

  /** The error code string, e.g. {@code invalid argument}. */
  String code() {
    return code;
  }

  /** The HTTP status the specification gives it. */
  int status() {
    return status;
  }
}
