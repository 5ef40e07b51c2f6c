package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryException;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteConfig;

/**
 * The embedded default store: one SQLite file in WAL mode with an FTS5 index for recall.
 *
 * <p>Concurrency: all writes of this instance go through one connection under a lock, each in a
 * {@code BEGIN IMMEDIATE} transaction, so writer threads queue instead of failing; other processes
 * (or other instances) wait up to the busy timeout for the file's write lock. Reads use a small pool
 * of separate connections and, thanks to WAL, never wait for writers. With {@code synchronous=FULL}
 * (the default) a save returns only after its commit is on disk; with NORMAL it still survives a
 * killed process, only a power cut may lose the last commits.
 *
 * <p>Recall: an FTS5 index of each record's words (as {@link Text#tokens} folds them) finds
 * candidates through the query's rarest words ({@link RecallPlan}); word statistics kept in the same
 * transactions as the records let the store score BM25 itself, exactly like the in-memory store.
 *
 * <p>Schema: versioned through {@code PRAGMA user_version}, migrated forward on open inside a
 * write transaction (v1 records, labels and FTS5; v2 word statistics; v3 FTS5 over the store's own
 * words; v4 an index by priority); a file from a newer version, a foreign database or a corrupt file is refused with {@code
 * memory_unavailable} naming the path. Not public API: open it through {@code MemoryStores}.
 */
public final class SqliteMemoryStore implements MemoryStore {
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
          "INSERT INTO memory_fts(memory_fts, rank) VALUES ('rank', 'bm25("
              + weights()
              + ")')",
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
      s.execute("CREATE TABLE memory_term (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID");
      s.execute(
          "CREATE TABLE memory_stats (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID");
      s.execute("INSERT INTO memory_stats(key, value) VALUES ('records', 0), ('tokens', 0)");
    }
    Delta delta = new Delta();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT " + COLS + " FROM memory m")) {
      while (rs.next()) {
        delta.add(Bm25.Doc.of(toRecord(rs)), +1);
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
          SqliteMemoryStore::migrateToV2,
          SqliteMemoryStore::migrateToV3,
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
        ResultSet rs = s.executeQuery("SELECT " + COLS + " FROM memory m")) {
      while (rs.next()) {
        indexWords(session, toRecord(rs), rs.getLong(1));
      }
    }
  }

  /** Adds a record's words (as {@link Text#tokens} sees them) to the FTS5 index. */
  private static void indexWords(Session c, MemoryRecord r, long id) throws SQLException {
    StringBuilder words = new StringBuilder();
    for (String col : Bm25.columns(r)) {
      for (String t : Text.tokens(col)) {
        words.append(t).append(' ');
      }
    }
    try (PreparedStatement ps =
        c.prepareStatement("INSERT INTO memory_fts(rowid, words) VALUES (?, ?)")) {
      ps.setLong(1, id);
      ps.setString(2, words.toString());
      ps.executeUpdate();
    }
  }

  private static void unindexWords(Session c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM memory_fts WHERE rowid = ?")) {
      ps.setLong(1, id);
      ps.executeUpdate();
    }
  }

  /** The schema version this code writes. */
  public static final int SCHEMA_VERSION = MIGRATIONS.size();

  private static final String COLS =
      "m.id, m.type, m.title, m.content, m.tags, m.entities, m.priority, m.created_at,"
          + " m.updated_at";
  private static final int MAX_IDLE_READERS = 4;

  private final Path path;
  private final String pathText;
  private final Clock clock;
  private final Options options;
  private final ReentrantLock writeLock = new ReentrantLock();
  private final Session writer;
  private final ConcurrentLinkedDeque<Session> idleReaders = new ConcurrentLinkedDeque<>();
  private final AtomicInteger openReaders = new AtomicInteger();
  private volatile boolean closed;
  /** Statistics changes of the current write transaction; guarded by writeLock. */
  private Delta delta;

  /** Tuning of a SQLite store. */
  public record Options(boolean synchronousFull, int busyTimeoutMs) {
    /** synchronous=FULL, 5 s busy timeout. */
    public static Options defaults() {
      return new Options(true, 5000);
    }

    /** With synchronous FULL (true) or NORMAL (false). */
    public Options withSynchronousFull(boolean full) {
      return new Options(full, busyTimeoutMs);
    }

    /** With another busy timeout. */
    public Options withBusyTimeoutMs(int ms) {
      return new Options(synchronousFull, ms);
    }
  }

  private SqliteMemoryStore(Path path, Clock clock, Options options, Session writer) {
    this.path = path;
    this.pathText = path.toString();
    this.clock = clock;
    this.options = options;
    this.writer = writer;
  }

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

  /**
   * Opens or creates the database at {@code path}, migrating its schema.
   *
   * @throws MemoryException {@code memory_unavailable} with the path when the file cannot be
   *     created, is not a (swipe memory) database, is corrupt or comes from a newer version
   */
  public static SqliteMemoryStore open(Path path, Clock clock, Options options) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(options, "options");
    Path abs = path.toAbsolutePath().normalize();
    String p = abs.toString();
    if (Files.isDirectory(abs)) {
      throw MemoryException.unavailable(p, "memory database path is a directory", null);
    }
    Path parent = abs.getParent();
    if (parent != null) {
      try {
        Files.createDirectories(parent);
      } catch (IOException | SecurityException e) {
        throw MemoryException.unavailable(
            p, "cannot create the memory database's directory: " + e, e);
      }
    }
    Connection w = null;
    try {
      w = connect(abs, options);
      try (Statement s = w.createStatement()) {
        // Read-only first: a non-database fails here (SQLITE_NOTADB), and another application's
        // database is refused before anything (even its journal mode) is changed.
        checkIdentity(s, p);
      }
      setUpWriter(w, options);
      migrate(w, p);
      return new SqliteMemoryStore(abs, clock, options, new Session(w));
    } catch (SQLException e) {
      closeQuietly(w);
      throw unavailable(p, "cannot open memory database", e);
    } catch (RuntimeException e) {
      closeQuietly(w);
      throw e;
    }
  }

  private static Connection connect(Path path, Options options) throws SQLException {
    SQLiteConfig config = new SQLiteConfig();
    config.setBusyTimeout(options.busyTimeoutMs());
    return config.createConnection("jdbc:sqlite:" + path);
  }

  private static void setUpWriter(Connection c, Options options) throws SQLException {
    try (Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("PRAGMA journal_mode=WAL")) {
        rs.next();
        if (!"wal".equalsIgnoreCase(rs.getString(1))) {
          throw new SQLException("could not switch to WAL (journal_mode is " + rs.getString(1) + ")");
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
      throw MemoryException.unavailable(
          p,
          "file is a SQLite database of another application (application_id " + appId + ")",
          null);
    }
    if (appId == 0 && version == 0 && hasTables(s)) {
      throw MemoryException.unavailable(
          p, "file is a SQLite database that is not a swipe memory database", null);
    }
    if (version > SCHEMA_VERSION) {
      throw MemoryException.unavailable(
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

  private static void rollbackQuietly(Statement s) {
    try {
      s.execute("ROLLBACK");
    } catch (SQLException ignored) {
      // no transaction active
    }
  }

  private static void closeQuietly(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // closing anyway
      }
    }
  }

  static MemoryException unavailable(String path, String what, SQLException e) {
    int code = e.getErrorCode() & 0xff;
    String why;
    switch (code) {
      case 5: // SQLITE_BUSY
      case 6: // SQLITE_LOCKED
        why = "the database stayed locked by another writer longer than the busy timeout";
        break;
      case 11: // SQLITE_CORRUPT
        why = "the database file is corrupt";
        break;
      case 26: // SQLITE_NOTADB
        why = "the file is not a SQLite database";
        break;
      case 8: // SQLITE_READONLY
      case 14: // SQLITE_CANTOPEN
      case 23: // SQLITE_AUTH
        why = "the database file cannot be opened for writing";
        break;
      case 13: // SQLITE_FULL
        why = "the disk is full";
        break;
      default:
        why = "SQLite error";
    }
    return MemoryException.unavailable(path, what + ": " + why + " [" + e.getMessage() + "]", e);
  }

  /** The database file. */
  public Path path() {
    return path;
  }

  /** The options this store was opened with. */
  public Options options() {
    return options;
  }

  private void ensureOpen() {
    if (closed) {
      throw MemoryException.unavailable(pathText, "memory store is closed", null);
    }
  }

  /** Changes to the word statistics made by one write transaction, applied before commit. */
  static final class Delta {
    private final Map<String, Long> df = new HashMap<>();
    private long records;
    private long tokens;

    void add(Bm25.Doc doc, int sign) {
      for (String t : doc.weightedTf().keySet()) {
        df.merge(t, (long) sign, Long::sum);
      }
      records += sign;
      tokens += (long) sign * doc.length();
    }

    void flush(Session c) throws SQLException {
      try (PreparedStatement up =
              c.prepareStatement(
                  "INSERT INTO memory_term(term, df) VALUES (?, ?)"
                      + " ON CONFLICT(term) DO UPDATE SET df = df + excluded.df");
          PreparedStatement gone =
              c.prepareStatement("DELETE FROM memory_term WHERE term = ? AND df <= 0")) {
        int n = 0;
        for (Map.Entry<String, Long> e : df.entrySet()) {
          if (e.getValue() == 0) {
            continue;
          }
          up.setString(1, e.getKey());
          up.setLong(2, e.getValue());
          up.addBatch();
          if (e.getValue() < 0) {
            gone.setString(1, e.getKey());
            gone.addBatch();
          }
          if (++n % 1000 == 0) {
            up.executeBatch();
            gone.executeBatch();
          }
        }
        up.executeBatch();
        gone.executeBatch();
      }
      try (PreparedStatement ps =
          c.prepareStatement("UPDATE memory_stats SET value = value + ? WHERE key = ?")) {
        ps.setLong(1, records);
        ps.setString(2, "records");
        ps.addBatch();
        ps.setLong(1, tokens);
        ps.setString(2, "tokens");
        ps.addBatch();
        ps.executeBatch();
      }
      df.clear();
      records = 0;
      tokens = 0;
    }
  }

  // ---------------------------------------------------------------- writes

  @FunctionalInterface
  private interface Tx<T> {
    T run(Session c) throws SQLException;
  }

  private <T> T write(String what, Tx<T> body) {
    writeLock.lock();
    try {
      ensureOpen();
      try (Statement s = writer.createStatement()) {
        s.execute("BEGIN IMMEDIATE");
        boolean ok = false;
        try {
          delta = new Delta();
          T result = body.run(writer);
          delta.flush(writer);
          s.execute("COMMIT");
          ok = true;
          return result;
        } finally {
          if (!ok) {
            rollbackQuietly(s);
          }
        }
      } catch (SQLException e) {
        throw unavailable(pathText, what + " failed", e);
      }
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public MemoryRecord save(MemoryRecord record) {
    Objects.requireNonNull(record, "record");
    return write("save", c -> saveTx(c, record));
  }

  @Override
  public List<MemoryRecord> saveAll(List<MemoryRecord> records) {
    Objects.requireNonNull(records, "records");
    for (MemoryRecord r : records) {
      Objects.requireNonNull(r, "record");
    }
    return write(
        "save",
        c -> {
          List<MemoryRecord> out = new ArrayList<>(records.size());
          for (MemoryRecord r : records) {
            out.add(saveTx(c, r));
          }
          return out;
        });
  }

  private MemoryRecord saveTx(Session c, MemoryRecord record) throws SQLException {
    long now = clock.millis();
    String key = record.identityKey();
    Long existingId = null;
    long createdAt = now;
    if (record.id() != null) {
      Long id = parseId(record.id());
      long[] found = id == null ? null : findById(c, id);
      if (found == null) {
        throw MemoryException.notFound(record.id());
      }
      Long owner = findIdByKey(c, key);
      if (owner != null && owner.longValue() != id) {
        throw MemoryException.conflict(record.id(), Long.toString(owner));
      }
      existingId = id;
      createdAt = found[0];
    } else {
      Long owner = findIdByKey(c, key);
      if (owner != null) {
        long[] found = findById(c, owner);
        existingId = owner;
        createdAt = found[0];
      }
    }
    long updatedAt = Math.max(now, createdAt);
    long id;
    if (existingId == null) {
      try (PreparedStatement ps =
          c.prepareStatement(
              "INSERT INTO memory(ukey, type, title, content, tags, entities, priority,"
                  + " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
        bindRecord(ps, key, record);
        ps.setLong(8, createdAt);
        ps.setLong(9, updatedAt);
        ps.executeUpdate();
      }
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT last_insert_rowid()")) {
        rs.next();
        id = rs.getLong(1);
      }
    } else {
      id = existingId;
      MemoryRecord old = load(c, id);
      delta.add(Bm25.Doc.of(old), -1);
      try (PreparedStatement ps =
          c.prepareStatement(
              "UPDATE memory SET ukey = ?, type = ?, title = ?, content = ?, tags = ?,"
                  + " entities = ?, priority = ?, updated_at = ? WHERE id = ?")) {
        bindRecord(ps, key, record);
        ps.setLong(8, updatedAt);
        ps.setLong(9, id);
        ps.executeUpdate();
      }
      try (PreparedStatement ps = c.prepareStatement("DELETE FROM memory_label WHERE memory_id = ?")) {
        ps.setLong(1, id);
        ps.executeUpdate();
      }
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT OR IGNORE INTO memory_label(memory_id, kind, value) VALUES (?, ?, ?)")) {
      for (String t : record.tags()) {
        ps.setLong(1, id);
        ps.setString(2, "tag");
        ps.setString(3, Text.fold(t));
        ps.addBatch();
      }
      for (String e : record.entities()) {
        ps.setLong(1, id);
        ps.setString(2, "entity");
        ps.setString(3, Text.fold(e));
        ps.addBatch();
      }
      ps.executeBatch();
    }
    MemoryRecord stored =
        record.withIdentity(
            Long.toString(id), Instant.ofEpochMilli(createdAt), Instant.ofEpochMilli(updatedAt));
    if (existingId != null) {
      unindexWords(c, id);
    }
    indexWords(c, stored, id);
    delta.add(Bm25.Doc.of(stored), +1);
    return stored;
  }

  private static void bindRecord(PreparedStatement ps, String key, MemoryRecord r)
      throws SQLException {
    ps.setString(1, key);
    ps.setString(2, r.type());
    ps.setString(3, r.title());
    ps.setString(4, r.content());
    ps.setString(5, String.join("\n", r.tags()));
    ps.setString(6, String.join("\n", r.entities()));
    ps.setInt(7, r.priority());
  }

  private static MemoryRecord load(Session c, long id) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("SELECT " + COLS + " FROM memory m WHERE m.id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new SQLException("record " + id + " vanished inside its transaction");
        }
        return toRecord(rs);
      }
    }
  }

  /** created_at of the row, or null. */
  private static long[] findById(Session c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT created_at FROM memory WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? new long[] {rs.getLong(1)} : null;
      }
    }
  }

  private static Long findIdByKey(Session c, String key) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT id FROM memory WHERE ukey = ?")) {
      ps.setString(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : null;
      }
    }
  }

  /** Ids are decimal rowids; anything else names no record. */
  static Long parseId(String id) {
    if (id == null || id.isEmpty() || id.length() > 19) {
      return null;
    }
    for (int i = 0; i < id.length(); i++) {
      if (id.charAt(i) < '0' || id.charAt(i) > '9') {
        return null;
      }
    }
    try {
      return Long.parseLong(id);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  @Override
  public boolean delete(String id) {
    Long rowid = parseId(id);
    if (rowid == null) {
      ensureOpen();
      return false;
    }
    return write(
        "delete",
        c -> {
          if (findById(c, rowid) == null) {
            return false;
          }
          delta.add(Bm25.Doc.of(load(c, rowid)), -1);
          unindexWords(c, rowid);
          try (PreparedStatement ps = c.prepareStatement("DELETE FROM memory WHERE id = ?")) {
            ps.setLong(1, rowid);
            return ps.executeUpdate() > 0;
          }
        });
  }

  // ---------------------------------------------------------------- reads

  private <T> T read(String what, Tx<T> body) {
    ensureOpen();
    Session c = idleReaders.pollFirst();
    try {
      if (c == null) {
        Connection raw = connect(path, options);
        c = new Session(raw);
        try (Statement s = raw.createStatement()) {
          s.execute("PRAGMA query_only=ON");
        }
        openReaders.incrementAndGet();
      }
      return body.run(c);
    } catch (SQLException e) {
      if (c != null) {
        c.close();
        openReaders.decrementAndGet();
      }
      c = null;
      throw unavailable(pathText, what + " failed", e);
    } finally {
      if (c != null) {
        if (!closed && idleReaders.size() < MAX_IDLE_READERS) {
          idleReaders.offerFirst(c);
          if (closed && idleReaders.remove(c)) {
            c.close();
            openReaders.decrementAndGet();
          }
        } else {
          c.close();
          openReaders.decrementAndGet();
        }
      }
    }
  }

  @Override
  public Optional<MemoryRecord> get(String id) {
    Long rowid = parseId(id);
    if (rowid == null) {
      ensureOpen();
      return Optional.empty();
    }
    return read(
        "get",
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement("SELECT " + COLS + " FROM memory m WHERE m.id = ?")) {
            ps.setLong(1, rowid);
            try (ResultSet rs = ps.executeQuery()) {
              return rs.next() ? Optional.of(toRecord(rs)) : Optional.empty();
            }
          }
        });
  }

  private static MemoryRecord toRecord(ResultSet rs) throws SQLException {
    return new MemoryRecord(
        Long.toString(rs.getLong(1)),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        splitLabels(rs.getString(5)),
        splitLabels(rs.getString(6)),
        rs.getInt(7),
        Instant.ofEpochMilli(rs.getLong(8)),
        Instant.ofEpochMilli(rs.getLong(9)));
  }

  private static List<String> splitLabels(String s) {
    return s == null || s.isEmpty() ? List.of() : Arrays.asList(s.split("\n"));
  }

  @Override
  public List<MemoryRecord> recall(MemoryQuery query) {
    Objects.requireNonNull(query, "query");
    List<String> terms = Text.queryTokens(query.text());
    List<Object> filterArgs = new ArrayList<>();
    String filters = filterSql(query, filterArgs);
    Instant now = clock.instant();
    if (terms.isEmpty()) {
      // No words: every record is equally relevant, so the ranking is priority and recency.
      List<Ranking.Candidate> all =
          read(
              "recall",
              c -> {
                try (Statement s = c.createStatement()) {
                  s.execute("BEGIN");
                  try {
                    return wordlessCandidates(c, query, filters, filterArgs);
                  } finally {
                    s.execute("COMMIT");
                  }
                }
              });
      return Ranking.rank(all, now, query.limit());
    }
    List<Ranking.Candidate> scored =
        read(
            "recall",
            c -> {
              try (Statement s = c.createStatement()) {
                s.execute("BEGIN"); // one snapshot for statistics and candidates
                try {
                  return recallTx(c, query, terms, filters, filterArgs);
                } finally {
                  s.execute("COMMIT");
                }
              }
            });
    return Ranking.rank(scored, now, query.limit());
  }

  private List<Ranking.Candidate> recallTx(
      Session c, MemoryQuery query, List<String> terms, String filters, List<Object> filterArgs)
      throws SQLException {
    long rows = 0;
    long tokens = 0;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT key, value FROM memory_stats")) {
      while (rs.next()) {
        if (rs.getString(1).equals("records")) {
          rows = rs.getLong(2);
        } else if (rs.getString(1).equals("tokens")) {
          tokens = rs.getLong(2);
        }
      }
    }
    Map<String, Long> df = new HashMap<>();
    StringBuilder in = new StringBuilder();
    for (int i = 0; i < terms.size(); i++) {
      in.append(i == 0 ? "?" : ", ?");
    }
    try (PreparedStatement ps =
        c.prepareStatement("SELECT term, df FROM memory_term WHERE term IN (" + in + ")")) {
      for (int i = 0; i < terms.size(); i++) {
        ps.setString(i + 1, terms.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          df.put(rs.getString(1), rs.getLong(2));
        }
      }
    }
    Set<String> termSet = new HashSet<>(terms);
    List<RecallPlan.Doc> candidates;
    if (smallestLabelFilter(c, query) <= RecallPlan.BUDGET) {
      candidates =
          select(c, "SELECT " + COLS + " FROM memory m WHERE 1" + filters, filterArgs, termSet);
    } else {
      List<String> selective = RecallPlan.selectiveTerms(terms, df);
      if (selective.isEmpty()) {
        return List.of();
      }
      List<Object> args = new ArrayList<>();
      args.add(Text.ftsAnyOf(selective));
      args.add(RecallPlan.BUDGET);
      args.addAll(filterArgs);
      candidates =
          select(
              c,
              "SELECT "
                  + COLS
                  + " FROM memory m WHERE m.id IN (SELECT rowid FROM memory_fts"
                  + " WHERE memory_fts MATCH ? ORDER BY rowid DESC LIMIT ?)"
                  + filters,
              args,
              termSet);
    }
    return RecallPlan.score(candidates, terms, df, rows, tokens);
  }

  /** See {@link RecallPlan}: all filtered records when few, else the best by priority and by age. */
  private static List<Ranking.Candidate> wordlessCandidates(
      Session c, MemoryQuery query, String filters, List<Object> filterArgs) throws SQLException {
    List<RecallPlan.Doc> docs;
    if (smallestLabelFilter(c, query) <= RecallPlan.BUDGET) {
      docs = select(c, "SELECT " + COLS + " FROM memory m WHERE 1" + filters, filterArgs, null);
    } else {
      List<Object> args = new ArrayList<>(filterArgs);
      args.add(RecallPlan.BUDGET);
      docs =
          new ArrayList<>(
              select(
                  c,
                  "SELECT "
                      + COLS
                      + " FROM memory m WHERE 1"
                      + filters
                      + " ORDER BY m.priority DESC, m.updated_at DESC, m.id DESC LIMIT ?",
                  args,
                  null));
      Set<Long> seen = new HashSet<>();
      for (RecallPlan.Doc d : docs) {
        seen.add(d.sequence());
      }
      for (RecallPlan.Doc d :
          select(
              c,
              "SELECT "
                  + COLS
                  + " FROM memory m WHERE 1"
                  + filters
                  + " ORDER BY m.updated_at DESC, m.id DESC LIMIT ?",
              args,
              null)) {
        if (seen.add(d.sequence())) {
          docs.add(d);
        }
      }
    }
    List<Ranking.Candidate> out = new ArrayList<>(docs.size());
    for (RecallPlan.Doc d : docs) {
      out.add(new Ranking.Candidate(d.record(), 1.0, d.sequence()));
    }
    return out;
  }

  private static String filterSql(MemoryQuery query, List<Object> args) {
    StringBuilder filters = new StringBuilder();
    if (query.type() != null) {
      filters.append(" AND m.type = ?");
      args.add(query.type());
    }
    for (String t : query.tags()) {
      filters.append(
          " AND m.id IN (SELECT memory_id FROM memory_label WHERE kind = 'tag' AND value = ?)");
      args.add(Text.fold(t));
    }
    for (String e : query.entities()) {
      filters.append(
          " AND m.id IN (SELECT memory_id FROM memory_label WHERE kind = 'entity' AND value = ?)");
      args.add(Text.fold(e));
    }
    return filters.toString();
  }

  private static long smallestLabelFilter(Session c, MemoryQuery query) throws SQLException {
    long min = Long.MAX_VALUE;
    try (PreparedStatement ps =
        c.prepareStatement("SELECT count(*) FROM memory_label WHERE kind = ? AND value = ?")) {
      for (String t : query.tags()) {
        min = Math.min(min, count(ps, "tag", Text.fold(t)));
      }
      for (String e : query.entities()) {
        min = Math.min(min, count(ps, "entity", Text.fold(e)));
      }
    }
    return min;
  }

  private static long count(PreparedStatement ps, String kind, String value) throws SQLException {
    ps.setString(1, kind);
    ps.setString(2, value);
    try (ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static List<RecallPlan.Doc> select(
      Session c, String sql, List<Object> args, Set<String> terms) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.size(); i++) {
        ps.setObject(i + 1, args.get(i));
      }
      List<RecallPlan.Doc> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          MemoryRecord r = toRecord(rs);
          long seq = rs.getLong(1);
          out.add(terms != null ? RecallPlan.Doc.of(r, seq, terms) : new RecallPlan.Doc(r, seq, null));
        }
      }
      return out;
    }
  }

  @Override
  public List<MemoryRecord> list(int offset, int limit) {
    Check.range("offset", offset, 0, Integer.MAX_VALUE);
    Check.range("limit", limit, 1, 1000);
    return read(
        "list",
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT "
                      + COLS
                      + " FROM memory m ORDER BY m.updated_at DESC, m.id DESC LIMIT ? OFFSET ?")) {
            ps.setInt(1, limit);
            ps.setInt(2, offset);
            List<MemoryRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(toRecord(rs));
              }
            }
            return out;
          }
        });
  }

  @Override
  public long count() {
    return read(
        "count",
        c -> {
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT count(*) FROM memory")) {
            rs.next();
            return rs.getLong(1);
          }
        });
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    Session c;
    while ((c = idleReaders.pollFirst()) != null) {
      c.close();
      openReaders.decrementAndGet();
    }
    writeLock.lock();
    try {
      writer.close();
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public String toString() {
    return "SqliteMemoryStore[" + pathText + "]";
  }
}
