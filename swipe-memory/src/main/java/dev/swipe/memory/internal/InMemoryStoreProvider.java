package dev.swipe.memory.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.MemoryStoreProvider;
import java.time.Clock;

/** Provides {@code mem:}: a fresh in-memory store per open. Not public API. */
public final class InMemoryStoreProvider implements MemoryStoreProvider {
  /** For ServiceLoader. */
  public InMemoryStoreProvider() {}

  @Override
  public String scheme() {
    return "mem";
  }

  @Override
  public MemoryStore open(String uri, Clock clock) {
    String rest = uri.substring(uri.indexOf(':') + 1);
    if (!rest.isEmpty()) {
      throw SwipeException.invalidArgument(
          "uri", "the in-memory store takes no path or options, use 'mem:' (was '" + uri + "')");
    }
    return new InMemoryMemoryStore(clock);
  }
}
