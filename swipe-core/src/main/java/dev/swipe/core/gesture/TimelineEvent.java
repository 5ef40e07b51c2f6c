package dev.swipe.core.gesture;

/** One timed report of a planned gesture; offsets are nanoseconds from the gesture's start. */
public sealed interface TimelineEvent permits PointerEvent, KeyEvent {
  /** Nanoseconds after the first event of the gesture. */
  long offsetNanos();
}
