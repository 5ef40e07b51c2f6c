package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.base.NormPoint;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.GestureValidationTest;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.internal.PointerEvent.Phase;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

class TimelinePlannerTest {
  private static final long MS = 1_000_000L;

  static Gen<Swipe> swipes() {
    Gen<NormPoint> points =
        doubles().between(0, 1000).zip(doubles().between(0, 1000), NormPoint::of);
    return points
        .zip(
            points,
            integers().between(1, 5000),
            integers().between(1, 200),
            (a, b, d, n) -> Swipe.builder(a, b).durationMs(d).steps(n).build())
        .zip(
            integers().between(0, 500),
            integers().between(0, 500),
            (s, hb, ha) ->
                Swipe.builder(s.start(), s.end())
                    .durationMs(s.durationMs())
                    .steps(s.steps())
                    .holdBeforeMs(hb)
                    .holdAfterMs(ha)
                    .build());
  }

  @Test
  void swipeOffsetsMatchDurationStepsAndHoldsExactly() {
    qt().forAll(swipes())
        .checkAssert(
            s -> {
              Timeline t = TimelinePlanner.plan(s);
              List<TimelineEvent> ev = t.events();
              assertThat(ev).hasSize(s.steps() + 2);
              assertThat(t.mergedSteps()).isZero();
              assertThat(ev.get(0)).isEqualTo(new PointerEvent(0, Phase.DOWN, s.start()));
              for (int i = 1; i <= s.steps(); i++) {
                PointerEvent p = (PointerEvent) ev.get(i);
                assertThat(p.phase()).isEqualTo(Phase.MOVE);
                assertThat(p.offsetNanos())
                    .isEqualTo(s.holdBeforeMs() * MS + s.durationMs() * MS * i / s.steps());
              }
              PointerEvent lastMove = (PointerEvent) ev.get(s.steps());
              assertThat(lastMove.point()).isEqualTo(s.end());
              PointerEvent up = (PointerEvent) ev.get(ev.size() - 1);
              assertThat(up.phase()).isEqualTo(Phase.UP);
              assertThat(up.offsetNanos())
                  .isEqualTo((s.holdBeforeMs() + s.durationMs() + s.holdAfterMs()) * MS);
              assertThat(up.point()).isEqualTo(s.end());
            });
  }

  @Test
  void timelinesAreMonotonicAndStartDownEndUp() {
    qt().forAll(swipes(), longs().between(0, 40 * MS))
        .checkAssert(
            (s, interval) -> {
              Timeline t = TimelinePlanner.plan(s, interval);
              List<TimelineEvent> ev = t.events();
              assertThat(((PointerEvent) ev.get(0)).phase()).isEqualTo(Phase.DOWN);
              assertThat(((PointerEvent) ev.get(ev.size() - 1)).phase()).isEqualTo(Phase.UP);
              for (int i = 1; i < ev.size(); i++) {
                assertThat(ev.get(i).offsetNanos())
                    .isGreaterThanOrEqualTo(ev.get(i - 1).offsetNanos());
              }
              long moves =
                  ev.stream().filter(e -> ((PointerEvent) e).phase() == Phase.MOVE).count();
              assertThat(moves + t.mergedSteps()).isEqualTo(s.steps());
            });
  }

  @Test
  void mergedStepsNeverExceedTheLinkRate() {
    qt().forAll(swipes(), longs().between(1, 40 * MS))
        .checkAssert(
            (s, interval) -> {
              Timeline t = TimelinePlanner.plan(s, interval);
              List<TimelineEvent> ev = t.events();
              for (int i = 1; i < ev.size(); i++) {
                assertThat(ev.get(i).offsetNanos() - ev.get(i - 1).offsetNanos())
                    .isGreaterThanOrEqualTo(interval);
              }
              // the finger still reaches the end point before lifting
              PointerEvent beforeUp = (PointerEvent) ev.get(ev.size() - 2);
              assertThat(beforeUp.point()).isEqualTo(s.end());
              // nothing is ever sent earlier than planned
              Timeline exact = TimelinePlanner.plan(s);
              assertThat(t.durationNanos()).isGreaterThanOrEqualTo(exact.durationNanos());
            });
  }

  @Test
  void ch9329At9600BaudMergesStepsOfAFastSwipe() {
    Swipe s =
        Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
            .durationMs(400)
            .steps(64)
            .holdBeforeMs(80)
            .build();
    Timeline t = TimelinePlanner.plan(s, 13_540_000L); // 13 bytes at 9600 baud 8N1
    // moves are planned every 6.25 ms from 86.25 ms to 480 ms; at >= 13.54 ms per report the link
    // carries 30 of them: 86.25 ms + k * 13.54 ms for k = 0..28, then the end point on time
    long moves = t.events().stream().filter(e -> ((PointerEvent) e).phase() == Phase.MOVE).count();
    assertThat(moves).isEqualTo(30);
    assertThat(t.mergedSteps()).isEqualTo(64 - 30);
    assertThat(t.reportCount()).isEqualTo(2 + 30);
    PointerEvent last = (PointerEvent) t.events().get(t.reportCount() - 2);
    assertThat(last.point()).isEqualTo(s.end());
    assertThat(last.offsetNanos()).isEqualTo(480 * MS);
  }

  @Test
  void dragVisitsEveryVertexAtConstantSpeed() {
    NormPoint a = NormPoint.of(100, 100);
    NormPoint b = NormPoint.of(400, 100);
    NormPoint c = NormPoint.of(400, 200);
    Drag d =
        Drag.builder(a, b)
            .then(c)
            .durationMs(400)
            .steps(8)
            .holdBeforeMs(0)
            .holdAfterMs(100)
            .build();
    Timeline t = TimelinePlanner.plan(d);
    List<TimelineEvent> ev = t.events();
    assertThat(ev).hasSize(10);
    // segment lengths 300 and 100: 6 and 2 steps; the first vertex is reached at 300 ms
    PointerEvent atB = (PointerEvent) ev.get(6);
    assertThat(atB.point()).isEqualTo(b);
    assertThat(atB.offsetNanos()).isEqualTo(300 * MS);
    PointerEvent atC = (PointerEvent) ev.get(8);
    assertThat(atC.point()).isEqualTo(c);
    assertThat(atC.offsetNanos()).isEqualTo(400 * MS);
    assertThat(ev.get(9).offsetNanos()).isEqualTo(500 * MS);
  }

  @Test
  void stepAllocationSumsExactly() {
    qt().forAll(integers().between(1, 20), integers().between(0, 300), doubles().between(0.01, 1))
        .checkAssert(
            (k, extra, skew) -> {
              double[] share = new double[k];
              double sum = 0;
              for (int i = 0; i < k; i++) {
                share[i] = Math.pow(skew, i);
                sum += share[i];
              }
              for (int i = 0; i < k; i++) {
                share[i] /= sum;
              }
              int[] steps = TimelinePlanner.allocateSteps(share, k + extra);
              assertThat(java.util.Arrays.stream(steps).sum()).isEqualTo(k + extra);
              assertThat(java.util.Arrays.stream(steps).min().getAsInt()).isGreaterThanOrEqualTo(1);
            });
  }

  @Test
  void tapsAndKeysPlanDownThenUp() {
    Timeline tap = TimelinePlanner.plan(Tap.at(NormPoint.CENTER));
    assertThat(tap.events())
        .containsExactly(
            new PointerEvent(0, Phase.DOWN, NormPoint.CENTER),
            new PointerEvent(60 * MS, Phase.UP, NormPoint.CENTER));
    Timeline key =
        TimelinePlanner.plan(new KeyPress(Key.keyboard(0x04, "a"), Set.of(Modifier.SHIFT), 30));
    assertThat(key.events()).hasSize(2);
    KeyEvent down = (KeyEvent) key.events().get(0);
    KeyEvent up = (KeyEvent) key.events().get(1);
    assertThat(down.down()).isTrue();
    assertThat(down.modifiers()).containsExactly(Modifier.SHIFT);
    assertThat(up.down()).isFalse();
    assertThat(up.offsetNanos()).isEqualTo(30 * MS);
    assertThat(TimelinePlanner.plan(LongPress.at(NormPoint.CENTER)).durationNanos())
        .isEqualTo(800 * MS);
  }

  @Test
  void planningRejectsNegativeIntervals() {
    GestureValidationTest.assertInvalid(
        () -> TimelinePlanner.plan(Tap.at(NormPoint.CENTER), -1), "min_report_interval");
    GestureValidationTest.assertInvalid(() -> TimelinePlanner.plan(null), "gesture");
  }

  @Test
  void interpolatedPointsLieOnTheSegment() {
    qt().forAll(swipes())
        .checkAssert(
            s -> {
              for (TimelineEvent e : TimelinePlanner.plan(s).events()) {
                NormPoint p = ((PointerEvent) e).point();
                double cross =
                    (s.end().x() - s.start().x()) * (p.y() - s.start().y())
                        - (s.end().y() - s.start().y()) * (p.x() - s.start().x());
                assertThat(cross / Math.max(1, s.length())).isCloseTo(0, within(1e-6));
              }
            });
  }
}
