package host;

import dev.swipe.wheel.WheelScale;

/** Compiles against one public type of swipe-wheel, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = WheelScale.class;

  private Host() {}
}
