package dev.swipe.bench.policy;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.spi.HidReport;
import dev.swipe.sim.SimOracle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Issue 36's settle goal on rigs whose frames lag the phone: after a scroll's release, how long the
 * device waits before it answers, beside what it cannot avoid, the screen's own motion after the
 * release and the capture's lag. Judged on the simulator's {@code input=rig} profiles (a lag of
 * 90-240 ms per device, frames that show the phone one lag before their capture), with the motion's
 * end read from the phone's own list offset at 1 ms steps after the fact, never from the frames.
 * Phone time is the simulator's clock, which load does not change.
 *
 * <pre>
 * java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.policy.SettleLagBench --platform=ios --devices=8 --gestures=8 [--pointer=rel]
 * </pre>
 */
public final class SettleLagBench {
  private SettleLagBench() {}

  /** One scroll: the capture's lag, the motion after the release, and the device's wait. */
  record Sample(String kind, long lagMs, double motionMs, double waitMs, boolean settled) {}

  static final String STEADY = "steady scroll (dwell before the lift)";
  static final String FLING = "fling (lifts moving), settle bound 10 s";

  static final Duration FLING_BOUND = Duration.ofSeconds(10);

  public static void main(String[] args) {
    String platform = Stats.opt(args, "platform", "ios");
    String pointer = Stats.opt(args, "pointer", "rel");
    int devices = Integer.parseInt(Stats.opt(args, "devices", "8"));
    int scrolls = Integer.parseInt(Stats.opt(args, "gestures", "8"));
    int threads = Integer.parseInt(Stats.opt(args, "threads", "1"));
    long seed0 = Long.parseLong(Stats.opt(args, "seed0", "36000"));
    List<Sample> all = new ArrayList<>();
    for (List<Sample> l :
        Stats.parallel(devices, threads, i -> runDevice(platform, pointer, seed0 + i, scrolls))) {
      if (l != null) {
        all.addAll(l);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%n### %s, input=rig, pointer=%s: %d devices (seeds %d..%d), %d gestures each%n%n",
        platform,
        pointer,
        devices,
        seed0,
        seed0 + devices - 1,
        scrolls);
    System.out.println(
        "| gesture | n | settled | capture lag ms p50 (min-max) | motion after release ms p50 /"
            + " p90 | wait after release ms p50 / p90 | wait - lag - motion ms p50 / p90 / max |");
    System.out.println("|---|---:|---:|---|---|---|---|");
    for (String kind : List.of(STEADY, FLING)) {
      List<Double> lag = new ArrayList<>();
      List<Double> motion = new ArrayList<>();
      List<Double> wait = new ArrayList<>();
      List<Double> excess = new ArrayList<>();
      int settled = 0;
      for (Sample s : all) {
        if (!s.kind().equals(kind)) {
          continue;
        }
        lag.add((double) s.lagMs());
        motion.add(s.motionMs());
        wait.add(s.waitMs());
        excess.add(s.waitMs() - s.lagMs() - s.motionMs());
        settled += s.settled() ? 1 : 0;
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %d | %.0f (%.0f-%.0f) | %.0f / %.0f | %.0f / %.0f | %.0f / %.0f / %.0f |%n",
          kind,
          lag.size(),
          settled,
          Stats.pct(lag, 50),
          Stats.pct(lag, 0),
          Stats.max(lag),
          Stats.pct(motion, 50),
          Stats.pct(motion, 90),
          Stats.pct(wait, 50),
          Stats.pct(wait, 90),
          Stats.pct(excess, 50),
          Stats.pct(excess, 90),
          Stats.max(excess));
    }
  }

  static List<Sample> runDevice(String platform, String pointer, long seed, int scrolls) {
    String uri =
        "sim:?scene=list&platform=" + platform + "&input=rig&pointer=" + pointer + "&seed=" + seed;
    Random rnd = new Random(seed * 131 + 7);
    List<Sample> out = new ArrayList<>();
    try (Device device = Device.open(uri)) {
      SimOracle oracle = SimOracle.of(device);
      long lagMs = oracle.input().captureLag().toMillis();
      long[] release = {-1};
      boolean[] pressed = {false};
      Device.Listener.Registration reg =
          device
              .rig()
              .listen(
                  new Device.Listener() {
                    @Override
                    public void pointerSent(HidReport.Pointer report, long atNanos) {
                      if (report.pressed()) {
                        pressed[0] = true;
                      } else if (pressed[0]) {
                        pressed[0] = false;
                        release[0] = atNanos;
                      }
                    }
                  });
      try {
        for (int i = 0; i < scrolls; i++) {
          oracle.awaitRest(Duration.ofSeconds(10));
          boolean fling = i % 2 == 1;
          release[0] = -1;
          Observation after;
          if (fling) {
            double from = 650 + 100 * rnd.nextDouble();
            // a bound long enough for the coast: the gate's own wait, not the default bound's cut
            after =
                device
                    .rig()
                    .perform(
                        Swipe.builder(NormPoint.of(500, from), NormPoint.of(500, from - 300))
                            .durationMs(80 + rnd.nextInt(60))
                            .holdAfterMs(0)
                            .build(),
                        FLING_BOUND)
                    .observation();
          } else {
            ScrollDirection d = i % 4 == 2 ? ScrollDirection.UP : ScrollDirection.DOWN;
            double amount = Math.round((0.3 + 0.5 * rnd.nextDouble()) * 100) / 100.0;
            after = device.scroll(Scroll.builder(d).amount(amount).build()).observation();
          }
          long answered = device.rig().ticker().read();
          if (release[0] < 0) {
            continue;
          }
          // the last phone time after the release at which the list's drawn offset changed
          long lastChange = release[0];
          double prev = Math.floor(0.5 + oracle.listOffsetPxAt(release[0]));
          for (long t = release[0] + 1_000_000L; t <= answered; t += 1_000_000L) {
            double o = Math.floor(0.5 + oracle.listOffsetPxAt(t));
            if (o != prev) {
              lastChange = t;
              prev = o;
            }
          }
          out.add(
              new Sample(
                  fling ? FLING : STEADY,
                  lagMs,
                  (lastChange - release[0]) / 1e6,
                  (answered - release[0]) / 1e6,
                  after.settled()));
        }
      } finally {
        reg.close();
      }
    }
    return out;
  }
}
