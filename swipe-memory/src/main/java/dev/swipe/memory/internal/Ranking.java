package dev.swipe.memory.internal;

import dev.swipe.memory.MemoryRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The recall ranking shared by the built-in stores, so both order results the same way. See {@link
 * dev.swipe.memory.MemoryStore#recall}. Not public API.
 */
public final class Ranking {
  /** Weight of text relevance (0-1). */
  public static final double W_RELEVANCE = 0.6;

  /** Weight of priority/100. */
  public static final double W_PRIORITY = 0.3;

  /** Weight of recency (0-1). */
  public static final double W_RECENCY = 0.1;

  /** Age at which recency has halved. */
  public static final double RECENCY_HALF_LIFE_DAYS = 30.0;

  private Ranking() {}

  /** Recency in (0, 1]: 1 now, 0.5 after {@value #RECENCY_HALF_LIFE_DAYS} days. */
  public static double recency(Instant updated, Instant now) {
    long ms = Math.max(0, Duration.between(updated, now).toMillis());
    double days = ms / 86_400_000.0;
    return 1.0 / (1.0 + days / RECENCY_HALF_LIFE_DAYS);
  }

  /** A record with its raw relevance (higher is better, > 0). */
  public record Candidate(MemoryRecord record, double relevance, long sequence) {}

  /**
   * Orders candidates best first and keeps {@code limit}.
   *
   * @param candidates records with raw relevance (any positive scale) and a creation sequence
   * @param now the store clock's current time
   * @param limit most results
   */
  public static List<MemoryRecord> rank(List<Candidate> candidates, Instant now, int limit) {
    double best = 0;
    for (Candidate c : candidates) {
      best = Math.max(best, c.relevance());
    }
    List<Scored> scored = new ArrayList<>(candidates.size());
    for (Candidate c : candidates) {
      double rel = best > 0 ? c.relevance() / best : 1.0;
      MemoryRecord r = c.record();
      double s =
          W_RELEVANCE * rel
              + W_PRIORITY * r.priority() / 100.0
              + W_RECENCY * recency(Objects.requireNonNull(r.updatedAt(), "updated_at"), now);
      scored.add(new Scored(r, s, c.sequence()));
    }
    scored.sort(
        Comparator.comparingDouble(Scored::score)
            .reversed()
            .thenComparing((Scored x) -> x.record().updatedAt(), Comparator.reverseOrder())
            .thenComparing(Scored::sequence, Comparator.reverseOrder()));
    List<MemoryRecord> out = new ArrayList<>(Math.min(limit, scored.size()));
    for (int i = 0; i < scored.size() && i < limit; i++) {
      out.add(scored.get(i).record());
    }
    return out;
  }

  private record Scored(MemoryRecord record, double score, long sequence) {}
}
