package dev.swipe.memory.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.internal.Bm25;
import dev.swipe.memory.internal.RecordTables;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** What must hold in a store's tables after any number of writers, whatever they did. */
final class StoreInvariants {
  private StoreInvariants() {}

  /** Everything derived from the records (statistics, postings) agrees with the records. */
  static void assertConsistent(Connection c) throws SQLException {
    assertStatisticsExact(c);
    assertPostingsExact(c);
  }

  /**
   * The postings are exactly the words of every record: each record under each of its words (as
   * {@link PostgresMemoryStore#lexemes} makes them), once, and nothing else; its tsvector holds the
   * same words.
   */
  static void assertPostingsExact(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      Set<String> expected = new TreeSet<>();
      Set<String> vectors = new TreeSet<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT " + RecordTables.COLS + ", tsvector_to_array(m.words) FROM swipe_memory m")) {
        while (rs.next()) {
          MemoryRecord r = RecordTables.toRecord(rs);
          for (String w : PostgresMemoryStore.lexemes(r)) {
            expected.add(w + " " + r.id());
          }
          for (String w : (String[]) rs.getArray(10).getArray()) {
            vectors.add(w + " " + r.id());
          }
        }
      }
      List<String> posted = new ArrayList<>();
      try (ResultSet rs = s.executeQuery("SELECT term, memory_id FROM swipe_memory_word")) {
        while (rs.next()) {
          posted.add(rs.getString(1) + " " + rs.getLong(2));
        }
      }
      assertThat(posted).as("postings").doesNotHaveDuplicates();
      assertThat(new TreeSet<>(posted)).as("postings").isEqualTo(expected);
      assertThat(vectors).as("tsvectors").isEqualTo(expected);
    }
  }

  /**
   * The word statistics kept by every writer (document frequencies, record and word totals) equal
   * the ones recomputed from the rows: no writer's change was lost or applied twice.
   */
  static void assertStatisticsExact(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      Map<String, Long> df = new TreeMap<>();
      long rows = 0;
      long tokens = 0;
      try (ResultSet rs = s.executeQuery("SELECT " + RecordTables.COLS + " FROM swipe_memory m")) {
        while (rs.next()) {
          Bm25.Doc d = Bm25.Doc.of(RecordTables.toRecord(rs));
          rows++;
          tokens += d.length();
          for (String t : d.weightedTf().keySet()) {
            df.merge(t, 1L, Long::sum);
          }
        }
      }
      Map<String, Long> kept = new HashMap<>();
      try (ResultSet rs = s.executeQuery("SELECT term, df FROM swipe_memory_term WHERE df <> 0")) {
        while (rs.next()) {
          kept.put(rs.getString(1), rs.getLong(2));
        }
      }
      assertThat(kept).as("document frequencies").isEqualTo(df);
      try (ResultSet rs =
          s.executeQuery("SELECT sum(records), sum(tokens) FROM swipe_memory_stats")) {
        rs.next();
        assertThat(rs.getLong(1)).as("records").isEqualTo(rows);
        assertThat(rs.getLong(2)).as("tokens").isEqualTo(tokens);
      }
    }
  }
}
