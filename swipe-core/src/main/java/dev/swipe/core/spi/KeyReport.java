package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import java.util.Set;

/**
 * A key going down (with modifiers held) or up. Transports without a keyboard refuse it with {@code
 * unsupported_input}.
 */
@Api(status = Api.Status.STABLE)
public record KeyReport(Key key, Set<Modifier> modifiers, boolean down) implements HidReport {
  /** Copies the modifiers. */
  public KeyReport {
    modifiers = Set.copyOf(modifiers);
  }
}
