package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.core.gesture.GestureShape.Easing;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ScrollPlansTest {

  @ParameterizedTest
  @EnumSource(ScrollDirection.class)
  void aFlingingPassTakesAShortPathFastAndLiftsWithoutADwell(ScrollDirection d) {
    Scroll scroll = Scroll.builder(d).amount(0.8).build();
    Swipe steady = ScrollExecutor.plan(scroll, Scroll.DEFAULT_REGION);
    Swipe fling = ScrollExecutor.planFling(scroll, Scroll.DEFAULT_REGION);
    // the steady pass of the fling's own path: same centre and direction, whatever the amount
    Swipe short0 =
        ScrollExecutor.plan(
            Scroll.builder(d).amount(ScrollExecutor.FLING_PATH).build(), Scroll.DEFAULT_REGION);
    assertThat(fling.start()).isEqualTo(short0.start());
    assertThat(fling.end()).isEqualTo(short0.end());
    double travel =
        Math.hypot(fling.end().x() - fling.start().x(), fling.end().y() - fling.start().y());
    double steadyTravel =
        Math.hypot(steady.end().x() - steady.start().x(), steady.end().y() - steady.start().y());
    assertThat(travel).isCloseTo(steadyTravel * ScrollExecutor.FLING_PATH / 0.8, within(1e-9));
    assertThat(steady.holdAfterMs()).isEqualTo(Scroll.DWELL_MS);
    assertThat(fling.holdAfterMs()).isZero();
    assertThat(fling.durationMs()).isLessThan(steady.durationMs());
    assertThat(fling.shape().easing()).isEqualTo(Easing.LINEAR);
    assertThat(fling.shape().tailDistance()).isZero();
  }

  @ParameterizedTest
  @EnumSource(ScrollDirection.class)
  void theCatchDragsAlongThePassPastTheTouchSlopAndDwells(ScrollDirection d) {
    Scroll scroll = Scroll.builder(d).amount(0.8).build();
    Swipe fling = ScrollExecutor.planFling(scroll, Scroll.DEFAULT_REGION);
    Swipe caught = ScrollExecutor.planCatch(scroll, Scroll.DEFAULT_REGION, Optional.empty());
    double fx = fling.end().x() - fling.start().x();
    double fy = fling.end().y() - fling.start().y();
    double cx = caught.end().x() - caught.start().x();
    double cy = caught.end().y() - caught.start().y();
    assertThat(fx * cx + fy * cy).as("same direction as the pass").isPositive();
    // 40 units: 96 px of a 2400 px screen, well past an 8 dp (21 px) slop: a drag, never a tap
    assertThat(Math.hypot(cx, cy)).isEqualTo(ScrollExecutor.CATCH_TRAVEL);
    assertThat(caught.holdBeforeMs()).as("touch down at once: it stops the coast").isZero();
    assertThat(caught.holdAfterMs()).isEqualTo(Scroll.DWELL_MS);
    assertThat(caught.start()).isEqualTo(Scroll.DEFAULT_REGION.center());
  }

  @ParameterizedTest
  @EnumSource(ScrollDirection.class)
  void aRelativePointerRestingWhereTheFlingLetGoCatchesFromThere(ScrollDirection d) {
    Scroll scroll = Scroll.builder(d).amount(0.8).build();
    NormRegion band = Scroll.DEFAULT_REGION;
    Swipe fling = ScrollExecutor.planFling(scroll, band);
    Swipe caught = ScrollExecutor.planCatch(scroll, band, Optional.of(fling.end()));
    assertThat(caught.start()).isEqualTo(fling.end());
    assertThat(band.contains(caught.end())).isTrue();
    assertThat(
            Math.hypot(
                caught.end().x() - caught.start().x(), caught.end().y() - caught.start().y()))
        .isEqualTo(ScrollExecutor.CATCH_TRAVEL);
  }

  @Test
  void aPointerOffTheBandOrByItsEdgeLeavesTheCatchInTheMiddle() {
    Scroll scroll = Scroll.builder(ScrollDirection.DOWN).amount(0.8).build();
    NormRegion band = Scroll.DEFAULT_REGION;
    NormPoint above = NormPoint.of(band.center().x(), Math.max(0, band.y() - 50));
    NormPoint atTheTop = NormPoint.of(band.center().x(), band.y() + 10);
    assertThat(ScrollExecutor.planCatch(scroll, band, Optional.of(above)).start())
        .isEqualTo(band.center());
    // a catch drags up on a scroll down: from by the top edge it would leave the band
    assertThat(ScrollExecutor.planCatch(scroll, band, Optional.of(atTheTop)).start())
        .isEqualTo(band.center());
  }
}
