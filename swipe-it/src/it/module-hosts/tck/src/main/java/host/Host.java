package host;

import dev.swipe.tck.MemoryStoreContract;

/** Compiles against one public type of swipe-tck, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = MemoryStoreContract.MutableClock.class;

  private Host() {}
}
