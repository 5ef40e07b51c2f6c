package host;

import dev.swipe.langchain4j.PhoneAgent;

/** Compiles against one public type of swipe-langchain4j, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = PhoneAgent.class;

  private Host() {}
}
