package dev.swipe.bench.hid;

import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.NormPoint;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Timeline;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.hid.Ch9329Transport;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.serial.Ch9329Emulator;
import dev.swipe.sim.serial.PseudoTerminalPair;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Planned vs actual report times of swipes played over a pseudo-terminal into the CH9329 emulator,
 * which keeps a real UART's pace at the baud (10 bits per byte, request and reply). For each baud
 * it plays the swipe through {@link Device} twice over: once planned for the link's report rate
 * (the SDK's way: the planner merges steps the link cannot carry) and once planned as if the link
 * were instantaneous (the competing approach: every step kept, the link queues).
 *
 * <p>Two errors per report: the emit error (when the runner handed the report to the transport,
 * minus its planned offset) and the device error (when the chip had the whole frame, relative to
 * the first report's arrival, minus the planned spacing). Prints a Markdown table.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.hid.HidTimingBench
 * [repetitions]} (needs socat).
 */
public final class HidTimingBench {
  private HidTimingBench() {}

  /** One measured configuration. */
  record Row(String swipe, int baud, String planning, int reports, int merged, double intervalMs,
      double[] emitMs, double[] deviceMs) {}

  public static void main(String[] args) throws Exception {
    int repetitions = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    if (!PseudoTerminalPair.socatAvailable()) {
      System.err.println("socat is required (apt-get install socat)");
      System.exit(2);
    }
    List<Row> rows = new ArrayList<>();
    Swipe requested = Swipe.builder(NormPoint.of(500, 750), NormPoint.of(500, 250))
        .durationMs(400).steps(16).holdBeforeMs(80).holdAfterMs(100).build();
    Swipe fast = Swipe.builder(NormPoint.of(500, 750), NormPoint.of(500, 250))
        .durationMs(200).steps(16).holdBeforeMs(80).holdAfterMs(100).build();
    for (Swipe s : List.of(requested, fast)) {
      String name = s.durationMs() + " ms / " + s.steps() + " steps";
      for (int baud : new int[] {9600, 115200}) {
        rows.add(measure(name, s, baud, true, repetitions));
        rows.add(measure(name, s, baud, false, repetitions));
      }
    }
    System.out.println("| swipe | baud | planning | link interval | reports (merged steps) | emit error p50 / p99 / max | device arrival error p50 / p99 / max |");
    System.out.println("|---|---|---|---|---|---|---|");
    for (Row r : rows) {
      System.out.printf(Locale.ROOT, "| %s | %d | %s | %.2f ms | %d (%d) | %s | %s |%n",
          r.swipe, r.baud, r.planning, r.intervalMs, r.reports, r.merged, stats(r.emitMs), stats(r.deviceMs));
    }
  }

  private static Row measure(String name, Swipe swipe, int baud, boolean linkAware, int repetitions) throws Exception {
    List<Double> emit = new ArrayList<>();
    List<Double> device = new ArrayList<>();
    int reports = 0;
    int merged = 0;
    double intervalMs = 0;
    try (SimPhone sim = SimPhone.open("sim:?platform=ios&pointer=abs&time=real&scale=0.25&latency_ms=0");
        PseudoTerminalPair pair = PseudoTerminalPair.open();
        Ch9329Emulator chip = Ch9329Emulator.builder(r -> {}).baud(baud).lineTiming(true).build()) {
      chip.start(pair.deviceSide());
      Ch9329Transport ch9329 = Ch9329Transport.open(DeviceUri.parse("ch9329:" + pair.hostSide() + "?baud=" + baud));
      intervalMs = ch9329.capabilities().minReportInterval().toNanos() / 1e6;
      HidTransport hid = linkAware ? ch9329 : new RateBlind(ch9329);
      try (Device phone = Device.builder().hid(hid).capture(sim.frameSource()).open()) {
        for (int i = 0; i <= repetitions; i++) {
          chip.clearRecording();
          ActionResult r = phone.swipe(swipe);
          if (i == 0) {
            continue; // warm-up
          }
          ExecutedTimeline t = r.timeline();
          Timeline plan = t.planned();
          reports = t.reportCount();
          merged = plan.mergedSteps();
          List<Long> arrived = chip.frameTimes();
          // The swipe's frames are the first reports.size() frames after clearRecording.
          for (int k = 0; k < t.reportCount(); k++) {
            emit.add(Math.abs(t.errorNanos(k)) / 1e6);
            if (k < arrived.size()) {
              long planned = plan.events().get(k).offsetNanos() - plan.events().get(0).offsetNanos();
              long actual = arrived.get(k) - arrived.get(0);
              device.add(Math.abs(actual - planned) / 1e6);
            }
          }
        }
      }
    }
    return new Row(name, baud, linkAware ? "link-aware (SDK)" : "rate-blind", reports, merged, intervalMs,
        toArray(emit), toArray(device));
  }

  private static double[] toArray(List<Double> values) {
    double[] a = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(a);
    return a;
  }

  private static String stats(double[] sorted) {
    if (sorted.length == 0) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%.2f / %.2f / %.2f ms",
        percentile(sorted, 0.50), percentile(sorted, 0.99), sorted[sorted.length - 1]);
  }

  private static double percentile(double[] sorted, double p) {
    int i = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  /** The competing approach: the same link, but the planner is told it has no rate limit. */
  private static final class RateBlind implements HidTransport {
    private final HidTransport delegate;

    RateBlind(HidTransport delegate) {
      this.delegate = delegate;
    }

    @Override
    public HidCapabilities capabilities() {
      HidCapabilities c = delegate.capabilities();
      return HidCapabilities.builder()
          .pointerKinds(c.pointerKinds())
          .activePointer(c.activePointer())
          .range(c.range())
          .keyboard(c.keyboard())
          .consumerKeys(c.consumerKeys())
          .build();
    }

    @Override
    public void send(HidReport report) {
      delegate.send(report);
    }

    @Override
    public void releaseAll() {
      delegate.releaseAll();
    }

    @Override
    public void close() {
      delegate.close();
    }
  }
}
