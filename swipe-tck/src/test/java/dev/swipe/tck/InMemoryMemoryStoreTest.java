package dev.swipe.tck;

import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.MemoryStores;

/** The built-in in-memory store passes the store kit. */
class InMemoryMemoryStoreTest extends MemoryStoreContract {
  @Override
  protected MemoryStore newStore(MutableClock clock) {
    return MemoryStores.open("mem:", clock);
  }
}
