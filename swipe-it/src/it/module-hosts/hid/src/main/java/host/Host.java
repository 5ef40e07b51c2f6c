package host;

import dev.swipe.hid.PikvmTransport;

/** Compiles against one public type of swipe-hid, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = PikvmTransport.class;

  private Host() {}
}
