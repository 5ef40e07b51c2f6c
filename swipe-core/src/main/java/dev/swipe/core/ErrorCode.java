package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.base.Code;
import dev.swipe.base.CommonCode;
import java.util.Locale;

/**
 * The codes only swipe-core and the modules above it throw. Codes the leaves throw too are defined
 * once, where they are first thrown: {@link CommonCode}, {@link dev.swipe.diff.ImageCode}, {@link
 * dev.swipe.wheel.WheelErrorCode}, {@link dev.swipe.memory.MemoryCode}, {@link
 * dev.swipe.text.TextCode}; {@link Codes} finds any of them by id. The {@link #id()} strings are
 * part of the public contract: agents and host programs branch on them, so they never change once
 * released.
 */
@Api(status = Api.Status.STABLE)
public enum ErrorCode implements Code {
  /**
   * An attachment id is unknown to the current run (never issued, from another run, or evicted).
   */
  UNKNOWN_ATTACHMENT,
  /**
   * A screenshot id this run issued but no longer keeps: the run's (or the server's) count or byte
   * bound evicted it, oldest first. Take a new screenshot.
   */
  ATTACHMENT_EVICTED,
  /** An attachment id names something that is not a screenshot. */
  NOT_A_SCREENSHOT,
  /** The HID link failed (write error, unplug); a release was attempted before this was thrown. */
  HID_DISCONNECTED,
  /** The HID device answered with an error or did not acknowledge a report in time. */
  HID_REJECTED,
  /** The transport cannot carry this kind of input (e.g. keys on a pointer-only link). */
  UNSUPPORTED_INPUT,
  /** Text holds a character the HID keyboard's layout cannot type; nothing was typed. */
  UNSUPPORTED_CHARACTER,
  /**
   * The phone shows no sign of taking the rig's input: it drew no pointer when the mouse moved, at
   * open and again before a press (nothing was pressed), or after an action changed nothing;
   * details name the pointer kind and the fix.
   */
  INPUT_IGNORED,
  /** No frame newer than the action arrived within the timeout. */
  CAPTURE_TIMEOUT,
  /** The capture source only delivers frames older than the action (a frozen source). */
  CAPTURE_STALE,
  /** A scroll did not move content that was expected to move. */
  SCROLL_NO_PROGRESS,
  /** An on-screen keyboard leaves too little of the scroll surface to swipe on. */
  SCROLL_KEYBOARD_OCCLUDES_SURFACE,
  /**
   * A column asked for by its place ({@code column(n)}) cannot be placed surely: a picker column
   * may have gone unread (rows drawn where no column reads), or the columns read before and after
   * the set disagree, so no column is set or claimed by that place.
   */
  WHEEL_COLUMN_UNCLEAR,
  /** No picker column was found where one was looked for; details say what was read there. */
  WHEEL_NOT_FOUND,
  /** No text on the screen matched a text query; details list what was read nearest to it. */
  TEXT_NOT_FOUND,
  /** Several places match a text query equally well; details list them. */
  TEXT_AMBIGUOUS,
  /**
   * The screen does not match a golden screenshot within the tolerance; details give the diff
   * ratio, the tolerance and where the diff image was written.
   */
  SCREEN_MISMATCH,
  /**
   * No browser to run the phone in: Chromium is not installed or not found, failed to start, or its
   * DevTools endpoint cannot be reached; details say what to install or where it looked.
   */
  BROWSER_UNAVAILABLE,
  /** Two providers claim the same URI scheme. */
  DUPLICATE_SCHEME,
  /** The device (or one of its parts) is closed. */
  DEVICE_CLOSED;

  private final String id = name().toLowerCase(Locale.ROOT);

  /** The snake_case identifier, e.g. {@code device_closed}. */
  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
