package dev.swipe.bench.policy;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Issue 19's proof: a random date/time set with one {@code setWheels} call (month, hour, minute in
 * that order; a column a linked wheel moved is set again) reading the picker through OCR, beside
 * the same loop driven by the simulator's oracle (value and geometry read from the truth), on the
 * same seeded devices in one run. Also checks the geometry {@code readWheels} gives against the
 * truth.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.SetWheelBench \
 *     --platform=android --devices=24 --threads=1 [--seed0=3000] [--readers=ocr,oracle] \
 *     [--style=platform|band|bold|lines]
 * </pre>
 *
 * <p>{@code --style} draws the pickers as {@code sim:}'s {@code picker_style} does: the platform's
 * faded rows, a band behind same-ink rows (iOS 14 and later), a bold selection, or two lines. The
 * misreads column counts wrong claims: a column confirmed at a label the wheel does not show.
 */
public final class SetWheelBench {
  static final String[] COLUMNS = {"month", "hour", "minute"};
  static final int MAX_ORACLE_NUDGES = 40;

  /** The readers compared ({@code --readers=ocr} reproduces the OCR failures at half the cost). */
  static String[] readers = {"ocr", "oracle"};

  /** How the pickers mark their selected row ({@code sim:}'s {@code picker_style}). */
  static String style = "platform";

  private SetWheelBench() {}

  record Episode(
      String reader,
      String column,
      int gap,
      boolean success,
      int actions,
      int overshoots,
      boolean editor,
      long virtualMs,
      String failure,
      boolean misread) {}

  record Geometry(double pitchError, double centerErrorRows, boolean labelRight) {}

  record Device3(List<Episode> episodes, List<Geometry> geometry) {}

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "android");
    int devices = Integer.parseInt(Stats.opt(args, "devices", "24"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "1"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "3000"));
    readers = Stats.opt(args, "readers", "ocr,oracle").split(",");
    style = Stats.opt(args, "style", "platform");
    Stats.deadlineFrom(args);
    if (Stats.opt(args, "scan", "false").equals("true")) {
      // one readWheels per device at its start values, compared with the truth: finds the devices
      // whose first reading is wrong far faster than setting them
      for (int i = 0; i < devices; i++) {
        scan(platform, seed0 + i);
      }
      return;
    }
    long t0 = System.nanoTime();
    List<Device3> all = Stats.parallel(devices, threads, i -> device(platform, seed0 + i));
    List<Episode> eps = new ArrayList<>();
    List<Geometry> geo = new ArrayList<>();
    for (Device3 d : all) {
      if (d != null) {
        eps.addAll(d.episodes());
        geo.addAll(d.geometry());
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%s, picker_style=%s: %d devices (seeds %d..%d), %.0f s real%n",
        platform,
        style,
        Stats.started.get(),
        seed0,
        seed0 + devices - 1,
        (System.nanoTime() - t0) / 1e9);
    System.out.println(
        "| reader | columns | success | overshoots | editor | median actions | median limit ceil(gap/6)+1 | misreads | median virtual s |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (String reader : new String[] {"ocr", "oracle"}) {
      List<Episode> r = eps.stream().filter(e -> e.reader().equals(reader)).toList();
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %s | %d | %d | %s | %s | %d | %s |%n",
          reader,
          r.size(),
          Stats.pctText2(r.stream().filter(Episode::success).count(), r.size()),
          r.stream().mapToInt(Episode::overshoots).sum(),
          r.stream().filter(Episode::editor).count(),
          Stats.f1(Stats.pct(r.stream().map(Episode::actions).toList(), 50)),
          Stats.f1(Stats.pct(r.stream().map(e -> (int) Math.ceil(e.gap() / 6.0) + 1).toList(), 50)),
          r.stream().filter(Episode::misread).count(),
          Stats.f1(Stats.pct(r.stream().map(e -> e.virtualMs() / 1000.0).toList(), 50)));
    }
    System.out.printf(
        Locale.ROOT,
        "geometry (%d columns): pitch within 2%%: %s, centre within a quarter row: %s, label right: %s;"
            + " worst pitch error %.2f%%, worst centre error %.2f rows%n",
        geo.size(),
        Stats.pctText2(geo.stream().filter(g -> g.pitchError() <= 0.02).count(), geo.size()),
        Stats.pctText2(geo.stream().filter(g -> g.centerErrorRows() <= 0.25).count(), geo.size()),
        Stats.pctText2(geo.stream().filter(Geometry::labelRight).count(), geo.size()),
        100 * geo.stream().mapToDouble(Geometry::pitchError).max().orElse(0),
        geo.stream().mapToDouble(Geometry::centerErrorRows).max().orElse(0));
    for (Episode e : eps) {
      if (!e.success() || e.misread()) {
        System.out.println("  failed: " + e);
      }
    }
  }

  static Device3 device(String platform, long seed) {
    Random rnd = new Random(seed);
    int[] starts = new int[3];
    int[] targets = new int[3];
    List<Episode> out = new ArrayList<>();
    List<Geometry> geo = new ArrayList<>();
    String uri =
        "sim:?scene=picker&platform=" + platform + "&picker_style=" + style + "&seed=" + seed;
    try (Device probe = Device.open(uri)) {
      SimState s = SimOracle.of(probe).state();
      for (int c = 0; c < 3; c++) {
        SimState.Wheel w = s.wheel(COLUMNS[c]).orElseThrow();
        int rows = w.rowCount();
        int a = rnd.nextInt(rows);
        int b;
        do {
          b = rnd.nextInt(rows);
        } while (b == a);
        starts[c] = a * w.valueStep();
        targets[c] = b * w.valueStep();
      }
    }
    for (String reader : readers) {
      try (Device phone = Device.open(uri)) {
        SimOracle truth = SimOracle.of(phone);
        for (int c = 0; c < 3; c++) {
          truth.setWheelValue(COLUMNS[c], starts[c]);
        }
        if (reader.equals("ocr")) {
          geometry(phone, truth, geo);
        }
        int[] gaps = new int[3];
        for (int c = 0; c < 3; c++) {
          gaps[c] = gap(truth.wheel(COLUMNS[c]), starts[c], targets[c]);
          truth.setWheelTarget(COLUMNS[c], targets[c]);
        }
        try {
          out.addAll(
              reader.equals("ocr")
                  ? ocr(phone, truth, targets, gaps)
                  : oracle(phone, truth, targets, gaps));
        } finally {
          for (String c : COLUMNS) {
            truth.clearWheelTarget(c);
          }
        }
      }
    }
    List<Episode> named = new ArrayList<>();
    for (Episode e : out) {
      // the failure names its device, so a miss can be run again alone with --seed0
      named.add(
          e.success() && !e.misread()
              ? e
              : new Episode(
                  e.reader(),
                  e.column(),
                  e.gap(),
                  e.success(),
                  e.actions(),
                  e.overshoots(),
                  e.editor(),
                  e.virtualMs(),
                  platform + " " + seed + ": " + e.failure(),
                  e.misread()));
    }
    named.stream().filter(e -> !e.success()).forEach(e -> System.out.println("  failed now: " + e));
    return new Device3(named, geo);
  }

  private static void scan(String platform, long seed) {
    Random rnd = new Random(seed);
    String uri =
        "sim:?scene=picker&platform=" + platform + "&picker_style=" + style + "&seed=" + seed;
    try (Device phone = Device.open(uri)) {
      SimOracle truth = SimOracle.of(phone);
      SimState s0 = truth.state();
      for (int c = 0; c < 3; c++) {
        SimState.Wheel w = s0.wheel(COLUMNS[c]).orElseThrow();
        int a = rnd.nextInt(w.rowCount());
        int b;
        do { // the target is drawn too, so each start matches the full benchmark's device
          b = rnd.nextInt(w.rowCount());
        } while (b == a);
        truth.setWheelValue(COLUMNS[c], a * w.valueStep());
      }
      WheelReading r = phone.wheels().read(phone.screenshot(), null);
      SimState s = truth.state();
      List<String> bad = new ArrayList<>();
      if (r.columns().size() != 3) {
        bad.add(r.columns().size() + " columns");
      }
      for (WheelColumn k : r.columns()) {
        for (int c = 0; c < 3; c++) {
          SimState.Wheel w = s.wheel(COLUMNS[c]).orElseThrow();
          if (Math.abs(k.columnX() - w.columnXNorm()) < 60) {
            int want = c == 0 ? w.index() : w.value();
            int step = c == 0 ? 1 : w.valueStep();
            if (k.value().orElse(-1) != want
                || k.scale().step() != step
                || (k.scale().cycleSize().isPresent()
                    && k.scale().cycleSize().getAsInt() % step != 0)
                || k.scale().cycleSize().orElse(99) <= want) {
              bad.add(
                  COLUMNS[c]
                      + " read "
                      + k.labelsAbove()
                      + "["
                      + k.selectedLabel().orElse("?")
                      + "]"
                      + k.labelsBelow()
                      + " value "
                      + k.value()
                      + " "
                      + k.scale()
                      + ", truth "
                      + w.label());
            }
          }
        }
      }
      System.out.println(platform + " " + seed + (bad.isEmpty() ? " ok" : " BAD " + bad));
    }
  }

  private static void geometry(Device phone, SimOracle truth, List<Geometry> geo) {
    Observation shot = phone.screenshot();
    WheelReading r = phone.wheels().read(shot, null);
    SimState s = truth.state();
    for (int c = 0; c < 3; c++) {
      SimState.Wheel w = s.wheel(COLUMNS[c]).orElseThrow();
      WheelColumn col = null;
      for (WheelColumn k : r.columns()) {
        if (Math.abs(k.columnX() - w.columnXNorm()) < 60) {
          col = k;
        }
      }
      if (col == null) {
        geo.add(new Geometry(1, 99, false));
        continue;
      }
      geo.add(
          new Geometry(
              Math.abs(col.rowSpacing() - w.rowPitchNorm()) / w.rowPitchNorm(),
              Math.abs(col.centerY() - w.selectedCenterYNorm()) / w.rowPitchNorm(),
              col.selectedLabel().map(l -> l.equals(w.label())).orElse(false)));
    }
  }

  /**
   * The whole date and time in one {@code setWheels} call (month, hour, minute): each column is
   * judged at the end, so an hour a minute wrap moved and nobody set back counts as a failure.
   */
  private static List<Episode> ocr(Device phone, SimOracle truth, int[] targets, int[] gaps) {
    List<WheelSet> sets = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      sets.add(WheelSet.column(c).to(label(COLUMNS[c], targets[c])));
    }
    long v0 = phone.rig().ticker().read();
    List<Episode> out = new ArrayList<>();
    try {
      List<WheelSetResult> rs = phone.wheels().setAll(sets);
      for (int c = 0; c < 3; c++) {
        WheelSetResult r = rs.get(c);
        SimState.Wheel after = truth.wheel(COLUMNS[c]);
        boolean right = after.value() == targets[c];
        out.add(
            new Episode(
                "ocr",
                COLUMNS[c],
                gaps[c],
                right,
                r.actions(),
                after.overshoots(),
                truth.editorOpen(),
                r.cost().wallMs(),
                right && r.label().equals(after.label())
                    ? ""
                    : "confirmed " + r.label() + ", truth " + after.label(),
                !r.label().equals(after.label())));
      }
    } catch (SwipeException e) {
      long ms = (phone.rig().ticker().read() - v0) / 1_000_000L;
      for (int c = 0; c < 3; c++) {
        SimState.Wheel after = truth.wheel(COLUMNS[c]);
        out.add(
            new Episode(
                "ocr",
                COLUMNS[c],
                gaps[c],
                after.value() == targets[c],
                0,
                after.overshoots(),
                truth.editorOpen(),
                ms / 3,
                e.code().id() + ": " + e.getMessage(),
                false));
      }
    }
    return out;
  }

  /**
   * The same plan with the truth as reader: each column in turn, then any column a wrap moved
   * again.
   */
  private static List<Episode> oracle(Device phone, SimOracle truth, int[] targets, int[] gaps) {
    int[] actions = new int[3];
    long[] ms = new long[3];
    String[] failure = {"", "", ""};
    boolean[] again = {true, true, true};
    for (int pass = 0; pass < 3; pass++) {
      for (int c = 0; c < 3; c++) {
        if (!again[c]) {
          continue;
        }
        long v0 = phone.rig().ticker().read();
        try {
          actions[c] += oracleLoop(phone, truth, COLUMNS[c], targets[c]);
        } catch (SwipeException e) {
          failure[c] = e.code().id();
        }
        ms[c] += (phone.rig().ticker().read() - v0) / 1_000_000L;
      }
      boolean any = false;
      for (int c = 0; c < 3; c++) {
        again[c] = truth.wheel(COLUMNS[c]).value() != targets[c];
        any |= again[c];
      }
      if (!any) {
        break;
      }
    }
    List<Episode> out = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      SimState.Wheel after = truth.wheel(COLUMNS[c]);
      out.add(
          new Episode(
              "oracle",
              COLUMNS[c],
              gaps[c],
              after.value() == targets[c],
              actions[c],
              after.overshoots(),
              truth.editorOpen(),
              ms[c],
              failure[c],
              false));
    }
    return out;
  }

  private static int oracleLoop(Device phone, SimOracle truth, String column, int target) {
    int actions = 0;
    Observation shot = phone.screenshot();
    int confirmed = 0;
    for (int i = 0; i < MAX_ORACLE_NUDGES && confirmed < 2; i++) {
      SimState.Wheel w = truth.wheel(column);
      WheelRequest.Builder req =
          WheelRequest.builder()
              .currentValue(w.value())
              .targetValue(target)
              .valueStep(w.valueStep())
              .columnX(w.columnXNorm())
              .centerY(w.selectedCenterYNorm())
              .rowSpacing(w.rowPitchNorm());
      w.cycleSize().ifPresent(req::cycleSize);
      if (w.value() == target) {
        confirmed++;
        if (confirmed == 2) {
          phone.wheels().nudge(shot, req.build());
          break;
        }
        shot = phone.screenshot();
        continue;
      }
      confirmed = 0;
      WheelNudgeResult r = phone.wheels().nudge(shot, req.build());
      actions += r.action().isPresent() ? 1 : 0;
      shot = r.observation();
    }
    return actions;
  }

  /** The label the column draws for a value: the agent knows what it wants to see. */
  private static String label(String column, int value) {
    if (column.equals("month")) {
      return new String[] {
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
          }
          [value];
    }
    return String.format(Locale.ROOT, "%02d", value);
  }

  private static int gap(SimState.Wheel w, int from, int to) {
    int rows = Math.abs(to - from) / w.valueStep();
    if (w.cycleSize().isPresent()) {
      int n = w.cycleSize().getAsInt() / w.valueStep();
      rows = Math.min(rows, n - rows);
    }
    return rows;
  }
}
