package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The SQL the JDBC stores share over a table of records and a table of their labels (tags and
 * entities): reading a record from a row, the label filters of a query, and the candidates of a
 * query without words ({@link RecallPlan}). The SQLite and PostgreSQL stores differ in table names
 * and little else here; their word indexes are their own.
 */
public final class RecordTables {
  /** The columns of a record, in the order {@link #toRecord} reads them (the sequence first). */
  public static final String COLS =
      "m.id, m.type, m.title, m.content, m.tags, m.entities, m.priority, m.created_at,"
          + " m.updated_at";

  /** Prepares a statement; a store's connection or its statement cache. */
  @FunctionalInterface
  public interface Statements {
    /** A statement for {@code sql}, closed by the caller. */
    PreparedStatement prepare(String sql) throws SQLException;
  }

  private final String records;
  private final String labels;

  /**
   * The tables {@code records} (aliased {@code m} in every query) and {@code labels} ({@code
   * memory_id}, {@code kind}, {@code value}).
   */
  public RecordTables(String records, String labels) {
    this.records = records;
    this.labels = labels;
  }

  /** The record in the current row of {@code rs}, selected with {@link #COLS}. */
  public static MemoryRecord toRecord(ResultSet rs) throws SQLException {
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

  /** Labels as stored: one per line. */
  public static List<String> splitLabels(String s) {
    return s == null || s.isEmpty() ? List.of() : Arrays.asList(s.split("\n"));
  }

  /** {@code SELECT COLS FROM records m WHERE 1 = 1}, to which filters append. */
  public String selectAll() {
    return "SELECT " + COLS + " FROM " + records + " m WHERE 1 = 1";
  }

  /**
   * The query's type and label filters as {@code AND ...} clauses; their values go to {@code args}.
   */
  public String filterSql(MemoryQuery query, List<Object> args) {
    StringBuilder filters = new StringBuilder();
    if (query.type() != null) {
      filters.append(" AND m.type = ?");
      args.add(query.type());
    }
    for (String t : query.tags()) {
      filters.append(label("tag"));
      args.add(Text.fold(t));
    }
    for (String e : query.entities()) {
      filters.append(label("entity"));
      args.add(Text.fold(e));
    }
    return filters.toString();
  }

  private String label(String kind) {
    return " AND m.id IN (SELECT memory_id FROM "
        + labels
        + " WHERE kind = '"
        + kind
        + "' AND value = ?)";
  }

  /** How many records the query's narrowest label filter lets through (unbounded without one). */
  public long smallestLabelFilter(Statements c, MemoryQuery query) throws SQLException {
    long min = Long.MAX_VALUE;
    try (PreparedStatement ps =
        c.prepare("SELECT count(*) FROM " + labels + " WHERE kind = ? AND value = ?")) {
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

  /** The records {@code sql} selects with {@link #COLS}, with their words when {@code terms}. */
  public static List<RecallPlan.Doc> select(
      Statements c, String sql, List<Object> args, @Nullable Set<String> terms)
      throws SQLException {
    try (PreparedStatement ps = c.prepare(sql)) {
      for (int i = 0; i < args.size(); i++) {
        ps.setObject(i + 1, args.get(i));
      }
      List<RecallPlan.Doc> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          MemoryRecord r = toRecord(rs);
          long seq = rs.getLong(1);
          out.add(
              terms != null ? RecallPlan.Doc.of(r, seq, terms) : new RecallPlan.Doc(r, seq, null));
        }
      }
      return out;
    }
  }

  /**
   * The candidates of a query without words (see {@link RecallPlan}): every filtered record when
   * few pass the filters, else the best by priority and the newest.
   */
  public List<Ranking.Candidate> wordlessCandidates(
      Statements c, MemoryQuery query, String filters, List<Object> filterArgs)
      throws SQLException {
    List<RecallPlan.Doc> docs;
    if (smallestLabelFilter(c, query) <= RecallPlan.BUDGET) {
      docs = select(c, selectAll() + filters, filterArgs, null);
    } else {
      List<Object> args = new ArrayList<>(filterArgs);
      args.add(RecallPlan.BUDGET);
      docs =
          new ArrayList<>(
              select(
                  c,
                  selectAll()
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
              selectAll() + filters + " ORDER BY m.updated_at DESC, m.id DESC LIMIT ?",
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
}
