package dev.swipe.memory.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Several "rigs" (stores with their own pools) and threads writing the same records at once. */
class ConcurrentWritersTest {
  @RegisterExtension static final PostgresServer PG = new PostgresServer();

  private static final int RIGS = 3;
  private static final int THREADS_PER_RIG = 4;
  private static final int ROUNDS = 30;
  private static final int SHARED = 4;

  private static MemoryRecord shared(int k, String by) {
    return MemoryRecord.builder("[Shared] [widget " + k + "] swipe parameters", "written by " + by)
        .tags("swipe", "shared")
        .entities("Shared")
        .priority(60)
        .build();
  }

  @Test
  void manyRigsHammeringTheSameRecordsLoseNothing() throws Exception {
    String db = PG.newDatabase();
    List<MemoryStore> rigs = new ArrayList<>();
    for (int i = 0; i < RIGS; i++) {
      rigs.add(new PostgresStoreProvider().open(PG.uri(db, "pool_size=3"), Clock.systemUTC()));
    }
    ExecutorService pool = Executors.newFixedThreadPool(RIGS * THREADS_PER_RIG);
    Map<String, String> ownIds = new ConcurrentHashMap<>(); // id -> expected content
    Set<String> deleted = ConcurrentHashMap.newKeySet();
    AtomicInteger sharedSaves = new AtomicInteger();
    AtomicInteger byIdSaves = new AtomicInteger();
    CountDownLatch go = new CountDownLatch(1);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int r = 0; r < RIGS; r++) {
        for (int t = 0; t < THREADS_PER_RIG; t++) {
          MemoryStore store = rigs.get(r);
          String me = "rig" + r + "-t" + t;
          futures.add(
              pool.submit(
                  () -> {
                    go.await(30, TimeUnit.SECONDS);
                    String previous = null;
                    for (int i = 0; i < ROUNDS; i++) {
                      // an upsert of a shared memory, by identity
                      MemoryRecord s = store.save(shared(i % SHARED, me + "#" + i));
                      sharedSaves.incrementAndGet();
                      // an update of it by id (it exists: nobody deletes shared ones)
                      store.save(s.toBuilder().content("updated by " + me + "#" + i).build());
                      byIdSaves.incrementAndGet();
                      // a memory of its own, sometimes in a batch with a shared one
                      MemoryRecord own =
                          MemoryRecord.builder(
                                  "[" + me + "] [widget " + i + "] swipe parameters",
                                  "effective distance: " + i + " by " + me)
                              .tags("swipe", me)
                              .entities("App" + (i % 3))
                              .build();
                      List<MemoryRecord> saved =
                          store.saveAll(List.of(own, shared((i + 1) % SHARED, me + "@" + i)));
                      sharedSaves.incrementAndGet();
                      ownIds.put(saved.get(0).id(), own.content());
                      if (previous != null && i % 5 == 0) {
                        assertThat(store.delete(previous)).isTrue();
                        deleted.add(previous);
                      }
                      previous = saved.get(0).id();
                    }
                    return null;
                  }));
        }
      }
      go.countDown();
      for (Future<?> f : futures) {
        f.get(5, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    }
    MemoryStore check = rigs.get(0);
    int writers = RIGS * THREADS_PER_RIG;
    assertThat(sharedSaves.get()).isEqualTo(writers * ROUNDS * 2);
    // no duplicate of a shared memory, and no own memory lost or resurrected
    assertThat(check.count()).isEqualTo(SHARED + ownIds.size() - deleted.size());
    for (Map.Entry<String, String> e : ownIds.entrySet()) {
      if (deleted.contains(e.getKey())) {
        assertThat(check.get(e.getKey())).isEmpty();
      } else {
        assertThat(check.get(e.getKey()))
            .get()
            .extracting(MemoryRecord::content)
            .isEqualTo(e.getValue());
      }
    }
    try (Connection c = PG.connect(db);
        Statement s = c.createStatement()) {
      // every save of a shared memory was applied, one after the other: version counts them
      long versions = 0;
      try (ResultSet rs =
          s.executeQuery("SELECT sum(version) FROM swipe_memory WHERE title LIKE '[Shared]%'")) {
        rs.next();
        versions = rs.getLong(1);
      }
      assertThat(versions).isEqualTo(sharedSaves.get() + byIdSaves.get());
    }
    try (Connection c = PG.connect(db)) {
      StoreInvariants.assertConsistent(c);
    }
    for (MemoryStore st : rigs) {
      st.close();
    }
  }

  @Test
  void twoRigsRenamingRecordsToTheSameMemoryOneWinsTheOtherGetsMemoryConflict() throws Exception {
    String db = PG.newDatabase();
    try (MemoryStore a = new PostgresStoreProvider().open(PG.uri(db, ""), Clock.systemUTC());
        MemoryStore b = new PostgresStoreProvider().open(PG.uri(db, ""), Clock.systemUTC())) {
      for (int round = 0; round < 10; round++) {
        MemoryRecord x = a.save(MemoryRecord.builder("x" + round, "x").build());
        MemoryRecord y = b.save(MemoryRecord.builder("y" + round, "y").build());
        String target = "target " + round;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService ex = Executors.newFixedThreadPool(2);
        try {
          Future<Object> fa = ex.submit(() -> rename(a, x, target, go));
          Future<Object> fb = ex.submit(() -> rename(b, y, target, go));
          go.countDown();
          List<Object> outcomes = List.of(fa.get(1, TimeUnit.MINUTES), fb.get(1, TimeUnit.MINUTES));
          assertThat(outcomes).filteredOn(o -> o instanceof MemoryRecord).hasSize(1);
          assertThat(outcomes)
              .filteredOn(o -> o instanceof SwipeException)
              .singleElement()
              .extracting(o -> ((SwipeException) o).code())
              .isEqualTo(MemoryCode.MEMORY_CONFLICT);
        } finally {
          ex.shutdownNow();
        }
      }
      assertThat(a.count()).isEqualTo(20);
    }
  }

  private static Object rename(MemoryStore s, MemoryRecord r, String title, CountDownLatch go)
      throws InterruptedException {
    go.await(30, TimeUnit.SECONDS);
    try {
      return s.save(r.toBuilder().title(title).build());
    } catch (SwipeException e) {
      return e;
    }
  }
}
