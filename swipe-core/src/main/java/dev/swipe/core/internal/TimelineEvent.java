package dev.swipe.core.internal;

/** One timed report of a planned gesture; offsets are nanoseconds from the gesture's start. */
public sealed interface TimelineEvent permits PointerEvent, TouchEvent, KeyEvent {
  /** Nanoseconds after the first event of the gesture. */
  long offsetNanos();
}
