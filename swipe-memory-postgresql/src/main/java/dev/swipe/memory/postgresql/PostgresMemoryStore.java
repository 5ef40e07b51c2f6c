package dev.swipe.memory.postgresql;

import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.internal.Bm25;
import dev.swipe.memory.internal.Check;
import dev.swipe.memory.internal.Ranking;
import dev.swipe.memory.internal.RecallPlan;
import dev.swipe.memory.internal.RecordTables;
import dev.swipe.memory.internal.Text;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.Driver;
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
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * A memory store in PostgreSQL, shared by every rig that opens the same database.
 *
 * <p>Concurrent writers (threads of one store, or stores of many rigs): every write is one
 * transaction. A save first takes a transaction-scoped advisory lock on its record's identity key
 * (title and entities), then locks the existing row ({@code SELECT ... FOR UPDATE}), so two saves
 * of the same memory run one after the other and the second sees the first: no duplicate record, no
 * lost save ({@code version} counts them). The word statistics change in the same transaction,
 * words in sorted order (so writers never deadlock over them) and the record/word totals on one of
 * {@value PostgresSchema#STAT_SHARDS} rows picked at random. A deadlock or serialization failure
 * that PostgreSQL reports anyway (two bulk saves locking the same records in opposite orders) rolls
 * back and retries, up to {@value #MAX_ATTEMPTS} attempts; a lock held longer than {@code
 * lock_timeout_ms} fails with {@code memory_unavailable}.
 *
 * <p>Recall: the records' words (folded as {@link Text#tokens} does, as every built-in store does)
 * are kept with each record as a {@code tsvector} and posted in {@code swipe_memory_word}, one row
 * per word and record, keyed by (word, record id). Candidates are the newest records posted under
 * the query's rarest words ({@link RecallPlan}): for one word a backward walk of that key, which
 * stops after {@link RecallPlan#BUDGET} rows however many records hold the word (a GIN index over
 * the tsvector would have to visit them all to find the newest). They are scored with the same BM25
 * and {@link Ranking} as the SQLite store, from word statistics read in the same snapshot, so the
 * same query puts the same records first. ({@code ts_rank} is not BM25 and is not used.)
 */
final class PostgresMemoryStore implements MemoryStore {
  static final int MAX_ATTEMPTS = 5;

  /** Advisory-lock class of identity-key locks ("SWMK"); the object is the key's hash. */
  static final int KEY_LOCK_CLASS = 0x53574D4B;

  /** Longest word kept verbatim in the tsvector and statistics; longer ones are abbreviated. */
  static final int MAX_LEXEME = 200;

  private static final RecordTables TABLES = new RecordTables("swipe_memory", "swipe_memory_label");

  private final PostgresUri uri;
  private final String where;
  private final Clock clock;
  private final ConnectionPool pool;

  private PostgresMemoryStore(PostgresUri uri, Clock clock, ConnectionPool pool) {
    this.uri = uri;
    this.where = uri.display();
    this.clock = clock;
    this.pool = pool;
  }

  /** Connects, migrates the schema and returns the open store. */
  static PostgresMemoryStore open(PostgresUri uri, Clock clock) {
    Objects.requireNonNull(uri, "uri");
    Objects.requireNonNull(clock, "clock");
    Driver driver = driver(uri.display());
    String url = uri.jdbcUrl();
    String where = uri.display();
    ConnectionPool pool =
        new ConnectionPool(
            () -> {
              Connection c = driver.connect(url, uri.properties());
              if (c == null) {
                throw new SQLException("the PostgreSQL driver did not accept " + url);
              }
              try {
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                  s.execute("SET lock_timeout = " + uri.lockTimeoutMs);
                }
                c.commit();
              } catch (SQLException e) {
                ConnectionPool.closeQuietly(c);
                throw e;
              }
              return c;
            },
            uri.poolSize,
            uri.poolWaitMs,
            where);
    PostgresMemoryStore store = new PostgresMemoryStore(uri, clock, pool);
    try {
      store.inTx("open", false, c -> PostgresSchema.migrate(c, uri.schema, where));
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
    return store;
  }

  /**
   * PostgreSQL's JDBC driver, found as a service (its classes are not compiled against, and the
   * global DriverManager is not consulted, so another driver for the same URL cannot step in).
   */
  static Driver driver(String where) {
    try {
      for (Driver d :
          ServiceLoader.load(Driver.class, PostgresMemoryStore.class.getClassLoader())) {
        if (d.getClass().getName().equals("org.postgresql.Driver")) {
          return d;
        }
      }
    } catch (ServiceConfigurationError e) {
      throw MemoryCode.unavailable(where, "a JDBC driver failed to load: " + e.getMessage(), e);
    }
    throw MemoryCode.unavailable(
        where,
        "the PostgreSQL JDBC driver (org.postgresql:postgresql) is not on the class path",
        null);
  }

  // ---------------------------------------------------------------- transactions

  @FunctionalInterface
  private interface Tx<T> {
    T run(Connection c) throws SQLException;
  }

  private <T> T inTx(String what, boolean readOnly, Tx<T> body) {
    for (int attempt = 1; ; attempt++) {
      Connection c;
      try {
        c = pool.borrow();
      } catch (SQLException e) {
        throw unavailable(what + " failed: cannot connect", e);
      }
      boolean broken = true;
      try {
        if (readOnly) {
          try (Statement s = c.createStatement()) {
            // one snapshot for the statistics and the candidates
            s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
          }
        }
        T result = body.run(c);
        if (!c.isClosed() && !c.getAutoCommit()) {
          c.commit();
        }
        broken = false;
        return result;
      } catch (SQLException e) {
        broken = !rollback(c) || isConnectionError(e);
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        boolean retry = state.equals("40001") || state.equals("40P01");
        if (retry && attempt < MAX_ATTEMPTS) {
          backOff(attempt);
          continue;
        }
        throw unavailable(what + " failed" + reason(state, attempt), e);
      } catch (RuntimeException | Error e) {
        broken = !rollback(c);
        throw e;
      } finally {
        pool.release(c, broken);
      }
    }
  }

  private static String reason(String state, int attempts) {
    return switch (state) {
      case "40001", "40P01" ->
          ": concurrent writers kept colliding (" + attempts + " attempts, SQLSTATE " + state + ")";
      case "55P03" -> ": another writer held a lock longer than lock_timeout_ms";
      case "57014" -> ": the statement was cancelled";
      default -> state.startsWith("08") ? ": the connection to PostgreSQL failed" : "";
    };
  }

  private static boolean isConnectionError(SQLException e) {
    String s = e.getSQLState();
    return s == null || s.startsWith("08") || s.startsWith("57P");
  }

  private static boolean rollback(Connection c) {
    try {
      if (!c.isClosed()) {
        c.rollback();
        return true;
      }
    } catch (SQLException ignored) {
      // the connection is broken; the pool closes it
    }
    return false;
  }

  private static void backOff(int attempt) {
    long maxMs = 5L << attempt; // 10, 20, 40, 80 ms
    LockSupport.parkNanos(
        TimeUnit.MILLISECONDS.toNanos(ThreadLocalRandom.current().nextLong(1, maxMs)));
  }

  private SwipeException unavailable(String what, SQLException e) {
    String state = e.getSQLState() == null ? "" : " [SQLSTATE " + e.getSQLState() + "]";
    return MemoryCode.unavailable(where, what + ": " + e.getMessage() + state, e);
  }

  // ---------------------------------------------------------------- writes

  @Override
  public MemoryRecord save(MemoryRecord record) {
    Objects.requireNonNull(record, "record");
    return saveAll(List.of(record)).get(0);
  }

  @Override
  public List<MemoryRecord> saveAll(List<MemoryRecord> records) {
    Objects.requireNonNull(records, "records");
    for (MemoryRecord r : records) {
      Objects.requireNonNull(r, "record");
    }
    if (records.isEmpty()) {
      ensureOpen();
      return List.of();
    }
    return inTx(
        "save",
        false,
        c -> {
          // Identity locks first, in one order, so two bulk saves over the same memories queue.
          TreeSet<String> keys = new TreeSet<>();
          for (MemoryRecord r : records) {
            keys.add(r.identityKey());
          }
          try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?, ?)")) {
            for (String k : keys) {
              lock.setInt(1, KEY_LOCK_CLASS);
              lock.setInt(2, keyLock(k));
              lock.execute();
            }
          }
          Delta delta = new Delta();
          List<MemoryRecord> out = new ArrayList<>(records.size());
          for (MemoryRecord r : records) {
            out.add(saveTx(c, r, delta));
          }
          delta.flush(c);
          return out;
        });
  }

  private int keyLock(String key) {
    byte[] h = sha256(uri.schema + '\u0000' + key);
    return (h[0] & 0xff) << 24 | (h[1] & 0xff) << 16 | (h[2] & 0xff) << 8 | (h[3] & 0xff);
  }

  private MemoryRecord saveTx(Connection c, MemoryRecord record, Delta delta) throws SQLException {
    long now = clock.millis();
    String key = record.identityKey();
    byte[] keyHash = sha256(key);
    MemoryRecord old;
    if (record.id() != null) {
      Long id = parseId(record.id());
      old = id == null ? null : selectOne(c, "m.id = ?", id);
      if (id == null || old == null) {
        throw MemoryCode.notFound(record.id());
      }
      Long owner = ownerOf(c, keyHash);
      if (owner != null && owner.longValue() != id) {
        throw MemoryCode.conflict(record.id(), Long.toString(owner));
      }
    } else {
      old = selectOne(c, "m.ukey_hash = ?", keyHash);
    }
    // a stored record has its timestamps
    long createdAt =
        old == null ? now : Objects.requireNonNull(old.createdAt(), "created_at").toEpochMilli();
    long updatedAt = Math.max(now, createdAt);
    String[] lexemes = lexemes(record);
    long id;
    if (old == null) {
      try (PreparedStatement ps =
          c.prepareStatement(
              "INSERT INTO swipe_memory (ukey, ukey_hash, type, title, content, tags, entities,"
                  + " priority, created_at, updated_at, words)"
                  + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, array_to_tsvector(?)) RETURNING id")) {
        bind(ps, key, keyHash, record);
        ps.setLong(9, createdAt);
        ps.setLong(10, updatedAt);
        ps.setArray(11, c.createArrayOf("text", lexemes));
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          id = rs.getLong(1);
        }
      }
      post(c, id, Set.of(lexemes));
    } else {
      id = Long.parseLong(old.id());
      delta.add(Bm25.Doc.of(old), -1);
      // only the words that changed leave or join the postings
      Set<String> before = postedWords(c, id);
      Set<String> after = new TreeSet<>(Arrays.asList(lexemes));
      Set<String> gone = new TreeSet<>(before);
      gone.removeAll(after);
      after.removeAll(before);
      unpost(c, id, gone);
      post(c, id, after);
      try (PreparedStatement ps =
          c.prepareStatement(
              "UPDATE swipe_memory SET ukey = ?, ukey_hash = ?, type = ?, title = ?, content = ?,"
                  + " tags = ?, entities = ?, priority = ?, updated_at = ?,"
                  + " words = array_to_tsvector(?), version = version + 1 WHERE id = ?")) {
        bind(ps, key, keyHash, record);
        ps.setLong(9, updatedAt);
        ps.setArray(10, c.createArrayOf("text", lexemes));
        ps.setLong(11, id);
        ps.executeUpdate();
      }
      try (PreparedStatement ps =
          c.prepareStatement("DELETE FROM swipe_memory_label WHERE memory_id = ?")) {
        ps.setLong(1, id);
        ps.executeUpdate();
      }
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO swipe_memory_label (memory_id, kind, value) VALUES (?, ?, ?)"
                + " ON CONFLICT DO NOTHING")) {
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
    delta.add(Bm25.Doc.of(stored), +1);
    return stored;
  }

  private static void bind(PreparedStatement ps, String key, byte[] keyHash, MemoryRecord r)
      throws SQLException {
    ps.setString(1, key);
    ps.setBytes(2, keyHash);
    ps.setString(3, r.type());
    ps.setString(4, r.title());
    ps.setString(5, r.content());
    ps.setString(6, String.join("\n", r.tags()));
    ps.setString(7, String.join("\n", r.entities()));
    ps.setInt(8, r.priority());
  }

  /** The id of the record holding this identity key, or null. */
  private static @Nullable Long ownerOf(Connection c, byte[] keyHash) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("SELECT id FROM swipe_memory WHERE ukey_hash = ?")) {
      ps.setBytes(1, keyHash);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : null;
      }
    }
  }

  /** The row matching {@code condition}, locked for update, or null. */
  private static @Nullable MemoryRecord selectOne(Connection c, String condition, Object arg)
      throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT "
                + RecordTables.COLS
                + " FROM swipe_memory m WHERE "
                + condition
                + " FOR UPDATE")) {
      ps.setObject(1, arg);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? RecordTables.toRecord(rs) : null;
      }
    }
  }

  /** The words a record is posted under: its tsvector's lexemes, as written with it. */
  private static Set<String> postedWords(Connection c, long id) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("SELECT tsvector_to_array(words) FROM swipe_memory WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        Set<String> out = new TreeSet<>();
        if (rs.next()) {
          out.addAll(Arrays.asList((String[]) rs.getArray(1).getArray()));
        }
        return out;
      }
    }
  }

  /** Adds postings (word, record) to the words table. */
  private static void post(Connection c, long id, Set<String> words) throws SQLException {
    if (words.isEmpty()) {
      return;
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO swipe_memory_word (term, memory_id) SELECT unnest(?::text[]), ?")) {
      ps.setArray(1, c.createArrayOf("text", words.toArray(new String[0])));
      ps.setLong(2, id);
      ps.executeUpdate();
    }
  }

  /** Removes postings (word, record) from the words table. */
  private static void unpost(Connection c, long id, Set<String> words) throws SQLException {
    if (words.isEmpty()) {
      return;
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "DELETE FROM swipe_memory_word WHERE memory_id = ? AND term = ANY (?::text[])")) {
      ps.setLong(1, id);
      ps.setArray(2, c.createArrayOf("text", words.toArray(new String[0])));
      ps.executeUpdate();
    }
  }

  @Override
  public boolean delete(String id) {
    Long rowid = parseId(id);
    if (rowid == null) {
      ensureOpen();
      return false;
    }
    return inTx(
        "delete",
        false,
        c -> {
          MemoryRecord old = selectOne(c, "m.id = ?", rowid);
          if (old == null) {
            return false;
          }
          Delta delta = new Delta();
          delta.add(Bm25.Doc.of(old), -1);
          unpost(c, rowid, postedWords(c, rowid));
          try (PreparedStatement ps = c.prepareStatement("DELETE FROM swipe_memory WHERE id = ?")) {
            ps.setLong(1, rowid);
            ps.executeUpdate();
          }
          delta.flush(c);
          return true;
        });
  }

  /** Ids are decimal row ids; anything else names no record. */
  static @Nullable Long parseId(@Nullable String id) {
    if (id == null || id.isEmpty() || id.length() > 18) {
      return null;
    }
    for (int i = 0; i < id.length(); i++) {
      if (id.charAt(i) < '0' || id.charAt(i) > '9') {
        return null;
      }
    }
    return Long.parseLong(id);
  }

  // ---------------------------------------------------------------- words

  /** A word as stored in the tsvector and the statistics: itself, or abbreviated when long. */
  static String lexeme(String word) {
    if (word.length() <= MAX_LEXEME) {
      return word;
    }
    int cut = MAX_LEXEME - 20;
    if (Character.isHighSurrogate(word.charAt(cut - 1))) {
      cut--;
    }
    return word.substring(0, cut) + "#" + HexFormat.of().formatHex(sha256(word), 0, 8);
  }

  /** The distinct lexemes of a record's words, in all four columns. */
  static String[] lexemes(MemoryRecord r) {
    Set<String> out = new TreeSet<>();
    for (String col : Bm25.columns(r)) {
      for (String t : Text.tokens(col)) {
        out.add(lexeme(t));
      }
    }
    return out.toArray(new String[0]);
  }

  static byte[] sha256(String s) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }

  /** Changes to the word statistics made by one write transaction, written before its commit. */
  private static final class Delta {
    private final Map<String, Long> df = new TreeMap<>();
    private long records;
    private long tokens;

    void add(Bm25.Doc doc, int sign) {
      Set<String> seen = new HashSet<>();
      for (String t : doc.weightedTf().keySet()) {
        if (seen.add(lexeme(t))) {
          df.merge(lexeme(t), (long) sign, Long::sum);
        }
      }
      records += sign;
      tokens += (long) sign * doc.length();
    }

    /** Words in sorted order (every writer locks them in the same order), then one total shard. */
    void flush(Connection c) throws SQLException {
      try (PreparedStatement up =
          c.prepareStatement(
              "INSERT INTO swipe_memory_term (term, df) VALUES (?, ?)"
                  + " ON CONFLICT (term) DO UPDATE SET df = swipe_memory_term.df + excluded.df")) {
        for (Map.Entry<String, Long> e : df.entrySet()) {
          if (e.getValue() == 0) {
            continue;
          }
          up.setString(1, e.getKey());
          up.setLong(2, e.getValue());
          up.addBatch();
        }
        up.executeBatch();
      }
      if (records != 0 || tokens != 0) {
        try (PreparedStatement ps =
            c.prepareStatement(
                "UPDATE swipe_memory_stats SET records = records + ?, tokens = tokens + ?"
                    + " WHERE shard = ?")) {
          ps.setLong(1, records);
          ps.setLong(2, tokens);
          ps.setInt(3, ThreadLocalRandom.current().nextInt(PostgresSchema.STAT_SHARDS));
          ps.executeUpdate();
        }
      }
    }
  }

  // ---------------------------------------------------------------- reads

  private void ensureOpen() {
    // borrowing fails on a closed pool; this is for the calls that need no connection
    if (closed()) {
      throw MemoryCode.unavailable(where, "memory store is closed", null);
    }
  }

  private volatile boolean closed;

  private boolean closed() {
    return closed;
  }

  @Override
  public Optional<MemoryRecord> get(String id) {
    Long rowid = parseId(id);
    if (rowid == null) {
      ensureOpen();
      return Optional.empty();
    }
    return inTx(
        "get",
        false,
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT " + RecordTables.COLS + " FROM swipe_memory m WHERE m.id = ?")) {
            ps.setLong(1, rowid);
            try (ResultSet rs = ps.executeQuery()) {
              return rs.next() ? Optional.of(RecordTables.toRecord(rs)) : Optional.empty();
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
    List<Ranking.Candidate> candidates =
        inTx(
            "recall",
            true,
            c ->
                terms.isEmpty()
                    ? TABLES.wordlessCandidates(c::prepareStatement, query, filters, filterArgs)
                    : scoredCandidates(c, query, terms, filters, filterArgs));
    return Ranking.rank(candidates, now, query.limit());
  }

  private static List<Ranking.Candidate> scoredCandidates(
      Connection c, MemoryQuery query, List<String> terms, String filters, List<Object> filterArgs)
      throws SQLException {
    long rows;
    long tokens;
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT coalesce(sum(records), 0), coalesce(sum(tokens), 0)"
                    + " FROM swipe_memory_stats")) {
      rs.next();
      rows = rs.getLong(1);
      tokens = rs.getLong(2);
    }
    Map<String, List<String>> byLexeme = new LinkedHashMap<>();
    for (String t : terms) {
      byLexeme.computeIfAbsent(lexeme(t), k -> new ArrayList<>()).add(t);
    }
    Map<String, Long> df = new HashMap<>();
    try (PreparedStatement ps =
        c.prepareStatement("SELECT term, df FROM swipe_memory_term WHERE term = ANY (?)")) {
      ps.setArray(1, c.createArrayOf("text", byLexeme.keySet().toArray(new String[0])));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          for (String t : byLexeme.getOrDefault(rs.getString(1), List.of())) {
            df.put(t, rs.getLong(2));
          }
        }
      }
    }
    Set<String> termSet = new HashSet<>(terms);
    List<RecallPlan.Doc> docs;
    if (TABLES.smallestLabelFilter(c::prepareStatement, query) <= RecallPlan.BUDGET) {
      docs =
          RecordTables.select(
              c::prepareStatement, TABLES.selectAll() + filters, filterArgs, termSet);
    } else {
      List<String> selective = RecallPlan.selectiveTerms(terms, df);
      if (selective.isEmpty()) {
        return List.of();
      }
      Set<String> words = new TreeSet<>();
      for (String t : selective) {
        words.add(lexeme(t));
      }
      List<Object> args = new ArrayList<>();
      String postings;
      if (words.size() == 1) {
        // the newest records of one word, however common: a backward walk of the primary key
        postings = "term = ?";
        args.add(words.iterator().next());
      } else {
        // several rare words: at most BUDGET postings in all
        postings = "term = ANY (?)";
        args.add(c.createArrayOf("text", words.toArray(new String[0])));
      }
      args.add(RecallPlan.BUDGET);
      args.addAll(filterArgs);
      docs =
          RecordTables.select(
              c::prepareStatement,
              "SELECT "
                  + RecordTables.COLS
                  + " FROM swipe_memory m WHERE m.id IN (SELECT memory_id FROM swipe_memory_word"
                  + " WHERE "
                  + postings
                  + " ORDER BY memory_id DESC LIMIT ?)"
                  + filters,
              args,
              termSet);
    }
    return RecallPlan.score(docs, terms, df, rows, tokens);
  }

  @Override
  public List<MemoryRecord> list(int offset, int limit) {
    Check.range("offset", offset, 0, Integer.MAX_VALUE);
    Check.range("limit", limit, 1, 1000);
    return inTx(
        "list",
        false,
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT "
                      + RecordTables.COLS
                      + " FROM swipe_memory m ORDER BY m.updated_at DESC, m.id DESC"
                      + " LIMIT ? OFFSET ?")) {
            ps.setInt(1, limit);
            ps.setInt(2, offset);
            List<MemoryRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(RecordTables.toRecord(rs));
              }
            }
            return out;
          }
        });
  }

  @Override
  public long count() {
    return inTx(
        "count",
        false,
        c -> {
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT count(*) FROM swipe_memory")) {
            rs.next();
            return rs.getLong(1);
          }
        });
  }

  @Override
  public void close() {
    closed = true;
    pool.close();
  }

  /** The pool, for tests. */
  ConnectionPool pool() {
    return pool;
  }

  @Override
  public String toString() {
    return "PostgresMemoryStore[" + where + "]";
  }
}
