package dev.swipe.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.memory.MemoryCode;
import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.MutableClock;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the SQLite store promises: schema, files, locks and corruption handling. */
class SqliteMemoryStoreTest {
  @TempDir Path dir;

  private final Clock clock = MutableClock.at("2026-01-10T08:00:00Z");

  private MemoryStore open(Path db) {
    return MemoryStore.open("sqlite:" + db, clock);
  }

  private static Connection jdbc(Path db) throws SQLException {
    return DriverManager.getConnection("jdbc:sqlite:" + db);
  }

  private static String scalar(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static void assertUnavailableNaming(Runnable r, Path db) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_UNAVAILABLE);
              assertThat(e.details()).containsEntry("path", db.toAbsolutePath().toString());
              assertThat(e.getMessage()).contains(db.toAbsolutePath().toString());
            });
  }

  private static MemoryRecord rec(String title) {
    return MemoryRecord.builder(title, "content of " + title).entities("App").build();
  }

  @Test
  void schemaIsVersionedMarkedAndInWalMode() throws Exception {
    Path db = dir.resolve("m.db");
    try (MemoryStore s = open(db)) {
      s.save(rec("one"));
    }
    try (Connection c = jdbc(db)) {
      assertThat(scalar(c, "PRAGMA user_version"))
          .isEqualTo(Integer.toString(SqliteSchema.SCHEMA_VERSION));
      assertThat(Integer.parseInt(scalar(c, "PRAGMA application_id")))
          .isEqualTo(SqliteSchema.APPLICATION_ID);
      assertThat(scalar(c, "PRAGMA journal_mode")).isEqualTo("wal");
      assertThat(scalar(c, "SELECT count(*) FROM sqlite_schema WHERE name = 'memory_fts'"))
          .isEqualTo("1");
    }
  }

  @Test
  void reopeningKeepsDataAndDoesNotMigrateAgain() throws Exception {
    Path db = dir.resolve("m.db");
    String id;
    try (MemoryStore s = open(db)) {
      id = s.save(rec("persisted wheel")).id();
    }
    String schemaBefore;
    try (Connection c = jdbc(db)) {
      schemaBefore = scalar(c, "SELECT group_concat(sql, ';') FROM sqlite_schema");
    }
    try (MemoryStore s = open(db)) {
      assertThat(s.get(id)).isPresent();
      assertThat(s.recall(MemoryQuery.of("persisted")))
          .extracting(MemoryRecord::id)
          .containsExactly(id);
    }
    try (Connection c = jdbc(db)) {
      assertThat(scalar(c, "SELECT group_concat(sql, ';') FROM sqlite_schema"))
          .isEqualTo(schemaBefore);
    }
  }

  @Test
  void anEmptyFileIsMigratedFromVersionZero() throws Exception {
    Path db = dir.resolve("empty.db");
    Files.createFile(db);
    try (MemoryStore s = open(db)) {
      assertThat(s.count()).isZero();
      s.save(rec("x"));
    }
  }

  @Test
  void aDatabaseFromANewerVersionIsRefused() throws Exception {
    Path db = dir.resolve("m.db");
    open(db).close();
    try (Connection c = jdbc(db);
        Statement s = c.createStatement()) {
      s.execute("PRAGMA user_version = 99");
    }
    assertUnavailableNaming(() -> open(db), db);
    assertThatThrownBy(() -> open(db)).hasMessageContaining("99");
  }

  @Test
  void anotherApplicationsDatabaseIsRefusedAndLeftAlone() throws Exception {
    Path db = dir.resolve("other.db");
    try (Connection c = jdbc(db);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE accounts(id INTEGER PRIMARY KEY, balance INTEGER)");
    }
    assertUnavailableNaming(() -> open(db), db);
    try (Connection c = jdbc(db)) {
      assertThat(scalar(c, "SELECT count(*) FROM sqlite_schema")).isEqualTo("1");
      assertThat(scalar(c, "PRAGMA journal_mode")).isEqualTo("delete"); // not switched to WAL
    }
    Path db2 = dir.resolve("other2.db");
    try (Connection c = jdbc(db2);
        Statement s = c.createStatement()) {
      s.execute("PRAGMA application_id = 42");
    }
    assertUnavailableNaming(() -> open(db2), db2);
  }

  @Test
  void aGarbageFileIsUnavailableNamingThePath() throws Exception {
    Path db = dir.resolve("garbage.db");
    byte[] junk = new byte[64 * 1024];
    new Random(7).nextBytes(junk);
    Files.write(db, junk);

    assertUnavailableNaming(() -> open(db), db);
    assertThat(Files.readAllBytes(db)).isEqualTo(junk); // not "repaired" by overwriting
  }

  @Test
  void aDatabaseCorruptedInTheMiddleFailsCleanly() throws Exception {
    Path db = dir.resolve("m.db");
    try (MemoryStore s = open(db)) {
      List<MemoryRecord> batch = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        batch.add(rec("record number " + i + " wheel"));
      }
      s.saveAll(batch);
    }
    long size = Files.size(db);
    assertThat(size).isGreaterThan(8 * 4096);
    try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "rw")) {
      byte[] junk = new byte[(int) (size - 4096)];
      new Random(1).nextBytes(junk);
      f.seek(4096); // keep the header page, trash the rest
      f.write(junk);
    }
    // Opening may or may not notice; using it must fail as memory_unavailable, never otherwise.
    int failures = 0;
    try (MemoryStore s = open(db)) {
      for (Runnable op :
          List.<Runnable>of(
              () -> s.recall(MemoryQuery.of("wheel")),
              () -> s.list(0, 100),
              () -> s.count(),
              () -> s.save(rec("new")))) {
        try {
          op.run();
        } catch (SwipeException e) {
          assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_UNAVAILABLE);
          assertThat(e.details()).containsEntry("path", db.toString());
          failures++;
        }
      }
    } catch (SwipeException e) {
      assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_UNAVAILABLE);
      assertThat(e.details()).containsEntry("path", db.toString());
      failures++;
    }
    assertThat(failures).isPositive();
  }

  @Test
  void anUnwritablePathIsUnavailableNamingThePath() throws Exception {
    Path file = dir.resolve("a-file");
    Files.writeString(file, "I am a file, not a directory");
    Path underFile = file.resolve("memory.db");
    assertUnavailableNaming(() -> open(underFile), underFile);

    Path directory = dir.resolve("a-dir.db");
    Files.createDirectories(directory);
    assertUnavailableNaming(() -> open(directory), directory);
  }

  @Test
  void theFtsIndexStaysConsistentThroughUpdatesAndDeletes() throws Exception {
    Path db = dir.resolve("m.db");
    try (MemoryStore s = open(db)) {
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        ids.add(s.save(rec("wheel " + i)).id());
      }
      for (int i = 0; i < 50; i += 3) {
        s.save(s.get(ids.get(i)).orElseThrow().toBuilder().content("changed " + i).build());
      }
      for (int i = 0; i < 50; i += 5) {
        s.delete(ids.get(i));
      }
    }
    try (Connection c = jdbc(db);
        Statement st = c.createStatement()) {
      st.execute("INSERT INTO memory_fts(memory_fts) VALUES ('integrity-check')");
      assertThat(scalar(c, "PRAGMA integrity_check")).isEqualTo("ok");
      assertThat(
              scalar(
                  c,
                  "SELECT count(*) FROM memory_label WHERE memory_id NOT IN (SELECT id FROM memory)"))
          .isEqualTo("0");
    }
  }

  @Test
  void twoStoresOnOneFileWriteConcurrentlyAndSeeEachOther() throws Exception {
    Path db = dir.resolve("shared.db");
    try (MemoryStore a = open(db);
        MemoryStore b = open(db)) {
      ExecutorService pool = Executors.newFixedThreadPool(4);
      CountDownLatch go = new CountDownLatch(1);
      try {
        List<Future<?>> fs = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          MemoryStore s = t % 2 == 0 ? a : b;
          int tt = t;
          fs.add(
              pool.submit(
                  () -> {
                    go.await();
                    for (int i = 0; i < 40; i++) {
                      s.save(rec("thread " + tt + " item " + i));
                      s.recall(MemoryQuery.of("item"));
                    }
                    return null;
                  }));
        }
        go.countDown();
        for (Future<?> f : fs) {
          f.get(120, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      assertThat(a.count()).isEqualTo(160);
      assertThat(b.count()).isEqualTo(160);
      assertThat(b.recall(MemoryQuery.text("thread item").limit(100).build())).hasSize(100);
    }
  }

  @Test
  void aWriterHoldingTheLockTooLongGivesUnavailableNotAHang() throws Exception {
    Path db = dir.resolve("m.db");
    open(db).close();
    try (MemoryStore s = MemoryStore.open("sqlite:" + db + "?busy_timeout_ms=100", clock);
        Connection other = jdbc(db);
        Statement st = other.createStatement()) {
      st.execute("BEGIN IMMEDIATE");
      assertThatThrownBy(() -> s.save(rec("blocked")))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(MemoryCode.MEMORY_UNAVAILABLE);
                assertThat(e.getMessage()).contains("locked");
              });
      // Readers are not blocked by the other writer (WAL).
      assertThat(s.count()).isZero();
      st.execute("COMMIT");
      assertThat(s.save(rec("after")).id()).isNotNull();
    }
  }

  @Test
  void aWriterWaitsForAnotherConnectionsShortTransaction() throws Exception {
    Path db = dir.resolve("m.db");
    open(db).close();
    try (MemoryStore s = open(db);
        Connection other = jdbc(db);
        Statement st = other.createStatement()) {
      st.execute("BEGIN IMMEDIATE");
      st.execute("CREATE TABLE host_scratch(x)");
      Thread releaser =
          new Thread(
              () -> {
                try {
                  Thread.sleep(300);
                  st.execute("COMMIT");
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      releaser.start();
      MemoryRecord saved = s.save(rec("waited")); // blocks until the other commits
      releaser.join();
      assertThat(saved.id()).isNotNull();
      assertThat(s.count()).isEqualTo(1);
    }
  }

  @Test
  void aVersionOneDatabaseIsMigratedAndItsRecordsBecomeRecallable() throws Exception {
    Path db = dir.resolve("v1.db");
    try (Connection c = jdbc(db);
        Statement s = c.createStatement()) {
      for (String sql : SqliteSchema.V1) {
        s.execute(sql);
      }
      s.execute("PRAGMA user_version = 1");
      s.execute("PRAGMA application_id = " + SqliteSchema.APPLICATION_ID);
      s.execute(
          "INSERT INTO memory(ukey, type, title, content, tags, entities, priority, created_at,"
              + " updated_at) VALUES"
              + " ('old wheel\u001fwechat', 'procedure', 'old wheel', 'effective distance: 35',"
              + "  'swipe', 'WeChat', 70, 1000, 1000),"
              + " ('old list', 'procedure', 'old list', 'distance: 200', '', '', 40, 2000, 2000)");
      s.execute("INSERT INTO memory_label VALUES (1, 'tag', 'swipe'), (1, 'entity', 'wechat')");
    }

    try (MemoryStore store = open(db)) {
      assertThat(store.count()).isEqualTo(2);
      assertThat(store.recall(MemoryQuery.of("wheel")))
          .extracting(MemoryRecord::title)
          .containsExactly("old wheel");
      assertThat(store.recall(MemoryQuery.text("old").entities("WeChat").build()))
          .extracting(MemoryRecord::id)
          .containsExactly("1");
      store.save(MemoryRecord.builder("new wheel", "x").build());
    }
    try (Connection c = jdbc(db)) {
      assertThat(scalar(c, "PRAGMA user_version"))
          .isEqualTo(Integer.toString(SqliteSchema.SCHEMA_VERSION));
      assertThat(scalar(c, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'"))
          .isEqualTo("0");
      assertThat(scalar(c, "SELECT value FROM memory_stats WHERE key = 'records'")).isEqualTo("3");
      assertThat(scalar(c, "SELECT df FROM memory_term WHERE term = 'wheel'")).isEqualTo("2");
    }
  }

  @Test
  void wordStatisticsMatchARecountAfterManyChanges() throws Exception {
    Path db = dir.resolve("stats.db");
    Random rnd = new Random(3);
    String[] words = {"hour", "minute", "wheel", "list", "Café", "CAFE", "日本語", "x1"};
    try (MemoryStore s = open(db)) {
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        int op = rnd.nextInt(10);
        String title = words[rnd.nextInt(words.length)] + " " + words[rnd.nextInt(words.length)];
        if (op < 6 || ids.isEmpty()) {
          ids.add(
              s.save(MemoryRecord.builder(title, words[rnd.nextInt(words.length)]).build()).id());
        } else if (op < 8) {
          String id = ids.get(rnd.nextInt(ids.size()));
          s.get(id).ifPresent(r -> s.save(r.toBuilder().content(title + " again").build()));
        } else {
          s.delete(ids.remove(rnd.nextInt(ids.size())));
        }
      }
      java.util.Map<String, Long> expected = new java.util.TreeMap<>();
      long tokens = 0;
      List<MemoryRecord> all = s.list(0, 1000);
      for (MemoryRecord r : all) {
        Bm25.Doc d = Bm25.Doc.of(r);
        tokens += d.length();
        for (String t : d.weightedTf().keySet()) {
          expected.merge(t, 1L, Long::sum);
        }
      }
      java.util.Map<String, Long> actual = new java.util.TreeMap<>();
      try (Connection c = jdbc(db);
          Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT term, df FROM memory_term")) {
        while (rs.next()) {
          actual.put(rs.getString(1), rs.getLong(2));
        }
        assertThat(scalar(c, "SELECT value FROM memory_stats WHERE key = 'records'"))
            .isEqualTo(Integer.toString(all.size()));
        assertThat(scalar(c, "SELECT value FROM memory_stats WHERE key = 'tokens'"))
            .isEqualTo(Long.toString(tokens));
      }
      assertThat(actual).isEqualTo(expected);
    }
  }

  @Test
  void defaultOptionsAreDurable() {
    try (SqliteMemoryStore s =
        (SqliteMemoryStore) MemoryStore.open("sqlite:" + dir.resolve("d.db"), clock)) {
      assertThat(s.options().synchronousFull()).isTrue();
      assertThat(s.options().busyTimeoutMs()).isEqualTo(5000);
      assertThat(s.path()).isEqualTo(dir.resolve("d.db").toAbsolutePath());
    }
  }
}
