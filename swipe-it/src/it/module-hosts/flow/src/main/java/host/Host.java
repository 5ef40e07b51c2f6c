package host;

import dev.swipe.flow.Flow;

/** Compiles against one public type of swipe-flow, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = Flow.class;

  private Host() {}
}
