package dev.swipe.tck;

import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.MemoryStores;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The built-in SQLite store passes the store kit, on a real file. */
class SqliteMemoryStoreContractTest extends MemoryStoreContract {
  @TempDir Path dir;

  @Override
  protected MemoryStore newStore(MutableClock clock) {
    // sync=normal keeps the kit quick; durability is tested in swipe-memory with the default
    // (full).
    return MemoryStores.open("sqlite:" + dir.resolve("kit.db") + "?sync=normal", clock);
  }
}
