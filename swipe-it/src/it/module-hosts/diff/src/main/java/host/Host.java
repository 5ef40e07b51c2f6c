package host;

import dev.swipe.diff.DiffResult;

/** Compiles against one public type of swipe-diff, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = DiffResult.class;

  private Host() {}
}
