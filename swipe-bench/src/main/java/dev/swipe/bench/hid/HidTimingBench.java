package dev.swipe.bench.hid;

import dev.swipe.base.NormPoint;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.internal.PlayedTimeline;
import dev.swipe.core.internal.Timeline;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.hid.internal.Ch9329Transport;
import dev.swipe.hid.internal.HidGadgetTransport;
import dev.swipe.hid.internal.PikvmTransport;
import dev.swipe.sim.SimPhone;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import dev.swipe.sim.internal.serial.PikvmEmulator;
import dev.swipe.sim.internal.serial.PseudoTerminalPair;
import dev.swipe.sim.internal.serial.SerialDeviceEmulator;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Planned vs actual report times of swipes played through {@link Device} over real links: a
 * pseudo-terminal into the CH9329 and PiKVM emulators, which keep a real UART's pace at their baud
 * (10 bits per byte, request and reply), and a FIFO standing in for {@code /dev/hidgN}.
 *
 * <p>Each serial configuration is played twice: planned for the link's report rate (the SDK's way:
 * the planner merges steps the link cannot carry) and planned as if the link were instantaneous
 * (the competing approach: every step kept, the link queues them).
 *
 * <p>Two errors per report, absolute values: the emit error (when the runner handed the report to
 * the transport, minus its planned offset) and the device error (when the device had the whole
 * report, relative to the first report's arrival, minus the planned spacing). Prints a Markdown
 * table.
 *
 * <p>Run: {@code java -cp swipe-bench/target/benchmarks.jar dev.swipe.bench.hid.HidTimingBench
 * [repetitions]} (needs socat and mkfifo).
 */
public final class HidTimingBench {
  private HidTimingBench() {}

  /** One measured configuration. */
  @SuppressWarnings("ArrayRecordComponent") // raw samples for one report, never compared
  record Row(
      String swipe,
      String link,
      String planning,
      double intervalMs,
      int reports,
      int merged,
      double[] emitMs,
      double[] deviceMs) {}

  /** An open link under test: the transport, where the device saw reports arrive, and cleanup. */
  @SuppressWarnings("try") // a link may wait for its threads on close; nothing interrupts the bench
  interface Link extends AutoCloseable {
    HidTransport transport();

    /** Arrival times (System.nanoTime) of the reports since the last {@link #clear()}. */
    List<Long> arrivals();

    void clear();

    /** Whether device arrivals map one to one onto reports. */
    default boolean measuresArrivals() {
      return true;
    }

    @Override
    void close() throws Exception;
  }

  @FunctionalInterface
  interface LinkFactory {
    Link open() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    int repetitions = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    if (!PseudoTerminalPair.socatAvailable()) {
      System.err.println("socat is required (apt-get install socat)");
      System.exit(2);
    }
    Swipe requested =
        Swipe.builder(NormPoint.of(500, 750), NormPoint.of(500, 250))
            .durationMs(400)
            .steps(16)
            .holdBeforeMs(80)
            .holdAfterMs(100)
            .build();
    Swipe fast =
        Swipe.builder(NormPoint.of(500, 750), NormPoint.of(500, 250))
            .durationMs(200)
            .steps(16)
            .holdBeforeMs(80)
            .holdAfterMs(100)
            .build();
    List<Row> rows = new ArrayList<>();
    for (Swipe s : List.of(requested, fast)) {
      String name = s.durationMs() + " ms / " + s.steps() + " steps";
      for (int baud : new int[] {9600, 115200}) {
        for (boolean linkAware : new boolean[] {true, false}) {
          rows.add(measure(name, "CH9329 " + baud, () -> ch9329(baud), linkAware, s, repetitions));
        }
      }
      @SuppressWarnings("ReferenceEquality") // the first of the two, even were they equal
      boolean first = s == requested;
      if (first) {
        rows.add(
            measure(
                name, "CH9329 115200 rel", HidTimingBench::ch9329Relative, true, s, repetitions));
        rows.add(measure(name, "PiKVM 115200", HidTimingBench::pikvm, true, s, repetitions));
        rows.add(measure(name, "hidg FIFO", HidTimingBench::gadget, true, s, repetitions));
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%d swipes per row after one warm-up; %d cores, load average at start %s%n%n",
        repetitions,
        Runtime.getRuntime().availableProcessors(),
        loadAverage());
    System.out.println(
        "| swipe | link | planning | link interval | reports (merged steps) | emit error p50 / p99 / max | device arrival error p50 / p99 / max |");
    System.out.println("|---|---|---|---|---|---|---|");
    for (Row r : rows) {
      System.out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %.2f ms | %d (%d) | %s | %s |%n",
          r.swipe,
          r.link,
          r.planning,
          r.intervalMs,
          r.reports,
          r.merged,
          stats(r.emitMs),
          stats(r.deviceMs));
    }
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split(" ", -1)[0];
    } catch (IOException e) {
      return "unknown";
    }
  }

  @SuppressWarnings("try") // Link.close may wait for threads; see Link
  private static Row measure(
      String name,
      String linkName,
      LinkFactory factory,
      boolean linkAware,
      Swipe swipe,
      int repetitions)
      throws Exception {
    List<Double> emit = new ArrayList<>();
    List<Double> device = new ArrayList<>();
    int reports = 0;
    int merged = 0;
    double intervalMs;
    try (SimPhone sim =
            SimPhone.open(
                "sim:?input=ideal&platform=ios&pointer=abs&time=real&scale=0.25&latency_ms=0");
        Link link = factory.open()) {
      intervalMs = link.transport().capabilities().minReportInterval().toNanos() / 1e6;
      HidTransport hid = linkAware ? link.transport() : new RateBlind(link.transport());
      try (Device phone = Device.builder().hid(hid).capture(sim.frameSource()).open()) {
        for (int i = 0; i <= repetitions; i++) {
          link.clear();
          ActionResult r = phone.swipe(swipe);
          if (i == 0) {
            continue; // warm-up
          }
          ExecutedTimeline t = r.timeline();
          Timeline plan = ((PlayedTimeline) t).planned();
          reports = t.reportCount();
          merged = plan.mergedSteps();
          List<Long> arrived = awaitArrivals(link, reports);
          for (int k = 0; k < reports; k++) {
            emit.add(Math.abs(t.errorNanos(k)) / 1e6);
            if (k < arrived.size()) {
              long planned =
                  plan.events().get(k).offsetNanos() - plan.events().get(0).offsetNanos();
              long actual = arrived.get(k) - arrived.get(0);
              device.add(Math.abs(actual - planned) / 1e6);
            }
          }
        }
      }
    }
    return new Row(
        name,
        linkName,
        linkAware ? "link-aware (SDK)" : "rate-blind",
        intervalMs,
        reports,
        merged,
        sorted(emit),
        sorted(device));
  }

  private static List<Long> awaitArrivals(Link link, int count) throws InterruptedException {
    if (!link.measuresArrivals()) {
      return List.of();
    }
    for (int i = 0; i < 200 && link.arrivals().size() < count; i++) {
      Thread.sleep(5);
    }
    return link.arrivals();
  }

  private static Link ch9329(int baud) throws Exception {
    PseudoTerminalPair pair = PseudoTerminalPair.open();
    Ch9329Emulator chip = Ch9329Emulator.builder(r -> {}).baud(baud).lineTiming(true).build();
    chip.start(pair.deviceSide());
    Ch9329Transport t =
        Ch9329Transport.open(DeviceUri.parse("ch9329:" + pair.hostSide() + "?baud=" + baud));
    return serial(pair, chip, t, false);
  }

  /**
   * The relative pointer at 1.08 x 2.4 counts per unit (a 1080x2400 phone, one pixel per count):
   * each press first homes and travels, so reports are not frames one to one; only the emit error
   * is measured.
   */
  @SuppressWarnings("try") // Link.close may wait for threads; see Link
  private static Link ch9329Relative() throws Exception {
    PseudoTerminalPair pair = PseudoTerminalPair.open();
    Ch9329Emulator chip =
        Ch9329Emulator.builder(r -> {})
            .baud(115200)
            .lineTiming(true)
            .countsPerUnit(1.08, 2.4)
            .build();
    chip.start(pair.deviceSide());
    Ch9329Transport t =
        Ch9329Transport.open(
            DeviceUri.parse(
                "ch9329:"
                    + pair.hostSide()
                    + "?baud=115200&pointer=rel&counts_per_unit_x=1.08&counts_per_unit_y=2.4"));
    Link frames = serial(pair, chip, t, false);
    return new Link() {
      @Override
      public HidTransport transport() {
        return t;
      }

      @Override
      public List<Long> arrivals() {
        return List.of();
      }

      @Override
      public boolean measuresArrivals() {
        return false;
      }

      @Override
      public void clear() {
        frames.clear();
      }

      @Override
      public void close() throws Exception {
        frames.close();
      }
    };
  }

  private static Link pikvm() throws Exception {
    PseudoTerminalPair pair = PseudoTerminalPair.open();
    PikvmEmulator mcu = PikvmEmulator.create(r -> {}, 115200, true);
    mcu.start(pair.deviceSide());
    PikvmTransport t =
        PikvmTransport.open(DeviceUri.parse("pikvm:" + pair.hostSide() + "?baud=115200"));
    // A press is a move request and then a button request: the button request is the report.
    return serial(pair, mcu, t, true);
  }

  private static Link serial(
      PseudoTerminalPair pair,
      SerialDeviceEmulator emulator,
      HidTransport t,
      boolean pressIsTwoFrames) {
    return new Link() {
      @Override
      public HidTransport transport() {
        return t;
      }

      @Override
      public List<Long> arrivals() {
        List<Long> times = emulator.frameTimes();
        return pressIsTwoFrames && !times.isEmpty() ? times.subList(1, times.size()) : times;
      }

      @Override
      public void clear() {
        emulator.clearRecording();
      }

      @Override
      public void close() {
        t.close();
        pair.close();
        emulator.close();
      }
    };
  }

  /** A FIFO read by a thread that plays the USB host, stamping each 6-byte report. */
  @SuppressWarnings("try") // Link.close may wait for threads; see Link
  private static Link gadget() throws Exception {
    Path dir = Files.createTempDirectory("hidg-bench");
    Path fifo = dir.resolve("hidg1");
    if (new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor() != 0) {
      throw new IOException("mkfifo failed");
    }
    List<Long> arrivals = new ArrayList<>();
    Thread host =
        new Thread(
            () -> {
              try (DataInputStream in = new DataInputStream(new FileInputStream(fifo.toFile()))) {
                byte[] report = new byte[6];
                while (true) {
                  in.readFully(report);
                  long now = System.nanoTime();
                  synchronized (arrivals) {
                    arrivals.add(now);
                  }
                }
              } catch (EOFException closed) {
                // the transport closed the device
              } catch (IOException e) {
                // host gone
              }
            },
            "hidg-host");
    host.setDaemon(true);
    host.start();
    HidTransport t = HidGadgetTransport.open(DeviceUri.parse("hidg:" + fifo + "?pointer=abs"));
    return new Link() {
      @Override
      public HidTransport transport() {
        return t;
      }

      @Override
      public List<Long> arrivals() {
        synchronized (arrivals) {
          return List.copyOf(arrivals);
        }
      }

      @Override
      public void clear() {
        synchronized (arrivals) {
          arrivals.clear();
        }
      }

      @Override
      public void close() throws Exception {
        t.close();
        host.join(2000);
        Files.deleteIfExists(fifo);
        Files.deleteIfExists(dir);
      }
    };
  }

  private static double[] sorted(List<Double> values) {
    double[] a = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(a);
    return a;
  }

  private static String stats(double[] sorted) {
    if (sorted.length == 0) {
      return "n/a";
    }
    return String.format(
        Locale.ROOT,
        "%.2f / %.2f / %.2f ms",
        percentile(sorted, 0.50),
        percentile(sorted, 0.99),
        sorted[sorted.length - 1]);
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
