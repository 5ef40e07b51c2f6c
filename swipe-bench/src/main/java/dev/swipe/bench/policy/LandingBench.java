package dev.swipe.bench.policy;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Issue 12 item 3: where list content comes to rest for the same planned scroll across seeded
 * devices, this SDK's shaped scroll ({@code Device.scroll}: smoothstep, slow tail, dwell) against a
 * lift-while-moving linear swipe with the same end points and duration (hold_after 0), in one run.
 * Wheel landings (rows moved == rows planned) come from {@link WheelPolicyBench}.
 *
 * <pre>
 * java -cp ... dev.swipe.bench.policy.LandingBench --platform=android --devices=200 --threads=2 [--durations=400,1200]
 * </pre>
 */
public final class LandingBench {
  private LandingBench() {}

  /** One device's rest displacements (px) per gesture kind and duration. */
  @SuppressWarnings("ArrayRecordComponent") // raw samples for one report, never compared
  record Row(
      long seed, double rowPx, int height, double[] shaped, double[] linear, double plannedPx) {}

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "android");
    int devices = Integer.parseInt(Stats.opt(args, "devices", "200"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "2"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "9000"));
    // limit 0 as ever: a trailing comma is let through
    String[] ds = Stats.opt(args, "durations", "400,1200").split(",", 0);
    int[] durations = new int[ds.length];
    for (int i = 0; i < ds.length; i++) {
      durations[i] = Integer.parseInt(ds[i].strip());
    }
    Stats.deadlineFrom(args);
    long t0 = System.nanoTime();
    List<Row> rows = new ArrayList<>();
    for (Row r : Stats.parallel(devices, threads, i -> runDevice(platform, seed0 + i, durations))) {
      if (r != null) {
        rows.add(r);
      }
    }
    double realS = (System.nanoTime() - t0) / 1e9;
    int h = rows.isEmpty() ? 0 : rows.get(0).height();
    System.out.printf(
        Locale.ROOT,
        "%n### %s: %d devices (seeds %d..%d), %.0f s real; frame height %d px, 2%% = %.0f px%n%n",
        platform,
        rows.size(),
        seed0,
        seed0 + rows.size() - 1,
        realS,
        h,
        0.02 * h);
    System.out.println(
        "| gesture | duration | devices | rest displacement p50 px | planned px | |dev from median| p50 px | p95 px | max px | spread max-min px | spread rows | spread % of screen | within 2% |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for (int k = 0; k < durations.length; k++) {
      for (int kind = 0; kind < 2; kind++) {
        List<Double> disp = new ArrayList<>();
        List<Double> rowsPx = new ArrayList<>();
        double planned = 0;
        for (Row r : rows) {
          disp.add((kind == 0 ? r.shaped() : r.linear())[k]);
          rowsPx.add(r.rowPx());
          planned = r.plannedPx();
        }
        double med = Stats.pct(disp, 50);
        List<Double> dev = new ArrayList<>();
        for (double d : disp) {
          dev.add(Math.abs(d - med));
        }
        double spread = Stats.max(disp) - Stats.pct(disp, 0);
        double rowPx = Stats.pct(rowsPx, 50);
        System.out.printf(
            Locale.ROOT,
            "| %s | %d ms | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
            kind == 0
                ? "SDK scroll (smoothstep, slow tail, 120 ms dwell)"
                : "linear swipe, lift while moving",
            durations[k],
            disp.size(),
            Stats.f1(med),
            Stats.f1(planned),
            Stats.f1(Stats.pct(dev, 50)),
            Stats.f1(Stats.pct(dev, 95)),
            Stats.f1(Stats.max(dev)),
            Stats.f1(spread),
            Stats.f2(spread / rowPx),
            Stats.f2(100.0 * spread / h),
            spread <= 0.02 * h ? "yes" : "no");
      }
    }
    System.out.println();
    System.out.println("Extremes (SDK scroll, first duration): seed -> displacement px");
    rows.sort((a, b) -> Double.compare(a.shaped()[0], b.shaped()[0]));
    for (int i = 0; i < Math.min(3, rows.size()); i++) {
      System.out.printf(
          Locale.ROOT, "  min seed=%d %.1f px%n", rows.get(i).seed(), rows.get(i).shaped()[0]);
    }
    for (int i = Math.max(0, rows.size() - 3); i < rows.size(); i++) {
      System.out.printf(
          Locale.ROOT, "  max seed=%d %.1f px%n", rows.get(i).seed(), rows.get(i).shaped()[0]);
    }
  }

  static Row runDevice(String platform, long seed, int[] durations) {
    String uri = "sim:?input=ideal&scene=list&scale=0.5&platform=" + platform + "&seed=" + seed;
    try (Device d = Device.open(uri)) {
      SimOracle o = SimOracle.of(d);
      // get away from the top edge
      d.scroll(Scroll.builder(ScrollDirection.DOWN).amount(0.8).build());
      d.scroll(Scroll.builder(ScrollDirection.DOWN).amount(0.8).build());
      SimState s0 = o.awaitRest(Duration.ofSeconds(10));
      double amount = 300.0 / Scroll.DEFAULT_REGION.h(); // 300 normalized units of finger travel
      double[] shaped = new double[durations.length];
      double[] linear = new double[durations.length];
      double plannedPx = NormPoint.toPixel(300.0, s0.frameHeight());
      for (int k = 0; k < durations.length; k++) {
        double before = o.awaitRest(Duration.ofSeconds(10)).listOffsetPx();
        ScrollResult r =
            d.scroll(
                Scroll.builder(ScrollDirection.DOWN)
                    .amount(amount)
                    .durationMs(durations[k])
                    .build());
        shaped[k] = o.awaitRest(Duration.ofSeconds(10)).listOffsetPx() - before;
        Swipe sdk = (Swipe) r.action().gesture();
        before = o.listOffsetPx();
        d.swipe(
            Swipe.builder(sdk.start(), sdk.end())
                .durationMs(durations[k])
                .steps(sdk.steps())
                .holdBeforeMs(sdk.holdBeforeMs())
                .holdAfterMs(0)
                .shape(GestureShape.LINEAR)
                .build());
        linear[k] = o.awaitRest(Duration.ofSeconds(10)).listOffsetPx() - before;
      }
      return new Row(seed, s0.listRowHeightPx(), s0.frameHeight(), shaped, linear, plannedPx);
    }
  }
}
