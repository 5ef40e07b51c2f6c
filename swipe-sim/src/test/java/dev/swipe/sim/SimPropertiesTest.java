package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.base.NormPoint;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole-phone properties over generated gestures and devices (QuickTheories). */
class SimPropertiesTest {
  private static final Duration REST = Duration.ofSeconds(20);
  private static final String[] PLATFORMS = {"android", "ios", "flutter"};

  @Test
  void aDragThatDwellsBeforeLiftNeverFlings() {
    qt().withExamples(60)
        .forAll(
            integers().between(0, 3 * 356 - 1),
            doubles().between(250, 750),
            doubles().between(250, 750),
            integers().between(100, 1500))
        .checkAssert(
            (platformAndDwell, fromY, toY, durationMs) -> {
              int platform = platformAndDwell % 3;
              int dwellMs =
                  45 + platformAndDwell / 3; // 45..400 ms, always beyond the 40 ms rest rule
              try (SimPhone phone =
                  SimPhone.open("sim:?scale=0.25&platform=" + PLATFORMS[platform])) {
                Play.gesture(
                    phone,
                    Play.drag(
                        durationMs, dwellMs, NormPoint.of(500, fromY), NormPoint.of(500, toY)));
                double atLift = phone.oracle().listOffsetPx();
                SimState rest = phone.oracle().awaitRest(REST);
                assertThat(rest.lastTouchVelocity()).isEqualTo(SimState.Velocity.ZERO);
                if (atLift >= 0 && atLift <= rest.listMaxOffsetPx()) {
                  assertThat(rest.listOffsetPx()).isEqualTo(atLift);
                }
              }
            });
  }

  @Test
  void wheelsComeToRestOnAWholeRowAfterAnyGesture() {
    qt().withExamples(40)
        .forAll(
            integers().between(0, 8),
            doubles().between(-3.5, 3.5),
            integers().between(30, 1200),
            integers().between(0, 200))
        .checkAssert(
            (platformAndColumn, rows, durationMs, dwellMs) -> {
              int platform = platformAndColumn % 3;
              int column = platformAndColumn / 3;
              try (SimPhone phone =
                  SimPhone.open("sim:?scene=picker&scale=0.25&platform=" + PLATFORMS[platform])) {
                String name = new String[] {"month", "hour", "minute"}[column];
                SimState.Wheel w = phone.oracle().wheel(name);
                NormPoint from = NormPoint.of(w.columnXNorm(), w.selectedCenterYNorm());
                NormPoint to =
                    NormPoint.of(
                        w.columnXNorm(), w.selectedCenterYNorm() + rows * w.rowPitchNorm());
                Play.gesture(
                    phone,
                    Swipe.builder(from, to)
                        .durationMs(durationMs)
                        .steps(12)
                        .holdBeforeMs(0)
                        .holdAfterMs(dwellMs)
                        .build());
                SimState.Wheel rest = phone.oracle().awaitRest(REST).wheel(name).orElseThrow();
                assertThat(rest.moving()).isFalse();
                // a whole row, up to the rounding of the sums that brought it there
                assertThat(rest.position())
                    .isCloseTo(
                        Math.rint(rest.position()), org.assertj.core.data.Offset.offset(1e-9));
                assertThat(rest.index()).isBetween(0, rest.rowCount() - 1);
              }
            });
  }

  @Test
  void anIosBounceBackLooksSettledOnlyWithinAPixelOfTheEdge() {
    qt().withExamples(15)
        .forAll(doubles().between(20, 500), integers().between(80, 800), integers().between(0, 120))
        .checkAssert(
            (pull, durationMs, dwellMs) -> {
              try (SimPhone phone = SimPhone.open("sim:?scale=0.25&platform=ios")) {
                Frame start =
                    phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
                Play.gesture(phone, Play.vertical(300, 300 + pull, durationMs, 12, dwellMs));
                Frame previous =
                    phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
                for (int i = 0; i < 60; i++) {
                  Frame next =
                      phone
                          .frameSource()
                          .grab(previous.captureNanos() + 1 - 60_000_000L, Duration.ofSeconds(1));
                  if (Arrays.equals(next.jpeg(), previous.jpeg())) {
                    // The published spring crawls in its tail: two equal frames may come short of
                    // the
                    // edge, but by less than the half frame pixel a frame can show.
                    assertThat(Math.abs(phone.oracle().state().listOffsetPx()))
                        .as("first equal pair is at the edge")
                        .isLessThan(0.5);
                    return;
                  }
                  previous = next;
                }
                throw new AssertionError("never came to rest");
              }
            });
  }

  @Test
  void theSameSeedAndInputsGiveTheSameFrames() {
    qt().withExamples(6)
        .forAll(
            longs().between(0, 1_000_000), doubles().between(200, 800), integers().between(40, 600))
        .checkAssert(
            (seed, toY, durationMs) -> {
              List<byte[]> a = frames(seed, toY, durationMs);
              List<byte[]> b = frames(seed, toY, durationMs);
              for (int i = 0; i < a.size(); i++) {
                assertThat(Arrays.equals(a.get(i), b.get(i))).as("frame %d", i).isTrue();
              }
            });
  }

  private static List<byte[]> frames(long seed, double toY, int durationMs) {
    List<byte[]> out = new ArrayList<>();
    try (SimPhone phone = SimPhone.open("sim:?scale=0.25&scene=map&seed=" + seed)) {
      Play.gesture(
          phone,
          Swipe.builder(NormPoint.of(500, 500), NormPoint.of(300, toY))
              .durationMs(durationMs)
              .holdBeforeMs(0)
              .build());
      for (int i = 0; i < 8; i++) {
        Frame f = phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
        out.add(f.jpeg());
      }
    }
    return out;
  }
}
