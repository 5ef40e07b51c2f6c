package dev.swipe.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every acknowledged save survives SIGKILL: a child JVM saves in a loop (while this JVM writes to
 * the same file too), is killed with SIGKILL after enough acknowledgements, and then every
 * acknowledged record must be present and the database intact. Tagged {@code child-process}: the
 * mutation profile leaves it out, as its child JVM runs the unmutated code and its waits turn a
 * mutant into minutes of timeouts; the other SQLite tests cover the same code in process.
 */
@Tag("child-process")
class SqliteDurabilityTest {
  private static final int ACKS_BEFORE_KILL = 150;

  @TempDir Path dir;

  @Test
  void acknowledgedSavesSurviveAKilledWriterProcess() throws Exception {
    Path db = dir.resolve("durable.db");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
                java,
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                KillTestWriter.class.getName(),
                db.toString())
            .redirectError(dir.resolve("child.err").toFile());
    Process child = pb.start();
    Map<String, Long> acked = new ConcurrentHashMap<>(); // id -> loop index
    CountDownLatch ready = new CountDownLatch(1);
    CountDownLatch enough = new CountDownLatch(1);
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  if (line.equals("READY")) {
                    ready.countDown();
                  } else if (line.startsWith("ACK ") && line.endsWith(" END")) {
                    String[] parts = line.split(" ");
                    acked.put(parts[1], Long.parseLong(parts[2]));
                    if (acked.size() >= ACKS_BEFORE_KILL) {
                      enough.countDown();
                    }
                  }
                }
              } catch (Exception e) {
                // the child died; what was read is what was acknowledged
              }
            });
    reader.setDaemon(true);
    reader.start();

    List<String> parentIds = new ArrayList<>();
    AtomicBoolean childAlive = new AtomicBoolean(true);
    try {
      assertThat(ready.await(120, TimeUnit.SECONDS)).as("child started").isTrue();
      // A second process writes to the same file at the same time, for the first half. SQLite's
      // lock is not fair: a writer that commits in a loop can hold it off for seconds on a slow
      // disk, so this writer waits longer than the default busy timeout.
      try (MemoryStore parent = MemoryStore.open("sqlite:" + db + "?busy_timeout_ms=60000")) {
        int i = 0;
        while ((parentIds.size() < 30 || acked.size() < ACKS_BEFORE_KILL / 2) && child.isAlive()) {
          parentIds.add(
              parent
                  .save(
                      MemoryRecord.builder("parent record " + i, "p" + i)
                          .entities("Parent")
                          .build())
                  .id());
          i++;
          enough.await(5, TimeUnit.MILLISECONDS);
        }
      }
      assertThat(parentIds).isNotEmpty();
      assertThat(enough.await(120, TimeUnit.SECONDS)).as("child acknowledged enough").isTrue();
      // Kill while the child is writing alone, some saves after the parent left.
      int target = acked.size() + 20;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (acked.size() < target && child.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(2);
      }
      assertThat(child.isAlive()).as("child still writing").isTrue();
      child.destroyForcibly(); // SIGKILL on Linux: no shutdown hooks, no close(), no checkpoint
      assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
      childAlive.set(false);
    } finally {
      if (childAlive.get()) {
        child.destroyForcibly();
      }
    }
    reader.join(10_000);
    assertThat(child.exitValue()).isEqualTo(137); // 128 + SIGKILL
    assertThat(acked).hasSizeGreaterThanOrEqualTo(ACKS_BEFORE_KILL);
    assertThat(Files.exists(dir.resolve("durable.db-wal"))).as("killed mid-WAL").isTrue();

    // Recovery happens on open; every acknowledged record is there, with its content.
    try (MemoryStore store = MemoryStore.open("sqlite:" + db)) {
      for (Map.Entry<String, Long> e : acked.entrySet()) {
        MemoryRecord r = store.get(e.getKey()).orElse(null);
        assertThat(r).as("acknowledged record %s", e.getKey()).isNotNull();
        assertThat(r.title()).isEqualTo("child record " + e.getValue());
        assertThat(r.content()).startsWith("payload " + e.getValue() + " ");
      }
      for (String id : parentIds) {
        assertThat(store.get(id)).isPresent();
      }
      long last = acked.values().stream().mapToLong(Long::longValue).max().orElseThrow();
      assertThat(
              store.recall(
                  MemoryQuery.text("child record " + last).entities("Child").limit(1).build()))
          .extracting(MemoryRecord::title)
          .containsExactly("child record " + last);
      assertThat(store.count()).isGreaterThanOrEqualTo((long) acked.size() + parentIds.size());
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
        rs.next();
        assertThat(rs.getString(1)).isEqualTo("ok");
      }
      s.execute("INSERT INTO memory_fts(memory_fts) VALUES ('integrity-check')");
    }
  }
}
