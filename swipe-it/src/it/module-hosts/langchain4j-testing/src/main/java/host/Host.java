package host;

import dev.swipe.langchain4j.testing.ScriptedPhoneModel;

/**
 * Compiles against one public type of swipe-langchain4j-testing, with nothing but its own
 * dependencies.
 */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = ScriptedPhoneModel.class;

  private Host() {}
}
