package dev.swipe.core.internal;

import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import java.util.Set;

/**
 * A key report.
 *
 * @param offsetNanos time after the gesture's start
 * @param key the key
 * @param modifiers modifiers held with it
 * @param down true for press, false for release
 */
public record KeyEvent(long offsetNanos, Key key, Set<Modifier> modifiers, boolean down)
    implements TimelineEvent {
  /** Copies the modifiers. */
  public KeyEvent {
    modifiers = Set.copyOf(modifiers);
  }
}
