package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryCode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.sqlite.SQLiteConfig;

/**
 * The schema of the SQLite store and how a file gets there: the DDL of each version, the migrations
 * run forward on open inside one write transaction (versioned through {@code PRAGMA user_version};
 * v1 records, labels and FTS5; v2 word statistics; v3 FTS5 over the store's own words; v4 an index
 * by priority), the connection PRAGMAs, and the identity checks that refuse a foreign database or a
 * file from a newer version. The queries are in {@link SqliteMemoryStore}.
 */
final class SqliteSchema {
  private SqliteSchema() {}

  /** Marks the file as a swipe memory database ("SWM1"). */
  static final int APPLICATION_ID = 0x53574D31;

  /** One schema step, run inside the opening write transaction. */
  @FunctionalInterface
  interface Migration {
    void apply(Connection c) throws SQLException;
  }

  /** Version 1: records, labels for filtering, the FTS5 index kept in sync by triggers. */
  static final List<String> V1 =
      List.of(
          "CREATE TABLE memory ("
              + " id INTEGER PRIMARY KEY AUTOINCREMENT,"
              + " ukey TEXT NOT NULL UNIQUE,"
              + " type TEXT NOT NULL,"
              + " title TEXT NOT NULL,"
              + " content TEXT NOT NULL,"
              + " tags TEXT NOT NULL,"
              + " entities TEXT NOT NULL,"
              + " priority INTEGER NOT NULL CHECK (priority BETWEEN 0 AND 100),"
              + " created_at INTEGER NOT NULL,"
              + " updated_at INTEGER NOT NULL)",
          "CREATE INDEX memory_by_updated ON memory(updated_at, id)",
          "CREATE TABLE memory_label ("
              + " memory_id INTEGER NOT NULL REFERENCES memory(id) ON DELETE CASCADE,"
              + " kind TEXT NOT NULL CHECK (kind IN ('tag', 'entity')),"
              + " value TEXT NOT NULL,"
              + " PRIMARY KEY (kind, value, memory_id)) WITHOUT ROWID",
          "CREATE INDEX memory_label_by_memory ON memory_label(memory_id)",
          "CREATE VIRTUAL TABLE memory_fts USING fts5("
              + "title, content, tags, entities,"
              + " content='memory', content_rowid='id',"
              + " tokenize='unicode61 remove_diacritics 2')",
          "INSERT INTO memory_fts(memory_fts, rank) VALUES ('rank', 'bm25(" + weights() + ")')",
          "CREATE TRIGGER memory_ai AFTER INSERT ON memory BEGIN"
              + " INSERT INTO memory_fts(rowid, title, content, tags, entities)"
              + " VALUES (new.id, new.title, new.content, new.tags, new.entities); END",
          "CREATE TRIGGER memory_ad AFTER DELETE ON memory BEGIN"
              + " INSERT INTO memory_fts(memory_fts, rowid, title, content, tags, entities)"
              + " VALUES ('delete', old.id, old.title, old.content, old.tags, old.entities);"
              + " END",
          "CREATE TRIGGER memory_au AFTER UPDATE ON memory BEGIN"
              + " INSERT INTO memory_fts(memory_fts, rowid, title, content, tags, entities)"
              + " VALUES ('delete', old.id, old.title, old.content, old.tags, old.entities);"
              + " INSERT INTO memory_fts(rowid, title, content, tags, entities)"
              + " VALUES (new.id, new.title, new.content, new.tags, new.entities); END");

  /**
   * Version 2: word statistics (records per word, record and word counts) so that recall can score
   * BM25 itself and pick selective words without scanning FTS5 doclists of common words; backfilled
   * from the existing records.
   */
  static void migrateToV2(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE memory_term (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID");
      s.execute(
          "CREATE TABLE memory_stats (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID");
      s.execute("INSERT INTO memory_stats(key, value) VALUES ('records', 0), ('tokens', 0)");
    }
    SqliteRecords.Delta delta = new SqliteRecords.Delta();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT " + RecordTables.COLS + " FROM memory m")) {
      while (rs.next()) {
        delta.add(Bm25.Doc.of(RecordTables.toRecord(rs)), +1);
      }
    }
    delta.flush(new Session(c));
  }

  /** Migrations: index i brings the schema from version i to i+1. */
  static final List<Migration> MIGRATIONS =
      List.of(
          c -> {
            try (Statement s = c.createStatement()) {
              for (String sql : V1) {
                s.execute(sql);
              }
            }
          },
          SqliteSchema::migrateToV2,
          SqliteSchema::migrateToV3,
          c -> {
            // Version 4: recall without words walks records by priority.
            try (Statement s = c.createStatement()) {
              s.execute("CREATE INDEX memory_by_priority ON memory(priority, updated_at, id)");
            }
          });

  /**
   * Version 3: the FTS5 index holds the words exactly as swipe-memory tokenizes them (a contentless
   * table maintained by the store instead of triggers), so the SQLite and in-memory stores agree on
   * what a word is in every script. Rebuilt from the existing records.
   */
  static void migrateToV3(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DROP TRIGGER IF EXISTS memory_ai");
      s.execute("DROP TRIGGER IF EXISTS memory_ad");
      s.execute("DROP TRIGGER IF EXISTS memory_au");
      s.execute("DROP TABLE IF EXISTS memory_fts");
      s.execute(
          "CREATE VIRTUAL TABLE memory_fts USING fts5(words, content='', contentless_delete=1,"
              + " tokenize='unicode61 remove_diacritics 0')");
    }
    Session session = new Session(c);
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT " + RecordTables.COLS + " FROM memory m")) {
      while (rs.next()) {
        SqliteRecords.indexWords(session, RecordTables.toRecord(rs), rs.getLong(1));
      }
    }
  }

  /** The schema version this code writes. */
  static final int SCHEMA_VERSION = MIGRATIONS.size();

  private static String weights() {
    StringBuilder sb = new StringBuilder();
    for (double w : Bm25.WEIGHTS) {
      if (sb.length() > 0) {
        sb.append(", ");
      }
      sb.append(w);
    }
    return sb.toString();
  }

  static Connection connect(Path path, SqliteMemoryStore.Options options) throws SQLException {
    SQLiteConfig config = new SQLiteConfig();
    config.setBusyTimeout(options.busyTimeoutMs());
    return config.createConnection("jdbc:sqlite:" + path);
  }

  private static void setUpWriter(Connection c, SqliteMemoryStore.Options options)
      throws SQLException {
    try (Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("PRAGMA journal_mode=WAL")) {
        rs.next();
        if (!"wal".equalsIgnoreCase(rs.getString(1))) {
          throw new SQLException(
              "could not switch to WAL (journal_mode is " + rs.getString(1) + ")");
        }
      }
      s.execute("PRAGMA synchronous=" + (options.synchronousFull() ? "FULL" : "NORMAL"));
      s.execute("PRAGMA foreign_keys=ON");
    }
  }

  private static void migrate(Connection c, String p) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("BEGIN IMMEDIATE");
      boolean ok = false;
      try {
        int version = checkIdentity(s, p);
        for (int v = version; v < SCHEMA_VERSION; v++) {
          MIGRATIONS.get(v).apply(c);
        }
        if (version != SCHEMA_VERSION) {
          s.execute("PRAGMA user_version=" + SCHEMA_VERSION);
          s.execute("PRAGMA application_id=" + APPLICATION_ID);
        }
        s.execute("COMMIT");
        ok = true;
      } finally {
        if (!ok) {
          rollbackQuietly(s);
        }
      }
    }
  }

  /**
   * Refuses another application's database and a newer schema.
   *
   * @return the schema version of the file (0 for a new or empty file)
   */
  private static int checkIdentity(Statement s, String p) throws SQLException {
    int appId = intPragma(s, "application_id");
    int version = intPragma(s, "user_version");
    if (appId != 0 && appId != APPLICATION_ID) {
      throw MemoryCode.unavailable(
          p,
          "file is a SQLite database of another application (application_id " + appId + ")",
          null);
    }
    if (appId == 0 && version == 0 && hasTables(s)) {
      throw MemoryCode.unavailable(
          p, "file is a SQLite database that is not a swipe memory database", null);
    }
    if (version > SCHEMA_VERSION) {
      throw MemoryCode.unavailable(
          p,
          "memory database has schema version "
              + version
              + ", newer than this swipe-memory understands ("
              + SCHEMA_VERSION
              + ")",
          null);
    }
    return version;
  }

  private static boolean hasTables(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_schema")) {
      rs.next();
      return rs.getInt(1) > 0;
    }
  }

  private static int intPragma(Statement s, String name) throws SQLException {
    try (ResultSet rs = s.executeQuery("PRAGMA " + name)) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  static void rollbackQuietly(Statement s) {
    try {
      s.execute("ROLLBACK");
    } catch (SQLException ignored) {
      // no transaction active
    }
  }

  private static void closeQuietly(@Nullable Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // closing anyway
      }
    }
  }

  /**
   * Opens the connection that writes {@code path}, set up for writing (WAL, the synchronous mode,
   * foreign keys) and migrated to {@link #SCHEMA_VERSION}; closed again when any of that fails.
   *
   * @throws dev.swipe.base.SwipeException {@code memory_unavailable} for a file of another
   *     application or a newer version
   */
  static Connection openWriter(Path path, SqliteMemoryStore.Options options) throws SQLException {
    String p = path.toString();
    Connection w = null;
    try {
      w = connect(path, options);
      try (Statement s = w.createStatement()) {
        // Read-only first: a non-database fails here (SQLITE_NOTADB), and another application's
        // database is refused before anything (even its journal mode) is changed.
        checkIdentity(s, p);
      }
      setUpWriter(w, options);
      migrate(w, p);
      return w;
    } catch (SQLException | RuntimeException e) {
      closeQuietly(w);
      throw e;
    }
  }
}
