package dev.swipe.tck;

import dev.swipe.memory.MemoryStore;

/** The built-in in-memory store passes the store kit. */
class InMemoryMemoryStoreTest extends MemoryStoreContract {
  @Override
  protected MemoryStore newStore(MemoryStoreContract.MutableClock clock) {
    return MemoryStore.open("mem:", clock);
  }
}
