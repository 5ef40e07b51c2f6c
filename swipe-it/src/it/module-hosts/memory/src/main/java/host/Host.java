package host;

import dev.swipe.memory.MemoryStore;

/** Compiles against one public type of swipe-memory, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = MemoryStore.class;

  private Host() {}
}
