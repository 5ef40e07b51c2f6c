package host;

import dev.swipe.agent.bench.SwipeBenchScorer;

/** Compiles against one public type of swipe-agent-bench, with nothing but its own dependencies. */
public final class Host {
  /** The type this host uses. */
  public static final Class<?> USED = SwipeBenchScorer.class;

  private Host() {}
}
