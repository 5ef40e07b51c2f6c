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
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Issue 19's proof, widened by issue 32 to every column kind {@code sim:} draws: a random picker
 * setting made with one {@code setWheels} call reading the picker through OCR, beside the same loop
 * driven by the simulator's oracle (value and geometry read from the truth), on the same seeded
 * devices in one run. Also checks the geometry {@code readWheels} gives against the truth.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.SetWheelBench \
 *     --platform=android --devices=24 --threads=1 [--seed0=3000] [--readers=ocr,oracle] \
 *     [--style=platform|band|bold|lines] [--layout=time|time12|date] \
 *     [--words=none|repeat|city] [--looping=true|false] [--scan=true]
 * </pre>
 *
 * <p>{@code --style} draws the pickers as {@code sim:}'s {@code picker_style} does: the platform's
 * faded rows, a band behind same-ink rows (iOS 14 and later), a bold selection, or two lines.
 * {@code --layout}, {@code --words} and {@code --looping} pick the columns as {@code sim:}'s
 * options of the same names do: month, hour 00-23 and minute ({@code time}, the default); hour
 * 1-12, minute by 15 and AM/PM ({@code time12}); month, day and year 1950-2050 ({@code date}); a
 * column of words in place of the month ({@code repeat} or {@code city}, with {@code layout=time}
 * only); hour and minute wheels that wrap or stop at both ends. The columns, their names and the
 * labels set come from the simulator's truth for the layout; the SDK is given only each column's
 * place and the target's label, as a person would. {@code --scan=true} reads each device once at
 * its start values and compares the reading with the truth (the default layout only).
 *
 * <p>The table has one row per reader over all columns, then one per column name ({@code ocr:
 * day}). The misreads column counts wrong claims: a column confirmed at a label the wheel does not
 * show.
 */
public final class SetWheelBench {
  static final int MAX_ORACLE_NUDGES = 40;

  /** The readers compared ({@code --readers=ocr} reproduces the OCR failures at half the cost). */
  static String[] readers = {"ocr", "oracle"};

  /** How the pickers mark their selected row ({@code sim:}'s {@code picker_style}). */
  static String style = "platform";

  /** Which columns the picker shows ({@code sim:}'s {@code layout}). */
  static String layout = "time";

  /** A column of words in place of the month ({@code sim:}'s {@code words}). */
  static String words = "none";

  /** Whether the hour and minute wheels wrap ({@code sim:}'s {@code looping}). */
  static boolean looping = true;

  /** Whether a failed set prints what the setter read on the way ({@code --evidence=true}). */
  static boolean evidence;

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

  /**
   * One column of a device's plan, numbered as the truth numbers its rows: the value of row {@code
   * r} is {@code offset + r * step} (month 0 + r, day 1 + r, year 1950 + r, a word's row r).
   *
   * @param name the truth's name of the column ({@code month}, {@code day}, {@code meridiem}, ...)
   * @param place its place from the left, as {@code WheelSet.column} counts
   * @param offset the value of its first row
   * @param step the value between adjacent rows
   * @param startRow the row it starts on
   * @param targetRow the row to set
   * @param targetLabel the label the target row shows, as the simulator draws it
   */
  record Column(
      String name,
      int place,
      int offset,
      int step,
      int startRow,
      int targetRow,
      String targetLabel) {
    int start() {
      return offset + startRow * step;
    }

    int target() {
      return offset + targetRow * step;
    }
  }

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "android");
    int devices = Integer.parseInt(Stats.opt(args, "devices", "24"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "1"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "3000"));
    readers = Stats.opt(args, "readers", "ocr,oracle").split(",");
    style = Stats.opt(args, "style", "platform");
    layout = choice(args, "layout", "time", "time", "time12", "date");
    words = choice(args, "words", "none", "none", "repeat", "city");
    looping = choice(args, "looping", "true", "true", "false").equals("true");
    evidence = choice(args, "evidence", "false", "true", "false").equals("true");
    for (String r : readers) {
      if (!r.equals("ocr") && !r.equals("oracle")) {
        throw new IllegalArgumentException("--readers takes ocr and oracle, was " + r);
      }
    }
    if (!words.equals("none") && !layout.equals("time")) {
      throw new IllegalArgumentException(
          "--words=" + words + " takes the month's place in --layout=time; --layout=" + layout);
    }
    Stats.deadlineFrom(args);
    if (Stats.opt(args, "scan", "false").equals("true")) {
      if (!layout.equals("time") || !words.equals("none")) {
        throw new IllegalArgumentException(
            "--scan=true reads month, hour and minute: the default --layout=time --words=none only");
      }
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
        "%s, picker_style=%s, layout=%s, words=%s, looping=%s: %d devices (seeds %d..%d), %.0f s"
            + " real%n",
        platform,
        style,
        layout,
        words,
        looping,
        Stats.started.get(),
        seed0,
        seed0 + devices - 1,
        (System.nanoTime() - t0) / 1e9);
    System.out.println(
        "| reader | columns | success | overshoots | editor | median actions | median limit ceil(gap/6)+1 | misreads | median virtual s |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    Set<String> names = new LinkedHashSet<>();
    eps.forEach(e -> names.add(e.column()));
    for (String reader : readers) {
      List<Episode> r = eps.stream().filter(e -> e.reader().equals(reader)).toList();
      row(reader, r);
      for (String name : names) {
        row(reader + ": " + name, r.stream().filter(e -> e.column().equals(name)).toList());
      }
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

  private static void row(String name, List<Episode> r) {
    System.out.printf(
        Locale.ROOT,
        "| %s | %d | %s | %d | %d | %s | %s | %d | %s |%n",
        name,
        r.size(),
        Stats.pctText2(r.stream().filter(Episode::success).count(), r.size()),
        r.stream().mapToInt(Episode::overshoots).sum(),
        r.stream().filter(Episode::editor).count(),
        Stats.f1(Stats.pct(r.stream().map(Episode::actions).toList(), 50)),
        Stats.f1(Stats.pct(r.stream().map(e -> (int) Math.ceil(e.gap() / 6.0) + 1).toList(), 50)),
        r.stream().filter(Episode::misread).count(),
        Stats.f1(Stats.pct(r.stream().map(e -> e.virtualMs() / 1000.0).toList(), 50)));
  }

  /** An option that must be one of {@code allowed}. */
  private static String choice(String[] args, String key, String def, String... allowed) {
    String v = Stats.opt(args, key, def);
    if (!List.of(allowed).contains(v)) {
      throw new IllegalArgumentException(
          "--" + key + " takes " + String.join("|", allowed) + ", was " + v);
    }
    return v;
  }

  static String uri(String platform, long seed) {
    return "sim:?input=ideal&scene=picker&platform="
        + platform
        + "&picker_style="
        + style
        + "&layout="
        + layout
        + "&words="
        + words
        + "&looping="
        + looping
        + "&seed="
        + seed;
  }

  static Device3 device(String platform, long seed) {
    Random rnd = new Random(seed);
    List<Episode> out = new ArrayList<>();
    List<Geometry> geo = new ArrayList<>();
    String uri = uri(platform, seed);
    List<Column> plan;
    try (Device probe = Device.open(uri)) {
      plan = plan(SimOracle.of(probe), rnd);
    }
    for (String reader : readers) {
      try (Device phone = Device.open(uri)) {
        SimOracle truth = SimOracle.of(phone);
        for (Column c : plan) {
          truth.setWheelValue(c.name(), c.start());
        }
        if (reader.equals("ocr")) {
          geometry(phone, truth, geo);
        }
        int[] gaps = new int[plan.size()];
        for (int k = 0; k < plan.size(); k++) {
          Column c = plan.get(k);
          // from the start row: a day the month's set clamps starts nearer its target than this
          gaps[k] = gap(truth.wheel(c.name()), c.startRow(), c.targetRow());
          truth.setWheelTarget(c.name(), c.target());
        }
        try {
          out.addAll(
              reader.equals("ocr")
                  ? ocr(phone, truth, plan, gaps)
                  : oracle(phone, truth, plan, gaps));
        } finally {
          for (Column c : plan) {
            truth.clearWheelTarget(c.name());
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

  /**
   * A start and a target row for every column of the layout, drawn on a probe phone, in the order
   * the columns are set (see {@link #setOrder}).
   *
   * <p>A date's day is drawn last, and from the rows its month and year leave: the start day from
   * the start month's length, the target day from the target month's (29-31 included, so the
   * clamped days are exercised). As a person sets a date, the call sets year, then month, then day,
   * so the day is set once its month and year stand and every target day is valid when it is set;
   * the day is judged at the end against that target like every column. (Targets of 1-28 in column
   * order would have hidden the end-of-month days; a day 29-31 set before its month, in column
   * order, could be unreachable and would fail the bench, not the SDK.) On the default layout this
   * draws the same starts and targets as before issue 32.
   */
  static List<Column> plan(SimOracle truth, Random rnd) {
    List<SimState.Wheel> ws = truth.state().wheels();
    int n = ws.size();
    int[] order = setOrder(ws);
    int[] startRow = new int[n];
    int[] targetRow = new int[n];
    int[] offset = new int[n];
    for (int c = 0; c < n; c++) {
      SimState.Wheel w = ws.get(c);
      offset[c] = w.value() - w.index() * w.valueStep();
    }
    for (int k = 0; k < n; k++) {
      int c = order[k];
      String name = ws.get(c).column();
      // the rows of this column once the columns set before it hold their starts, then their
      // targets (only a day's count changes)
      for (int j = 0; j < k; j++) {
        SimState.Wheel w = ws.get(order[j]);
        truth.setWheelValue(w.column(), offset[order[j]] + startRow[order[j]] * w.valueStep());
      }
      int startRows = truth.wheel(name).rowCount();
      for (int j = 0; j < k; j++) {
        SimState.Wheel w = ws.get(order[j]);
        truth.setWheelValue(w.column(), offset[order[j]] + targetRow[order[j]] * w.valueStep());
      }
      int targetRows = truth.wheel(name).rowCount();
      int a = rnd.nextInt(startRows);
      int b;
      do {
        b = rnd.nextInt(targetRows);
      } while (b == a);
      startRow[c] = a;
      targetRow[c] = b;
    }
    for (int k = 0; k < n; k++) {
      int c = order[k];
      SimState.Wheel w = ws.get(c);
      truth.setWheelValue(w.column(), offset[c] + targetRow[c] * w.valueStep());
    }
    SimState targets = truth.state();
    List<Column> plan = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      int c = order[k];
      SimState.Wheel w = targets.wheels().get(c);
      if (w.index() != targetRow[c]) {
        throw new IllegalStateException(
            w.column() + " shows row " + w.index() + " set to row " + targetRow[c] + ": " + w);
      }
      plan.add(
          new Column(
              w.column(), c, offset[c], w.valueStep(), startRow[c], targetRow[c], w.label()));
    }
    return plan;
  }

  /**
   * The places of the columns in the order they are set: a date's year, month, then day (the day's
   * length follows the other two); any other layout left to right.
   */
  static int[] setOrder(List<SimState.Wheel> ws) {
    List<String> names = ws.stream().map(SimState.Wheel::column).toList();
    if (names.equals(List.of("month", "day", "year"))) {
      return new int[] {2, 0, 1};
    }
    int[] order = new int[ws.size()];
    for (int c = 0; c < order.length; c++) {
      order[c] = c;
    }
    return order;
  }

  private static void scan(String platform, long seed) {
    String[] columns = {"month", "hour", "minute"};
    Random rnd = new Random(seed);
    try (Device phone = Device.open(uri(platform, seed))) {
      SimOracle truth = SimOracle.of(phone);
      SimState s0 = truth.state();
      for (int c = 0; c < 3; c++) {
        SimState.Wheel w = s0.wheel(columns[c]).orElseThrow();
        int a = rnd.nextInt(w.rowCount());
        int b;
        do { // the target is drawn too, so each start matches the full benchmark's device
          b = rnd.nextInt(w.rowCount());
        } while (b == a);
        truth.setWheelValue(columns[c], a * w.valueStep());
      }
      WheelReading r = phone.wheels().read(phone.screenshot(), null);
      SimState s = truth.state();
      List<String> bad = new ArrayList<>();
      if (r.columns().size() != 3) {
        bad.add(r.columns().size() + " columns");
      }
      for (WheelColumn k : r.columns()) {
        for (int c = 0; c < 3; c++) {
          SimState.Wheel w = s.wheel(columns[c]).orElseThrow();
          if (Math.abs(k.columnX() - w.columnXNorm()) < 60) {
            int want = c == 0 ? w.index() : w.value();
            int step = c == 0 ? 1 : w.valueStep();
            if (k.value().orElse(-1) != want
                || k.scale().step() != step
                || (k.scale().cycleSize().isPresent()
                    && k.scale().cycleSize().getAsInt() % step != 0)
                || k.scale().cycleSize().orElse(99) <= want) {
              bad.add(
                  columns[c]
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
    for (SimState.Wheel w : s.wheels()) {
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
   * The whole setting in one {@code setWheels} call, each column by its place and its target's
   * label (a word, AM/PM and numbers as the picker draws them): each column is judged at the end,
   * so an hour a minute wrap moved, or a day a month clamped, and nobody set back counts as a
   * failure.
   */
  private static List<Episode> ocr(Device phone, SimOracle truth, List<Column> plan, int[] gaps) {
    List<WheelSet> sets = new ArrayList<>();
    for (Column c : plan) {
      sets.add(WheelSet.column(c.place()).to(c.targetLabel()));
    }
    if (evidence) {
      for (WheelColumn k : phone.wheels().read(phone.screenshot(), null).columns()) {
        System.err.printf(
            Locale.ROOT,
            "column %d at x %.0f: %s [%s] %s, %s%n",
            k.index(),
            k.columnX(),
            k.labelsAbove(),
            k.selectedLabel().orElse("?"),
            k.labelsBelow(),
            k.scale().kind());
      }
    }
    long v0 = phone.rig().ticker().read();
    List<Episode> out = new ArrayList<>();
    try {
      List<WheelSetResult> rs = phone.wheels().setAll(sets);
      for (int k = 0; k < plan.size(); k++) {
        Column c = plan.get(k);
        WheelSetResult r = rs.get(k);
        SimState.Wheel after = truth.wheel(c.name());
        boolean right = after.value() == c.target();
        out.add(
            new Episode(
                "ocr",
                c.name(),
                gaps[k],
                right,
                r.actions(),
                after.overshoots(),
                truth.editorOpen(),
                r.cost().wallMs(),
                right && r.label().equals(after.label())
                    ? ""
                    : "asked "
                        + c.targetLabel()
                        + ", confirmed "
                        + r.label()
                        + ", truth "
                        + after.label(),
                !r.label().equals(after.label())));
      }
    } catch (SwipeException e) {
      if (evidence) {
        // what the setter read on the way, for a failure worth looking into
        System.err.println(e.code().id() + ": " + e.details().get("evidence"));
      }
      long ms = (phone.rig().ticker().read() - v0) / 1_000_000L;
      for (int k = 0; k < plan.size(); k++) {
        Column c = plan.get(k);
        SimState.Wheel after = truth.wheel(c.name());
        out.add(
            new Episode(
                "ocr",
                c.name(),
                gaps[k],
                after.value() == c.target(),
                0,
                after.overshoots(),
                truth.editorOpen(),
                ms / plan.size(),
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
  private static List<Episode> oracle(
      Device phone, SimOracle truth, List<Column> plan, int[] gaps) {
    int n = plan.size();
    int[] actions = new int[n];
    long[] ms = new long[n];
    String[] failure = new String[n];
    Arrays.fill(failure, "");
    boolean[] again = new boolean[n];
    Arrays.fill(again, true);
    for (int pass = 0; pass < 3; pass++) {
      for (int k = 0; k < n; k++) {
        if (!again[k]) {
          continue;
        }
        long v0 = phone.rig().ticker().read();
        try {
          actions[k] += oracleLoop(phone, truth, plan.get(k).name(), plan.get(k).targetRow());
        } catch (SwipeException e) {
          failure[k] = e.code().id();
        }
        ms[k] += (phone.rig().ticker().read() - v0) / 1_000_000L;
      }
      boolean any = false;
      for (int k = 0; k < n; k++) {
        again[k] = truth.wheel(plan.get(k).name()).value() != plan.get(k).target();
        any |= again[k];
      }
      if (!any) {
        break;
      }
    }
    List<Episode> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      Column c = plan.get(k);
      SimState.Wheel after = truth.wheel(c.name());
      out.add(
          new Episode(
              "oracle",
              c.name(),
              gaps[k],
              after.value() == c.target(),
              actions[k],
              after.overshoots(),
              truth.editorOpen(),
              ms[k],
              failure[k],
              false));
    }
    return out;
  }

  /**
   * Nudges a column under the truth until it shows {@code targetRow}. The policy is given rows
   * times the step as values (row 0 is 0), and the cycle as rows times the step: the same numbers
   * as the values of month, hour 00-23 and minute, and numbers the policy takes for columns whose
   * values do not start at 0 (hour 1-12, day, year) or are words.
   */
  private static int oracleLoop(Device phone, SimOracle truth, String column, int targetRow) {
    int actions = 0;
    Observation shot = phone.screenshot();
    int confirmed = 0;
    for (int i = 0; i < MAX_ORACLE_NUDGES && confirmed < 2; i++) {
      SimState.Wheel w = truth.wheel(column);
      int current = w.index() * w.valueStep();
      int target = targetRow * w.valueStep();
      WheelRequest.Builder req =
          WheelRequest.builder()
              .currentValue(current)
              .targetValue(target)
              .valueStep(w.valueStep())
              .columnX(w.columnXNorm())
              .centerY(w.selectedCenterYNorm())
              .rowSpacing(w.rowPitchNorm());
      if (w.cycleSize().isPresent()) {
        req.cycleSize(w.rowCount() * w.valueStep());
      }
      if (current == target) {
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

  /** Rows between two rows of a column, the short way round on a wheel that wraps. */
  private static int gap(SimState.Wheel w, int fromRow, int toRow) {
    int rows = Math.abs(toRow - fromRow);
    if (w.cycleSize().isPresent()) {
      rows = Math.min(rows, w.rowCount() - rows);
    }
    return rows;
  }
}
