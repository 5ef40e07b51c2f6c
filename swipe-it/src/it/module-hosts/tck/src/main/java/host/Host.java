package host;

import dev.swipe.tck.MutableClock;

/** Compiles against one public type of swipe-tck, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = MutableClock.class;

  private Host() {}
}
