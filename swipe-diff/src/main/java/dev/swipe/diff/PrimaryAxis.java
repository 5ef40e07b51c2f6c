package dev.swipe.diff;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.internal.ImageFailures;

/**
 * Along which axis screen content moved between two frames, without saying how far: a JPEG cannot
 * back up a displacement claim, but it can back up a direction of travel.
 */
@Api(status = Api.Status.STABLE)
public enum PrimaryAxis {
  /** Content moved left or right (carousel, tabs, horizontal scroller). */
  HORIZONTAL("horizontal"),
  /** Content moved up or down (list, page, wheel). */
  VERTICAL("vertical"),
  /**
   * Nothing changed, or the change is not a translation (content replaced, caret blink, diagonal
   * pan).
   */
  NONE("none");

  private final String id;

  PrimaryAxis(String id) {
    this.id = id;
  }

  /**
   * The lowercase id used in the agent tools' JSON: {@code horizontal}, {@code vertical}, {@code
   * none}.
   */
  public String id() {
    return id;
  }

  /**
   * Parses an {@link #id()} back.
   *
   * @throws SwipeException {@code invalid_argument} for anything else
   */
  public static PrimaryAxis fromId(String id) {
    for (PrimaryAxis a : values()) {
      if (a.id.equals(id)) {
        return a;
      }
    }
    throw ImageFailures.invalidArgument(
        "primary_axis must be horizontal, vertical or none, got " + id);
  }
}
