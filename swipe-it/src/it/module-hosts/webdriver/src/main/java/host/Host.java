package host;

import dev.swipe.webdriver.WebDriverServer;

/** Compiles against one public type of swipe-webdriver, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = WebDriverServer.class;

  private Host() {}
}
