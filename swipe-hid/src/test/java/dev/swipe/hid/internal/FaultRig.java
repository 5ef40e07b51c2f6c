package dev.swipe.hid.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.internal.Timeline;
import dev.swipe.core.internal.TimelinePlanner;
import dev.swipe.core.internal.TimelineRunner;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import dev.swipe.sim.internal.serial.FrameFault;
import dev.swipe.sim.internal.serial.PikvmEmulator;
import dev.swipe.sim.internal.serial.SerialDeviceEmulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * Plays one swipe through a serial transport whose device (an emulator over a real pseudo-terminal
 * pair) suffers a schedule of per-frame faults, and judges the outcome against what the device
 * actually consumed: a coded error with a release attempt, or a success after which the device
 * consumed exactly the gesture (and nothing of it after the return), never a hang or a success
 * claimed early.
 */
final class FaultRig {
  /**
   * Fast timeouts, so a faulty device costs a trial a fraction of a second ({@code
   * -Dswipe.faults.timeouts} replaces them, e.g. to measure a transport without a sync timeout).
   */
  static final String TIMEOUTS =
      System.getProperty(
          "swipe.faults.timeouts", "ack_timeout_ms=20&sync_timeout_ms=250&retries=2");

  /** Well beyond any bounded wait of the transports: a trial that takes longer hung. */
  private static final Duration HANG = Duration.ofSeconds(20);

  static final Swipe GESTURE =
      Swipe.builder(NormPoint.of(400, 700), NormPoint.of(400, 300))
          .durationMs(60)
          .steps(4)
          .holdBeforeMs(0)
          .build();

  /** The serial links under test. */
  enum Link {
    CH9329_ABS,
    CH9329_REL,
    PIKVM,
    /** Without acknowledgements only the release is confirmed: a lost move may go unnoticed. */
    CH9329_ABS_UNACKNOWLEDGED;

    /** The links that confirm every report. */
    static final List<Link> ACKNOWLEDGED = List.of(CH9329_ABS, CH9329_REL, PIKVM);

    /** The device; relative moves it consumes are also recorded raw into {@code moves}. */
    SerialDeviceEmulator emulator(List<List<Integer>> moves) {
      return this == PIKVM
          ? PikvmEmulator.create(r -> {})
          : Ch9329Emulator.builder(r -> {})
              .countsPerUnit(0.2, 0.2)
              .relativeMouse((dx, dy, pressed) -> moves.add(List.of(dx, dy, pressed ? 1 : 0)))
              .build();
    }

    HidTransport open(SerialRig<?> rig) {
      return switch (this) {
        case CH9329_ABS ->
            Ch9329Transport.open(DeviceUri.parse(rig.uri("ch9329", "baud=115200&" + TIMEOUTS)));
        case CH9329_REL ->
            Ch9329Transport.open(
                DeviceUri.parse(
                    rig.uri("ch9329", "baud=115200&pointer=rel&counts_per_unit=0.2&" + TIMEOUTS)));
        case PIKVM -> PikvmTransport.open(DeviceUri.parse(rig.uri("pikvm", TIMEOUTS)));
        case CH9329_ABS_UNACKNOWLEDGED ->
            Ch9329Transport.open(
                DeviceUri.parse(rig.uri("ch9329", "baud=115200&ack=false&" + TIMEOUTS)));
      };
    }

    /** Whether every report carries a whole state, so one taken twice in a row changes nothing. */
    boolean wholeStates() {
      return this != CH9329_REL;
    }
  }

  /** How a trial ended. */
  enum Outcome {
    /** Success, no fault was injected. */
    CLEAN,
    /** Success although faults were injected; the device consumed exactly the gesture. */
    RECOVERED,
    /** A {@code hid_*} error after a release attempt. */
    CODED_ERROR,
    /** The gesture did not return within {@link #HANG}. */
    HUNG,
    /** Success returned before the device consumed (all of) the gesture. */
    CLAIMED_EARLY,
    /** Anything else: a success with the wrong reports consumed, an uncoded error, no release. */
    WRONG
  }

  /** One trial's result. */
  record Trial(Link link, Outcome outcome, Map<FrameFault.Kind, Integer> injected, String detail) {}

  /**
   * What the device consumed: the reports it acted on and, for a relative mouse, the raw moves (dx,
   * dy, button) that carried them.
   */
  record Consumed(List<HidReport> reports, List<List<Integer>> moves) {}

  private static final Map<Link, Consumed> GOLDEN = new ConcurrentHashMap<>();

  private FaultRig() {}

  /** A trial and what the device consumed in it. */
  private record Played(Trial trial, Consumed consumed) {}

  /** What the device consumes for the gesture when nothing goes wrong. */
  static Consumed golden(Link link) {
    return GOLDEN.computeIfAbsent(
        link,
        l -> {
          Played p = play(l, n -> FrameFault.NONE, null);
          if (p.trial().outcome() != Outcome.CLEAN) {
            throw new AssertionError("the fault-free run failed: " + p.trial());
          }
          return p.consumed();
        });
  }

  /** Plays the gesture with {@code schedule} applied to every frame the device reads. */
  static Trial run(Link link, IntFunction<FrameFault> schedule) {
    return play(link, schedule, golden(link)).trial();
  }

  private static Played play(Link link, IntFunction<FrameFault> schedule, Consumed expected) {
    List<List<Integer>> moves = Collections.synchronizedList(new ArrayList<>());
    try (SerialRig<SerialDeviceEmulator> rig = SerialRig.start(link.emulator(moves))) {
      HidTransport transport = link.open(rig);
      ExecutorService runner =
          Executors.newSingleThreadExecutor(
              r -> {
                Thread t = new Thread(r, "fault-trial " + link);
                t.setDaemon(true);
                return t;
              });
      try {
        rig.settle();
        Timeline plan =
            TimelinePlanner.plan(GESTURE, transport.capabilities().minReportInterval().toNanos());
        rig.emulator.clearRecording();
        moves.clear();
        rig.emulator.injectFaults(schedule, rig.pair::hangUp);
        long[] returnedAt = new long[1];
        Future<Throwable> done =
            runner.submit(
                () -> {
                  try {
                    new TimelineRunner(Ticker.system(), Sleeper.system()).run(plan, transport);
                    returnedAt[0] = System.nanoTime();
                    return null;
                  } catch (RuntimeException e) {
                    return e;
                  }
                });
        Throwable failure;
        try {
          failure = done.get(HANG.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          done.cancel(true);
          return new Played(
              new Trial(link, Outcome.HUNG, rig.emulator.faultCounts(), "no return within " + HANG),
              new Consumed(List.of(), List.of()));
        } catch (ExecutionException e) {
          failure = e.getCause();
        }
        rig.emulator.awaitQuiet(Duration.ofMillis(100), Duration.ofSeconds(10));
        Consumed consumed = new Consumed(rig.emulator.reports(), List.copyOf(moves));
        return new Played(judge(link, rig, failure, returnedAt[0], expected, consumed), consumed);
      } finally {
        runner.shutdownNow();
        transport.close();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private static Trial judge(
      Link link,
      SerialRig<SerialDeviceEmulator> rig,
      Throwable failure,
      long returnedAt,
      Consumed expected,
      Consumed consumed) {
    List<Long> consumedAt = rig.emulator.reportTimes();
    Map<FrameFault.Kind, Integer> injected = rig.emulator.faultCounts();
    if (failure != null) {
      return judgeFailure(link, rig, failure, injected);
    }
    for (int i = 0; i < consumedAt.size(); i++) {
      if (consumedAt.get(i) - returnedAt > 0) {
        return new Trial(
            link,
            Outcome.CLAIMED_EARLY,
            injected,
            "report "
                + i
                + " of "
                + consumedAt.size()
                + " consumed "
                + (consumedAt.get(i) - returnedAt) / 1_000_000
                + " ms after the gesture returned");
      }
    }
    if (expected != null && !sameGesture(link, expected, consumed)) {
      return new Trial(
          link, Outcome.WRONG, injected, "consumed " + consumed + " instead of " + expected);
    }
    return new Trial(link, injected.isEmpty() ? Outcome.CLEAN : Outcome.RECOVERED, injected, "");
  }

  private static Trial judgeFailure(
      Link link,
      SerialRig<SerialDeviceEmulator> rig,
      Throwable failure,
      Map<FrameFault.Kind, Integer> injected) {
    if (!(failure instanceof SwipeException e) || !e.code().id().startsWith("hid_")) {
      return new Trial(link, Outcome.WRONG, injected, "not a coded HID error: " + failure);
    }
    // The device read a release after the failure, or the line had died and the transport says
    // it tried one.
    boolean vanished = injected.containsKey(FrameFault.Kind.VANISH);
    boolean attempted =
        releaseReceived(link, rig.emulator.frames())
            || (vanished && Boolean.TRUE.equals(e.details().get("release_attempted")));
    if (!attempted) {
      return new Trial(
          link, Outcome.WRONG, injected, "no release attempt reached the device after " + e);
    }
    return new Trial(
        link, Outcome.CODED_ERROR, injected, e.code().id() + " " + e.details().get("reason"));
  }

  /** Whether the last pointer frame the device read lifts the finger (or clears every button). */
  private static boolean releaseReceived(Link link, List<byte[]> frames) {
    for (int i = frames.size() - 1; i >= 0; i--) {
      byte[] f = frames.get(i);
      int cmd = link == Link.PIKVM ? f[1] & 0xFF : f[3] & 0xFF;
      switch (link) {
        case PIKVM:
          if (cmd == 0x10) {
            return true; // CLEAR_HID
          }
          if (cmd == 0x13) {
            return (f[2] & 0x08) == 0;
          }
          break;
        case CH9329_ABS:
        case CH9329_ABS_UNACKNOWLEDGED:
          if (cmd == 0x04) {
            return (f[6] & 0x01) == 0;
          }
          break;
        default:
          if (cmd == 0x05) {
            return (f[6] & 0x01) == 0;
          }
          break;
      }
    }
    return false;
  }

  /**
   * Whether the device consumed the same gesture: the same reports in the same order, where a
   * report taken twice in a row counts once if taking it twice changes nothing (a whole state; for
   * a relative mouse, only a report without motion). A relative move taken twice never matches.
   */
  static boolean sameGesture(Link link, Consumed expected, Consumed consumed) {
    if (link == Link.CH9329_ABS_UNACKNOWLEDGED) {
      // Reports are not confirmed one by one: some may be missing, none invented, and the
      // gesture ends with its release.
      List<HidReport> want = collapse(expected.reports(), r -> true);
      List<HidReport> got = collapse(consumed.reports(), r -> true);
      return !got.isEmpty()
          && got.get(got.size() - 1).equals(want.get(want.size() - 1))
          && isSubsequence(got, want);
    }
    if (link.wholeStates()) {
      return collapse(expected.reports(), r -> true)
          .equals(collapse(consumed.reports(), r -> true));
    }
    return collapse(expected.moves(), m -> m.get(0) == 0 && m.get(1) == 0)
        .equals(collapse(consumed.moves(), m -> m.get(0) == 0 && m.get(1) == 0));
  }

  private static <T> boolean isSubsequence(List<T> part, List<T> whole) {
    int i = 0;
    for (T t : whole) {
      if (i < part.size() && part.get(i).equals(t)) {
        i++;
      }
    }
    return i == part.size();
  }

  private static <T> List<T> collapse(List<T> reports, Predicate<T> idempotent) {
    List<T> out = new ArrayList<>();
    for (T r : reports) {
      if (out.isEmpty() || !out.get(out.size() - 1).equals(r) || !idempotent.test(r)) {
        out.add(r);
      }
    }
    return out;
  }

  /** Outcomes per fault kind, for a table a bench or a test log prints. */
  static final class Tally {
    private final Map<FrameFault.Kind, Integer> injected = new EnumMap<>(FrameFault.Kind.class);
    private final Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
    private final List<Trial> bad = new ArrayList<>();

    void add(Trial t) {
      t.injected().forEach((k, n) -> injected.merge(k, n, Integer::sum));
      outcomes.merge(t.outcome(), 1, Integer::sum);
      if (t.outcome() == Outcome.HUNG
          || t.outcome() == Outcome.CLAIMED_EARLY
          || t.outcome() == Outcome.WRONG) {
        bad.add(t);
      }
    }

    int count(Outcome o) {
      return outcomes.getOrDefault(o, 0);
    }

    int injected(FrameFault.Kind k) {
      return injected.getOrDefault(k, 0);
    }

    List<Trial> bad() {
      return bad;
    }

    int trials() {
      return outcomes.values().stream().mapToInt(Integer::intValue).sum();
    }

    Map<FrameFault.Kind, Integer> injected() {
      return injected;
    }
  }
}
