package host;

import dev.swipe.agent.ToolDispatcher;

/** Compiles against one public type of swipe-agent, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = ToolDispatcher.class;

  private Host() {}
}
