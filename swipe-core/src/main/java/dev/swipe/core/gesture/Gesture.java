package dev.swipe.core.gesture;

import dev.swipe.base.Api;

/**
 * Something the finger (or the keyboard) does, in normalized screen space. A gesture is a plain
 * immutable value; the device compiles it to timed reports and plays them.
 */
@Api(status = Api.Status.STABLE)
public sealed interface Gesture permits Tap, LongPress, Swipe, Drag, Pinch, MultiTouch, KeyPress {
  /** A short lower-case name for logs, traces and errors, e.g. {@code swipe}. */
  String kind();
}
