package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How the built-in stores pick recall candidates, identical in both so they return the same
 * records. Relevance itself is BM25 over all query words (see {@link Bm25}); this class only keeps
 * the work per query bounded so that recall stays fast at 100k records. Not public API.
 *
 * <ol>
 *   <li>When the query has tag or entity filters and the smallest filter matches at most {@link
 *       #BUDGET} records, the candidates are exactly the records passing every filter.
 *   <li>Otherwise the query words are taken rarest first while their record counts add up to at
 *       most {@link #BUDGET} (the rarest word always); candidates are the records containing one of
 *       those words (the {@link #BUDGET} most recently created ones if even the rarest word is
 *       common), then filtered.
 *   <li>Candidates that contain none of the query words are dropped; the rest are ranked.
 * </ol>
 *
 * <p>A query without words ranks by priority and recency only; its candidates are the records
 * passing the filters when the smallest tag or entity filter matches at most {@link #BUDGET}
 * records, else the {@link #BUDGET} best by priority (then most recently updated) plus the {@link
 * #BUDGET} most recently updated.
 *
 * <p>So a record that only shares very common words ("swipe", "parameters") with the query is not
 * returned when rarer words of the query (an app name) match something, which is also what its BM25
 * score would say.
 */
public final class RecallPlan {
  /** Most candidates scored per query. */
  public static final int BUDGET = 200;

  private RecallPlan() {}

  /**
   * The words used to find candidates: rarest first while their counts add up to at most {@link
   * #BUDGET}; at least the rarest word that occurs at all. Empty when no word occurs.
   *
   * @param terms distinct query words
   * @param docFreq number of records containing each word (absent = 0)
   */
  public static List<String> selectiveTerms(List<String> terms, Map<String, Long> docFreq) {
    List<String> present = new ArrayList<>();
    for (String t : terms) {
      if (docFreq.getOrDefault(t, 0L) > 0) {
        present.add(t);
      }
    }
    present.sort(
        Comparator.comparingLong((String t) -> docFreq.get(t))
            .thenComparing(Comparator.naturalOrder()));
    List<String> out = new ArrayList<>();
    long sum = 0;
    for (String t : present) {
      long df = docFreq.getOrDefault(t, 0L);
      if (!out.isEmpty() && sum + df > BUDGET) {
        break;
      }
      out.add(t);
      sum += df;
    }
    return out;
  }

  /** A candidate record with its creation sequence and (lazily computed) BM25 document. */
  public record Doc(MemoryRecord record, long sequence, Bm25.@Nullable Doc doc) {
    /** Indexes the record now, for scoring the given query words. */
    public static Doc of(MemoryRecord record, long sequence, Set<String> terms) {
      return new Doc(record, sequence, Bm25.Doc.forTerms(record, terms));
    }
  }

  /**
   * Scores candidates with BM25 over all query words and drops those containing none of them.
   *
   * @param candidates the candidate records
   * @param terms distinct query words
   * @param docFreq number of records containing each word
   * @param rows number of records in the store
   * @param totalTokens number of words in all records (for the average record length)
   */
  public static List<Ranking.Candidate> score(
      List<Doc> candidates,
      List<String> terms,
      Map<String, Long> docFreq,
      long rows,
      long totalTokens) {
    double avg = rows <= 0 ? 1.0 : Math.max(1e-9, (double) totalTokens / rows);
    double[] idfs = new double[terms.size()];
    for (int i = 0; i < terms.size(); i++) {
      idfs[i] = Bm25.idf(Math.max(rows, 1), docFreq.getOrDefault(terms.get(i), 0L));
    }
    List<Ranking.Candidate> out = new ArrayList<>(candidates.size());
    for (Doc d : candidates) {
      double s = Bm25.score(Objects.requireNonNull(d.doc(), "words"), terms, idfs, avg);
      if (s > 0) {
        out.add(new Ranking.Candidate(d.record(), s, d.sequence()));
      }
    }
    return out;
  }
}
