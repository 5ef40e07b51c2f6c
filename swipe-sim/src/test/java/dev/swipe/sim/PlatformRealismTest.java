package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.NormPoint;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Each modelled platform behaviour measured on the simulator against the value its source gives
 * (the constants are restated here from the sources, not read from the simulator).
 */
class PlatformRealismTest {
  private static final Duration REST = Duration.ofSeconds(10);

  /** Time from now until the oracle reports nothing animating, in milliseconds (1 ms steps). */
  private static long msUntilRest(SimPhone phone) {
    long start = phone.ticker().read();
    for (int i = 0; i < 10_000; i++) {
      if (!phone.oracle().state().animating()) {
        return (phone.ticker().read() - start) / 1_000_000L;
      }
      Play.sleepMs(phone, 1);
    }
    throw new AssertionError("never came to rest");
  }

  private static Frame grab(SimPhone phone) {
    return phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
  }

  private static Frame atRest(SimPhone phone) {
    phone.oracle().awaitRest(REST);
    Play.sleepMs(phone, 300); // past the capture latency
    return grab(phone);
  }

  @Test
  void androidStretchesAPulledEndAndSpringsBackInTheEdgeEffectSpringsTime() {
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5")) {
      Frame top = atRest(phone);
      // Pull down at the top edge and hold: content stretches, the offset stays 0.
      Play.gesture(phone, Play.vertical(300, 700, 400, 16, 100));
      assertThat(phone.oracle().listOffsetPx()).isZero();
      long ms = msUntilRest(phone);
      // EdgeEffect NATURAL_FREQUENCY 24.657, DAMPING_RATIO 0.98: released from rest, the spring
      // first reaches 0 after (pi - atan(wd / (zeta w))) / wd seconds.
      double w = 24.657;
      double zeta = 0.98;
      double wd = w * Math.sqrt(1 - zeta * zeta);
      double sourceMs = (Math.PI - Math.atan(wd / (zeta * w))) / wd * 1000;
      assertThat((double) ms).isCloseTo(sourceMs, within(4.0));
      assertThat(Arrays.equals(atRest(phone).jpeg(), top.jpeg()))
          .as("back to the unstretched top")
          .isTrue();
    }
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5")) {
      atRest(phone);
      Play.gesture(phone, Play.vertical(300, 700, 400, 16, 200));
      Frame stretched = grab(phone);
      assertThat(Arrays.equals(stretched.jpeg(), atRest(phone).jpeg()))
          .as("the pull shows while held")
          .isFalse();
    }
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5&overscroll=glow")) {
      Play.gesture(phone, Play.vertical(300, 700, 400, 16, 100));
      assertThat(msUntilRest(phone))
          .as("the glow recedes over EdgeEffect RECEDE_TIME")
          .isBetween(590L, 610L);
    }
  }

  @Test
  void aFlingIntoTheEndIsAbsorbedAsAStretch() {
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5")) {
      phone.oracle().state();
      // Fling up towards the top from a little way down: the fling hits the edge and stretches.
      Play.gesture(phone, Play.vertical(500, 560, 200, 8, 100));
      Play.swipe(phone, 300, 800, 60);
      SimState rest = phone.oracle().awaitRest(REST);
      assertThat(rest.listOffsetPx()).isZero();
      Frame restFrame = atRest(phone);
      Play.gesture(phone, Play.vertical(500, 560, 200, 8, 100));
      Play.swipe(phone, 300, 800, 60);
      boolean stretchSeen = false;
      for (int i = 0; i < 60 && !stretchSeen; i++) {
        Play.sleepMs(phone, 16);
        stretchSeen =
            phone.oracle().listOffsetPx() == 0
                && !Arrays.equals(grab(phone).jpeg(), restFrame.jpeg())
                && phone.oracle().state().animating();
      }
      assertThat(stretchSeen)
          .as("content stretched at the edge after the fling reached it")
          .isTrue();
    }
  }

  @Test
  void timePickerRepeatsEvery100MsAndNumberPickerEvery300Ms() {
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&scale=0.5")) {
      SimState.Wheel m = phone.oracle().wheel("minute");
      NormPoint below = NormPoint.of(m.columnXNorm(), m.selectedCenterYNorm() + m.rowPitchNorm());
      // Long press (400 ms), then a step every 100 ms: 400, 500, ..., 900 before a 950 ms lift.
      Play.gesture(phone, new LongPress(below, 950));
      assertThat(phone.oracle().awaitRest(REST).wheel("minute").orElseThrow().value())
          .isEqualTo(36);
    }
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&picker=numberpicker&scale=0.5")) {
      SimState.Wheel m = phone.oracle().wheel("minute");
      NormPoint below = NormPoint.of(m.columnXNorm(), m.selectedCenterYNorm() + m.rowPitchNorm());
      // DEFAULT_LONG_PRESS_UPDATE_INTERVAL 300: steps at 400 and 700 ms, five minutes each.
      Play.gesture(phone, new LongPress(below, 950));
      assertThat(phone.oracle().awaitRest(REST).wheel("minute").orElseThrow().value())
          .isEqualTo(40);
    }
  }

  @Test
  void touchingASpinningNumberPickerSnapsItToARowWhileTheFingerIsDown() {
    try (SimPhone phone = SimPhone.open("sim:?scene=picker&scale=0.5")) {
      SimState.Wheel m = phone.oracle().wheel("minute");
      NormPoint sel = NormPoint.of(m.columnXNorm(), m.selectedCenterYNorm());
      Play.gesture(
          phone,
          Swipe.builder(
                  sel,
                  NormPoint.of(m.columnXNorm(), m.selectedCenterYNorm() - 1.4 * m.rowPitchNorm()))
              .durationMs(50)
              .steps(5)
              .holdBeforeMs(0)
              .holdAfterMs(0)
              .build());
      assertThat(phone.oracle().wheel("minute").moving()).isTrue();
      // Press and hold for a second: the 800 ms adjustment runs under the finger.
      Play.gesture(
          phone,
          new LongPress(
              NormPoint.of(m.columnXNorm(), m.selectedCenterYNorm() + 1.3 * m.rowPitchNorm()),
              1000));
      SimState.Wheel held = phone.oracle().wheel("minute");
      assertThat(held.moving()).isFalse();
      assertThat(held.position()).isEqualTo(Math.rint(held.position()));
    }
  }

  @Test
  void viewPagerTurnsAt60PercentOrAFastFlingAndSnapHelperOnAnyFling() {
    // ViewPager: a slow drag that rests on 55% stays, on 65% turns (frame 540 px wide at scale
    // 0.5).
    for (double fraction : new double[] {0.55, 0.65}) {
      try (SimPhone phone = SimPhone.open("sim:?scene=carousel&scale=0.5")) {
        Play.gesture(
            phone,
            Play.drag(
                600, 120, NormPoint.of(800, 400), NormPoint.of(800 - fraction * 1000 - 16, 400)));
        assertThat(phone.oracle().awaitRest(REST).page())
            .as("%s of a page", fraction)
            .isEqualTo(fraction > 0.6 ? 1 : 0);
      }
    }
    // 150 units (30% of a page, > 25 dp) in 100 ms: about 2700 dp/s > 400 dp/s flips; the same
    // travel in 1000 ms (270 dp/s) does not.
    for (int ms : new int[] {100, 1000}) {
      try (SimPhone phone = SimPhone.open("sim:?scene=carousel&scale=0.5")) {
        Play.gesture(
            phone,
            Swipe.builder(NormPoint.of(600, 400), NormPoint.of(450, 400))
                .durationMs(ms)
                .steps(10)
                .holdBeforeMs(0)
                .holdAfterMs(0)
                .build());
        assertThat(phone.oracle().awaitRest(REST).page())
            .as("%d ms", ms)
            .isEqualTo(ms == 100 ? 1 : 0);
      }
    }
    // PagerSnapHelper: 150 units in 1000 ms is still a fling (> 50 dp/s): it turns.
    try (SimPhone phone = SimPhone.open("sim:?scene=carousel&scale=0.5&paging=snaphelper")) {
      Play.gesture(
          phone,
          Swipe.builder(NormPoint.of(600, 400), NormPoint.of(450, 400))
              .durationMs(1000)
              .steps(10)
              .holdBeforeMs(0)
              .holdAfterMs(0)
              .build());
      assertThat(phone.oracle().awaitRest(REST).page()).isEqualTo(1);
    }
  }

  @Test
  void flutterDropsAFlingWhoseSamplesSpanNoMoreThan18LogicalPixels() {
    // 14 units of 1199 px at scale 0.5 = 33.6 layout px = 11 lp over 30 ms: fast, but a short span.
    for (String platform : new String[] {"android", "flutter"}) {
      try (SimPhone phone = SimPhone.open("sim:?scale=0.5&platform=" + platform)) {
        Play.gesture(phone, Play.vertical(700, 500, 500, 20, 100));
        Play.gesture(phone, Play.vertical(600, 586, 30, 6, 0));
        SimState lift = phone.oracle().state();
        SimState rest = phone.oracle().awaitRest(REST);
        if (platform.equals("flutter")) {
          assertThat(rest.listOffsetPx()).isEqualTo(lift.listOffsetPx());
        } else {
          assertThat(rest.listOffsetPx()).isGreaterThan(lift.listOffsetPx());
        }
      }
    }
  }

  @Test
  void flutterFlingsLastAsLongAsClampingScrollSimulationSays() {
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5&platform=flutter")) {
      Play.gesture(phone, Play.vertical(700, 500, 500, 20, 100));
      Play.swipe(phone, 700, 500, 80);
      double vLp =
          Math.abs(phone.oracle().lastTouchVelocity().yPxPerS())
              * 2
              / 3; // frame px -> layout px -> lp
      long ms = msUntilRest(phone);
      // scroll_simulation.dart: duration = exp(ln(0.35 v / (0.015 * 0.84 * 61774.04968)) / (DR -
      // 1)).
      double dr = Math.log(0.78) / Math.log(0.9);
      double sourceMs =
          Math.exp(Math.log(0.35 * vLp / (0.015 * 0.84 * 61774.04968)) / (dr - 1)) * 1000;
      assertThat((double) ms).isCloseTo(sourceMs, within(3.0));
    }
  }

  @Test
  void iosBounceBackTakesThePublishedModelsTime() {
    // Lobanov's UIScrollView model: critically damped, stiffness 100, mass 1 (omega 10 rad/s);
    // a release 20-120 pt past the edge returns within half a pixel in 434-867 ms.
    try (SimPhone phone = SimPhone.open("sim:?input=ideal&scale=0.5&platform=ios")) {
      Play.gesture(phone, Play.vertical(300, 450, 400, 16, 100));
      double pastPx = -phone.oracle().listOffsetPx() * 2;
      assertThat(pastPx / 3).as("points past the edge").isBetween(20.0, 120.0);
      long ms = msUntilRest(phone);
      assertThat(ms).isBetween(434L, 867L);
      double u = 10 * ms / 1000.0;
      assertThat((1 + u) * Math.exp(-u) * pastPx)
          .as("the spring's own envelope at rest")
          .isCloseTo(0.5, within(0.1));
    }
  }
}
