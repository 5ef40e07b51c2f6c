package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;

/**
 * One finger of a multi-touch report: which finger, where, and whether it touches. A finger keeps
 * its {@code id} from the report that puts it down to the one that lifts it, so the phone can tell
 * two fingers apart while they move.
 *
 * @param id the finger, 0 to {@link #MAX_ID}
 * @param at where it is, in normalized space
 * @param touching false in the one report that lifts it
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record TouchContact(int id, NormPoint at, boolean touching) {
  /** The highest finger id: ten fingers, as multi-touch digitizers count them. */
  public static final int MAX_ID = 9;

  /** Validates the id and the point. */
  public TouchContact {
    if (id < 0 || id > MAX_ID) {
      throw SwipeException.invalidArgument(
          "contact_id", "must be in [0, " + MAX_ID + "], was " + id);
    }
    SwipeException.requireArgument(at, "at");
  }
}
