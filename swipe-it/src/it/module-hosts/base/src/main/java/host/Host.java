package host;

import dev.swipe.base.NormSpace;

/** Compiles against one public type of swipe-base, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = NormSpace.class;

  private Host() {}
}
