package dev.swipe.tck;

import dev.swipe.memory.MemoryStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The built-in SQLite store passes the store kit, on a real file. */
class SqliteMemoryStoreContractTest extends MemoryStoreContract {
  @TempDir Path dir;

  @Override
  protected MemoryStore newStore(MemoryStoreContract.MutableClock clock) {
    // sync=normal keeps the kit quick; durability is tested in swipe-memory with the default
    // (full).
    return MemoryStore.open("sqlite:" + dir.resolve("kit.db") + "?sync=normal", clock);
  }
}
