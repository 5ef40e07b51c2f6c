package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.swipe.hid.internal.FaultRig.Link;
import dev.swipe.hid.internal.FaultRig.Outcome;
import dev.swipe.sim.internal.serial.FrameFault;
import dev.swipe.sim.internal.serial.FrameFault.Kind;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Generated fault schedules: each frame a serial HID device reads during a swipe may be late, lost,
 * duplicated, answered corrupt or after noise, arrive damaged, or end the line, several at once.
 * Whatever the schedule, the swipe ends in a success after which the device had consumed exactly
 * the gesture, or in a coded error with a release attempt: never a hang, never success claimed
 * before the device consumed the release. A fixed number of examples from a fixed start keeps the
 * run the same every time and well under a minute; a longer run sets {@code
 * -Dswipe.faults.examples} and {@code -Dswipe.faults.start}.
 */
@Tag("reliability")
class GeneratedFaultScheduleTest {
  private static final int FRAMES = 16;
  private static final Set<Outcome> HONEST =
      Set.of(Outcome.CLEAN, Outcome.RECOVERED, Outcome.CODED_ERROR);

  @BeforeAll
  static void requireSocat() {
    SerialRig.assumeSocat();
  }

  private static Gen<FrameFault> frameFaults() {
    Gen<FrameFault> late = Generate.range(5, 200).map(ms -> FrameFault.late(Duration.ofMillis(ms)));
    return Generate.frequency(
        List.of(
            Pair.of(30, Generate.constant(FrameFault.NONE)),
            Pair.of(4, late),
            Pair.of(2, Generate.constant(FrameFault.of(Kind.DROP))),
            Pair.of(2, Generate.constant(FrameFault.of(Kind.DUPLICATE_REPLY))),
            Pair.of(2, Generate.constant(FrameFault.of(Kind.CORRUPT_REPLY))),
            Pair.of(2, Generate.constant(FrameFault.of(Kind.GARBAGE))),
            Pair.of(2, Generate.constant(FrameFault.of(Kind.DAMAGED_REQUEST))),
            Pair.of(1, Generate.constant(FrameFault.of(Kind.VANISH)))));
  }

  @Test
  void noScheduleMakesASwipeHangOrClaimSuccessEarly() {
    for (Link link : Link.values()) {
      FaultRig.golden(link);
    }
    FaultRig.Tally tally = new FaultRig.Tally();
    qt().withFixedSeed(Long.getLong("swipe.faults.start", 23L))
        .withExamples(Integer.getInteger("swipe.faults.examples", 60))
        .withShrinkCycles(10)
        .forAll(Generate.enumValues(Link.class), lists().of(frameFaults()).ofSize(FRAMES))
        .checkAssert(
            (link, schedule) -> {
              FaultRig.Trial trial =
                  FaultRig.run(link, n -> n < schedule.size() ? schedule.get(n) : FrameFault.NONE);
              tally.add(trial);
              assertThat(trial.outcome())
                  .as("%s on %s: %s", schedule, link, trial.detail())
                  .isIn(HONEST);
            });
    System.out.printf(
        "generated fault schedules: %d trials, %s frames faulted; recovered %d, coded error %d, clean %d%n",
        tally.trials(),
        tally.injected(),
        tally.count(Outcome.RECOVERED),
        tally.count(Outcome.CODED_ERROR),
        tally.count(Outcome.CLEAN));
    // Not vacuous: the schedules both let gestures recover and make them fail.
    assertThat(tally.count(Outcome.RECOVERED)).isPositive();
    assertThat(tally.count(Outcome.CODED_ERROR)).isPositive();
  }
}
