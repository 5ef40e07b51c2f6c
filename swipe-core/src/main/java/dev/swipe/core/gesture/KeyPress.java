package dev.swipe.core.gesture;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.EnumSet;
import java.util.Set;

/**
 * Press and release one key, optionally with modifiers held.
 *
 * @param key the key
 * @param modifiers modifiers held while the key is down (keyboard-page keys only)
 * @param holdMs how long the key stays down, 1..60000 ms (default 40)
 */
@Api(status = Api.Status.STABLE)
public record KeyPress(Key key, Set<Modifier> modifiers, int holdMs) implements Gesture {
  /** Default hold: long enough for any host's key debounce. */
  public static final int DEFAULT_HOLD_MS = 40;

  /** Validates and copies the modifiers. */
  public KeyPress {
    SwipeException.requireArgument(key, "key");
    SwipeException.requireArgument(modifiers, "modifiers");
    modifiers = modifiers.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(modifiers));
    if (!modifiers.isEmpty() && key.page() != Key.Page.KEYBOARD) {
      throw SwipeException.invalidArgument(
          "modifiers",
          "only keyboard-page keys take modifiers; " + key.name() + " is a consumer key");
    }
    Limits.millis("hold_ms", holdMs, 1);
  }

  /** A press of {@code key} with no modifiers and the default hold. */
  public static KeyPress of(Key key) {
    return new KeyPress(key, Set.of(), DEFAULT_HOLD_MS);
  }

  @Override
  public String kind() {
    return "key";
  }
}
