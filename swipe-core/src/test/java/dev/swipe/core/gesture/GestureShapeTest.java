package dev.swipe.core.gesture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.NormPoint;
import dev.swipe.core.internal.PointerEvent;
import dev.swipe.core.internal.PointerEvent.Phase;
import dev.swipe.core.internal.TimelineEvent;
import dev.swipe.core.internal.TimelinePlanner;
import java.util.List;
import org.junit.jupiter.api.Test;

class GestureShapeTest {
  private static final List<GestureShape> SHAPES =
      List.of(
          GestureShape.LINEAR,
          GestureShape.SCROLL,
          GestureShape.WHEEL,
          GestureShape.CAROUSEL,
          GestureShape.MAP,
          new GestureShape(GestureShape.Easing.LINEAR, 0.2, 0.5, false));

  @Test
  void progressStartsAtZeroEndsAtOneAndNeverGoesBack() {
    qt().forAll(
            integers().between(0, SHAPES.size() - 1),
            doubles().between(0, 1),
            doubles().between(0, 1))
        .checkAssert(
            (i, a, b) -> {
              GestureShape s = SHAPES.get(i);
              assertThat(s.progress(0)).isZero();
              assertThat(s.progress(1)).isCloseTo(1.0, within(1e-12));
              if (a <= b) {
                assertThat(s.progress(a)).isLessThanOrEqualTo(s.progress(b) + 1e-12);
              }
            });
  }

  @Test
  void aSlowTailEndsSlowerThanTheMeanAndTheLastSamplesDoNotMove() {
    Swipe s =
        Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 300))
            .durationMs(400)
            .steps(20)
            .holdBeforeMs(40)
            .holdAfterMs(120)
            .shape(GestureShape.SCROLL)
            .build();
    List<TimelineEvent> ev = TimelinePlanner.plan(s).events();
    List<PointerEvent> moves =
        ev.stream().map(e -> (PointerEvent) e).filter(p -> p.phase() == Phase.MOVE).toList();
    double meanSpeed = 500.0 / 400; // units per ms
    // the tail: the last move steps run at tailDistance / tailTime = 0.4 of the mean speed
    PointerEvent a = moves.get(18);
    PointerEvent b = moves.get(19);
    double tailSpeed =
        Math.abs(b.point().y() - a.point().y()) / ((b.offsetNanos() - a.offsetNanos()) / 1e6);
    assertThat(tailSpeed).isCloseTo(0.4 * meanSpeed, within(1e-6));
    // the dwell: samples every 16 ms at the end point, zero velocity until the finger lifts
    List<PointerEvent> dwell = moves.subList(20, moves.size());
    assertThat(dwell).hasSize(7);
    assertThat(dwell).allSatisfy(p -> assertThat(p.point()).isEqualTo(s.end()));
    PointerEvent up = (PointerEvent) ev.get(ev.size() - 1);
    assertThat(up.phase()).isEqualTo(Phase.UP);
    assertThat(up.offsetNanos()).isEqualTo((40 + 400 + 120) * 1_000_000L);
    long lastDwellSample = dwell.get(dwell.size() - 1).offsetNanos();
    long release = up.offsetNanos();
    assertThat(lastDwellSample).as("planned before the release").isLessThan(release);
  }

  @Test
  void smoothstepStartsAndEndsGently() {
    Swipe s =
        Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 300))
            .durationMs(400)
            .steps(40)
            .shape(new GestureShape(GestureShape.Easing.SMOOTHSTEP, 0, 0, false))
            .build();
    List<TimelineEvent> ev = TimelinePlanner.plan(s).events();
    double first = 800 - ((PointerEvent) ev.get(1)).point().y();
    double middle =
        ((PointerEvent) ev.get(20)).point().y() - ((PointerEvent) ev.get(21)).point().y();
    double last = ((PointerEvent) ev.get(39)).point().y() - ((PointerEvent) ev.get(40)).point().y();
    assertThat(first).isLessThan(middle / 10);
    assertThat(last).isLessThan(middle / 10);
  }

  @Test
  void theLinearDefaultKeepsTheToolContract() {
    assertThat(Swipe.of(NormPoint.of(1, 1), NormPoint.of(2, 2)).shape())
        .isEqualTo(GestureShape.LINEAR);
    assertThat(GestureShape.CAROUSEL.progress(0.5)).isEqualTo(0.5);
  }

  @Test
  void badShapesNameTheField() {
    GestureValidationTest.assertInvalid(
        () -> new GestureShape(GestureShape.Easing.LINEAR, 0.7, 0.3, false), "tail_distance");
    GestureValidationTest.assertInvalid(
        () -> new GestureShape(GestureShape.Easing.LINEAR, 0.1, 0.9, false), "tail_time");
    GestureValidationTest.assertInvalid(
        () -> new GestureShape(GestureShape.Easing.LINEAR, 0.1, 0, false), "tail_time");
    GestureValidationTest.assertInvalid(() -> new GestureShape(null, 0, 0, false), "easing");
    GestureValidationTest.assertInvalid(
        () -> Swipe.builder(NormPoint.CENTER, NormPoint.CENTER).shape(null), "shape");
  }
}
