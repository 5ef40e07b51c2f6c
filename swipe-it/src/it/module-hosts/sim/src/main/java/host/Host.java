package host;

import dev.swipe.sim.SimPhone;

/** Compiles against one public type of swipe-sim, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = SimPhone.class;

  private Host() {}
}
