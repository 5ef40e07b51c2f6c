package dev.swipe.memory;

import java.time.Clock;

/** A host-style provider registered through META-INF/services in the test class path. */
public final class TestStoreProvider implements MemoryStoreProvider {
  /** The last URI opened, so the test can see it was passed whole. */
  static volatile String lastUri;

  @Override
  public String scheme() {
    return "hostmem";
  }

  @Override
  public MemoryStore open(String uri, Clock clock) {
    lastUri = uri;
    return MemoryStore.inMemory(clock);
  }
}
