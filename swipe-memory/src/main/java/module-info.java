/**
 * Widget-parameter memory: records, queries, the store SPI and the built-in stores (SQLite and
 * in-memory), found by URI scheme.
 */
@SuppressWarnings("module")
// the qualified export names swipe-memory-postgresql, which is built after this module
module dev.swipe.memory {
  requires transitive dev.swipe.base;
  requires java.sql;
  requires org.xerial.sqlitejdbc;

  exports dev.swipe.memory;
  // The tokenizer, BM25 and recall plan, so the PostgreSQL store ranks exactly like SQLite's.
  // Not API.
  exports dev.swipe.memory.internal to
      dev.swipe.memory.postgresql;

  uses dev.swipe.memory.MemoryStoreProvider;

  provides dev.swipe.memory.MemoryStoreProvider with
      dev.swipe.memory.internal.SqliteStoreProvider,
      dev.swipe.memory.internal.InMemoryStoreProvider;
}
