package dev.swipe.memory.postgresql;

import dev.swipe.memory.MemoryStore;
import dev.swipe.tck.MemoryStoreContract;
import java.sql.SQLException;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The PostgreSQL store passes the memory store kit; each test gets its own fresh database. */
class PostgresMemoryStoreContractTest extends MemoryStoreContract {
  @RegisterExtension static final PostgresServer PG = new PostgresServer();

  @Override
  protected MemoryStore newStore(MemoryStoreContract.MutableClock clock) {
    try {
      return new PostgresStoreProvider().open(PG.uri(PG.newDatabase(), ""), clock);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
