package dev.swipe.bench.policy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Key;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * Honest hit rates (issue 36 item 5): taps scored against where the simulated phone truly took the
 * touch ({@link SimOracle#touchLog()}), never against the SDK's own screenshots, per pointer kind
 * and platform. A tap hits when the phone's first touch-down after it reached the app inside the
 * target's box; otherwise it is ignored (no touch at all), lands outside the box, or reaches system
 * UI. Between targets the benchmark closes any system UI a tap opened (the Home key), so one miss
 * does not decide the next; the openings are counted.
 *
 * <p>The box is ±{@value #BOX_HALF_W} normalized units across and ±{@value #BOX_HALF_H} down, about
 * 30 pt square on a phone: smaller than the 44 pt platforms ask of a control, so a hit here hits
 * any standard control.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.HitRateBench --platform=ios --devices=8 --targets=12 [--input=rig] [--pointers=touch,abs,rel]
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.HitRateBench --platform=ios --devices=8 --targets=12 --memory
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.HitRateBench --platform=ios --devices=10 --targets=8 --drags [--pointers=touch,rel]
 * </pre>
 *
 * <p>With {@code --drags}, each target is a drag of 250-550 units in any direction inside the
 * content area: it lands when the phone's touch-down is inside the start's box and its last touch
 * inside the end's, and its length error is the touches' length against the planned one.
 *
 * <p>With {@code --memory}, each device runs the relative pointer twice on one memory store: a
 * first session that learns the rig from nothing, and a second, on the same taps, that starts from
 * what the first kept. Phone time is the device's own clock (the simulator's virtual time), so the
 * rows compare the pointer loop's work, not the machine's load.
 */
public final class HitRateBench {
  static final double BOX_HALF_W = 40;
  static final double BOX_HALF_H = 18;

  private HitRateBench() {}

  /** What became of one tap. */
  enum Outcome {
    HIT,
    OUTSIDE,
    SYSTEM_UI,
    NO_TOUCH,
    REFUSED
  }

  /** One device's taps, and the phone time each tap took (ms, the device's clock). */
  record DeviceRun(
      List<Outcome> outcomes, List<Double> errors, int systemUiOpenings, List<Long> phoneMs) {}

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "ios");
    String input = Stats.opt(args, "input", "rig");
    int devices = Integer.parseInt(Stats.opt(args, "devices", "8"));
    int targets = Integer.parseInt(Stats.opt(args, "targets", "12"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "1"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "36000"));
    String[] pointers = Stats.opt(args, "pointers", "touch,abs,rel").split(",", -1);
    Stats.deadlineFrom(args);
    if (java.util.Arrays.asList(args).contains("--memory")) {
      memoryRows(platform, input, devices, targets, threads, seed0);
      return;
    }
    if (java.util.Arrays.asList(args).contains("--drags")) {
      dragRows(platform, input, devices, targets, threads, seed0, pointers);
      return;
    }
    System.out.printf(
        Locale.ROOT,
        "%n### %s, input=%s: %d devices (seeds %d..%d), %d taps each; box +-%.0f x +-%.0f units%n%n",
        platform,
        input,
        devices,
        seed0,
        seed0 + devices - 1,
        targets,
        BOX_HALF_W,
        BOX_HALF_H);
    System.out.println(
        "| pointer | taps | hit | outside the box | system UI | no touch | refused | system UI"
            + " openings | median error (units) | p90 error | real s |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (String pointer : pointers) {
      String kind = pointer.strip();
      long t0 = System.nanoTime();
      List<DeviceRun> runs =
          Stats.parallel(
              devices, threads, i -> runDevice(platform, input, kind, seed0 + i, targets, null));
      double realS = (System.nanoTime() - t0) / 1e9;
      Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
      List<Double> errors = new ArrayList<>();
      int openings = 0;
      int taps = 0;
      for (DeviceRun r : runs) {
        if (r == null) {
          continue;
        }
        for (Outcome o : r.outcomes()) {
          counts.merge(o, 1, Integer::sum);
          taps++;
        }
        errors.addAll(r.errors());
        openings += r.systemUiOpenings();
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %s | %s | %s | %s | %s | %d | %s | %s | %.0f |%n",
          kind,
          taps,
          pct(counts.getOrDefault(Outcome.HIT, 0), taps),
          pct(counts.getOrDefault(Outcome.OUTSIDE, 0), taps),
          pct(counts.getOrDefault(Outcome.SYSTEM_UI, 0), taps),
          pct(counts.getOrDefault(Outcome.NO_TOUCH, 0), taps),
          pct(counts.getOrDefault(Outcome.REFUSED, 0), taps),
          openings,
          errors.isEmpty() ? "-" : Stats.f1(Stats.pct(errors, 50)),
          errors.isEmpty() ? "-" : Stats.f1(Stats.pct(errors, 90)),
          realS);
    }
  }

  /**
   * The relative pointer on each device twice, on one memory store: learning the rig from nothing,
   * then starting from what the first session kept.
   */
  static void memoryRows(
      String platform, String input, int devices, int targets, int threads, long seed0) {
    System.out.printf(
        Locale.ROOT,
        "%n### %s, input=%s, pointer=rel, memory: %d devices (seeds %d..%d), %d taps per"
            + " session%n%n",
        platform,
        input,
        devices,
        seed0,
        seed0 + devices - 1,
        targets);
    System.out.println(
        "| session | taps | hit | system UI openings | first tap phone ms p50 / max |"
            + " every tap phone ms p50 | session phone s p50 |");
    System.out.println("|---|---:|---:|---:|---|---:|---:|");
    List<DeviceRun[]> pairs =
        Stats.parallel(
            devices,
            threads,
            i -> {
              java.nio.file.Path dir;
              try {
                dir = java.nio.file.Files.createTempDirectory("hitrate-memory");
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
              try {
                String memory = "sqlite:" + dir.resolve("memory.db");
                DeviceRun cold = runDevice(platform, input, "rel", seed0 + i, targets, memory);
                DeviceRun warm = runDevice(platform, input, "rel", seed0 + i, targets, memory);
                return new DeviceRun[] {cold, warm};
              } finally {
                deleteQuietly(dir);
              }
            });
    String[] names = {"first: learns from nothing", "second: starts from the kept record"};
    for (int k = 0; k < 2; k++) {
      int taps = 0;
      int hits = 0;
      int openings = 0;
      List<Long> first = new ArrayList<>();
      List<Long> every = new ArrayList<>();
      List<Long> session = new ArrayList<>();
      for (DeviceRun[] pair : pairs) {
        if (pair == null) {
          continue;
        }
        DeviceRun r = pair[k];
        taps += r.outcomes().size();
        hits += (int) r.outcomes().stream().filter(o -> o == Outcome.HIT).count();
        openings += r.systemUiOpenings();
        if (!r.phoneMs().isEmpty()) {
          first.add(r.phoneMs().get(0));
        }
        every.addAll(r.phoneMs());
        session.add(r.phoneMs().stream().mapToLong(Long::longValue).sum());
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %s | %d | %s / %s | %s | %s |%n",
          names[k],
          taps,
          pct(hits, taps),
          openings,
          first.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", Stats.pct(first, 50)),
          first.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", Stats.max(first)),
          every.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", Stats.pct(every, 50)),
          session.isEmpty() ? "-" : Stats.f1(Stats.pct(session, 50) / 1000.0));
    }
  }

  static DeviceRun runDevice(
      String platform,
      String input,
      String pointer,
      long seed,
      int targets,
      @Nullable String memory) {
    String uri = mapUri(platform, input, pointer, seed);
    Random rnd = new Random(seed * 31 + pointer.hashCode());
    List<Outcome> outcomes = new ArrayList<>();
    List<Double> errors = new ArrayList<>();
    List<Long> phoneMs = new ArrayList<>();
    try (Device device =
        memory == null ? Device.open(uri) : Device.builder().device(uri).memory(memory).open()) {
      SimOracle oracle = SimOracle.of(device);
      for (int t = 0; t < targets; t++) {
        // away from the edges a tap must never need to cross: the app's own content area
        NormPoint target = NormPoint.of(100 + 800 * rnd.nextDouble(), 150 + 700 * rnd.nextDouble());
        int before = oracle.touchLog().size();
        try {
          phoneMs.add(device.tap(target).cost().wallMs());
        } catch (SwipeException e) {
          outcomes.add(Outcome.REFUSED);
          continue;
        }
        oracle.awaitRest(Duration.ofSeconds(5));
        SimState.TouchEvent down = firstDown(oracle.touchLog(), before);
        if (down == null) {
          outcomes.add(Outcome.NO_TOUCH);
        } else {
          double dx = down.xNorm() - target.x();
          double dy = down.yNorm() - target.y();
          errors.add(Math.hypot(dx, dy));
          if (down.receiver() == SimState.Receiver.SYSTEM_UI) {
            outcomes.add(Outcome.SYSTEM_UI);
          } else if (Math.abs(dx) <= BOX_HALF_W && Math.abs(dy) <= BOX_HALF_H) {
            outcomes.add(Outcome.HIT);
          } else {
            outcomes.add(Outcome.OUTSIDE);
          }
        }
        closeSystemUi(device, oracle);
      }
      int openings = openings(oracle);
      return new DeviceRun(outcomes, errors, openings, phoneMs);
    }
  }

  /** What became of each drag on one device: landed or not, and the length error in percent. */
  record DragRun(
      List<Boolean> landed,
      List<Double> lengthErrorPct,
      int systemUiOpenings,
      List<Long> phoneMs) {}

  static void dragRows(
      String platform,
      String input,
      int devices,
      int drags,
      int threads,
      long seed0,
      String[] pointers) {
    System.out.printf(
        Locale.ROOT,
        "%n### %s, input=%s, drags: %d devices (seeds %d..%d), %d drags each; boxes +-%.0f x"
            + " +-%.0f units at both ends%n%n",
        platform,
        input,
        devices,
        seed0,
        seed0 + devices - 1,
        drags,
        BOX_HALF_W,
        BOX_HALF_H);
    System.out.println(
        "| pointer | drags | landed | length error % p50 | p90 | max | system UI openings | phone s"
            + " per drag p50 | real s |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (String pointer : pointers) {
      String kind = pointer.strip();
      long t0 = System.nanoTime();
      List<DragRun> runs =
          Stats.parallel(
              devices, threads, i -> dragDevice(platform, input, kind, seed0 + i, drags));
      double realS = (System.nanoTime() - t0) / 1e9;
      int n = 0;
      int landed = 0;
      int openings = 0;
      List<Double> errors = new ArrayList<>();
      List<Long> phoneMs = new ArrayList<>();
      for (DragRun r : runs) {
        if (r == null) {
          continue;
        }
        phoneMs.addAll(r.phoneMs());
        n += r.landed().size();
        landed += (int) r.landed().stream().filter(b -> b).count();
        errors.addAll(r.lengthErrorPct());
        openings += r.systemUiOpenings();
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %s | %s | %s | %s | %d | %s | %.0f |%n",
          kind,
          n,
          pct(landed, n),
          errors.isEmpty() ? "-" : Stats.f1(Stats.pct(errors, 50)),
          errors.isEmpty() ? "-" : Stats.f1(Stats.pct(errors, 90)),
          errors.isEmpty() ? "-" : Stats.f1(Stats.max(errors)),
          openings,
          phoneMs.isEmpty() ? "-" : Stats.f1(Stats.pct(phoneMs, 50) / 1000.0),
          realS);
    }
  }

  static DragRun dragDevice(String platform, String input, String pointer, long seed, int drags) {
    String uri = mapUri(platform, input, pointer, seed);
    Random rnd = new Random(seed * 37 + pointer.hashCode());
    List<Boolean> landed = new ArrayList<>();
    List<Double> errors = new ArrayList<>();
    List<Long> phoneMs = new ArrayList<>();
    try (Device device = Device.open(uri)) {
      SimOracle oracle = SimOracle.of(device);
      for (int t = 0; t < drags; t++) {
        NormPoint from;
        NormPoint to;
        do {
          double length = 250 + 300 * rnd.nextDouble();
          double angle = 2 * Math.PI * rnd.nextDouble();
          from = NormPoint.of(100 + 800 * rnd.nextDouble(), 150 + 700 * rnd.nextDouble());
          double tx = from.x() + length * Math.cos(angle);
          double ty = from.y() + length * Math.sin(angle);
          to = tx >= 100 && tx <= 900 && ty >= 150 && ty <= 850 ? NormPoint.of(tx, ty) : null;
        } while (to == null);
        int before = oracle.touchLog().size();
        try {
          phoneMs.add(
              device
                  .perform(
                      dev.swipe.core.gesture.Drag.builder(from, to)
                          .durationMs(300 + rnd.nextInt(400))
                          .holdAfterMs(100)
                          .build())
                  .cost()
                  .wallMs());
        } catch (SwipeException e) {
          landed.add(false);
          continue;
        }
        oracle.awaitRest(Duration.ofSeconds(5));
        List<SimState.TouchEvent> log = oracle.touchLog();
        SimState.TouchEvent down = firstDown(log, before);
        if (down == null) {
          landed.add(false);
        } else {
          SimState.TouchEvent last = log.get(log.size() - 1);
          double planned = Math.hypot(to.x() - from.x(), to.y() - from.y());
          double went = Math.hypot(last.xNorm() - down.xNorm(), last.yNorm() - down.yNorm());
          errors.add(100 * Math.abs(went - planned) / planned);
          landed.add(
              down.receiver() == SimState.Receiver.APP
                  && Math.abs(down.xNorm() - from.x()) <= BOX_HALF_W
                  && Math.abs(down.yNorm() - from.y()) <= BOX_HALF_H
                  && Math.abs(last.xNorm() - to.x()) <= BOX_HALF_W
                  && Math.abs(last.yNorm() - to.y()) <= BOX_HALF_H);
        }
        closeSystemUi(device, oracle);
      }
      int openings = openings(oracle);
      return new DragRun(landed, errors, openings, phoneMs);
    }
  }

  /** The map scene on a device of {@code seed} with the given input and pointer. */
  static String mapUri(String platform, String input, String pointer, long seed) {
    return "sim:?scene=map&platform="
        + platform
        + "&input="
        + input
        + "&pointer="
        + pointer
        + "&seed="
        + seed;
  }

  /** The bench's reset between targets (the Home key), not the SDK's recovery. */
  static void closeSystemUi(Device device, SimOracle oracle) {
    if (oracle.systemUi() != SimState.SystemUi.NONE) {
      device.key(Key.HOME);
      oracle.awaitRest(Duration.ofSeconds(5));
    }
  }

  /** How many times the phone showed system UI. */
  static int openings(SimOracle oracle) {
    int openings = 0;
    for (SimState.SystemUiChange c : oracle.systemUiLog()) {
      if (c.shown() != SimState.SystemUi.NONE) {
        openings++;
      }
    }
    return openings;
  }

  private static void deleteQuietly(java.nio.file.Path dir) {
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(dir)) {
      for (java.nio.file.Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        java.nio.file.Files.deleteIfExists(p);
      }
    } catch (java.io.IOException e) {
      System.err.println("could not delete " + dir + ": " + e);
    }
  }

  private static SimState.@Nullable TouchEvent firstDown(List<SimState.TouchEvent> log, int from) {
    for (int i = from; i < log.size(); i++) {
      if (log.get(i).phase() == SimState.Phase.DOWN) {
        return log.get(i);
      }
    }
    return null;
  }

  private static String pct(int n, int of) {
    return of == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * n / of);
  }
}
