package host;

import dev.swipe.core.Device;

/** Compiles against one public type of swipe-core, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = Device.class;

  private Host() {}
}
