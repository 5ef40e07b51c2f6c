package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Paging and panning, driven through the device facade the way the seed's strategies do. */
class CarouselAndMapTest {
  private static final Duration REST = Duration.ofSeconds(10);

  private static Swipe horizontal(double fromX, double toX, int durationMs) {
    return Swipe.builder(NormPoint.of(fromX, 400), NormPoint.of(toX, 400))
        .durationMs(durationMs)
        .steps(16)
        .build();
  }

  @Test
  void theSeedCarouselSwipeSwitchesPagesAndAShortOneSpringsBack() {
    for (String platform : new String[] {"android", "ios"}) {
      try (Device d = Device.open("sim:?scene=carousel&scale=0.5&platform=" + platform)) {
        SimOracle oracle = SimOracle.of(d);
        if (platform.equals("android")) {
          d.swipe(
              horizontal(
                  700, 300, 400)); // 400 units in 400 ms: under 400 dp/s and 60%, ViewPager stays
          assertThat(oracle.awaitRest(REST).page()).as("ViewPager: no fling, under 60%").isZero();
        }
        d.swipe(horizontal(700, 300, platform.equals("android") ? 150 : 400));
        assertThat(oracle.awaitRest(REST).page()).as(platform).isEqualTo(1);
        d.swipe(horizontal(650, 400, 400)); // 250 units: looks like an accidental touch
        assertThat(oracle.awaitRest(REST).page()).as(platform).isEqualTo(1);
        for (int i = 0; i < 6; i++) {
          d.swipe(horizontal(800, 200, 300));
        }
        assertThat(oracle.awaitRest(REST).page()).as("stops at the last page").isEqualTo(5);
        d.swipe(horizontal(300, 700, platform.equals("android") ? 150 : 400));
        assertThat(oracle.awaitRest(REST).page()).isEqualTo(4);
      }
    }
  }

  @Test
  void aCarouselPageSwitchChangesMostOfTheFrame() {
    try (Device d = Device.open("sim:?scene=carousel&scale=0.5")) {
      var before = d.screenshot();
      var after = d.swipe(horizontal(700, 300, 150)).observation();
      assertThat(
              d.screen()
                  .diff(before, after, dev.swipe.base.NormRegion.of(0, 100, 1000, 550))
                  .diffRatio())
          .isGreaterThan(0.3);
    }
  }

  @Test
  void mapPansWithTheFingerAndStopsAtItsEdges() {
    try (SimPhone phone = SimPhone.open("sim:?scene=map&scale=0.5")) {
      SimState start = phone.oracle().state();
      // A slow diagonal drag that dwells: content follows the finger (less the slop), no fling.
      Play.gesture(phone, Play.drag(800, 100, NormPoint.of(700, 700), NormPoint.of(400, 500)));
      SimState moved = phone.oracle().awaitRest(REST);
      double fingerX = 300 / 1000.0 * 539;
      double fingerY = 200 / 1000.0 * 1199;
      double slop = 12; // 8 dp at density 3, scale 0.5
      double along = Math.hypot(fingerX, fingerY);
      assertThat(moved.mapOffsetXPx() - start.mapOffsetXPx())
          .isCloseTo(fingerX * (1 - slop / along), within(0.6));
      assertThat(moved.mapOffsetYPx() - start.mapOffsetYPx())
          .isCloseTo(fingerY * (1 - slop / along), within(0.6));
      for (int i = 0; i < 8; i++) {
        Play.gesture(phone, Play.drag(300, 0, NormPoint.of(100, 150), NormPoint.of(900, 950)));
      }
      SimState corner = phone.oracle().awaitRest(REST);
      assertThat(corner.mapOffsetXPx()).isZero();
      assertThat(corner.mapOffsetYPx()).isZero();
    }
  }

  @Test
  void mapFlingsEachAxisOnItsOwnVelocity() {
    try (SimPhone phone = SimPhone.open("sim:?scene=map&scale=0.5")) {
      SimState start = phone.oracle().state();
      Play.gesture(
          phone,
          Swipe.builder(NormPoint.of(600, 600), NormPoint.of(400, 400))
              .durationMs(120)
              .steps(8)
              .holdBeforeMs(0)
              .build());
      SimState lift = phone.oracle().state();
      SimState rest = phone.oracle().awaitRest(REST);
      double dx = rest.mapOffsetXPx() - lift.mapOffsetXPx();
      double dy = rest.mapOffsetYPx() - lift.mapOffsetYPx();
      assertThat(dx).isPositive();
      assertThat(dy).isPositive();
      // OverScroller: each axis flings its own spline distance, so the x:y ratio is that of
      // spline(vx):spline(vy), not vx:vy (the old 2-D Scroller), in layout pixels (scale 0.5).
      double vx = -lift.lastTouchVelocity().xPxPerS() * 2;
      double vy = -lift.lastTouchVelocity().yPxPerS() * 2;
      dev.swipe.sim.internal.AndroidSpline spline =
          new dev.swipe.sim.internal.AndroidSpline(3.0, 0.015);
      assertThat(dx / dy).isCloseTo(spline.distance(vx) / spline.distance(vy), within(0.02));
      assertThat(dx / dy).isNotCloseTo(vx / vy, within(0.05));
      assertThat(lift.mapOffsetXPx()).isGreaterThan(start.mapOffsetXPx());
    }
  }
}
