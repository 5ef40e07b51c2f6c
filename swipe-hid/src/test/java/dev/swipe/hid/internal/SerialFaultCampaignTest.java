package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.hid.internal.FaultRig.Link;
import dev.swipe.hid.internal.FaultRig.Outcome;
import dev.swipe.hid.internal.FaultRig.Tally;
import dev.swipe.sim.internal.serial.FrameFault;
import dev.swipe.sim.internal.serial.FrameFault.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every fault kind a serial HID device can commit, on one frame at a time (at several places in a
 * swipe: the press, a move, the release, the request sent to learn a report's fate) and on every
 * frame of a gesture, against both serial transports over real pseudo-terminals. Each trial must
 * end in a recovery (the device consumed exactly the gesture, all of it before the return) or a
 * coded error with a release attempt: never a hang, never success claimed early.
 *
 * <p>Prints a table of faults injected and outcomes (also written to {@code
 * target/hid-fault-campaign.txt}); {@code -Dswipe.faults.positions=N} tries the first N frames
 * instead of a spread of four, for a longer run.
 */
@Tag("reliability")
class SerialFaultCampaignTest {
  private static final Duration LATE = Duration.ofMillis(300);
  private static final List<Kind> SINGLE =
      List.of(
          Kind.LATE,
          Kind.DROP,
          Kind.DUPLICATE_REPLY,
          Kind.CORRUPT_REPLY,
          Kind.GARBAGE,
          Kind.DAMAGED_REQUEST,
          Kind.VANISH);

  @BeforeAll
  static void requireSocat() {
    SerialRig.assumeSocat();
  }

  private static FrameFault fault(Kind kind) {
    return kind == Kind.LATE ? FrameFault.late(LATE) : FrameFault.of(kind);
  }

  private static int[] positions() {
    int n = Integer.getInteger("swipe.faults.positions", 0);
    if (n <= 0) {
      return new int[] {0, 2, 5, 7};
    }
    int[] all = new int[n];
    for (int i = 0; i < n; i++) {
      all[i] = i;
    }
    return all;
  }

  @Test
  void everyFaultKindEndsInARecoveryOrACodedErrorWithARelease() throws IOException {
    Map<String, Tally> rows = new LinkedHashMap<>();
    Map<Link, Map<Kind, Tally>> byKind = new EnumMap<>(Link.class);
    for (Link link : Link.ACKNOWLEDGED) {
      FaultRig.golden(link);
      Map<Kind, Tally> kinds = new EnumMap<>(Kind.class);
      byKind.put(link, kinds);
      for (Kind kind : SINGLE) {
        Tally tally = new Tally();
        for (int at : positions()) {
          tally.add(FaultRig.run(link, n -> n == at ? fault(kind) : FrameFault.NONE));
        }
        kinds.put(kind, tally);
        rows.put(link + " | " + kind.name().toLowerCase(Locale.ROOT) + " (one frame)", tally);
      }
      for (Kind kind : List.of(Kind.LATE, Kind.DROP, Kind.DUPLICATE_REPLY, Kind.GARBAGE)) {
        Tally tally = new Tally();
        IntFunction<FrameFault> everyFrame = n -> fault(kind);
        tally.add(FaultRig.run(link, everyFrame));
        String name = kind == Kind.DROP ? "silent" : kind.name().toLowerCase(Locale.ROOT);
        rows.put(link + " | " + name + " (every frame)", tally);
      }
    }
    String table = table(rows);
    System.out.println(table);
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target", "hid-fault-campaign.txt"), table);

    List<FaultRig.Trial> bad = new ArrayList<>();
    rows.values().forEach(t -> bad.addAll(t.bad()));
    assertThat(bad).as("hung, claimed early or wrong").isEmpty();
    for (Link link : Link.ACKNOWLEDGED) {
      Map<Kind, Tally> kinds = byKind.get(link);
      for (Kind kind : SINGLE) {
        assertThat(kinds.get(kind).injected(kind))
            .as(link + " " + kind + " was injected")
            .isPositive();
      }
      // A late, lost, duplicated or damaged frame is recoverable whatever it carried.
      for (Kind kind : List.of(Kind.LATE, Kind.DROP, Kind.DUPLICATE_REPLY, Kind.DAMAGED_REQUEST)) {
        assertThat(kinds.get(kind).count(Outcome.CODED_ERROR)).as(link + " " + kind).isZero();
        assertThat(kinds.get(kind).count(Outcome.RECOVERED)).as(link + " " + kind).isPositive();
      }
      assertThat(kinds.get(Kind.VANISH).count(Outcome.RECOVERED))
          .as(link + " a vanished line")
          .isZero();
      assertThat(kinds.get(Kind.VANISH).count(Outcome.CODED_ERROR))
          .as(link + " a vanished line")
          .isPositive();
    }
  }

  private static String table(Map<String, Tally> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        "| link | fault | trials | frames faulted | recovered | coded error | clean | hung | claimed early | wrong |\n");
    sb.append("|---|---|---|---|---|---|---|---|---|---|\n");
    int trials = 0;
    int faulted = 0;
    for (Map.Entry<String, Tally> e : rows.entrySet()) {
      Tally t = e.getValue();
      int frames = t.injected().values().stream().mapToInt(Integer::intValue).sum();
      trials += t.trials();
      faulted += frames;
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d | %d | %d | %d | %d | %d | %d |%n",
              e.getKey(),
              t.trials(),
              frames,
              t.count(Outcome.RECOVERED),
              t.count(Outcome.CODED_ERROR),
              t.count(Outcome.CLEAN),
              t.count(Outcome.HUNG),
              t.count(Outcome.CLAIMED_EARLY),
              t.count(Outcome.WRONG)));
    }
    int[] sums = new int[Outcome.values().length];
    for (Tally t : rows.values()) {
      for (Outcome o : Outcome.values()) {
        sums[o.ordinal()] += t.count(o);
      }
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "| all | all | %d | %d | %d | %d | %d | %d | %d | %d |%n",
            trials,
            faulted,
            sums[Outcome.RECOVERED.ordinal()],
            sums[Outcome.CODED_ERROR.ordinal()],
            sums[Outcome.CLEAN.ordinal()],
            sums[Outcome.HUNG.ordinal()],
            sums[Outcome.CLAIMED_EARLY.ordinal()],
            sums[Outcome.WRONG.ordinal()]));
    return sb.toString();
  }
}
