package dev.swipe.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The memory module's internals at their limits: word characters, query words, number text, label
 * counts, BM25 against its formula, the recall plan's budget, and the SQLite URI's path and
 * options.
 */
class MemoryInternalsEdgesTest {

  @Test
  void asciiWordCharactersAreLettersAndDigitsUpToEachRangesEnd() {
    for (int cp = 0; cp < 0x80; cp++) {
      assertThat(Text.isTokenChar(cp)).as("U+%04X", cp).isEqualTo(Character.isLetterOrDigit(cp));
    }
  }

  @Test
  void theSpacingMarksFts5ReadsAsSeparatorsAreExactlyThoseListed() {
    for (int cp : new int[] {0x19B0, 0x19B5, 0x19C0, 0x19C8, 0x19C9, 0x1CF2, 0x1CF3}) {
      assertThat(Text.isTokenChar(cp)).as("U+%04X", cp).isFalse();
    }
    // their neighbours, New Tai Lue and Vedic letters, are word characters
    for (int cp : new int[] {0x19AB, 0x19C1, 0x19C7, 0x1CF5}) {
      assertThat(Character.isLetter(cp)).as("U+%04X is a letter", cp).isTrue();
      assertThat(Text.isTokenChar(cp)).as("U+%04X", cp).isTrue();
    }
  }

  @Test
  void noTextHasNoWordsAndAQueryKeepsItsFirstDistinctWords() {
    assertThat(Text.tokens(null)).isEmpty();
    String forty =
        String.join(" ", IntStream.range(0, 40).mapToObj(i -> "w" + i).toList()) + " w0 w1";
    List<String> q = Text.queryTokens(forty);
    assertThat(q).hasSize(Text.MAX_QUERY_TOKENS);
    assertThat(q.get(0)).isEqualTo("w0");
    assertThat(q.get(Text.MAX_QUERY_TOKENS - 1)).isEqualTo("w" + (Text.MAX_QUERY_TOKENS - 1));
  }

  @Test
  void wholeNumbersAreWrittenWithoutAPoint() {
    assertThat(Text.num(3.0)).isEqualTo("3");
    assertThat(Text.num(-2.0)).isEqualTo("-2");
    assertThat(Text.num(3.5)).isEqualTo("3.5");
    assertThat(Text.num(1e15)).isEqualTo("1.0E15");
  }

  @Test
  void labelsCountAfterDuplicatesAreDroppedUpToTheLimit() {
    List<String> max = IntStream.range(0, MemoryRecord.MAX_LABELS).mapToObj(i -> "t" + i).toList();
    assertThat(Check.labels("tags", max, MemoryRecord.MAX_LABELS, 128)).hasSize(32);
    List<String> withDuplicate = new java.util.ArrayList<>(max);
    withDuplicate.add("T0");
    assertThat(Check.labels("tags", withDuplicate, MemoryRecord.MAX_LABELS, 128)).hasSize(32);
    List<String> over = new java.util.ArrayList<>(max);
    over.add("one more");
    assertThatThrownBy(() -> Check.labels("tags", over, MemoryRecord.MAX_LABELS, 128))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("tags"))
        .hasMessageContaining("has 33 entries, the limit is 32");
    assertThat(Check.labels("tags", null, 1, 1)).isEmpty();
  }

  @Test
  void aRangeTakesItsEndsAndRefusesWhatLiesPastThem() {
    Check.range("d", 0.0, 0, 1000);
    Check.range("d", 1000.0, 0, 1000);
    assertThatThrownBy(() -> Check.range("d", -0.001, 0, 1000))
        .hasMessageContaining("d: must be a number between 0 and 1000");
    assertThatThrownBy(() -> Check.range("d", 1000.001, 0, 1000))
        .isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> Check.range("d", Double.NaN, 0, 1000))
        .isInstanceOf(SwipeException.class);
  }

  @Test
  void idfAndScoreAreFts5sFormulas() {
    assertThat(Bm25.idf(10, 2)).isCloseTo(Math.log(8.5 / 2.5), within(1e-12));
    assertThat(Bm25.idf(10, 8)).isEqualTo(1e-6); // negative idf floored
    assertThat(Bm25.idf(10, 5)).isEqualTo(1e-6); // zero idf floored
    Bm25.Doc doc = new Bm25.Doc(Map.of("a", 2.0, "c", 4.0), 10);
    double a = 2.0 * 2.2 / (2.0 + 1.2 * (1 - 0.75 + 0.75 * 10 / 5.0));
    double c = 4.0 * 2.2 / (4.0 + 1.2 * (1 - 0.75 + 0.75 * 10 / 5.0));
    assertThat(Bm25.score(doc, List.of("a", "b", "c"), new double[] {1.5, 9, 0.5}, 5.0))
        .isCloseTo(1.5 * a + 0.5 * c, within(1e-12));
    assertThat(Bm25.score(doc, List.of("b"), new double[] {9}, 5.0)).isZero();
  }

  @Test
  void theRecallPlanTakesTheRarestWordsWhileTheirCountsFitTheBudget() {
    // exactly the budget: both words
    assertThat(
            RecallPlan.selectiveTerms(
                List.of("common", "rare", "absent", "zero"),
                Map.of("common", 140L, "rare", 60L, "zero", 0L)))
        .containsExactly("rare", "common");
    // one past it: the rarest only
    assertThat(
            RecallPlan.selectiveTerms(
                List.of("common", "rare"), Map.of("common", 141L, "rare", 60L)))
        .containsExactly("rare");
    // the rarest word is taken even past the budget; ties go in word order
    assertThat(RecallPlan.selectiveTerms(List.of("big"), Map.of("big", 500L)))
        .containsExactly("big");
    assertThat(RecallPlan.selectiveTerms(List.of("y", "x", "z"), Map.of("y", 5L, "x", 5L, "z", 9L)))
        .containsExactly("x", "y", "z");
    assertThat(RecallPlan.selectiveTerms(List.of("a"), Map.of())).isEmpty();
  }

  @Test
  void recallScoresEachCandidateWithTheStoresAverageLengthAndDropsNonMatches() {
    MemoryRecord hit = MemoryRecord.builder("WeChat hour picker", "swipe 35").build();
    MemoryRecord miss = MemoryRecord.builder("Settings", "nothing here").build();
    Set<String> terms = Set.of("wechat");
    List<RecallPlan.Doc> docs =
        List.of(RecallPlan.Doc.of(hit, 1, terms), RecallPlan.Doc.of(miss, 2, terms));
    List<Ranking.Candidate> scored =
        RecallPlan.score(docs, List.of("wechat"), Map.of("wechat", 1L), 4, 40);
    assertThat(scored).extracting(Ranking.Candidate::record).containsExactly(hit);
    Bm25.Doc d = Bm25.Doc.forTerms(hit, terms);
    assertThat(scored.get(0).relevance())
        .isCloseTo(
            Bm25.score(d, List.of("wechat"), new double[] {Bm25.idf(4, 1)}, 10.0), within(1e-12));
    assertThat(scored.get(0).sequence()).isEqualTo(1);
    // an empty store counts rows as one and lengths as one
    assertThat(RecallPlan.score(docs, List.of("wechat"), Map.of(), 0, 0).get(0).relevance())
        .isCloseTo(
            Bm25.score(d, List.of("wechat"), new double[] {Bm25.idf(1, 0)}, 1.0), within(1e-12));
  }

  @Test
  void aTildeIsTheHomeOnlyAsAWholeFirstSegment() {
    assertThat(SqliteStoreProvider.resolvePath("~", "/home/u")).isEqualTo(Path.of("/home/u"));
    assertThat(SqliteStoreProvider.resolvePath("~/m.db", "/home/u"))
        .isEqualTo(Path.of("/home/u/m.db"));
    assertThat(SqliteStoreProvider.resolvePath("~\\m.db", "/home/u"))
        .isEqualTo(Path.of("/home/u\\m.db").toAbsolutePath());
    assertThat(SqliteStoreProvider.resolvePath("~bob/m.db", "/home/u"))
        .isEqualTo(Path.of("~bob/m.db").toAbsolutePath());
    assertThatThrownBy(() -> SqliteStoreProvider.resolvePath("~/m.db", ""))
        .hasMessageContaining("user.home is not set");
  }

  @Test
  void aNulAnywhereInThePathIsNamed() {
    for (String p : new String[] {"\0m.db", "/tmp/a\0b.db"}) {
      assertThatThrownBy(() -> SqliteStoreProvider.resolvePath(p, "/home/u"))
          .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("uri"))
          .hasMessageContaining("path contains a NUL character");
    }
  }

  @Test
  void optionsReadEachKnownKeyAndSkipEmptyPairs() {
    SqliteMemoryStore.Options d = SqliteMemoryStore.Options.defaults();
    assertThat(SqliteStoreProvider.parseOptions("u", "sync=FULL&&busy_timeout_ms=5"))
        .isEqualTo(d.withSynchronousFull(true).withBusyTimeoutMs(5));
    assertThat(SqliteStoreProvider.parseOptions("u", "sync=normal").synchronousFull()).isFalse();
    assertThat(SqliteStoreProvider.parseOptions("u", "SYNC=full").synchronousFull()).isTrue();
    assertThatThrownBy(() -> SqliteStoreProvider.parseOptions("u", "sync"))
        .hasMessageContaining("sync must be 'full' or 'normal', was ''");
    assertThatThrownBy(() -> SqliteStoreProvider.parseOptions("u", "=full"))
        .hasMessageContaining("unknown option '' in u");
    assertThatThrownBy(() -> SqliteStoreProvider.parseOptions("u", "busy_timeout_ms=soon"))
        .hasMessageContaining("busy_timeout_ms must be an integer");
  }

  @Test
  void anIdIsADecimalRowidOfAtMostNineteenDigits() {
    assertThat(SqliteMemoryStore.parseId("0")).isZero();
    assertThat(SqliteMemoryStore.parseId("9")).isEqualTo(9L);
    assertThat(SqliteMemoryStore.parseId("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    for (String notAnId :
        new String[] {
          null, "", "9999999999999999999", "12345678901234567890", "12a", "/", ":", "-1", " 1"
        }) {
      assertThat(SqliteMemoryStore.parseId(notAnId)).as("'%s'", notAnId).isNull();
    }
  }
}
