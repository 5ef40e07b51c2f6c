package host;

import dev.swipe.text.TextQuery;

/** Compiles against one public type of swipe-text, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = TextQuery.class;

  private Host() {}
}
