package dev.swipe.bench.memory;

import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.WidgetParameters;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Save and recall latency of the SQLite memory store at 100, 10k and 100k records, file size per
 * record, and FTS5 recall against a plain LIKE scan over the same file in the same run.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.memory.MemoryStoreBench
 * [sizes...]}. A plain program rather than JMH: each measurement is a whole store operation
 * (milliseconds, with disk sync), and percentiles over a few thousand timed calls are what the goal
 * (recall p99 under 5 ms at 100k) is stated in.
 */
public final class MemoryStoreBench {
  static final String[] WIDGETS = {
    "hour column",
    "minute column",
    "second column",
    "am pm column",
    "day wheel",
    "month wheel",
    "year wheel",
    "photo carousel",
    "banner carousel",
    "story carousel",
    "map canvas",
    "image canvas",
    "chat list",
    "contact list",
    "settings list",
    "feed list",
    "volume slider",
    "brightness slider",
    "seek bar",
    "tab bar",
    "date picker",
    "timer wheel",
    "number stepper",
    "color wheel",
    "font size slider"
  };
  private static final String[] SCREENS = {
    "time picker",
    "alarm",
    "settings",
    "checkout",
    "map",
    "gallery",
    "chat",
    "profile",
    "timer",
    "calendar",
    "player",
    "editor"
  };
  private static final String[] SYLLABLES = {
    "we", "chat", "ka", "lo", "mi", "tro", "zen", "pay", "go", "fit", "snap", "cal", "note", "map",
    "shop", "bit", "ly", "vio", "ra", "nex", "qu", "dro", "pix", "tune"
  };

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private MemoryStoreBench() {}

  /** Wall and CPU time of repeated calls, in ms. */
  static final class Timer {
    final double[] wall;
    final double[] cpu;
    private int i;
    private long w0;
    private long c0;

    Timer(int calls) {
      wall = new double[calls];
      cpu = new double[calls];
    }

    void start() {
      c0 = THREADS.getCurrentThreadCpuTime();
      w0 = System.nanoTime();
    }

    void stop() {
      wall[i] = (System.nanoTime() - w0) / 1e6;
      cpu[i] = (THREADS.getCurrentThreadCpuTime() - c0) / 1e6;
      i++;
    }
  }

  public static void main(String[] args) throws Exception {
    int[] sizes =
        args.length == 0
            ? new int[] {100, 10_000, 100_000}
            : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
    System.out.printf(
        Locale.ROOT,
        "java %s, %d cpus, os %s%n",
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("os.name"));
    System.out.println("load average at start: " + loadAverage());
    List<String> rows = new ArrayList<>();
    for (int n : sizes) {
      rows.addAll(run(n));
    }
    System.out.println("load average at end: " + loadAverage());
    System.out.println();
    System.out.println(
        "| records | operation | p50 ms | p99 ms | max ms | cpu p50 ms | cpu p99 ms | calls |");
    System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|");
    rows.forEach(System.out::println);
  }

  /** A deterministic app name for index i; about one app per ten records. */
  static String app(Random rnd) {
    StringBuilder sb = new StringBuilder();
    int parts = 2 + rnd.nextInt(2);
    for (int i = 0; i < parts; i++) {
      String s = SYLLABLES[rnd.nextInt(SYLLABLES.length)];
      sb.append(i == 0 ? Character.toUpperCase(s.charAt(0)) + s.substring(1) : s);
    }
    return sb.toString() + rnd.nextInt(1000);
  }

  /** The apps of a store of {@code n} records: about one per ten records. */
  public static String[] appNames(int n, Random rnd) {
    String[] appNames = new String[Math.max(1, n / 10)];
    for (int i = 0; i < appNames.length; i++) {
      appNames[i] = app(rnd);
    }
    return appNames;
  }

  /** {@code n} calibration records of distinct apps and widgets, the store every run loads. */
  public static List<MemoryRecord> records(int n, Random rnd, String[] appNames) {
    int apps = appNames.length;
    List<MemoryRecord> records = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String app = appNames[i % apps];
      String widget = WIDGETS[(i / apps) % WIDGETS.length];
      // (app, widget) pairs are unique up to apps*WIDGETS records; beyond that, vary the title.
      if (i >= apps * WIDGETS.length) {
        widget = widget + " " + (i / (apps * WIDGETS.length));
      }
      records.add(record(rnd, app, widget));
    }
    return records;
  }

  static MemoryRecord record(Random rnd, String app, String widget) {
    WidgetParameters p =
        WidgetParameters.builder(app, widget)
            .screen(SCREENS[rnd.nextInt(SCREENS.length)])
            .effectiveDistance(20 + rnd.nextInt(400))
            .holdAfterMs(rnd.nextInt(4) * 50)
            .durationMs(300 + rnd.nextInt(5) * 100)
            .center(rnd.nextInt(1001), rnd.nextInt(1001))
            .rowPitch(30 + rnd.nextInt(40))
            .build();
    return MemoryRecord.builder(p.title(), p.toContent())
        .tags("swipe", "calibration", widget.split(" ", 0)[widget.split(" ", 0).length - 1])
        .entities(app)
        .priority(rnd.nextInt(101))
        .build();
  }

  private static List<String> run(int n) throws Exception {
    Path dir = Files.createTempDirectory("swipe-memory-bench");
    Path db = dir.resolve("memory.db");
    List<String> rows = new ArrayList<>();
    Random rnd = new Random(42);
    String[] appNames = appNames(n, rnd);
    int apps = appNames.length;
    List<MemoryRecord> records = records(n, rnd, appNames);

    long t0 = System.nanoTime();
    try (MemoryStore store = MemoryStore.open("sqlite:" + db)) {
      for (int from = 0; from < n; from += 20_000) {
        store.saveAll(records.subList(from, Math.min(n, from + 20_000)));
      }
    }
    double buildMs = (System.nanoTime() - t0) / 1e6;
    long bytes = Files.size(db);
    System.out.printf(
        Locale.ROOT,
        "%,d records: built in %.0f ms (saveAll in 20k-record transactions), file %,d bytes ="
            + " %.0f bytes/record%n",
        n,
        buildMs,
        bytes,
        (double) bytes / n);
    rows.add(
        String.format(
            Locale.ROOT,
            "| %,d | file size: %.0f bytes/record (%,d bytes) | | | | | | |",
            n,
            (double) bytes / n,
            bytes));

    // Queries an agent would send: "<app> <widget> swipe parameters", half with the app as entity
    // filter, one in ten for an app that is not stored (a miss).
    int calls = 3000;
    List<MemoryQuery> queries = new ArrayList<>();
    List<MemoryQuery> commonOnly = new ArrayList<>();
    List<String[]> likeWords = new ArrayList<>();
    List<String> ftsAll = new ArrayList<>();
    Random q = new Random(7);
    for (int i = 0; i < calls; i++) {
      boolean miss = i % 10 == 9;
      String app = miss ? app(q) + "x" : appNames[q.nextInt(apps)];
      String widget = WIDGETS[q.nextInt(WIDGETS.length)];
      String text = app + " " + widget + " swipe parameters";
      MemoryQuery.Builder b = MemoryQuery.text(text).limit(5);
      if (i % 2 == 0) {
        b.entities(app);
      }
      queries.add(b.build());
      commonOnly.add(MemoryQuery.text(widget + " swipe parameters").limit(5).build());
      String[] words = text.toLowerCase(Locale.ROOT).split(" ");
      likeWords.add(words);
      ftsAll.add("\"" + String.join("\" OR \"", words) + "\"");
    }

    try (MemoryStore store = MemoryStore.open("sqlite:" + db)) {
      for (int i = 0; i < 300; i++) {
        store.recall(queries.get(i)); // warm-up
        store.recall(commonOnly.get(i));
      }
      Timer recall = new Timer(calls);
      int hits = 0;
      for (int i = 0; i < calls; i++) {
        recall.start();
        hits += store.recall(queries.get(i)).isEmpty() ? 0 : 1;
        recall.stop();
      }
      rows.add(row(n, "recall: app + widget words (store API, FTS5 candidates)", recall));
      System.out.printf(Locale.ROOT, "  recall: %d of %d queries found something%n", hits, calls);
      Timer common = new Timer(calls);
      for (int i = 0; i < calls; i++) {
        common.start();
        store.recall(commonOnly.get(i));
        common.stop();
      }
      rows.add(row(n, "recall: common words only (store API)", common));
      MemoryQuery noWords = MemoryQuery.builder().limit(5).build();
      for (int i = 0; i < 100; i++) {
        store.recall(noWords);
      }
      Timer wordless = new Timer(1000);
      for (int i = 0; i < 1000; i++) {
        wordless.start();
        store.recall(noWords);
        wordless.stop();
      }
      rows.add(row(n, "recall: no words, by priority and recency (store API)", wordless));

      rows.add(row(n, "save new record, sync=FULL (default)", saves(store, n, rnd, "full")));
    }
    try (MemoryStore store = MemoryStore.open("sqlite:" + db + "?sync=normal")) {
      rows.add(row(n, "save new record, sync=NORMAL", saves(store, n, rnd, "normal")));
    }

    // The competing approaches, plain JDBC on the same file: a LIKE scan (no index), and FTS5
    // ranking every row that matches any word by bm25 (ORDER BY rank).
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
      int slowCalls = n >= 100_000 ? 100 : n >= 10_000 ? 500 : calls;
      for (int i = 0; i < Math.min(30, slowCalls); i++) {
        like(c, likeWords.get(i));
        ftsRank(c, ftsAll.get(i));
      }
      Timer like = new Timer(slowCalls);
      for (int i = 0; i < slowCalls; i++) {
        like.start();
        like(c, likeWords.get(i));
        like.stop();
      }
      rows.add(row(n, "recall: LIKE scan ranked by words found (plain JDBC)", like));
      Timer rank = new Timer(slowCalls);
      for (int i = 0; i < slowCalls; i++) {
        rank.start();
        ftsRank(c, ftsAll.get(i));
        rank.stop();
      }
      rows.add(row(n, "recall: FTS5 MATCH any word ORDER BY bm25 (plain JDBC)", rank));
    }
    deleteTree(dir);
    return rows;
  }

  private static Timer saves(MemoryStore store, int n, Random rnd, String tag) {
    int k = 300;
    Timer t = new Timer(k);
    for (int i = 0; i < k; i++) {
      MemoryRecord r = record(rnd, "Bench" + tag + n, "new widget " + i);
      t.start();
      store.save(r);
      t.stop();
    }
    return t;
  }

  /**
   * The LIKE way to rank by relevance: count the query words found anywhere in title, content, tags
   * or entities; rows with at least one, most words first, then priority, then newest. Every row
   * has to be tested, as no index helps with {@code LIKE '%word%'}.
   */
  private static int like(Connection c, String[] words) throws SQLException {
    StringBuilder hits = new StringBuilder();
    for (int i = 1; i <= words.length; i++) {
      if (i > 1) {
        hits.append(" + ");
      }
      hits.append(
          String.format(
              Locale.ROOT,
              "(title LIKE ?%1$d OR content LIKE ?%1$d OR tags LIKE ?%1$d OR entities LIKE ?%1$d)",
              i));
    }
    String sql =
        "SELECT id, title, content, priority, "
            + hits
            + " AS hits FROM memory WHERE hits > 0"
            + " ORDER BY hits DESC, priority DESC, updated_at DESC LIMIT 5";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < words.length; i++) {
        ps.setString(i + 1, "%" + words[i] + "%");
      }
      int rows = 0;
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rows++;
        }
      }
      return rows;
    }
  }

  /** FTS5 alone: every row matching any word, ranked by bm25, top 5 joined to the records. */
  private static int ftsRank(Connection c, String match) throws SQLException {
    String sql =
        "SELECT m.id, m.title, m.content, m.priority FROM memory m JOIN (SELECT rowid, rank FROM"
            + " memory_fts WHERE memory_fts MATCH ? ORDER BY rank LIMIT 5) f ON m.id = f.rowid";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, match);
      int rows = 0;
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rows++;
        }
      }
      return rows;
    }
  }

  private static String row(int n, String op, Timer t) {
    double[] s = t.wall.clone();
    Arrays.sort(s);
    double[] c = t.cpu.clone();
    Arrays.sort(c);
    return String.format(
        Locale.ROOT,
        "| %,d | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %d |",
        n,
        op,
        pct(s, 0.50),
        pct(s, 0.99),
        s[s.length - 1],
        pct(c, 0.50),
        pct(c, 0.99),
        s.length);
  }

  static double pct(double[] sorted, double p) {
    int i = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  /** The 1/5/15-minute load average (Linux), to judge how contended the machine was. */
  public static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ", -1);
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "n/a";
    }
  }

  static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
