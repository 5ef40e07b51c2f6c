/**
 * Widget-parameter memory: records, queries, the store SPI and the built-in stores (SQLite and
 * in-memory), found by URI scheme.
 */
module dev.swipe.memory {
  requires transitive dev.swipe.base;
  requires java.sql;
  requires org.xerial.sqlitejdbc;

  exports dev.swipe.memory;

  uses dev.swipe.memory.MemoryStoreProvider;

  provides dev.swipe.memory.MemoryStoreProvider with
      dev.swipe.memory.internal.SqliteStoreProvider,
      dev.swipe.memory.internal.InMemoryStoreProvider;
}
