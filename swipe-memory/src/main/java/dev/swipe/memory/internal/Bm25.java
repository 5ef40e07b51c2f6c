package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryRecord;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The index of one record for the in-memory store's BM25, computed the way SQLite FTS5's {@code
 * bm25()} does (k1 1.2, b 0.75, per-column weights, row length over all columns). Not public API.
 */
public final class Bm25 {
  /** Column weights: title, content, tags, entities. The SQLite store passes the same to bm25(). */
  static final double[] WEIGHTS = {4.0, 1.0, 2.0, 3.0};

  static final double K1 = 1.2;
  static final double B = 0.75;

  private Bm25() {}

  /** Column texts in FTS order: title, content, tags, entities (labels joined by spaces). */
  public static String[] columns(MemoryRecord r) {
    return new String[] {
      r.title(), r.content(), String.join(" ", r.tags()), String.join(" ", r.entities())
    };
  }

  /** Weighted term frequencies and the row length of one record. */
  public record Doc(Map<String, Double> weightedTf, int length) {
    /** Indexes a record. */
    public static Doc of(MemoryRecord r) {
      String[] cols = columns(r);
      Map<String, Double> tf = new HashMap<>();
      int len = 0;
      for (int c = 0; c < cols.length; c++) {
        List<String> toks = Text.tokens(cols[c]);
        len += toks.size();
        for (String t : toks) {
          tf.merge(t, WEIGHTS[c], Double::sum);
        }
      }
      return new Doc(Collections.unmodifiableMap(tf), len);
    }

    /**
     * Indexes a record for scoring only: the length, and frequencies of the given words only (the
     * same numbers {@link #of} gives for them, for less work).
     */
    public static Doc forTerms(MemoryRecord r, Set<String> terms) {
      String[] cols = columns(r);
      Map<String, Double> tf = new HashMap<>();
      int len = 0;
      for (int c = 0; c < cols.length; c++) {
        List<String> toks = Text.tokens(cols[c]);
        len += toks.size();
        for (String t : toks) {
          if (terms.contains(t)) {
            tf.merge(t, WEIGHTS[c], Double::sum);
          }
        }
      }
      return new Doc(Collections.unmodifiableMap(tf), len);
    }
  }

  /** Inverse document frequency as FTS5 computes it (floored at 1e-6). */
  public static double idf(long rows, long rowsWithTerm) {
    double idf = Math.log((rows - rowsWithTerm + 0.5) / (rowsWithTerm + 0.5));
    return idf <= 0.0 ? 1e-6 : idf;
  }

  /**
   * BM25 relevance of a document (positive, higher is better; FTS5 returns the negation).
   *
   * @param doc the document
   * @param terms distinct query terms
   * @param idfs idf of each term
   * @param avgLength average row length over the store
   */
  public static double score(Doc doc, List<String> terms, double[] idfs, double avgLength) {
    double score = 0;
    for (int i = 0; i < terms.size(); i++) {
      Double f = doc.weightedTf().get(terms.get(i));
      if (f == null) {
        continue;
      }
      double num = f * (K1 + 1.0);
      double denom = f + K1 * (1 - B + B * doc.length() / avgLength);
      score += idfs[i] * num / denom;
    }
    return score;
  }
}
