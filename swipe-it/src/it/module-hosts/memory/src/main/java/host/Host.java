package host;

import dev.swipe.memory.MemoryStores;

/** Compiles against one public type of swipe-memory, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = MemoryStores.class;

  private Host() {}
}
