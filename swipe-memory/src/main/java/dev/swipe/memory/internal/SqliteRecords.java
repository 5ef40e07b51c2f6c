package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryRecord;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * How a record lives in the SQLite store's rows: the columns read, binding and mapping a row, the
 * record's words in the FTS5 index, and the word statistics a write transaction changes. Shared by
 * the queries and by the migrations that backfill, so a migrated file matches a fresh one.
 */
final class SqliteRecords {
  private SqliteRecords() {}

  /** Adds a record's words (as {@link Text#tokens} sees them) to the FTS5 index. */
  static void indexWords(Session c, MemoryRecord r, long id) throws SQLException {
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

  static void unindexWords(Session c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM memory_fts WHERE rowid = ?")) {
      ps.setLong(1, id);
      ps.executeUpdate();
    }
  }

  static void bindRecord(PreparedStatement ps, String key, MemoryRecord r) throws SQLException {
    ps.setString(1, key);
    ps.setString(2, r.type());
    ps.setString(3, r.title());
    ps.setString(4, r.content());
    ps.setString(5, String.join("\n", r.tags()));
    ps.setString(6, String.join("\n", r.entities()));
    ps.setInt(7, r.priority());
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
}
