package dev.swipe.core.gesture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.internal.Timeline;
import dev.swipe.core.internal.TimelineEvent;
import dev.swipe.core.internal.TimelinePlanner;
import dev.swipe.core.internal.TouchEvent;
import dev.swipe.core.spi.HidReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/** Pinches and multi-finger timelines: every finger on one clock, validated like a swipe. */
class MultiFingerPlanTest {
  private static final long MS = 1_000_000L;

  /** Pinches in place, panning, turning, inside the screen by construction. */
  static Gen<Pinch> pinches() {
    return doubles()
        .between(300, 700)
        .zip(
            doubles().between(300, 700),
            doubles().between(Pinch.MIN_SPREAD, 500),
            doubles().between(Pinch.MIN_SPREAD, 500),
            (x, y, a, b) -> Pinch.builder(NormPoint.of(x, y)).spread(a, b))
        .zip(
            doubles().between(-90, 90),
            doubles().between(-30, 30),
            integers().between(1, 2000),
            integers().between(1, 60),
            (b, angle, turn, ms, steps) ->
                b.angleDeg(angle).rotateDeg(turn).durationMs(ms).steps(steps).build());
  }

  @Test
  void everyPinchReportCarriesBothFingersOnTheLineThroughTheCentre() {
    qt().forAll(pinches(), longs().between(0, 20 * MS))
        .checkAssert(
            (p, interval) -> {
              Timeline t = TimelinePlanner.plan(p, interval);
              List<TimelineEvent> events = t.events();
              assertThat(events).allMatch(e -> e instanceof TouchEvent);
              TouchEvent first = (TouchEvent) events.get(0);
              TouchEvent last = (TouchEvent) events.get(events.size() - 1);
              assertThat(first.offsetNanos()).isZero();
              assertThat(first.touching()).isEqualTo(2);
              assertThat(last.touching()).as("both lift together").isZero();
              assertThat(last.contacts()).hasSize(2);
              long previous = -1;
              for (TimelineEvent e : events) {
                TouchEvent te = (TouchEvent) e;
                assertThat(te.offsetNanos()).isGreaterThanOrEqualTo(previous);
                if (previous >= 0 && interval > 0) {
                  assertThat(te.offsetNanos() - previous).isGreaterThanOrEqualTo(interval);
                }
                previous = te.offsetNanos();
                assertThat(te.contacts()).extracting(HidReport.Contact::id).containsExactly(0, 1);
              }
              // the end: both fingers where the pinch puts them, at the end spread
              NormPoint a = last.contacts().get(0).at();
              NormPoint b = last.contacts().get(1).at();
              assertThat(a.distanceTo(b)).isCloseTo(p.endSpread(), within(1e-6));
              assertThat((a.x() + b.x()) / 2).isCloseTo(p.endCentre().x(), within(1e-6));
              assertThat((a.y() + b.y()) / 2).isCloseTo(p.endCentre().y(), within(1e-6));
              assertThat(p.scale()).isCloseTo(p.endSpread() / p.startSpread(), within(1e-12));
            });
  }

  @Test
  void onATallScreenTheFingersKeepTheirDistanceOnTheGlassAsTheyTurn() {
    qt().forAll(pinches(), doubles().between(1, 2.5))
        .checkAssert(
            (p, aspect) -> {
              Timeline t = TimelinePlanner.plan(p, 0, aspect);
              int moves = 0;
              for (TimelineEvent e : t.events()) {
                TouchEvent te = (TouchEvent) e;
                NormPoint a = te.contacts().get(0).at();
                NormPoint b = te.contacts().get(1).at();
                // in thousandths of the width on both axes: y counts aspect times as much
                double glass = Math.hypot(b.x() - a.x(), (b.y() - a.y()) * aspect);
                double lo = Math.min(p.startSpread(), p.endSpread());
                double hi = Math.max(p.startSpread(), p.endSpread());
                assertThat(glass).isBetween(lo - 1e-6, hi + 1e-6);
                moves++;
              }
              TouchEvent last = (TouchEvent) t.events().get(moves - 1);
              NormPoint a = last.contacts().get(0).at();
              NormPoint b = last.contacts().get(1).at();
              assertThat(Math.hypot(b.x() - a.x(), (b.y() - a.y()) * aspect))
                  .isCloseTo(p.endSpread(), within(1e-6));
            });
  }

  @Test
  void aPinchRestsBeforeLiftingSoItCarriesNoVelocity() {
    Pinch p = Pinch.zoom(NormPoint.of(500, 500), 2);
    Timeline t = TimelinePlanner.plan(p);
    long moveEnd = (p.holdBeforeMs() + p.durationMs()) * MS;
    List<TouchEvent> dwell = new ArrayList<>();
    for (TimelineEvent e : t.events()) {
      if (e.offsetNanos() > moveEnd && ((TouchEvent) e).touching() == 2) {
        dwell.add((TouchEvent) e);
      }
    }
    assertThat(dwell)
        .hasSizeGreaterThanOrEqualTo(p.holdAfterMs() / GestureShape.DWELL_SAMPLE_MS - 1);
    assertThat(dwell)
        .allSatisfy(e -> assertThat(e.contacts().get(0).at()).isEqualTo(p.fingerAt(0, 1)));
    assertThat(t.durationNanos()).isEqualTo(moveEnd + p.holdAfterMs() * MS);
  }

  @Test
  void zoomPicksSpreadsThatFitAndRefusesWhatCannot() {
    Pinch in = Pinch.zoom(NormPoint.of(500, 500), 3);
    assertThat(in.scale()).isCloseTo(3, within(1e-9));
    assertThat(in.endSpread()).isEqualTo(600);
    Pinch out = Pinch.zoom(NormPoint.of(150, 500), 0.5);
    assertThat(out.scale()).isCloseTo(0.5, within(1e-9));
    assertThat(out.startSpread()).as("as wide as fits beside the left edge").isEqualTo(300);
    qt().forAll(doubles().between(20, 980), doubles().between(1.0 / 3, 3))
        .checkAssert(
            (x, scale) -> {
              double room = 2 * Math.min(x, 1000 - x);
              if (room / Math.max(scale, 1 / scale) >= Pinch.MIN_SPREAD) {
                // as wide as fits beside the edge, which rounding must not push past it
                assertThat(Pinch.zoom(NormPoint.of(x, 500), scale).scale())
                    .isCloseTo(scale, within(1e-9));
              }
            });
    assertThatThrownBy(() -> Pinch.zoom(NormPoint.of(30, 500), 4))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("scale");
    assertThatThrownBy(() -> Pinch.zoom(NormPoint.of(500, 500), 20))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("scale");
  }

  @Test
  void aFingerThatWouldLeaveTheScreenIsRefusedNamingWhen() {
    assertThatThrownBy(
            () -> Pinch.builder(NormPoint.of(100, 500)).spread(100, 400).steps(1).build())
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("spread")
        .hasMessageContaining("at the end");
    assertThatThrownBy(
            () -> Pinch.builder(NormPoint.of(500, 100)).spread(250, 250).rotateDeg(180).build())
        .as("half a turn passes upright, a finger past the top")
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("while moving");
    assertThatThrownBy(() -> Pinch.builder(NormPoint.of(500, 500)).spread(10, 200).build())
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("start_spread");
  }

  @Test
  void strokesAreSampledOnOneClockAndEachFingerAppearsFromItsDownToItsLift() {
    MultiTouch m =
        new MultiTouch(
            List.of(
                new MultiTouch.Stroke(
                    0, List.of(NormPoint.of(100, 100), NormPoint.of(200, 100)), List.of(100)),
                new MultiTouch.Stroke(
                    40,
                    List.of(NormPoint.of(500, 500), NormPoint.of(500, 500), NormPoint.of(500, 900)),
                    List.of(30, 100))));
    Timeline t = TimelinePlanner.plan(m);
    Set<Long> offsets = new HashSet<>();
    for (TimelineEvent e : t.events()) {
      TouchEvent te = (TouchEvent) e;
      assertThat(offsets.add(te.offsetNanos())).as("one report per instant").isTrue();
      long ms = te.offsetNanos() / MS;
      for (HidReport.Contact c : te.contacts()) {
        MultiTouch.Stroke s = m.strokes().get(c.id());
        assertThat(ms).isBetween((long) s.startMs(), (long) s.endMs());
        assertThat(c.touching()).isEqualTo(ms < s.endMs());
        assertThat(c.at()).isEqualTo(s.at(ms));
      }
    }
    TouchEvent firstLift = null;
    for (TimelineEvent e : t.events()) {
      TouchEvent te = (TouchEvent) e;
      if (te.offsetNanos() == 100 * MS) {
        firstLift = te;
      }
    }
    assertThat(firstLift).isNotNull();
    assertThat(firstLift.contacts()).hasSize(2);
    assertThat(firstLift.contacts().get(0).touching()).isFalse();
    assertThat(firstLift.contacts().get(1).touching()).isTrue();
    assertThat(t.durationNanos()).isEqualTo(170 * MS);
  }

  @Test
  void strokesAreValidatedNamingTheField() {
    NormPoint p = NormPoint.of(1, 1);
    assertThatThrownBy(() -> new MultiTouch.Stroke(0, List.of(p), List.of()))
        .hasMessageContaining("path");
    assertThatThrownBy(() -> new MultiTouch.Stroke(0, List.of(p, p), List.of(10, 10)))
        .hasMessageContaining("segment_ms");
    assertThatThrownBy(() -> new MultiTouch.Stroke(0, List.of(p, p), List.of(0)))
        .hasMessageContaining("segment_ms");
    assertThatThrownBy(
            () -> new MultiTouch(List.of(new MultiTouch.Stroke(5, List.of(p, p), List.of(1)))))
        .hasMessageContaining("0 ms");
    List<MultiTouch.Stroke> eleven = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      eleven.add(MultiTouch.Stroke.line(p, p, 10));
    }
    assertThatThrownBy(() -> new MultiTouch(eleven)).hasMessageContaining("strokes");
    assertThatThrownBy(
            () ->
                new TouchEvent(
                    0,
                    List.of(new HidReport.Contact(1, p, true), new HidReport.Contact(1, p, true))))
        .hasMessageContaining("twice");
  }

  @Test
  void aSlowLinkMergesMovesButNeverADownOrALift() {
    MultiTouch m =
        MultiTouch.lines(
            200,
            List.of(NormPoint.of(300, 300), NormPoint.of(700, 300)),
            List.of(NormPoint.of(300, 700), NormPoint.of(700, 700)));
    Timeline t = TimelinePlanner.plan(m, 50 * MS);
    assertThat(t.mergedSteps()).isPositive();
    TouchEvent first = (TouchEvent) t.events().get(0);
    TouchEvent last = (TouchEvent) t.events().get(t.events().size() - 1);
    assertThat(first.touching()).isEqualTo(2);
    assertThat(last.touching()).isZero();
    assertThat(last.contacts().get(0).at()).isEqualTo(NormPoint.of(300, 700));
  }
}
