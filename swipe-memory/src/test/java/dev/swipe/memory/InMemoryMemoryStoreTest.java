package dev.swipe.memory;

/** The in-memory store passes the store kit. */
class InMemoryMemoryStoreTest extends MemoryStoreContract {
  @Override
  protected MemoryStore newStore(MutableClock clock) {
    return MemoryStores.open("mem:", clock);
  }
}
