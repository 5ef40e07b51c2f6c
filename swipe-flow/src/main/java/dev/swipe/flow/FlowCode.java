package dev.swipe.flow;

import dev.swipe.base.Api;
import dev.swipe.base.Code;
import java.util.Locale;

/**
 * The codes a flow's reading and replay throw, beside {@code invalid_argument}. A replay that stops
 * carries {@code step} (1-based), {@code kind}, and where a report was written, {@code report}: the
 * recorded and the current screen side by side.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public enum FlowCode implements Code {
  /** The flow file is not a flow: bad YAML, an unknown step, a missing or wrong field. */
  FLOW_INVALID,
  /** The flow file or its screens could not be written ({@code path}). */
  FLOW_UNWRITABLE,
  /** The flow was written by a newer format than this SDK reads. */
  FLOW_UNSUPPORTED_VERSION,
  /** A step could not find its text or its crop on the current screen. */
  FLOW_ANCHOR_NOT_FOUND,
  /**
   * A step acted, and its verdict differs from the recording's ({@code expected}, {@code actual}).
   */
  FLOW_VERDICT_DIFFERS,
  /** The device refused or failed a step; the cause is the device's error. */
  FLOW_STEP_FAILED;

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
