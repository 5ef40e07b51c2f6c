package dev.swipe.bench.memory;

import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.WidgetParameters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Memory for a farm (issue 40): recall latency of one rig while other rigs write, on the PostgreSQL
 * store every rig of a farm shares ({@code postgresql://}, a real server started here on loopback)
 * and, in the same run, on the SQLite store ({@code sqlite:} file) with the same writers on the
 * same file, the approach a farm without a server would take. Both stores hold the same 100k
 * calibration records as {@link MemoryStoreBench}'s, and the recalls are its agent-style queries
 * ("app widget swipe parameters", half with the app as entity filter, one in ten for an app that is
 * not stored).
 *
 * <p>Each writer is a rig of its own: its own store (its own connection pool), saving in a loop,
 * every second save an update of a stored memory (the rig refined a distance), every other a new
 * one; paced at one save per {@code --pace-ms} (0: as fast as it can). The recalling rig is one
 * more store, timed call by call once the writers run.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.memory.FarmMemoryBench
 * [--records N] [--recalls N] [--writers 0,1,8] [--pace-ms 100,0] [--stores postgresql,sqlite]}.
 * Needs PostgreSQL's binaries ({@link LocalPostgres}).
 */
public final class FarmMemoryBench {
  private FarmMemoryBench() {}

  /** One measured configuration. */
  private static final class Result {
    final String store;
    final int writers;
    final int paceMs;
    final double[] recallWall;
    final double[] recallCpu;
    final double[] saveWall;
    final double savesPerSecond;
    final int errors;
    final int hits;

    Result(
        String store,
        int writers,
        int paceMs,
        double[] recallWall,
        double[] recallCpu,
        double[] saveWall,
        double savesPerSecond,
        int errors,
        int hits) {
      this.store = store;
      this.writers = writers;
      this.paceMs = paceMs;
      this.recallWall = recallWall.clone();
      this.recallCpu = recallCpu.clone();
      this.saveWall = saveWall.clone();
      this.savesPerSecond = savesPerSecond;
      this.errors = errors;
      this.hits = hits;
    }
  }

  public static void main(String[] args) throws Exception {
    int n = 100_000;
    int recalls = 2000;
    int[] writers = {0, 1, 8};
    int[] paces = {100, 0};
    List<String> stores = List.of("postgresql", "sqlite");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--records" -> n = Integer.parseInt(args[++i]);
        case "--recalls" -> recalls = Integer.parseInt(args[++i]);
        case "--writers" -> writers = ints(args[++i]);
        case "--pace-ms" -> paces = ints(args[++i]);
        case "--stores" -> stores = List.of(args[++i].split(",", -1));
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "java %s, %d cpus, os %s%n",
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("os.name"));
    System.out.println("load average at start: " + MemoryStoreBench.loadAverage());

    Random rnd = new Random(42);
    String[] appNames = MemoryStoreBench.appNames(n, rnd);
    List<MemoryRecord> records = MemoryStoreBench.records(n, rnd, appNames);
    int warmup = 300;
    List<MemoryQuery> queries = queries(warmup + recalls, appNames);

    List<Result> results = new ArrayList<>();
    if (stores.contains("postgresql")) {
      try (LocalPostgres pg = LocalPostgres.start(List.of())) {
        System.out.println("PostgreSQL " + pg.version() + " on 127.0.0.1, durable defaults");
        pg.createDatabase("farm");
        String uri = pg.uri("farm", "pool_size=2");
        load("postgresql", uri, records, 5_000);
        try (Connection c = pg.connect("farm");
            Statement s = c.createStatement()) {
          // what autovacuum does to a freshly loaded table within a minute, done now
          s.execute("VACUUM ANALYZE");
          StringBuilder sizes = new StringBuilder();
          long total = 0;
          try (ResultSet rs =
              s.executeQuery(
                  "SELECT relname, pg_total_relation_size(oid) FROM pg_class"
                      + " WHERE relkind = 'r' AND relname LIKE 'swipe_memory%' ORDER BY 2 DESC")) {
            while (rs.next()) {
              total += rs.getLong(2);
              sizes.append(String.format(Locale.ROOT, ", %s %,d", rs.getString(1), rs.getLong(2)));
            }
          }
          System.out.printf(
              Locale.ROOT,
              "postgresql: tables with their indexes %,d bytes = %.0f bytes/record%s%n",
              total,
              (double) total / records.size(),
              sizes);
        }
        results.addAll(measure("postgresql", uri, writers, paces, records, queries, warmup));
      }
    }
    if (stores.contains("sqlite")) {
      Path dir = Files.createTempDirectory("swipe-farm-bench");
      try {
        String uri = "sqlite:" + dir.resolve("memory.db");
        load("sqlite", uri, records, 20_000);
        long bytes = Files.size(dir.resolve("memory.db"));
        System.out.printf(
            Locale.ROOT,
            "sqlite: file %,d bytes = %.0f bytes/record%n",
            bytes,
            (double) bytes / records.size());
        results.addAll(measure("sqlite", uri, writers, paces, records, queries, warmup));
      } finally {
        MemoryStoreBench.deleteTree(dir);
      }
    }
    System.out.println("load average at end: " + MemoryStoreBench.loadAverage());
    System.out.println();
    System.out.println(
        "| store | writers | pace | saves/s | recall p50 ms | p95 ms | p99 ms | max ms |"
            + " cpu p99 ms | save p50 ms | save p99 ms | recalls (found) | errors |");
    System.out.println("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (Result r : results) {
      System.out.println(row(r));
    }
  }

  private static int[] ints(String csv) {
    return Arrays.stream(csv.split(",", -1)).mapToInt(Integer::parseInt).toArray();
  }

  /** MemoryStoreBench's agent-style queries. */
  public static List<MemoryQuery> queries(int calls, String[] appNames) {
    List<MemoryQuery> out = new ArrayList<>(calls);
    Random q = new Random(7);
    for (int i = 0; i < calls; i++) {
      boolean miss = i % 10 == 9;
      String app = miss ? MemoryStoreBench.app(q) + "x" : appNames[q.nextInt(appNames.length)];
      String widget = MemoryStoreBench.WIDGETS[q.nextInt(MemoryStoreBench.WIDGETS.length)];
      MemoryQuery.Builder b = MemoryQuery.text(app + " " + widget + " swipe parameters").limit(5);
      if (i % 2 == 0) {
        b.entities(app);
      }
      out.add(b.build());
    }
    return out;
  }

  /** Loads {@code records} into the store at {@code uri}, {@code batch} a transaction. */
  public static void load(String name, String uri, List<MemoryRecord> records, int batch) {
    long t0 = System.nanoTime();
    try (MemoryStore store = MemoryStore.open(uri)) {
      for (int from = 0; from < records.size(); from += batch) {
        store.saveAll(records.subList(from, Math.min(records.size(), from + batch)));
      }
      System.out.printf(
          Locale.ROOT,
          "%s: %,d records loaded in %.1f s (saveAll of %,d records a transaction)%n",
          name,
          store.count(),
          (System.nanoTime() - t0) / 1e9,
          batch);
    }
  }

  private static List<Result> measure(
      String name,
      String uri,
      int[] writers,
      int[] paces,
      List<MemoryRecord> records,
      List<MemoryQuery> queries,
      int warmup)
      throws Exception {
    List<Result> out = new ArrayList<>();
    for (int w : writers) {
      for (int pace : w == 0 ? new int[] {0} : paces) {
        Result r = measure(name, uri, w, pace, records, queries, warmup);
        System.out.println(row(r));
        out.add(r);
      }
    }
    return out;
  }

  private static Result measure(
      String name,
      String uri,
      int writers,
      int paceMs,
      List<MemoryRecord> records,
      List<MemoryQuery> queries,
      int warmup)
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger errors = new AtomicInteger();
    CountDownLatch opened = new CountDownLatch(writers);
    List<List<Double>> saves = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    AtomicBoolean timing = new AtomicBoolean(); // while the recalls are timed
    for (int w = 0; w < writers; w++) {
      List<Double> mine = new ArrayList<>();
      saves.add(mine);
      int id = w;
      Thread t =
          new Thread(
              () -> write(uri, id, paceMs, records, stop, opened, errors, mine, timing),
              name + "-writer-" + w);
      t.setDaemon(true);
      threads.add(t);
    }
    try (MemoryStore store = MemoryStore.open(uri)) {
      threads.forEach(Thread::start);
      if (!opened.await(2, TimeUnit.MINUTES)) {
        throw new IllegalStateException("writers did not open their stores");
      }
      for (int i = 0; i < warmup; i++) {
        store.recall(queries.get(i));
      }
      int calls = queries.size() - warmup;
      MemoryStoreBench.Timer t = new MemoryStoreBench.Timer(calls);
      int hits = 0;
      long t0 = System.nanoTime();
      timing.set(true);
      for (int i = 0; i < calls; i++) {
        t.start();
        hits += store.recall(queries.get(warmup + i)).isEmpty() ? 0 : 1;
        t.stop();
      }
      long t1 = System.nanoTime();
      timing.set(false);
      stop.set(true);
      for (Thread th : threads) {
        th.join(TimeUnit.MINUTES.toMillis(2));
      }
      List<Double> all = new ArrayList<>();
      for (List<Double> s : saves) {
        synchronized (s) {
          all.addAll(s);
        }
      }
      double[] saveWall = all.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      return new Result(
          name,
          writers,
          paceMs,
          t.wall,
          t.cpu,
          saveWall,
          saveWall.length / ((t1 - t0) / 1e9),
          errors.get(),
          hits);
    }
  }

  /**
   * A writing rig: its own store; every second save updates a stored memory (a refined distance),
   * every other adds a new one. Records the saves that end while the recalls are timed.
   */
  private static void write(
      String uri,
      int id,
      int paceMs,
      List<MemoryRecord> records,
      AtomicBoolean stop,
      CountDownLatch opened,
      AtomicInteger errors,
      List<Double> saves,
      AtomicBoolean timing) {
    Random rnd = new Random(1000 + id);
    try (MemoryStore store = MemoryStore.open(uri)) {
      opened.countDown();
      long next = System.nanoTime();
      for (int i = 0; !stop.get(); i++) {
        MemoryRecord r;
        if (i % 2 == 0) {
          MemoryRecord old = records.get(rnd.nextInt(records.size()));
          WidgetParameters p = WidgetParameters.fromRecord(old);
          r =
              old.toBuilder()
                  .content(
                      p.toBuilder().effectiveDistance(20 + rnd.nextInt(400)).build().toContent())
                  .build();
        } else {
          r = MemoryStoreBench.record(rnd, "FarmRig" + id + "App" + i, "hour column");
        }
        long t0 = System.nanoTime();
        try {
          store.save(r);
        } catch (RuntimeException e) {
          errors.incrementAndGet();
        }
        long t1 = System.nanoTime();
        if (timing.get()) {
          synchronized (saves) {
            saves.add((t1 - t0) / 1e6);
          }
        }
        if (paceMs > 0) {
          next += TimeUnit.MILLISECONDS.toNanos(paceMs);
          long wait = next - System.nanoTime();
          if (wait > 0) {
            LockSupport.parkNanos(wait);
          } else {
            next = System.nanoTime(); // late: no burst to catch up
          }
        }
      }
    } catch (RuntimeException e) {
      errors.incrementAndGet();
      opened.countDown();
    }
  }

  private static String row(Result r) {
    double[] wall = r.recallWall.clone();
    Arrays.sort(wall);
    double[] cpu = r.recallCpu.clone();
    Arrays.sort(cpu);
    double[] save = r.saveWall;
    return String.format(
        Locale.ROOT,
        "| %s | %d | %s | %.0f | %.3f | %.3f | %.3f | %.3f | %.3f | %s | %s | %d (%d) | %d |",
        r.store,
        r.writers,
        r.writers == 0 ? "-" : r.paceMs == 0 ? "flat out" : "1 save / " + r.paceMs + " ms",
        r.savesPerSecond,
        MemoryStoreBench.pct(wall, 0.50),
        MemoryStoreBench.pct(wall, 0.95),
        MemoryStoreBench.pct(wall, 0.99),
        wall[wall.length - 1],
        MemoryStoreBench.pct(cpu, 0.99),
        save.length == 0
            ? "-"
            : String.format(Locale.ROOT, "%.3f", MemoryStoreBench.pct(save, 0.5)),
        save.length == 0
            ? "-"
            : String.format(Locale.ROOT, "%.3f", MemoryStoreBench.pct(save, 0.99)),
        wall.length,
        r.hits,
        r.errors);
  }
}
