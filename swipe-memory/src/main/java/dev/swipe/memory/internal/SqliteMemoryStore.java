package dev.swipe.memory.internal;

import static dev.swipe.memory.internal.RecordTables.COLS;
import static dev.swipe.memory.internal.RecordTables.toRecord;
import static dev.swipe.memory.internal.SqliteRecords.bindRecord;
import static dev.swipe.memory.internal.SqliteRecords.indexWords;
import static dev.swipe.memory.internal.SqliteRecords.unindexWords;

import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.internal.SqliteRecords.Delta;
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
import org.jspecify.annotations.Nullable;

/**
 * The embedded default store: one SQLite file in WAL mode with an FTS5 index for recall.
 *
 * <p>Concurrency: all writes of this instance go through one connection under a lock, each in a
 * {@code BEGIN IMMEDIATE} transaction, so writer threads queue instead of failing; other processes
 * (or other instances) wait up to the busy timeout for the file's write lock. Reads use a small
 * pool of separate connections and, thanks to WAL, never wait for writers. With {@code
 * synchronous=FULL} (the default) a save returns only after its commit is on disk; with NORMAL it
 * still survives a killed process, only a power cut may lose the last commits.
 *
 * <p>Recall: an FTS5 index of each record's words (as {@link Text#tokens} folds them) finds
 * candidates through the query's rarest words ({@link RecallPlan}); word statistics kept in the
 * same transactions as the records let the store score BM25 itself, exactly like the in-memory
 * store.
 *
 * <p>Schema: {@link SqliteSchema} creates and migrates it on open; a file from a newer version, a
 * foreign database or a corrupt file is refused with {@code memory_unavailable} naming the path.
 * Rows: {@link SqliteRecords}. Not public API: open it through {@code MemoryStore}.
 */
public final class SqliteMemoryStore implements MemoryStore {
  private static final RecordTables TABLES = new RecordTables("memory", "memory_label");

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
  private @Nullable Delta delta;

  /** The current write transaction's statistics changes; only inside one. */
  private Delta delta() {
    return Objects.requireNonNull(delta, "no write transaction");
  }

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

  /**
   * Opens or creates the database at {@code path}, migrating its schema.
   *
   * @throws SwipeException {@code memory_unavailable} with the path when the file cannot be
   *     created, is not a (swipe memory) database, is corrupt or comes from a newer version
   */
  public static SqliteMemoryStore open(Path path, Clock clock, Options options) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(options, "options");
    Path abs = path.toAbsolutePath().normalize();
    String p = abs.toString();
    if (Files.isDirectory(abs)) {
      throw MemoryCode.unavailable(p, "memory database path is a directory", null);
    }
    Path parent = abs.getParent();
    if (parent != null) {
      try {
        Files.createDirectories(parent);
      } catch (IOException | SecurityException e) {
        throw MemoryCode.unavailable(p, "cannot create the memory database's directory: " + e, e);
      }
    }
    try {
      return new SqliteMemoryStore(
          abs, clock, options, new Session(SqliteSchema.openWriter(abs, options)));
    } catch (SQLException e) {
      throw unavailable(p, "cannot open memory database", e);
    }
  }

  static SwipeException unavailable(String path, String what, SQLException e) {
    int code = e.getErrorCode() & 0xff;
    String why =
        switch (code) {
          case 5, 6 -> // SQLITE_BUSY, SQLITE_LOCKED
              "the database stayed locked by another writer longer than the busy timeout";
          case 11 -> "the database file is corrupt"; // SQLITE_CORRUPT
          case 26 -> "the file is not a SQLite database"; // SQLITE_NOTADB
          case 8, 14, 23 -> // SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH
              "the database file cannot be opened for writing";
          case 13 -> "the disk is full"; // SQLITE_FULL
          default -> "SQLite error";
        };
    return MemoryCode.unavailable(path, what + ": " + why + " [" + e.getMessage() + "]", e);
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
      throw MemoryCode.unavailable(pathText, "memory store is closed", null);
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
            SqliteSchema.rollbackQuietly(s);
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
      if (id == null || found == null) {
        throw MemoryCode.notFound(record.id());
      }
      Long owner = findIdByKey(c, key);
      if (owner != null && owner.longValue() != id) {
        throw MemoryCode.conflict(record.id(), Long.toString(owner));
      }
      existingId = id;
      createdAt = found[0];
    } else {
      Long owner = findIdByKey(c, key);
      if (owner != null) {
        long[] found = Objects.requireNonNull(findById(c, owner), "the key's row");
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
      delta().add(Bm25.Doc.of(old), -1);
      try (PreparedStatement ps =
          c.prepareStatement(
              "UPDATE memory SET ukey = ?, type = ?, title = ?, content = ?, tags = ?,"
                  + " entities = ?, priority = ?, updated_at = ? WHERE id = ?")) {
        bindRecord(ps, key, record);
        ps.setLong(8, updatedAt);
        ps.setLong(9, id);
        ps.executeUpdate();
      }
      try (PreparedStatement ps =
          c.prepareStatement("DELETE FROM memory_label WHERE memory_id = ?")) {
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
    delta().add(Bm25.Doc.of(stored), +1);
    return stored;
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
  private static long @Nullable [] findById(Session c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT created_at FROM memory WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? new long[] {rs.getLong(1)} : null;
      }
    }
  }

  private static @Nullable Long findIdByKey(Session c, String key) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT id FROM memory WHERE ukey = ?")) {
      ps.setString(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : null;
      }
    }
  }

  /** Ids are decimal rowids; anything else names no record. */
  static @Nullable Long parseId(@Nullable String id) {
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
          delta().add(Bm25.Doc.of(load(c, rowid)), -1);
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
        Connection raw = SqliteSchema.connect(path, options);
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

  @Override
  public List<MemoryRecord> recall(MemoryQuery query) {
    Objects.requireNonNull(query, "query");
    List<String> terms = Text.queryTokens(query.text());
    List<Object> filterArgs = new ArrayList<>();
    String filters = TABLES.filterSql(query, filterArgs);
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
                    return TABLES.wordlessCandidates(
                        c::prepareStatement, query, filters, filterArgs);
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
    if (TABLES.smallestLabelFilter(c::prepareStatement, query) <= RecallPlan.BUDGET) {
      candidates =
          RecordTables.select(
              c::prepareStatement, TABLES.selectAll() + filters, filterArgs, termSet);
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
          RecordTables.select(
              c::prepareStatement,
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
