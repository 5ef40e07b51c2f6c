package dev.swipe.core.gesture;

import dev.swipe.base.Api;

/** One timed report of a planned gesture; offsets are nanoseconds from the gesture's start. */
@Api(status = Api.Status.EXPERIMENTAL)
public sealed interface TimelineEvent permits PointerEvent, TouchEvent, KeyEvent {
  /** Nanoseconds after the first event of the gesture. */
  long offsetNanos();
}
