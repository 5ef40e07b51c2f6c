/**
 * A {@code MemoryStore} on PostgreSQL, found by the {@code postgresql:} scheme: one memory shared
 * by every rig of a grid. Exports nothing; open it with {@code
 * MemoryStore.open("postgresql://...")}.
 */
@SuppressWarnings("requires-automatic")
// the PostgreSQL JDBC driver ships as an automatic module (org.postgresql.jdbc)
module dev.swipe.memory.postgresql {
  requires dev.swipe.memory;
  requires java.sql;
  requires org.postgresql.jdbc;

  uses java.sql.Driver;

  provides dev.swipe.memory.MemoryStoreProvider with
      dev.swipe.memory.postgresql.PostgresStoreProvider;
}
