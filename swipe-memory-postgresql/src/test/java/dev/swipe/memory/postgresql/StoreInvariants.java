package dev.swipe.memory.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.memory.internal.Bm25;
import dev.swipe.memory.internal.RecordTables;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** What must hold in a store's tables after any number of writers, whatever they did. */
final class StoreInvariants {
  private StoreInvariants() {}

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
