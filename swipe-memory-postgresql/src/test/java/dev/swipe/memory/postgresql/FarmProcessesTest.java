package dev.swipe.memory.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.memory.WidgetParameters;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A farm: rigs in JVMs of their own ({@link FarmRig}), each with its own store on one PostgreSQL
 * database, writing and recalling at once while some of them are killed with SIGKILL at random
 * moments; afterwards every save a rig had acknowledged is in the database, and nothing else but
 * the one operation each killed rig had in flight.
 *
 * <p>Tagged {@code child-process}: the mutation profile leaves it out (its children run unmutated
 * code); {@link ConcurrentWritersTest} covers the same code in one JVM.
 */
@Tag("child-process")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FarmProcessesTest {
  @RegisterExtension static final PostgresServer PG = new PostgresServer();

  private static final String PASSWORD_ENV = "SWIPE_FARM_PG_PASSWORD";
  private static final int RIGS = 8;
  private static final int KILLED = 3;
  private static final int ROUNDS = 100;
  private static final int SECONDS = 150;
  private static final int SHARED = 4;
  private static final long SEED = 40;

  @TempDir Path dir;

  /** A child JVM running {@link FarmRig}, its stdout lines collected as they come. */
  private final class Rig implements AutoCloseable {
    final String name;
    final Process process;
    final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    final CountDownLatch ready = new CountDownLatch(1);
    final AtomicInteger acks = new AtomicInteger();
    final Thread reader;
    final Path err;

    Rig(String name, String db, String... args) throws IOException {
      this.name = name;
      this.err = dir.resolve(name + ".err");
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Xmx96m",
                  "-XX:+UseSerialGC",
                  "-XX:TieredStopAtLevel=1",
                  "-cp",
                  System.getProperty("java.class.path"),
                  FarmRig.class.getName(),
                  args[0],
                  uri(db)));
      cmd.addAll(Arrays.asList(args).subList(1, args.length));
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
      pb.environment().put(PASSWORD_ENV, PG.password()); // not on the command line
      process = pb.start();
      reader =
          new Thread(
              () -> {
                try (BufferedReader r =
                    new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                  String line;
                  while ((line = r.readLine()) != null) {
                    lines.add(line);
                    if (line.equals(FarmRig.READY)) {
                      ready.countDown();
                    } else if (line.startsWith("ACK ") && line.endsWith(" END")) {
                      acks.incrementAndGet();
                    }
                  }
                } catch (IOException e) {
                  // the child died; what was read is what it acknowledged
                }
              },
              name + "-stdout");
      reader.setDaemon(true);
      reader.start();
    }

    String lastLine() {
      synchronized (lines) {
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
      }
    }

    void send(String line) throws IOException {
      OutputStream in = process.getOutputStream();
      in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    }

    /** Waits for the end, then for the last of its output. */
    int await() throws Exception {
      assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s ended", name).isTrue();
      reader.join(TimeUnit.SECONDS.toMillis(30));
      return process.exitValue();
    }

    String stderr() {
      try {
        return Files.exists(err) ? Files.readString(err) : "";
      } catch (IOException e) {
        return "(unreadable)";
      }
    }

    /** Its lines complete up to the end (a line cut by SIGKILL left out), without the marker. */
    List<String> events(boolean killed) {
      List<String> out = new ArrayList<>();
      synchronized (lines) {
        for (int i = 0; i < lines.size(); i++) {
          String l = lines.get(i);
          if (l.endsWith(" END")) {
            out.add(l.substring(0, l.length() - " END".length()));
          } else if (!l.equals(FarmRig.READY)) {
            // only the last line of a killed rig may be cut short
            assertThat(killed && i == lines.size() - 1)
                .as("%s: line %d '%s' is incomplete", name, i, l)
                .isTrue();
          }
        }
      }
      return out;
    }

    @Override
    public void close() {
      if (process.isAlive()) {
        process.destroyForcibly();
      }
    }
  }

  /** The URI every rig opens: its own pool, the password from the environment. */
  private static String uri(String db) {
    return "postgresql://127.0.0.1:"
        + PG.port()
        + "/"
        + db
        + "?user="
        + PostgresServer.USER
        + "&password_env="
        + PASSWORD_ENV
        + "&pool_size=2";
  }

  /** A row of swipe_memory. */
  private record Row(String id, String title, String content, long version) {}

  /** A rig's record of its own, as it acknowledged it last. */
  private record Own(String id, int rev) {}

  /** What one rig's lines say it did, acknowledged, and what it had in flight when killed. */
  private static final class Log {
    final Map<Integer, Own> own = new TreeMap<>(); // live records by round
    final int[] sharedAcked = new int[SHARED];
    final List<Set<String>> sharedIds = new ArrayList<>();
    final List<Set<String>> sharedContents = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    String[] inFlight; // the fields of a TRY without its ACK
    int news;
    int revs;
    int deletes;
    int sharedSaves;
    int okRounds;
    int rounds = -1;
    boolean done;

    Log(int rig, List<String> events) {
      for (int k = 0; k < SHARED; k++) {
        sharedIds.add(new HashSet<>());
        sharedContents.add(new HashSet<>());
      }
      for (String e : events) {
        String[] f = e.split(" ");
        switch (f[0]) {
          case "TRY" -> {
            assertThat(inFlight).as("rig %d: TRY before the last ACK: %s", rig, e).isNull();
            inFlight = f;
          }
          case "ACK" -> {
            assertThat(inFlight).as("rig %d: ACK without TRY: %s", rig, e).isNotNull();
            assertThat(f[1]).as("rig %d: ACK of another TRY", rig).isEqualTo(inFlight[1]);
            apply(rig, inFlight, f[2]);
            inFlight = null;
          }
          case "OK" -> okRounds++;
          case "DONE" -> {
            done = true;
            rounds = Integer.parseInt(f[1]);
          }
          case "FAIL" -> failures.add(e);
          default -> throw new AssertionError("rig " + rig + ": unknown line " + e);
        }
      }
    }

    private void apply(int rig, String[] op, String id) {
      switch (op[2]) {
        case "NEW" -> {
          own.put(Integer.parseInt(op[3]), new Own(id, 0));
          news++;
        }
        case "SHARED" -> {
          int k = Integer.parseInt(op[3]);
          sharedAcked[k]++;
          sharedIds.get(k).add(id);
          sharedContents.get(k).add(FarmRig.sharedContent(rig, Integer.parseInt(op[4])));
          sharedSaves++;
        }
        case "REV" -> {
          assertThat(id).isEqualTo(op[3]);
          own.replaceAll((round, o) -> o.id().equals(id) ? new Own(id, 1) : o);
          revs++;
        }
        case "DEL" -> {
          assertThat(own.values().removeIf(o -> o.id().equals(id))).isTrue();
          deletes++;
        }
        default -> throw new AssertionError("rig " + rig + ": unknown operation " + op[2]);
      }
    }

    int acknowledged() {
      return news + revs + deletes + sharedSaves;
    }

    boolean inFlight(String op, String arg) {
      return inFlight != null && inFlight[2].equals(op) && inFlight[3].equals(arg);
    }
  }

  @Test
  void eightRigProcessesSomeKilledLoseNoAcknowledgedSave() throws Exception {
    String db = PG.newDatabase();
    Random rnd = new Random(SEED);
    List<Integer> order = new ArrayList<>();
    for (int r = 0; r < RIGS; r++) {
      order.add(r);
    }
    Collections.shuffle(order, rnd);
    // the victims, each killed once it has acknowledged this many operations (about 3 a round)
    Map<Integer, Integer> killAt = new LinkedHashMap<>();
    for (int i = 0; i < KILLED; i++) {
      killAt.put(order.get(i), 10 + rnd.nextInt(ROUNDS * 2));
    }
    List<Rig> rigs = new ArrayList<>();
    Set<Integer> killed = new HashSet<>();
    try {
      for (int r = 0; r < RIGS; r++) {
        rigs.add(
            new Rig(
                "rig" + r,
                db,
                "write",
                Integer.toString(r),
                Integer.toString(ROUNDS),
                Integer.toString(SECONDS),
                Integer.toString(SHARED)));
      }
      for (Rig rig : rigs) {
        assertThat(rig.ready.await(3, TimeUnit.MINUTES))
            .as("%s opened its store: %s", rig.name, rig.stderr())
            .isTrue();
      }
      for (Rig rig : rigs) {
        rig.send(FarmRig.GO);
      }
      Map<Integer, Integer> pending = new LinkedHashMap<>(killAt);
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        for (var it = pending.entrySet().iterator(); it.hasNext(); ) {
          var e = it.next();
          Rig victim = rigs.get(e.getKey());
          assertThat(victim.process.isAlive())
              .as("%s still running before its kill: %s", victim.name, victim.stderr())
              .isTrue();
          int acks = victim.acks.get();
          if (acks >= e.getValue()
              && (victim.lastLine().startsWith("TRY ") || acks > e.getValue() + 30)) {
            // a save has just been sent: somewhere in its transaction, or just after
            LockSupport.parkNanos(rnd.nextInt(2_000_000));
            victim.process.destroyForcibly(); // SIGKILL: no close(), no rollback from the rig
            killed.add(e.getKey());
            it.remove();
          }
        }
        Thread.sleep(1);
      }
      assertThat(killed).containsExactlyInAnyOrderElementsOf(killAt.keySet());
      for (int r = 0; r < RIGS; r++) {
        Rig rig = rigs.get(r);
        int exit = rig.await();
        assertThat(exit)
            .as("%s exit value: %s", rig.name, rig.stderr())
            .isEqualTo(killed.contains(r) ? 137 : 0);
      }
    } finally {
      rigs.forEach(Rig::close);
    }

    Log[] logs = new Log[RIGS];
    for (int r = 0; r < RIGS; r++) {
      logs[r] = new Log(r, rigs.get(r).events(killed.contains(r)));
      assertThat(logs[r].failures).as("rig %d's own checks", r).isEmpty();
      assertThat(logs[r].done).as("rig %d finished", r).isEqualTo(!killed.contains(r));
      assertThat(logs[r].news).as("rig %d saved", r).isPositive();
      if (!killed.contains(r)) {
        assertThat(logs[r].inFlight).isNull();
        // every round it reported, saved and checked (ROUNDS, unless SECONDS ran out first)
        assertThat(logs[r].news).isEqualTo(logs[r].rounds).isEqualTo(logs[r].okRounds);
      }
    }

    Map<String, Row> rows = new HashMap<>();
    List<String> duplicates = new ArrayList<>();
    try (Connection c = PG.connect(db);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, title, content, version FROM swipe_memory")) {
      while (rs.next()) {
        Row row =
            new Row(Long.toString(rs.getLong(1)), rs.getString(2), rs.getString(3), rs.getLong(4));
        if (rows.putIfAbsent(row.title(), row) != null) {
          duplicates.add(row.title());
        }
      }
    }
    assertThat(duplicates).as("titles stored twice").isEmpty();

    List<String> lost = new ArrayList<>();
    int unacknowledgedApplied = 0;
    for (int r = 0; r < RIGS; r++) {
      Log g = logs[r];
      for (Map.Entry<Integer, Own> e : g.own.entrySet()) {
        Own o = e.getValue();
        Row row = rows.remove(FarmRig.ownTitle(r, e.getKey()));
        if (row == null) {
          if (g.inFlight("DEL", o.id())) {
            unacknowledgedApplied++; // the delete a killed rig had sent went through
          } else {
            lost.add("rig " + r + " round " + e.getKey() + ": acknowledged record " + o.id());
          }
          continue;
        }
        boolean acked =
            row.content().equals(FarmRig.ownContent(r, e.getKey(), o.rev()))
                && row.version() == o.rev() + 1;
        boolean inFlightUpdate =
            g.inFlight("REV", o.id())
                && row.content().equals(FarmRig.ownContent(r, e.getKey(), 1))
                && row.version() == 2;
        if (!row.id().equals(o.id()) || !(acked || inFlightUpdate)) {
          lost.add("rig " + r + " round " + e.getKey() + ": acknowledged " + o + ", stored " + row);
        }
        if (inFlightUpdate && !acked) {
          unacknowledgedApplied++;
        }
      }
      if (g.inFlight != null && g.inFlight[2].equals("NEW")) {
        int round = Integer.parseInt(g.inFlight[3]);
        Row row = rows.remove(FarmRig.ownTitle(r, round));
        if (row != null) {
          assertThat(row.content()).isEqualTo(FarmRig.ownContent(r, round, 0));
          assertThat(row.version()).isEqualTo(1);
          unacknowledgedApplied++;
        }
      }
    }
    long sharedVersions = 0;
    int sharedAcked = 0;
    for (int k = 0; k < SHARED; k++) {
      Row row = rows.remove(FarmRig.sharedTitle(k));
      assertThat(row).as("shared memory %d", k).isNotNull();
      int acked = 0;
      int inFlight = 0;
      Set<String> ids = new HashSet<>();
      Set<String> contents = new HashSet<>();
      for (int r = 0; r < RIGS; r++) {
        acked += logs[r].sharedAcked[k];
        ids.addAll(logs[r].sharedIds.get(k));
        contents.addAll(logs[r].sharedContents.get(k));
        if (logs[r].inFlight("SHARED", Integer.toString(k))) {
          inFlight++;
          contents.add(FarmRig.sharedContent(r, Integer.parseInt(logs[r].inFlight[4])));
        }
      }
      // one record, saved by every rig in turn: none of the acknowledged saves lost
      assertThat(ids).as("ids acknowledged for shared memory %d", k).containsExactly(row.id());
      assertThat(row.version())
          .as("saves of shared memory %d", k)
          .isBetween((long) acked, (long) acked + inFlight);
      assertThat(contents).as("content of shared memory %d", k).contains(row.content());
      unacknowledgedApplied += (int) (row.version() - acked);
      sharedVersions += row.version();
      sharedAcked += acked;
    }
    assertThat(lost).as("acknowledged saves lost").isEmpty();
    assertThat(rows)
        .as("records nobody acknowledged (a duplicate or a deleted record back)")
        .isEmpty();
    assertThat(unacknowledgedApplied).isLessThanOrEqualTo(killed.size());
    try (Connection c = PG.connect(db)) {
      StoreInvariants.assertConsistent(c);
    }

    int acknowledged = 0;
    int recalls = 0;
    int inFlightAtKill = 0;
    for (Log g : logs) {
      acknowledged += g.acknowledged();
      recalls += 2 * g.okRounds;
      inFlightAtKill += g.inFlight == null ? 0 : 1;
    }
    System.out.printf(
        Locale.ROOT,
        "farm: %d rig processes, %d killed (%d mid-operation, %d of those applied), %d"
            + " acknowledged operations (%d saves of shared memories, %d versions), %d checked"
            + " recalls, 0 lost%n",
        RIGS,
        killed.size(),
        inFlightAtKill,
        unacknowledgedApplied,
        acknowledged,
        sharedAcked,
        sharedVersions,
        recalls);
  }

  @Test
  void aPickersParametersSavedByOneRigAreRecalledByAnother() throws Exception {
    String db = PG.newDatabase();
    WidgetParameters hour =
        WidgetParameters.builder("WeChat", "hour column")
            .screen("time picker")
            .effectiveDistance(35)
            .holdAfterMs(100)
            .durationMs(400)
            .center(500, 380)
            .rowPitch(48)
            .build();
    // rig A calibrated the picker and saved what worked, among other pickers
    List<String> a = runToEnd("rigA", db, "params-save", hour.toContent());
    assertThat(a).singleElement().asString().startsWith("ACK ");
    String id = a.get(0).substring("ACK ".length());

    // rig B, another process, recalls it the way an agent asks, and learns a better distance
    List<String> b =
        runToEnd("rigB", db, "params-recall", "WeChat hour picker swipe", "WeChat", "38");
    assertThat(b).hasSize(2);
    assertThat(b.get(0)).startsWith("GOT " + id + " ");
    assertThat(WidgetParameters.parse(b.get(0).substring(("GOT " + id + " ").length())))
        .isEqualTo(hour);
    assertThat(b.get(1)).isEqualTo("ACK " + id);

    // rig C recalls B's refinement: the same memory, not a second one
    List<String> c = runToEnd("rigC", db, "params-recall", "hour column WeChat", "WeChat");
    assertThat(c).singleElement().asString().startsWith("GOT " + id + " ");
    assertThat(WidgetParameters.parse(c.get(0).substring(("GOT " + id + " ").length())))
        .isEqualTo(hour.toBuilder().effectiveDistance(38).build());
    try (Connection conn = PG.connect(db);
        Statement s = conn.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT id, version FROM swipe_memory WHERE title = '" + hour.title() + "'")) {
      assertThat(rs.next()).isTrue();
      assertThat(Long.toString(rs.getLong(1))).isEqualTo(id);
      assertThat(rs.getLong(2)).isEqualTo(2);
      assertThat(rs.next()).isFalse();
    }
  }

  /** Runs a rig to its end; its complete lines, after it exited with 0. */
  private List<String> runToEnd(String name, String db, String... args) throws Exception {
    try (Rig rig = new Rig(name, db, args)) {
      assertThat(rig.await()).as("%s exit value: %s", name, rig.stderr()).isZero();
      return rig.events(false);
    }
  }
}
