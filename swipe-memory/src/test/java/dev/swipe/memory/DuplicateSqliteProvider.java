package dev.swipe.memory;

import java.time.Clock;

/** Claims the built-in "sqlite" scheme; only loaded by the duplicate-scheme test. */
public final class DuplicateSqliteProvider implements MemoryStoreProvider {
  @Override
  public String scheme() {
    return "sqlite";
  }

  @Override
  public MemoryStore open(String uri, Clock clock) {
    throw new AssertionError("never chosen");
  }
}
