package dev.swipe.core;

import java.util.Locale;

/**
 * Stable, machine-readable error codes. The {@link #id()} strings are part of the public contract:
 * agents and host programs branch on them, so they never change once released.
 */
public enum ErrorCode {
  /** An argument is missing, NaN, out of range or of the wrong unit; details name the field. */
  INVALID_ARGUMENT,
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
  /** Image bytes are empty, truncated, not an image, or too large to decode safely. */
  IMAGE_DECODE_FAILED,
  /** Two images that must be compared pixel for pixel have different sizes. */
  IMAGE_SIZE_MISMATCH,
  /** The HID link failed (write error, unplug); a release was attempted before this was thrown. */
  HID_DISCONNECTED,
  /** The HID device answered with an error or did not acknowledge a report in time. */
  HID_REJECTED,
  /** The transport cannot carry this kind of input (e.g. keys on a pointer-only link). */
  UNSUPPORTED_INPUT,
  /** Text holds a character the HID keyboard's layout cannot type; nothing was typed. */
  UNSUPPORTED_CHARACTER,
  /**
   * The phone shows no sign of taking the rig's input (it drew no pointer when the mouse moved)
   * after an action changed nothing; details name the pointer kind and the fix.
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
  /** The wheel target cannot be reached from the current value by whole value steps. */
  WHEEL_TARGET_UNREACHABLE,
  /** The run-scoped wheel allowance or ceiling is used up. */
  WHEEL_BUDGET_EXHAUSTED,
  /** The wheel did not move after a step and a micro probe. */
  WHEEL_NO_PROGRESS,
  /** Generic touch or key input aimed at a wheel that is being worked by wheel_nudge. */
  WHEEL_GENERIC_INPUT_BLOCKED,
  /**
   * Another wheel_nudge of the same column is still running; planning from a stale value could
   * overshoot.
   */
  WHEEL_COLUMN_BUSY,
  /**
   * The marks of a picker's selected row disagree (a band, lines, emphasis, a cylinder's curve, the
   * middle of the rows shown), so no value is claimed for the column.
   */
  WHEEL_SELECTION_UNCLEAR,
  /**
   * A column asked for by its place ({@code column(n)}) cannot be placed surely: a picker column
   * may have gone unread (rows drawn where no column reads), or the columns read before and after
   * the set disagree, so no column is set or claimed by that place.
   */
  WHEEL_COLUMN_UNCLEAR,
  /** A picker column's labels form no known sequence (numbers with a step, months, AM/PM). */
  WHEEL_LABELS_UNRECOGNIZED,
  /** No picker column was found where one was looked for; details say what was read there. */
  WHEEL_NOT_FOUND,
  /** The memory store cannot be opened or written. */
  MEMORY_UNAVAILABLE,
  /** A memory record id is unknown. */
  MEMORY_NOT_FOUND,
  /** A memory save would merge into a different existing record. */
  MEMORY_CONFLICT,
  /** No text on the screen matched a text query; details list what was read nearest to it. */
  TEXT_NOT_FOUND,
  /** Several places match a text query equally well; details list them. */
  TEXT_AMBIGUOUS,
  /** No text reader could be loaded or used; details name the platform and what is missing. */
  TEXT_READER_UNAVAILABLE,
  /** A regular-expression text query backtracked past its budget. */
  TEXT_QUERY_TOO_COSTLY,
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
  /** No provider is registered for a device URI scheme. */
  UNKNOWN_SCHEME,
  /** Two providers claim the same URI scheme. */
  DUPLICATE_SCHEME,
  /** The device (or one of its parts) is closed. */
  DEVICE_CLOSED,
  /** The calling thread was interrupted; the pointer was released first. */
  INTERRUPTED,
  /** A defect inside the SDK; the message says where. */
  INTERNAL;

  private final String id = name().toLowerCase(Locale.ROOT);

  /** The snake_case identifier, e.g. {@code invalid_argument}. */
  public String id() {
    return id;
  }

  /**
   * Maps a snake_case id (as carried by the leaf modules' own exceptions) to a code.
   *
   * @return the code, or {@link #INTERNAL} when the id is unknown
   */
  public static ErrorCode fromId(String id) {
    for (ErrorCode c : values()) {
      if (c.id.equals(id)) {
        return c;
      }
    }
    return INTERNAL;
  }

  @Override
  public String toString() {
    return id;
  }
}
