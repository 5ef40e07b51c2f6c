package dev.swipe.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.memory.MemoryRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The recall ranking both stores share (so their equivalence test cannot pin it): recency's
 * half-life, the weighted score against a brute-force order, ties and the limit.
 */
class RankingTest {

  private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");

  private static MemoryRecord record(String title, int priority, Instant updated) {
    return MemoryRecord.builder(title, "")
        .priority(priority)
        .timestamps(updated.minus(Duration.ofDays(400)), updated)
        .build();
  }

  @Test
  void recencyHalvesEveryHalfLifeAndIsOneForNowAndTheFuture() {
    assertThat(Ranking.recency(NOW, NOW)).isEqualTo(1.0);
    assertThat(Ranking.recency(NOW.plusSeconds(3600), NOW))
        .as("a clock that went back")
        .isEqualTo(1.0);
    assertThat(Ranking.recency(NOW.minus(Duration.ofDays(30)), NOW))
        .isCloseTo(0.5, Offset.offset(1e-12));
    assertThat(Ranking.recency(NOW.minus(Duration.ofDays(90)), NOW))
        .isCloseTo(0.25, Offset.offset(1e-12));
    assertThat(Ranking.recency(NOW.minus(Duration.ofHours(36)), NOW))
        .isCloseTo(1.0 / (1.0 + 1.5 / 30.0), Offset.offset(1e-12));
    assertThat(Ranking.recency(NOW.minusMillis(1), NOW)).isLessThan(1.0);
  }

  @Test
  void recordsAreOrderedByTheirWeightedScoreThenNewestThenLatestCreated() {
    qt().withExamples(300)
        .forAll(longs().all(), integers().between(0, 12), integers().between(0, 14))
        .checkAssert(
            (seed, n, limit) -> {
              Random r = new Random(seed);
              List<Ranking.Candidate> candidates = new ArrayList<>();
              boolean noRelevance = r.nextInt(5) == 0; // a recall without words: every relevance 0
              for (int i = 0; i < n; i++) {
                // few distinct values, so ties on score and on time happen
                int priority = 10 * r.nextInt(4);
                Instant updated = NOW.minus(Duration.ofDays(r.nextInt(3) * 30L));
                double relevance = noRelevance ? 0.0 : 0.5 + r.nextInt(3);
                candidates.add(
                    new Ranking.Candidate(
                        record("r" + i, priority, updated), relevance, r.nextInt(50)));
              }
              double best =
                  candidates.stream().mapToDouble(Ranking.Candidate::relevance).max().orElse(0);
              List<Ranking.Candidate> expected = new ArrayList<>(candidates);
              Comparator<Ranking.Candidate> byScore =
                  Comparator.comparingDouble(c -> -score(c, best));
              expected.sort(
                  byScore
                      .thenComparing(
                          (Ranking.Candidate c) -> c.record().updatedAt(),
                          Comparator.reverseOrder())
                      .thenComparing(Ranking.Candidate::sequence, Comparator.reverseOrder()));
              List<MemoryRecord> got = Ranking.rank(candidates, NOW, limit);
              assertThat(got).hasSize(Math.min(limit, n));
              for (int i = 0; i < got.size(); i++) {
                Ranking.Candidate want = expected.get(i);
                // records equal in every ranked key may come in either order; compare the keys
                assertThat(score(find(candidates, got.get(i)), best))
                    .isCloseTo(score(want, best), Offset.offset(1e-9));
                assertThat(got.get(i).updatedAt()).isEqualTo(want.record().updatedAt());
              }
            });
  }

  private static Ranking.Candidate find(List<Ranking.Candidate> candidates, MemoryRecord r) {
    return candidates.stream().filter(c -> c.record() == r).findFirst().orElseThrow();
  }

  /** 0.6 relevance (relative to the best, 1 when none has any) + 0.3 priority/100 + 0.1 recency. */
  private static double score(Ranking.Candidate c, double best) {
    double rel = best > 0 ? c.relevance() / best : 1.0;
    return 0.6 * rel
        + 0.3 * c.record().priority() / 100.0
        + 0.1 * Ranking.recency(c.record().updatedAt(), NOW);
  }

  @Test
  void theWeightsTradeRelevanceAgainstPriorityAndRecency() {
    Instant old = NOW.minus(Duration.ofDays(3000));
    MemoryRecord relevantOld = record("relevant", 0, old);
    MemoryRecord urgentNew = record("urgent", 100, NOW);
    // relevance 1 vs 0.1 outweighs priority 100 vs 0 and a fresh record: 0.6 * 0.9 > 0.3 + 0.1 * (1
    // - 1/101)
    assertThat(
            Ranking.rank(
                List.of(
                    new Ranking.Candidate(urgentNew, 0.2, 1),
                    new Ranking.Candidate(relevantOld, 2.0, 0)),
                NOW,
                2))
        .containsExactly(relevantOld, urgentNew);
    // a small relevance lead does not, whatever the scale of the raw relevance (it counts relative
    // to the best): 0.6 * 0.1 < 0.3 + 0.1 * (1 - 1/101)
    assertThat(
            Ranking.rank(
                List.of(
                    new Ranking.Candidate(urgentNew, 0.9, 1),
                    new Ranking.Candidate(relevantOld, 1.0, 0)),
                NOW,
                2))
        .containsExactly(urgentNew, relevantOld);
    assertThat(
            Ranking.rank(
                List.of(
                    new Ranking.Candidate(urgentNew, 9.0, 1),
                    new Ranking.Candidate(relevantOld, 10.0, 0)),
                NOW,
                2))
        .containsExactly(urgentNew, relevantOld);
    // equal relevance and priority: the newer first
    MemoryRecord a = record("a", 50, NOW.minus(Duration.ofDays(1)));
    MemoryRecord b = record("b", 50, NOW);
    assertThat(
            Ranking.rank(
                List.of(new Ranking.Candidate(a, 1.0, 5), new Ranking.Candidate(b, 1.0, 4)),
                NOW,
                5))
        .containsExactly(b, a);
    // equal in everything: the later created (higher sequence) first
    MemoryRecord c = record("c", 50, NOW);
    assertThat(
            Ranking.rank(
                List.of(new Ranking.Candidate(b, 1.0, 4), new Ranking.Candidate(c, 1.0, 9)),
                NOW,
                5))
        .containsExactly(c, b);
    assertThat(
            Ranking.rank(
                List.of(new Ranking.Candidate(b, 1.0, 4), new Ranking.Candidate(c, 1.0, 9)),
                NOW,
                0))
        .isEmpty();
  }
}
