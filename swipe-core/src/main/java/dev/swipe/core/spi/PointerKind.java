package dev.swipe.core.spi;

import dev.swipe.base.Api;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * How a HID link presents the finger to the phone. Platforms differ: Android ignores a plain
 * absolute mouse for touch input (use {@link #TOUCH} or {@link #RELATIVE}); an iPhone needs
 * AssistiveTouch for any pointer.
 */
@Api(status = Api.Status.STABLE)
public enum PointerKind {
  /** Absolute mouse: position plus left button. URI value {@code abs}. */
  ABSOLUTE("abs"),
  /** Single-finger touch digitizer. URI value {@code touch}. */
  TOUCH("touch"),
  /** Relative mouse with dead reckoning. URI value {@code rel}. */
  RELATIVE("rel");

  private final String id;

  PointerKind(String id) {
    this.id = id;
  }

  /** The value used in device URIs ({@code pointer=abs|touch|rel}). */
  public String id() {
    return id;
  }

  /** Parses a URI value; null when unknown. */
  public static @Nullable PointerKind fromId(String id) {
    for (PointerKind k : values()) {
      if (k.id.equals(id.toLowerCase(Locale.ROOT))) {
        return k;
      }
    }
    return null;
  }
}
