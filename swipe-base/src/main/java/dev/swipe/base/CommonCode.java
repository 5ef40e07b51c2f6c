package dev.swipe.base;

import java.util.Locale;

/**
 * The codes that more than one module throws, kept here at the bottom so each has one definition
 * that every module can reach.
 */
@Api(status = Api.Status.STABLE)
public enum CommonCode implements Code {
  /** An argument is missing, NaN, out of range or of the wrong unit; details name the field. */
  INVALID_ARGUMENT,
  /**
   * No provider is registered for a URI scheme (a device, a memory store, a text reader); details
   * list the known ones, so a caller handles all of them alike.
   */
  UNKNOWN_SCHEME,
  /** Image bytes are empty, truncated, not an image, or too large to decode safely. */
  IMAGE_DECODE_FAILED,
  /** The calling thread was interrupted; the pointer was released first. */
  INTERRUPTED,
  /** A defect inside the SDK; the message says where. */
  INTERNAL;

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
