package dev.swipe.memory.postgresql;

import dev.swipe.memory.MemoryQuery;
import dev.swipe.memory.MemoryRecord;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.WidgetParameters;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * One rig of {@link FarmProcessesTest}, in a JVM of its own: opens its own store on the shared
 * database (the URI, without password, in the first argument; the password in the environment) and
 * writes what it did to stdout, one flushed line per event, each ending in {@code END} so that a
 * line cut by SIGKILL is recognisable.
 *
 * <p>{@code TRY seq op...} is printed before an operation and {@code ACK seq ...} only after the
 * store returned, so an acknowledged save is one the store acknowledged, and a killed rig has at
 * most one operation in flight (the last {@code TRY} without its {@code ACK}). A check that fails
 * inside the rig prints {@code FAIL} and exits with 1.
 *
 * <p>Modes:
 *
 * <ul>
 *   <li>{@code write URI RIG ROUNDS SECONDS SHARED}: after {@code READY}, waits for {@code GO} on
 *       stdin, then per round i saves a record of its own (title {@link #ownTitle}), recalls it,
 *       saves one of the {@code SHARED} memories every rig writes ({@link #sharedRecord}), updates
 *       its record of the round before by id ({@code rev 1}), deletes every fourth round the record
 *       of two rounds before, and recalls the shared memory, which must be exactly one record. Ends
 *       after ROUNDS rounds or SECONDS seconds with {@code DONE rounds END}.
 *   <li>{@code params-save URI CONTENT}: saves a picker's parameters (the {@link WidgetParameters}
 *       content form) as the calibration record {@link WidgetParameters#toRecord} makes, among
 *       other apps' pickers; prints {@code ACK id END}.
 *   <li>{@code params-recall URI QUERY APP [DISTANCE]}: recalls the way an agent does (free text,
 *       the app as entity, the calibration tag), prints {@code GOT id content END} for the best
 *       match; with DISTANCE, then saves the same parameters with that effective distance (the rig
 *       learned better) and prints {@code ACK id END}.
 * </ul>
 */
public final class FarmRig {
  static final String READY = "READY";
  static final String GO = "GO";

  private static final PrintStream OUT = new PrintStream(System.out, false, StandardCharsets.UTF_8);

  private FarmRig() {}

  static String ownTitle(int rig, int round) {
    // r3n12 is a word of this record only, so a recall by it must find exactly this record
    return "[Rig" + rig + "] [widget r" + rig + "n" + round + "] swipe parameters";
  }

  static String ownContent(int rig, int round, int rev) {
    return "rig " + rig + " round " + round + " rev " + rev;
  }

  static String sharedTitle(int k) {
    return "[Shared] [widget " + k + "] swipe parameters";
  }

  static String sharedContent(int rig, int round) {
    return "written by rig " + rig + " in round " + round;
  }

  static MemoryRecord sharedRecord(int k, int rig, int round) {
    return MemoryRecord.builder(sharedTitle(k), sharedContent(rig, round))
        .tags("swipe", "shared")
        .entities("Shared")
        .priority(60)
        .build();
  }

  public static void main(String[] args) throws Exception {
    int exit;
    try (MemoryStore store = MemoryStore.open(args[1])) {
      exit =
          switch (args[0]) {
            case "write" ->
                write(
                    store,
                    Integer.parseInt(args[2]),
                    Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]));
            case "params-save" -> paramsSave(store, args[2]);
            case "params-recall" ->
                paramsRecall(store, args[2], args[3], args.length > 4 ? args[4] : null);
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
          };
    }
    OUT.flush();
    System.exit(exit);
  }

  private static void line(String s) {
    OUT.println(s + " END");
    OUT.flush();
  }

  private static int fail(String why) {
    line("FAIL " + why.replace('\n', ' '));
    return 1;
  }

  private static int write(MemoryStore store, int rig, int rounds, int seconds, int shared)
      throws Exception {
    OUT.println(READY);
    OUT.flush();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String go = in.readLine();
    if (!GO.equals(go)) {
      return fail("expected GO, read " + go);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    Map<Integer, MemoryRecord> own = new TreeMap<>(); // round -> record as saved
    long seq = 0;
    int round = 0;
    for (; round < rounds && System.nanoTime() < deadline; round++) {
      // a record of its own
      line("TRY " + ++seq + " NEW " + round);
      MemoryRecord mine =
          store.save(
              MemoryRecord.builder(ownTitle(rig, round), ownContent(rig, round, 0))
                  .tags("swipe", "farm")
                  .entities("Rig" + rig)
                  .build());
      line("ACK " + seq + " " + mine.id());
      own.put(round, mine);
      List<MemoryRecord> found =
          store.recall(
              MemoryQuery.text("r" + rig + "n" + round + " swipe parameters")
                  .entities("Rig" + rig)
                  .limit(3)
                  .build());
      if (found.isEmpty() || !found.get(0).id().equals(mine.id())) {
        return fail("recall of own record " + mine.id() + " found " + found);
      }
      // a memory every rig writes, by identity
      int k = (rig + round) % shared;
      line("TRY " + ++seq + " SHARED " + k + " " + round);
      MemoryRecord s = store.save(sharedRecord(k, rig, round));
      line("ACK " + seq + " " + s.id());
      // its record of the round before, updated by id
      MemoryRecord before = own.get(round - 1);
      if (before != null) {
        line("TRY " + ++seq + " REV " + before.id() + " 1");
        MemoryRecord updated =
            store.save(before.toBuilder().content(ownContent(rig, round - 1, 1)).build());
        if (!updated.id().equals(before.id())) {
          return fail("update by id " + before.id() + " returned " + updated.id());
        }
        line("ACK " + seq + " " + updated.id());
        own.put(round - 1, updated);
      }
      // and now and then one deleted
      MemoryRecord old = own.get(round - 2);
      if (round % 4 == 0 && old != null) {
        line("TRY " + ++seq + " DEL " + old.id());
        boolean gone = store.delete(old.id());
        if (!gone) {
          return fail("delete of " + old.id() + " found nothing");
        }
        line("ACK " + seq + " " + old.id());
        own.remove(round - 2);
      }
      // the shared memory, recalled: one record, never a copy per writer
      List<MemoryRecord> sh =
          store.recall(MemoryQuery.text("Shared widget " + k).tags("shared").limit(10).build());
      long copies = sh.stream().filter(r -> r.title().equals(sharedTitle(k))).count();
      if (copies != 1) {
        return fail("recall of shared memory " + k + " found " + copies + " records: " + sh);
      }
      line("OK " + round); // two recalls of the round checked
    }
    line("DONE " + round);
    return 0;
  }

  private static MemoryRecord picker(String app, String widget, int distance) {
    return WidgetParameters.builder(app, widget)
        .screen("time picker")
        .effectiveDistance(distance)
        .holdAfterMs(100)
        .durationMs(400)
        .center(500, 380)
        .rowPitch(48)
        .build()
        .toRecord(70);
  }

  private static int paramsSave(MemoryStore store, String content) {
    WidgetParameters p = WidgetParameters.parse(content);
    // other apps' pickers, and this app's other columns, around the one recalled later
    String[] apps = {"Alipay", "Alarmy", "Calendar", "Clock", "Taobao", "Weibo"};
    String[] widgets = {"hour column", "minute column", "am pm column"};
    for (int i = 0; i < apps.length; i++) {
      for (int j = 0; j < widgets.length; j++) {
        store.save(picker(apps[i], widgets[j], 20 + 10 * i + j));
      }
    }
    store.save(picker(p.app(), "minute column", 22));
    MemoryRecord saved = store.save(p.toRecord(70));
    store.save(picker(p.app(), "am pm column", 90));
    line("ACK " + saved.id());
    return 0;
  }

  private static int paramsRecall(
      MemoryStore store, String query, String app, String betterDistance) {
    List<MemoryRecord> found =
        store.recall(MemoryQuery.text(query).entities(app).tags("calibration").limit(5).build());
    if (found.isEmpty()) {
      return fail("nothing recalled for " + query);
    }
    MemoryRecord best = found.get(0);
    line("GOT " + best.id() + " " + best.content());
    if (betterDistance != null) {
      WidgetParameters p = WidgetParameters.fromRecord(best);
      WidgetParameters better =
          p.toBuilder().effectiveDistance(Double.parseDouble(betterDistance)).build();
      MemoryRecord saved = store.save(better.toRecord(best.priority()));
      line("ACK " + saved.id());
    }
    return 0;
  }
}
