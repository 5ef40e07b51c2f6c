package dev.swipe.bench.policy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * Issue 8's proof: the {@code wheel_nudge} loop as an agent drives it, against the prompt-only
 * baseline of generic {@code touch_gesture} swipes, on seeded simulator devices, in one run.
 *
 * <p>One picker column per device (month, hour, minute in turn), a random start (set through the
 * oracle) and a random target != start. The agent's geometry comes from the oracle (column x,
 * selected-row centre) with a row-spacing estimate = true pitch x U[0.8, 1.25]. Value reading: the
 * oracle, or a reader that misreads 10% of the time by one row; both strategies confirm a "target
 * reached" reading with a second one (see {@link #readConfirmingTarget}). Per device and reader,
 * the nudge loop and the baseline each start from the same value on a fresh run of the same phone.
 *
 * <p>Linked targets ({@code --linked}, on by default): each device also sets a full time, hour and
 * minute, with the oracle reader, the minute's shortest way crossing 59/00 (forwards or backwards
 * by seed). On the TimePicker spinner that wrap moves the hour; the agent sets the columns in a
 * drawn order (hour first or minute first), then reads both and sets again a column that is off (at
 * most three passes). Success: both columns on their targets; the bound is the two columns'
 * ceil(gap/6)+1 added.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.WheelPolicyBench \
 *     --platform=android --devices=200 --threads=2 [--seed0=1000] [--baseline=true] [--baseline-noisy=true] [--linked=true]
 * </pre>
 */
public final class WheelPolicyBench {
  static final String[] COLUMNS = {"month", "hour", "minute"};
  static final int MAX_NUDGE_CALLS = 40;
  static final int BASELINE_MAX_SWIPES = 10;

  private WheelPolicyBench() {}

  /** How an agent reads the centred value off the screen. */
  interface Reader {
    int read(SimState.Wheel w, Random rnd);
  }

  static final Reader ORACLE = (w, rnd) -> w.value();

  /** Misreads 10% of the time by exactly one row (either neighbour, a valid value). */
  static final Reader NOISY =
      (w, rnd) -> {
        if (rnd.nextDouble() >= 0.10) {
          return w.value();
        }
        int step = w.valueStep();
        int sign = rnd.nextBoolean() ? 1 : -1;
        if (w.cycleSize().isPresent()) {
          return Math.floorMod(w.value() + sign * step, w.cycleSize().getAsInt());
        }
        int max = (w.rowCount() - 1) * step;
        int v = w.value() + sign * step;
        if (v < 0 || v > max) {
          v = w.value() - sign * step;
        }
        return v;
      };

  /** One episode's outcome. */
  record Episode(
      String platform,
      long seed,
      String column,
      String strategy,
      String reader,
      int start,
      int target,
      int gap,
      boolean success,
      int actions,
      int overshoots,
      int maxRowsPast,
      boolean editor,
      int genericInputs,
      int refusals,
      @Nullable String failure,
      int finalValue,
      int rescreens,
      long virtualMs,
      List<Nudge> nudges,
      int bound) {

    /** The action bound for one column's gap. */
    static int boundFor(int gap) {
      return (int) Math.ceil(gap / 6.0) + 1;
    }
  }

  /**
   * One played nudge: rows planned, rows the wheel really moved in the planned direction (oracle,
   * at rest), the pitch used against the true pitch, and its source.
   */
  record Nudge(
      int planned,
      int moved,
      double pitchRatio,
      String pitchSource,
      double confidence,
      int readValue,
      int trueBefore) {}

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "android");
    int devices = Integer.parseInt(Stats.opt(args, "devices", "200"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "2"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "1000"));
    boolean baselineNoisy = Boolean.parseBoolean(Stats.opt(args, "baseline-noisy", "true"));
    boolean linked = Boolean.parseBoolean(Stats.opt(args, "linked", "true"));
    boolean baseline = Boolean.parseBoolean(Stats.opt(args, "baseline", "true"));
    Stats.deadlineFrom(args);
    long t0 = System.nanoTime();
    List<List<Episode>> all =
        Stats.parallel(
            devices, threads, i -> runDevice(platform, seed0 + i, baseline, baselineNoisy, linked));
    double realS = (System.nanoTime() - t0) / 1e9;
    List<Episode> eps = new ArrayList<>();
    int ran = 0;
    for (List<Episode> l : all) {
      if (l != null) {
        eps.addAll(l);
        ran++;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "seeds %d..%d, %d of %d devices ran before the deadline%n",
        seed0,
        seed0 + ran - 1,
        ran,
        devices);
    print(platform, ran, eps, realS);
  }

  static List<Episode> runDevice(
      String platform, long seed, boolean baseline, boolean baselineNoisy, boolean linked) {
    List<Episode> out = new ArrayList<>();
    String column = COLUMNS[Math.floorMod(seed, 3)];
    Random rnd = new Random(seed * 7919L + platform.hashCode());
    try (Device dev =
        Device.open(
            "sim:?input=ideal&scene=picker&platform="
                + platform
                + "&seed="
                + seed
                + "&scale=0.5")) {
      SimOracle o = SimOracle.of(dev);
      SimState.Wheel w0 = o.wheel(column);
      int rows = w0.rowCount();
      int step = w0.valueStep();
      int startRow = rnd.nextInt(rows);
      int targetRow = (startRow + 1 + rnd.nextInt(rows - 1)) % rows;
      int start = startRow * step;
      int target = targetRow * step;
      double err = 0.8 * Math.pow(1.25 / 0.8, rnd.nextDouble()); // log-uniform in [0.8, 1.25]
      long readerSeed = rnd.nextLong();
      out.add(
          nudge(
              dev,
              o,
              platform,
              seed,
              column,
              start,
              target,
              err,
              "oracle",
              ORACLE,
              new Random(readerSeed)));
      out.add(
          nudge(
              dev,
              o,
              platform,
              seed,
              column,
              start,
              target,
              err,
              "noisy10",
              NOISY,
              new Random(readerSeed + 1)));
      if (baseline) {
        out.add(
            baseline(
                dev,
                o,
                platform,
                seed,
                column,
                start,
                target,
                err,
                "oracle",
                ORACLE,
                new Random(readerSeed + 2)));
      }
      if (baseline && baselineNoisy) {
        out.add(
            baseline(
                dev,
                o,
                platform,
                seed,
                column,
                start,
                target,
                err,
                "noisy10",
                NOISY,
                new Random(readerSeed + 3)));
      }
      if (linked) {
        // drawn after the single-column episodes' draws, so those stay what they were
        out.add(linked(dev, o, platform, seed, err, rnd));
      }
    } catch (RuntimeException e) {
      System.err.println("device " + platform + " seed " + seed + " failed: " + e);
      e.printStackTrace();
    }
    return out;
  }

  /**
   * The agent's reading rule for both strategies: a reading that says "target reached" ends the
   * episode, so it is confirmed by a second, independent reading; when they disagree the second one
   * counts. Other readings are acted on at once (a wrong one costs one more action, not the
   * episode).
   */
  static int readConfirmingTarget(Reader reader, SimState.Wheel w, Random rnd, int target) {
    int read = reader.read(w, rnd);
    return read == target ? reader.read(w, rnd) : read;
  }

  /** Puts the wheel at rest on {@code start} with no editor, and starts counting overshoots. */
  static void reset(Device run, SimOracle o, String column, int start, int target) {
    if (o.editorOpen() || o.keyboardVisible()) {
      // a previous baseline opened the editor: close it as a user would (tap outside the picker)
      run.tap(NormPoint.of(500, 60));
      o.awaitRest(Duration.ofSeconds(3));
    }
    o.setWheelValue(column, start);
    o.awaitRest(Duration.ofSeconds(3));
    o.setWheelTarget(column, target);
  }

  static int gapRows(SimState.Wheel w, int from, int to) {
    int step = w.valueStep();
    if (w.cycleSize().isPresent()) {
      int cycle = w.cycleSize().getAsInt();
      int diff = Math.floorMod(to - from, cycle) / step;
      int rows = cycle / step;
      return Math.min(diff, rows - diff);
    }
    return Math.abs(to - from) / step;
  }

  /** Signed shortest row gap (positive: values increase). */
  static int signedGap(SimState.Wheel w, int from, int to) {
    int step = w.valueStep();
    if (w.cycleSize().isPresent()) {
      int cycle = w.cycleSize().getAsInt();
      int rows = cycle / step;
      int diff = Math.floorMod(to - from, cycle) / step;
      return diff <= rows / 2 ? diff : diff - rows;
    }
    return (to - from) / step;
  }

  /** What one column's nudge loop did. */
  record Loop(int actions, int refusals, int rescreens, boolean editor, @Nullable String failure) {}

  /**
   * The agent's loop on one column: read, nudge toward {@code target}, until a confirmed reading
   * shows it and the release call plays nothing (at most {@link #MAX_NUDGE_CALLS} calls).
   */
  static Loop nudgeLoop(
      Device run,
      SimOracle o,
      String column,
      int target,
      double err,
      Reader reader,
      Random rnd,
      List<Nudge> nudges) {
    SimState.Wheel w = o.wheel(column);
    double spacing = w.rowPitchNorm() * err;
    Observation shot = run.screenshot();
    int actions = 0;
    int refusals = 0;
    int rescreens = 0;
    boolean editor = false;
    String failure = null;
    boolean released = false;
    for (int call = 0; call < MAX_NUDGE_CALLS; call++) {
      w = o.wheel(column);
      int read = readConfirmingTarget(reader, w, rnd, target);
      WheelRequest.Builder b =
          WheelRequest.builder()
              .currentValue(read)
              .targetValue(target)
              .valueStep(w.valueStep())
              .columnX(w.columnXNorm())
              .centerY(w.selectedCenterYNorm())
              .rowSpacing(
                  Math.max(
                      WheelRequest.MIN_ROW_SPACING,
                      Math.min(WheelRequest.MAX_ROW_SPACING, spacing)));
      w.cycleSize().ifPresent(b::cycleSize);
      WheelNudgeResult r;
      try {
        r = run.wheels().nudge(shot, b.build());
      } catch (SwipeException e) {
        if (e.code() == WheelErrorCode.WHEEL_GENERIC_INPUT_BLOCKED) {
          refusals++;
        }
        failure = e.code().id();
        break;
      }
      editor |= o.editorOpen() || o.keyboardVisible();
      if (r.action().isEmpty()) {
        released = true;
        break;
      }
      actions++;
      shot = r.observation();
      if (!shot.settled() || o.state().animating()) {
        // the agent looks again until the screen is still
        o.awaitRest(Duration.ofSeconds(3));
        shot = run.screenshot();
        rescreens++;
      }
      SimState.Wheel after = o.awaitRest(Duration.ofSeconds(3)).wheel(column).orElseThrow();
      int moved =
          signedGap(w, w.value(), after.value()) * Integer.signum(r.decision().signedRows());
      nudges.add(
          new Nudge(
              r.decision().rows(),
              moved,
              r.decision().pitch() / w.rowPitchNorm(),
              String.valueOf(r.decision().asMap().get("pitch_source")),
              r.decision().confidence(),
              read,
              w.value()));
    }
    if (!released && failure == null) {
      failure = "loop_limit";
    }
    return new Loop(actions, refusals, rescreens, editor, failure);
  }

  /**
   * A full time, hour and minute, whose minute crosses 59/00: set in the drawn order, then both
   * read and a column off its target set again, at most three passes.
   */
  static Episode linked(
      Device dev, SimOracle o, String platform, long seed, double err, Random rnd) {
    SimState.Wheel mw = o.wheel("minute");
    int rows = mw.rowCount();
    int step = mw.valueStep();
    int g = 1 + rnd.nextInt(rows / 2 - 1);
    boolean forwards = rnd.nextBoolean();
    int startRow = forwards ? rows - 1 - rnd.nextInt(g) : rnd.nextInt(g);
    int targetRow = Math.floorMod(startRow + (forwards ? g : -g), rows);
    int h0 = rnd.nextInt(24);
    int h1 = rnd.nextInt(3) == 0 ? h0 : rnd.nextInt(24);
    boolean hourFirst = rnd.nextBoolean();
    Random readRnd = new Random(rnd.nextLong());
    int m0 = startRow * step;
    int m1 = targetRow * step;
    String[] order = hourFirst ? new String[] {"hour", "minute"} : new String[] {"minute", "hour"};
    int[] targets = hourFirst ? new int[] {h1, m1} : new int[] {m1, h1};
    try (Device run = dev.run().fork()) {
      if (o.editorOpen() || o.keyboardVisible()) {
        run.tap(NormPoint.of(500, 60));
        o.awaitRest(Duration.ofSeconds(3));
      }
      o.setWheelValue("hour", h0);
      o.setWheelValue("minute", m0);
      o.awaitRest(Duration.ofSeconds(3));
      o.setWheelTarget("hour", h1);
      o.setWheelTarget("minute", m1);
      int gh = gapRows(o.wheel("hour"), h0, h1);
      long v0 = run.rig().ticker().read();
      int actions = 0;
      int refusals = 0;
      int rescreens = 0;
      int passes = 0;
      boolean editor = false;
      String failure = null;
      List<Nudge> nudges = new ArrayList<>();
      boolean[] again = {true, true};
      for (int pass = 0; pass < 3 && failure == null && (again[0] || again[1]); pass++) {
        passes++;
        for (int c = 0; c < 2 && failure == null; c++) {
          if (again[c]) {
            Loop l = nudgeLoop(run, o, order[c], targets[c], err, ORACLE, readRnd, nudges);
            actions += l.actions();
            refusals += l.refusals();
            rescreens += l.rescreens();
            editor |= l.editor();
            failure = l.failure();
          }
        }
        o.awaitRest(Duration.ofSeconds(3));
        for (int c = 0; c < 2; c++) {
          again[c] =
              readConfirmingTarget(ORACLE, o.wheel(order[c]), readRnd, targets[c]) != targets[c];
        }
      }
      o.awaitRest(Duration.ofSeconds(3));
      SimState.Wheel hour = o.wheel("hour");
      SimState.Wheel minute = o.wheel("minute");
      editor |= o.editorOpen();
      boolean ok = failure == null && hour.value() == h1 && minute.value() == m1;
      if (failure == null && !ok) {
        failure = "stopped_off_target";
      }
      long vms = (run.rig().ticker().read() - v0) / 1_000_000L;
      o.clearWheelTarget("hour");
      o.clearWheelTarget("minute");
      return new Episode(
          platform,
          seed,
          String.format(
              Locale.ROOT,
              "time %02d:%02d->%02d:%02d (%s, %d passes)",
              h0,
              m0,
              h1,
              m1,
              forwards ? "forwards" : "backwards",
              passes),
          "wheel_nudge linked, " + order[0] + " first",
          "oracle",
          h0 * 100 + m0,
          h1 * 100 + m1,
          g + gh,
          ok,
          actions,
          hour.overshoots() + minute.overshoots(),
          Math.max(hour.maxRowsPastTarget(), minute.maxRowsPastTarget()),
          editor,
          0,
          refusals,
          failure,
          hour.value() * 100 + minute.value(),
          rescreens,
          vms,
          nudges,
          Episode.boundFor(g) + Episode.boundFor(gh));
    }
  }

  static Episode nudge(
      Device dev,
      SimOracle o,
      String platform,
      long seed,
      String column,
      int start,
      int target,
      double err,
      String readerName,
      Reader reader,
      Random rnd) {
    try (Device run = dev.run().fork()) {
      reset(run, o, column, start, target);
      long v0 = run.rig().ticker().read();
      int gap = gapRows(o.wheel(column), start, target);
      List<Nudge> nudges = new ArrayList<>();
      Loop l = nudgeLoop(run, o, column, target, err, reader, rnd, nudges);
      int actions = l.actions();
      int refusals = l.refusals();
      int rescreens = l.rescreens();
      boolean editor = l.editor();
      String failure = l.failure();
      o.awaitRest(Duration.ofSeconds(3));
      SimState.Wheel end = o.wheel(column);
      editor |= o.editorOpen();
      boolean ok = failure == null && end.value() == target;
      if (failure == null && !ok) {
        failure = "stopped_off_target";
      }
      long vms = (run.rig().ticker().read() - v0) / 1_000_000L;
      return new Episode(
          platform,
          seed,
          column,
          "wheel_nudge",
          readerName,
          start,
          target,
          gap,
          ok,
          actions,
          end.overshoots(),
          end.maxRowsPastTarget(),
          editor,
          0,
          refusals,
          failure,
          end.value(),
          rescreens,
          vms,
          nudges,
          Episode.boundFor(gap));
    }
  }

  static Episode baseline(
      Device dev,
      SimOracle o,
      String platform,
      long seed,
      String column,
      int start,
      int target,
      double err,
      String readerName,
      Reader reader,
      Random rnd) {
    try (Device run = dev.run().fork()) {
      reset(run, o, column, start, target);
      long v0 = run.rig().ticker().read();
      SimState.Wheel w = o.wheel(column);
      int gap = gapRows(w, start, target);
      double spacing = w.rowPitchNorm() * err;
      int swipes = 0;
      int refusals = 0;
      boolean editor = false;
      String failure = null;
      boolean done = false;
      while (true) {
        w = o.wheel(column);
        int read = readConfirmingTarget(reader, w, rnd, target);
        if (read == target) {
          done = true;
          break;
        }
        if (swipes >= BASELINE_MAX_SWIPES) {
          failure = "retries_exhausted";
          break;
        }
        int sg = signedGap(w, read, target);
        double dist = Math.abs(sg) * spacing;
        double cy = w.selectedCenterYNorm();
        // values increase downward: a larger value comes up from below, so the finger moves up
        double endY = sg > 0 ? cy - dist : cy + dist;
        endY = Math.max(5, Math.min(995, endY)); // capped to the screen
        try {
          run.swipe(
              Swipe.builder(NormPoint.of(w.columnXNorm(), cy), NormPoint.of(w.columnXNorm(), endY))
                  .build());
        } catch (SwipeException e) {
          if (e.code() == WheelErrorCode.WHEEL_GENERIC_INPUT_BLOCKED) {
            refusals++;
          }
          failure = e.code().id();
          break;
        }
        swipes++;
        o.awaitRest(Duration.ofSeconds(3)); // visual confirmation on a still screen
        editor |= o.editorOpen() || o.keyboardVisible();
      }
      o.awaitRest(Duration.ofSeconds(3));
      SimState.Wheel end = o.wheel(column);
      editor |= o.editorOpen();
      boolean ok = done && end.value() == target;
      if (failure == null && !ok) {
        failure = editor ? "editor_open" : "stopped_off_target";
      }
      long vms = (run.rig().ticker().read() - v0) / 1_000_000L;
      return new Episode(
          platform,
          seed,
          column,
          "touch_gesture baseline",
          readerName,
          start,
          target,
          gap,
          ok,
          swipes,
          end.overshoots(),
          end.maxRowsPastTarget(),
          editor,
          swipes,
          refusals,
          failure,
          end.value(),
          0,
          vms,
          List.of(),
          Episode.boundFor(gap));
    }
  }

  static void print(String platform, int devices, List<Episode> eps, double realS) {
    System.out.printf(
        Locale.ROOT,
        "%n### %s: %d devices (seeds as listed), %d episodes, %.0f s real%n%n",
        platform,
        devices,
        eps.size(),
        realS);
    System.out.println(
        "| strategy | reader | episodes | success | actions p50 | actions p95 | actions max "
            + "| within ceil(gap/6)+1 | overshooting episodes | overshoots total | max rows past | editor openings "
            + "| generic inputs | refusals | virtual s p50 |");
    System.out.println(
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    Map<String, List<Episode>> groups = new LinkedHashMap<>();
    for (Episode e : eps) {
      groups.computeIfAbsent(e.strategy() + "|" + e.reader(), k -> new ArrayList<>()).add(e);
    }
    for (Map.Entry<String, List<Episode>> g : groups.entrySet()) {
      List<Episode> l = g.getValue();
      List<Integer> acts = new ArrayList<>();
      List<Double> vs = new ArrayList<>();
      long ok = 0;
      long within = 0;
      long oversEp = 0;
      long overs = 0;
      long maxPast = 0;
      long editors = 0;
      long generic = 0;
      long refusals = 0;
      for (Episode e : l) {
        acts.add(e.actions());
        vs.add(e.virtualMs() / 1000.0);
        ok += e.success() ? 1 : 0;
        within += e.actions() <= e.bound() ? 1 : 0;
        oversEp += e.overshoots() > 0 ? 1 : 0;
        overs += e.overshoots();
        maxPast = Math.max(maxPast, e.maxRowsPast());
        editors += e.editor() ? 1 : 0;
        generic += e.genericInputs();
        refusals += e.refusals();
      }
      String[] k = g.getKey().split("\\|", -1); // strategy|reader, both named
      System.out.printf(
          Locale.ROOT,
          "| %s | %s | %d | %s | %s | %s | %s | %s | %d | %d | %d | %d | %d | %d | %s |%n",
          k[0],
          k[1],
          l.size(),
          Stats.pctText(ok, l.size()),
          Stats.f1(Stats.pct(acts, 50)),
          Stats.f1(Stats.pct(acts, 95)),
          Stats.f1(Stats.max(acts)),
          Stats.pctText(within, l.size()),
          oversEp,
          overs,
          maxPast,
          editors,
          generic,
          refusals,
          Stats.f1(Stats.pct(vs, 50)));
    }
    // by gap bucket for the nudge loop
    System.out.println();
    System.out.println(
        "| strategy | reader | gap rows | episodes | success | actions p50 | actions p95 | bound ceil(gap/6)+1 |");
    System.out.println("|---|---|---|---:|---:|---:|---:|---:|");
    int[][] buckets = {{1, 1}, {2, 2}, {3, 4}, {5, 8}, {9, 12}, {13, 99}};
    for (Map.Entry<String, List<Episode>> g : groups.entrySet()) {
      String[] k = g.getKey().split("\\|", -1); // strategy|reader, both named
      for (int[] b : buckets) {
        List<Integer> acts = new ArrayList<>();
        long ok = 0;
        for (Episode e : g.getValue()) {
          if (e.gap() >= b[0] && e.gap() <= b[1]) {
            acts.add(e.actions());
            ok += e.success() ? 1 : 0;
          }
        }
        if (acts.isEmpty()) {
          continue;
        }
        String bound =
            b[0] == b[1]
                ? String.valueOf((int) Math.ceil(b[0] / 6.0) + 1)
                : ((int) Math.ceil(b[0] / 6.0) + 1)
                    + ".."
                    + ((int) Math.ceil(Math.min(b[1], 11) / 6.0) + 1);
        System.out.printf(
            Locale.ROOT,
            "| %s | %s | %s | %d | %s | %s | %s | %s |%n",
            k[0],
            k[1],
            b[0] == b[1]
                ? String.valueOf(b[0])
                : b[0] + "-" + (b[1] == 99 ? "max" : String.valueOf(b[1])),
            acts.size(),
            Stats.pctText(ok, acts.size()),
            Stats.f1(Stats.pct(acts, 50)),
            Stats.f1(Stats.pct(acts, 95)),
            bound);
      }
    }
    System.out.println();
    System.out.println("Wheel nudge landings (rows moved vs rows planned, oracle at rest):");
    System.out.println();
    System.out.println(
        "| reader | pitch source | nudges | exact | short 1 | short 2+ | long 1 | long 2+ | pitch used / true p50 | p5 | p95 |");
    System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (String rd : new String[] {"oracle", "noisy10"}) {
      for (String src : new String[] {"measured", "caller_estimate", "all"}) {
        long n = 0, exact = 0, s1 = 0, s2 = 0, l1 = 0, l2 = 0;
        List<Double> ratios = new ArrayList<>();
        for (Episode e : eps) {
          if (!e.strategy().equals("wheel_nudge") || !e.reader().equals(rd)) {
            continue;
          }
          for (Nudge nd : e.nudges()) {
            if (!src.equals("all") && !nd.pitchSource().equals(src)) {
              continue;
            }
            n++;
            int d = nd.moved() - nd.planned();
            if (d == 0) exact++;
            else if (d == -1) s1++;
            else if (d < -1) s2++;
            else if (d == 1) l1++;
            else l2++;
            ratios.add(nd.pitchRatio());
          }
        }
        System.out.printf(
            Locale.ROOT,
            "| %s | %s | %d | %s | %d | %d | %d | %d | %s | %s | %s |%n",
            rd,
            src,
            n,
            Stats.pctText(exact, n),
            s1,
            s2,
            l1,
            l2,
            Stats.f2(Stats.pct(ratios, 50)),
            Stats.f2(Stats.pct(ratios, 5)),
            Stats.f2(Stats.pct(ratios, 95)));
      }
    }
    System.out.println();
    System.out.println(
        "Landing misses by planned rows (oracle reader): planned -> count exact/short/long");
    for (int pr = 1; pr <= 6; pr++) {
      long n = 0, exact = 0, sh = 0, lo = 0;
      for (Episode e : eps) {
        if (e.strategy().equals("wheel_nudge") && e.reader().equals("oracle")) {
          for (Nudge nd : e.nudges()) {
            if (nd.planned() == pr) {
              n++;
              if (nd.moved() == pr) exact++;
              else if (nd.moved() < pr) sh++;
              else lo++;
            }
          }
        }
      }
      System.out.printf(
          Locale.ROOT,
          "  planned %d: %d nudges, exact %d, short %d, long %d%n",
          pr,
          n,
          exact,
          sh,
          lo);
    }
    System.out.println();
    System.out.println("Off-row landings (oracle reader, moved != planned, first 15):");
    int shown = 0;
    for (Episode e : eps) {
      if (!e.strategy().equals("wheel_nudge") || !e.reader().equals("oracle")) continue;
      for (Nudge nd : e.nudges()) {
        if (nd.moved() != nd.planned() && shown++ < 15) {
          System.out.printf(
              Locale.ROOT,
              "  %s seed=%d %s from %d: planned %d moved %d, pitch used/true %.2f (%s, conf %.2f)%n",
              e.platform(),
              e.seed(),
              e.column(),
              nd.trueBefore(),
              nd.planned(),
              nd.moved(),
              nd.pitchRatio(),
              nd.pitchSource(),
              nd.confidence());
        }
      }
    }
    System.out.println();
    System.out.println("Failures and overshoots (every one):");
    for (Episode e : eps) {
      boolean nudging = e.strategy().startsWith("wheel_nudge");
      boolean overBound = nudging && e.actions() > e.bound();
      if (!e.success() || e.overshoots() > 0 || (nudging && (e.editor() || overBound))) {
        if (!e.strategy().equals("wheel_nudge") && !e.success() && e.overshoots() == 0) {
          // baseline failures are counted in the table; list only the first few of them
        }
        System.out.printf(
            Locale.ROOT,
            "  %s seed=%d %s %s/%s %d->%d (gap %d): success=%s final=%d actions=%d overshoots=%d past=%d editor=%s failure=%s%s%n",
            e.platform(),
            e.seed(),
            e.column(),
            e.strategy(),
            e.reader(),
            e.start(),
            e.target(),
            e.gap(),
            e.success(),
            e.finalValue(),
            e.actions(),
            e.overshoots(),
            e.maxRowsPast(),
            e.editor(),
            e.failure(),
            overBound ? " OVER-BOUND" : "");
      }
    }
  }
}
