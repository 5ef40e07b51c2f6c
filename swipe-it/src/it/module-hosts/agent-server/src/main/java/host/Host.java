package host;

import dev.swipe.agent.server.McpStdioServer;

/**
 * Compiles against one public type of swipe-agent-server, with nothing but its own dependencies.
 */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = McpStdioServer.class;

  private Host() {}
}
