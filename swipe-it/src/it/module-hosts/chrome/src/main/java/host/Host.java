package host;

import dev.swipe.chrome.ChromePhone;

/** Compiles against one public type of swipe-chrome, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = ChromePhone.class;

  private Host() {}
}
