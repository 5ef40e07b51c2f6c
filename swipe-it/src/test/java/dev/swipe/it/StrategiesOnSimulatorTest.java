package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.strategy.SwipeStrategies;
import dev.swipe.sim.SimOracle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StrategiesOnSimulatorTest {

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aCarouselSwitchesExactlyOnePagePerCall(String platform) {
    for (int seed = 1; seed <= 10; seed++) {
      try (Device d =
          Device.open("sim:?scale=0.5&scene=carousel&platform=" + platform + "&seed=" + seed)) {
        SimOracle oracle = SimOracle.of(d);
        SwipeStrategies s = new SwipeStrategies(d);
        Observation o = d.screenshot();
        for (int expected = 1; expected <= 3; expected++) {
          SwipeStrategies.Step r = s.carouselSwitch(ScrollDirection.RIGHT, o);
          assertThat(oracle.page()).as("seed %d, switch %d", seed, expected).isEqualTo(expected);
          assertThat(r.confirmed())
              .as("a page switch shows diff_ratio > 0.3, was %s", r.diff())
              .isTrue();
          o = r.observation();
        }
        SwipeStrategies.Step back = s.carouselSwitch(ScrollDirection.LEFT, o);
        assertThat(oracle.page()).isEqualTo(2);
        // a page switch replaces the content; the axis may be horizontal or none, never vertical
        assertThat(back.diff().primaryAxis().name()).isNotEqualTo("VERTICAL");
      }
    }
  }

  @Test
  void carouselSwipesShorterThan300AreRefused() {
    try (Device d = Device.open("sim:?scale=0.5&scene=carousel")) {
      assertThatThrownBy(
              () -> new SwipeStrategies(d).carouselSwitch(ScrollDirection.RIGHT, 250, null))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
                assertThat(e.field()).isEqualTo("distance");
              });
    }
  }

  @Test
  void aListSearchFindsItsTargetOrStopsAtTheBoundary() {
    try (Device d = Device.open("sim:?scale=0.5&platform=android")) {
      SimOracle oracle = SimOracle.of(d);
      SwipeStrategies.Search found =
          new SwipeStrategies(d)
              .listSearch(
                  ScrollDirection.DOWN,
                  o -> ScrollOnSimulatorTest.rowVisible(oracle.state(), 60),
                  30);
      assertThat(found.found()).isTrue();
      assertThat(found.steps()).allSatisfy(st -> assertThat(st.confirmed()).isTrue());
      SwipeStrategies.Search end =
          new SwipeStrategies(d).listSearch(ScrollDirection.UP, o -> false, 60);
      assertThat(end.found()).isFalse();
      assertThat(end.boundary()).isTrue();
      assertThat(oracle.listOffsetPx()).isZero();
      assertThat(end.steps().get(end.steps().size() - 1).diff().changed()).isFalse();
    }
  }

  @Test
  void aFineListStepMovesLessThanACoarseOne() {
    try (Device d = Device.open("sim:?scale=0.5&platform=android")) {
      SimOracle oracle = SimOracle.of(d);
      SwipeStrategies s = new SwipeStrategies(d);
      s.listCoarse(ScrollDirection.DOWN, null);
      double afterCoarse = oracle.listOffsetPx();
      s.listFine(ScrollDirection.DOWN, null);
      double fine = oracle.listOffsetPx() - afterCoarse;
      assertThat(afterCoarse).isPositive();
      assertThat(fine).isPositive().isLessThan(afterCoarse);
    }
  }

  @Test
  void aMapPansCoarseThenFine() {
    try (Device d = Device.open("sim:?scale=0.5&scene=map")) {
      SimOracle oracle = SimOracle.of(d);
      SwipeStrategies s = new SwipeStrategies(d);
      double x0 = oracle.state().mapOffsetXPx();
      SwipeStrategies.Step coarse = s.mapPan(ScrollDirection.RIGHT, false, null);
      double x1 = oracle.state().mapOffsetXPx();
      SwipeStrategies.Step fine = s.mapPan(ScrollDirection.RIGHT, true, coarse.observation());
      double x2 = oracle.state().mapOffsetXPx();
      assertThat(Math.abs(x1 - x0)).isGreaterThan(Math.abs(x2 - x1));
      assertThat(Math.abs(x2 - x1)).isPositive();
      assertThat(coarse.diff().changed()).isTrue();
      assertThat(fine.distance()).isEqualTo(50);
    }
  }

  @Test
  void calibrationFindsAnEffectiveDistanceWithinTenTries() {
    try (Device d = Device.open("sim:?scale=0.5&platform=ios")) {
      SwipeStrategies.Calibration r =
          new SwipeStrategies(d).calibrate(ScrollDirection.DOWN, SwipeStrategies.Step::confirmed);
      assertThat(r.succeeded()).isTrue();
      assertThat(r.tries()).hasSizeLessThanOrEqualTo(10);
    }
    try (Device d = Device.open("sim:?scale=0.5&platform=android&pointer=abs&input=ideal")) {
      SwipeStrategies.Calibration r =
          new SwipeStrategies(d).calibrate(ScrollDirection.DOWN, SwipeStrategies.Step::confirmed);
      assertThat(r.succeeded()).as("an ignored input never calibrates").isFalse();
      assertThat(r.tries()).hasSize(10);
    }
    try (Device d = Device.open("sim:?scale=0.5&platform=android&pointer=abs")) {
      // a rig looks for the pointer first, and an ignored mouse is refused at the first try
      assertThatThrownBy(
              () ->
                  new SwipeStrategies(d)
                      .calibrate(ScrollDirection.DOWN, SwipeStrategies.Step::confirmed))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(dev.swipe.core.ErrorCode.INPUT_IGNORED));
    }
  }
}
