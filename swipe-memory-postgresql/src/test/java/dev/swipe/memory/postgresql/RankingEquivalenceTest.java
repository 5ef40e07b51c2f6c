package dev.swipe.memory.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import dev.swipe.tck.MemoryStoreContract;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same records saved, updated and deleted in the SQLite store and the PostgreSQL store, then
 * the same queries: both return the same records in the same order (and so does {@code mem:}).
 */
class RankingEquivalenceTest {
  @RegisterExtension static final PostgresServer PG = new PostgresServer();

  private static final List<String> WORDS =
      List.of(
          "hour",
          "minute",
          "picker",
          "wheel",
          "column",
          "date",
          "year",
          "month",
          "alarm",
          "timer",
          "fling",
          "slow",
          "fast",
          "distance",
          "hold",
          "center",
          "pitch",
          "row",
          "snap",
          "inertia",
          "Café",
          "naïve",
          "日本語",
          "ÅNGSTRÖM",
          "straße",
          "Ελληνικά",
          "x1",
          "42",
          "o'clock",
          "back\\slash");
  private static final List<String> TAGS = List.of("swipe", "calibration", "wheel", "tap", "ios");

  @TempDir Path dir;

  @Test
  void theSameQueryPutsTheSameRecordsFirstAsSqlite() throws Exception {
    MemoryStoreContract.MutableClock clock =
        new MemoryStoreContract.MutableClock(Instant.parse("2026-01-10T08:00:00Z"));
    String db = PG.newDatabase();
    try (MemoryStore sqlite = MemoryStore.sqlite(dir.resolve("m.db"), clock);
        MemoryStore mem = MemoryStore.inMemory(clock);
        MemoryStore pg = new PostgresStoreProvider().open(PG.uri(db, ""), clock)) {
      List<MemoryStore> stores = List.of(sqlite, mem, pg);
      Random rnd = new Random(40);
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < 600; i++) {
        MemoryRecord r = record(rnd, i);
        String id = null;
        for (MemoryStore s : stores) {
          MemoryRecord saved = s.save(r);
          id = id == null ? saved.id() : id;
          assertThat(saved.id()).as("ids line up").isEqualTo(id);
        }
        ids.add(id);
        clock.advance(Duration.ofMinutes(rnd.nextInt(600)));
        if (i % 7 == 3) { // an update by id of an older record
          String old = ids.get(rnd.nextInt(ids.size()));
          MemoryRecord current = sqlite.get(old).orElse(null);
          if (current != null) {
            MemoryRecord changed =
                current.toBuilder()
                    .content(current.content() + " " + word(rnd) + " " + word(rnd))
                    .priority(rnd.nextInt(101))
                    .build();
            for (MemoryStore s : stores) {
              s.save(changed);
            }
          }
        }
        if (i % 11 == 5) {
          String old = ids.get(rnd.nextInt(ids.size()));
          for (MemoryStore s : stores) {
            s.delete(old);
          }
        }
      }
      clock.advance(Duration.ofDays(3));
      assertThat(pg.count()).isEqualTo(sqlite.count()).isGreaterThan(500);
      int compared = 0;
      int nonEmpty = 0;
      for (MemoryQuery q : queries(rnd)) {
        List<String> expected = keys(sqlite.recall(q));
        assertThat(keys(pg.recall(q))).as("postgresql vs sqlite for %s", q).isEqualTo(expected);
        assertThat(keys(mem.recall(q))).as("mem vs sqlite for %s", q).isEqualTo(expected);
        compared++;
        nonEmpty += expected.isEmpty() ? 0 : 1;
      }
      assertThat(compared).isGreaterThan(100);
      assertThat(nonEmpty).as("queries that found something").isGreaterThan(80);
    }
    try (Connection c = PG.connect(db)) {
      StoreInvariants.assertConsistent(c);
    }
  }

  private static List<String> keys(List<MemoryRecord> rs) {
    return rs.stream().map(r -> r.id() + " " + r.identityKey()).toList();
  }

  private static String word(Random rnd) {
    return WORDS.get(rnd.nextInt(WORDS.size()));
  }

  private static MemoryRecord record(Random rnd, int i) {
    String app = "App" + rnd.nextInt(25);
    StringBuilder content =
        new StringBuilder("app: " + app + ", effective distance: " + rnd.nextInt(80));
    int n = 1 + rnd.nextInt(12);
    for (int k = 0; k < n; k++) {
      content.append(rnd.nextInt(4) == 0 ? ", " : " ").append(word(rnd));
    }
    List<String> tags = new ArrayList<>();
    for (String t : TAGS) {
      if (rnd.nextInt(3) == 0) {
        tags.add(t);
      }
    }
    return MemoryRecord.builder(
            "[" + app + "] [" + word(rnd) + " " + i + "] swipe parameters", content.toString())
        .type(rnd.nextInt(5) == 0 ? "note" : "procedure")
        .tags(tags)
        .entities(rnd.nextInt(4) == 0 ? List.of(app, "Shared") : List.of(app))
        .priority(rnd.nextInt(101))
        .build();
  }

  private static List<MemoryQuery> queries(Random rnd) {
    List<MemoryQuery> out = new ArrayList<>();
    out.add(MemoryQuery.of("swipe parameters")); // words in every record: the budget path
    out.add(MemoryQuery.of(""));
    out.add(MemoryQuery.text("").limit(100).build());
    out.add(MemoryQuery.text("").tags("swipe").limit(50).build());
    out.add(MemoryQuery.text("").entities("Shared").build());
    out.add(MemoryQuery.of("\"hour\" OR picker* -wheel NEAR(x) col:umn"));
    out.add(MemoryQuery.of("cafe NAIVE 日本語 angstrom STRASSE straße ελληνικα"));
    out.add(MemoryQuery.of("o'clock back\\slash"));
    out.add(MemoryQuery.of("nothing-matches-this zzz"));
    for (String w : WORDS) {
      out.add(MemoryQuery.text(w).limit(100).build());
    }
    for (int i = 0; i < 25; i++) {
      out.add(MemoryQuery.of("App" + i + " " + word(rnd)));
    }
    for (int i = 0; i < 60; i++) {
      MemoryQuery.Builder b =
          MemoryQuery.text(word(rnd) + " " + word(rnd) + " swipe App" + rnd.nextInt(25));
      if (rnd.nextBoolean()) {
        b.tags(TAGS.get(rnd.nextInt(TAGS.size())));
      }
      if (rnd.nextInt(3) == 0) {
        b.entities("App" + rnd.nextInt(25));
      }
      if (rnd.nextInt(4) == 0) {
        b.type("note");
      }
      out.add(b.limit(1 + rnd.nextInt(40)).build());
    }
    return out;
  }
}
