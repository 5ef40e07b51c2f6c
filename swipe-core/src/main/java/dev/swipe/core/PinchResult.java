package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.ZoomChange;

/**
 * A pinch played and judged: the action, the screen it started from, and what the pixels say the
 * content did between the two, never what the fingers asked for. Read {@link ZoomChange#observed()}
 * before the direction: a zoom the frames cannot confirm is unobserved, not assumed.
 *
 * @param action the gesture played and the settled screen after it
 * @param before the settled screen the pinch started from
 * @param zoom the zoom between {@code before} and the screen after, from the pixels alone
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record PinchResult(ActionResult action, Observation before, ZoomChange zoom) {
  /** Validates that every part is present. */
  public PinchResult {
    SwipeException.requireArgument(action, "action");
    SwipeException.requireArgument(before, "before");
    SwipeException.requireArgument(zoom, "zoom");
  }
}
