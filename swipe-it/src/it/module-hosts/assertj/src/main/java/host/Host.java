package host;

import dev.swipe.assertj.SwipeAssertions;

/** Compiles against one public type of swipe-assertj, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = SwipeAssertions.class;

  private Host() {}
}
