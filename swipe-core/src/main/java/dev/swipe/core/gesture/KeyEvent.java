package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import java.util.Set;

/**
 * A key report.
 *
 * @param offsetNanos time after the gesture's start
 * @param key the key
 * @param modifiers modifiers held with it
 * @param down true for press, false for release
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record KeyEvent(long offsetNanos, Key key, Set<Modifier> modifiers, boolean down)
    implements TimelineEvent {
  /** Copies the modifiers. */
  public KeyEvent {
    modifiers = Set.copyOf(modifiers);
  }
}
