package dev.swipe.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quicktheories.core.Gen;

/**
 * The two built-in stores answer every recall identically: same records, same order. Fed the same
 * saves (more records than the candidate budget, with common and rare words, updates and deletes),
 * they are compared on random queries.
 */
class StoreEquivalenceTest {
  private static final String[] WORDS = {
    "swipe",
    "parameters",
    "hour",
    "minute",
    "wheel",
    "column",
    "list",
    "carousel",
    "map",
    "slider",
    "alarm",
    "timer",
    "wechat",
    "clock",
    "photos",
    "maps",
    "notes",
    "rare",
    "zebra",
    "quartz",
    "every"
  };

  @TempDir Path dir;
  private MutableClock clock;
  private MemoryStore mem;
  private MemoryStore sql;

  @BeforeEach
  void fill() {
    clock = MutableClock.at("2026-03-01T00:00:00Z");
    mem = MemoryStore.open("mem:", clock);
    sql = MemoryStore.open("sqlite:" + dir.resolve("eq.db") + "?sync=normal", clock);
    Random rnd = new Random(11);
    List<MemoryRecord> batch = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      // Skewed word choice: low indexes are common, high ones rare.
      StringBuilder title = new StringBuilder("app" + rnd.nextInt(150));
      for (int w = 0; w < 3; w++) {
        title
            .append(' ')
            .append(WORDS[(int) Math.min(WORDS.length - 1, Math.abs(rnd.nextGaussian()) * 6)]);
      }
      batch.add(
          // "every" is in every record: more than the candidate budget, so queries of only common
          // words take the bounded (newest candidates) path.
          MemoryRecord.builder(
                  title.toString(), "body every " + WORDS[rnd.nextInt(WORDS.length)] + " " + i)
              .tags(WORDS[rnd.nextInt(4)])
              .entities("app" + rnd.nextInt(150))
              .priority(rnd.nextInt(101))
              .build());
      if (i % 50 == 49) {
        assertThat(ids(mem.saveAll(batch))).isEqualTo(ids(sql.saveAll(batch)));
        batch.clear();
        clock.advance(Duration.ofDays(3));
      }
    }
    for (int i = 1; i <= 400; i += 7) {
      String id = Integer.toString(i);
      MemoryRecord r = mem.get(id).orElse(null);
      if (r != null) {
        MemoryRecord changed = r.toBuilder().content("rewritten zebra " + i).build();
        assertThat(mem.save(changed).id()).isEqualTo(sql.save(changed).id());
      }
    }
    for (int i = 3; i <= 400; i += 11) {
      assertThat(mem.delete(Integer.toString(i))).isEqualTo(sql.delete(Integer.toString(i)));
    }
    clock.advance(Duration.ofDays(1));
  }

  @AfterEach
  void close() {
    mem.close();
    sql.close();
  }

  @Test
  void bothStoresHoldTheSameRecords() {
    assertThat(sql.count()).isEqualTo(mem.count());
    assertThat(sql.list(0, 1000)).isEqualTo(mem.list(0, 1000));
  }

  @Test
  void bothStoresRecallTheSameRecordsInTheSameOrder() {
    Gen<List<Integer>> words =
        lists().of(integers().between(0, WORDS.length + 5)).ofSizeBetween(0, 5);
    Gen<Integer> filter = integers().between(0, 5);
    qt().withExamples(300)
        .forAll(words, filter, integers().between(1, 20))
        .checkAssert(
            (ws, f, limit) -> {
              StringBuilder text = new StringBuilder();
              for (int w : ws) {
                text.append(w < WORDS.length ? WORDS[w] : "app" + (w * 13 % 150)).append(' ');
              }
              MemoryQuery.Builder q = MemoryQuery.text(text.toString()).limit(limit);
              if (f == 1) {
                q.entities("app" + (ws.size() * 17 % 150));
              } else if (f == 2) {
                q.tags(WORDS[ws.size() % 4]);
              } else if (f == 3) {
                q.type("procedure");
              }
              MemoryQuery query = q.build();
              assertThat(ids(sql.recall(query)))
                  .as(query.toString())
                  .isEqualTo(ids(mem.recall(query)));
            });
  }

  private static List<String> ids(List<MemoryRecord> rs) {
    List<String> out = new ArrayList<>();
    for (MemoryRecord r : rs) {
      out.add(r.id());
    }
    return out;
  }
}
