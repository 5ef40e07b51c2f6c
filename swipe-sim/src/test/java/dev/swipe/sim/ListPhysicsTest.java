package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.NormPoint;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.sim.internal.AndroidSpline;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Scroll physics of the contacts list, per platform, checked against the oracle. */
class ListPhysicsTest {
  private static final Duration REST = Duration.ofSeconds(10);

  private static SimPhone phone(String options) {
    return SimPhone.open("sim:?input=ideal&scale=0.5" + options);
  }

  @Test
  void slowDragThatRestsBeforeLiftDoesNotFling() {
    try (SimPhone phone = phone("")) {
      // Finger rests 100 ms (> 40 ms) at the end before lifting.
      Play.gesture(phone, Play.vertical(700, 400, 600, 24, 100));
      SimState atLift = phone.oracle().state();
      SimState rest = phone.oracle().awaitRest(REST);
      assertThat(atLift.listOffsetPx()).isPositive();
      assertThat(atLift.animating()).isFalse();
      assertThat(rest.listOffsetPx()).isEqualTo(atLift.listOffsetPx());
      assertThat(rest.lastTouchVelocity()).isEqualTo(SimState.Velocity.ZERO);
      assertThat(rest.visibleListRows()).hasSizeBetween(9, 10).isSorted();
      // Content followed the finger less the 8 dp slop: 300 units of 1199 px = 359.7 px, slop 12 px
      // at scale 0.5.
      assertThat(rest.listOffsetPx()).isCloseTo(300 / 1000.0 * 1199 - 12, within(1.0));
    }
  }

  @Test
  void androidFlingDistanceFollowsTheSplinePowerLaw() {
    double[] slow = flingAfterRelease(500);
    double[] fast = flingAfterRelease(150);
    assertThat(fast[1]).isGreaterThan(slow[1] * 2);
    double exponent = AndroidSpline.DECELERATION_RATE / (AndroidSpline.DECELERATION_RATE - 1);
    double expectedRatio = Math.pow(fast[0] / slow[0], exponent);
    assertThat(fast[1] / slow[1]).isCloseTo(expectedRatio, within(expectedRatio * 0.03));
  }

  /** {release speed px/s, distance travelled after release px} of a 250-unit flick. */
  private static double[] flingAfterRelease(int durationMs) {
    try (SimPhone phone = phone("")) {
      Play.gesture(phone, Play.vertical(700, 450, durationMs, 20, 0));
      SimState atLift = phone.oracle().state();
      SimState rest = phone.oracle().awaitRest(REST);
      return new double[] {
        Math.abs(atLift.lastTouchVelocity().yPxPerS()), rest.listOffsetPx() - atLift.listOffsetPx()
      };
    }
  }

  @Test
  void aSixPixelMoveIsATap() {
    try (SimPhone phone = phone("")) {
      // 6 frame px = 5 normalized units at this height: inside the slop, so it stays a tap.
      double sixPx = 6 / 1199.0 * 1000;
      Play.gesture(phone, Play.drag(80, 0, NormPoint.of(500, 600), NormPoint.of(500, 600 + sixPx)));
      assertThat(phone.oracle().awaitRest(REST).listOffsetPx()).isZero();
      assertThat(phone.oracle().openedContact())
          .as("a tap on a row opens that contact")
          .isPresent();
      phone.input(
          new dev.swipe.core.spi.HidReport.Keyboard(
              dev.swipe.core.gesture.Key.BACK, java.util.Set.of(), true));
      phone.input(
          new dev.swipe.core.spi.HidReport.Keyboard(
              dev.swipe.core.gesture.Key.BACK, java.util.Set.of(), false));
      assertThat(phone.oracle().openedContact()).isEmpty();
      Play.gesture(phone, Play.drag(80, 0, NormPoint.of(300, 133), NormPoint.of(300 + sixPx, 133)));
      assertThat(phone.oracle().keyboardVisible()).as("a tap on the search field").isTrue();
    }
  }

  @Test
  void androidDoesNotMoveContentPastTheTopEdge() {
    try (SimPhone phone = phone("")) {
      Play.gesture(phone, Play.vertical(400, 800, 300, 12, 50));
      assertThat(phone.oracle().listOffsetPx()).isZero();
      assertThat(phone.oracle().awaitRest(REST).listOffsetPx()).isZero();
    }
  }

  @Test
  void androidPullAtTheEdgeGlowsWithoutMovingContentAndTheGlowFades() {
    try (SimPhone phone = phone("")) {
      Frame before = phone.frameSource().grab(phone.ticker().read(), REST);
      phone.transport().send(new HidReport.Pointer(NormPoint.of(500, 400), true));
      for (int y = 420; y <= 800; y += 20) {
        Play.sleepMs(phone, 10);
        phone.transport().send(new HidReport.Pointer(NormPoint.of(500, y), true));
      }
      Frame pulling = phone.frameSource().grab(phone.ticker().read(), REST);
      assertThat(phone.oracle().listOffsetPx()).isZero();
      phone.transport().send(new HidReport.Pointer(NormPoint.of(500, 800), false));
      phone.oracle().awaitRest(REST);
      Frame after = phone.frameSource().grab(phone.ticker().read(), REST);
      assertThat(Arrays.equals(pulling.jpeg(), before.jpeg()))
          .as("the glow shows while pulling")
          .isFalse();
      assertThat(Arrays.equals(after.jpeg(), before.jpeg())).as("and is gone at rest").isTrue();
      assertThat(phone.oracle().listOffsetPx()).isZero();
    }
  }

  @Test
  void aSaturatedGlowStartsToRecedeAtOnceAfterRelease() {
    // Like EdgeEffect.onRelease: the recede starts from the glow shown, not from the pull, so a
    // strong pull leaves no plateau that a settling gate would take for a screen at rest.
    try (SimPhone phone = phone("")) {
      phone.transport().send(new HidReport.Pointer(NormPoint.of(500, 300), true));
      for (int y = 320; y <= 950; y += 30) {
        Play.sleepMs(phone, 10);
        phone.transport().send(new HidReport.Pointer(NormPoint.of(500, y), true));
      }
      Play.sleepMs(phone, 200);
      Frame pulling = phone.frameSource().grab(phone.ticker().read(), REST);
      phone.transport().send(new HidReport.Pointer(NormPoint.of(500, 950), false));
      Play.sleepMs(phone, 120);
      Frame receding = phone.frameSource().grab(phone.ticker().read(), REST);
      assertThat(Arrays.equals(receding.jpeg(), pulling.jpeg())).isFalse();
      assertThat(phone.oracle().state().animating()).as("still fading").isTrue();
      assertThat(phone.oracle().listOffsetPx()).isZero();
    }
  }

  @Test
  void iosOverscrollRubberBandsThenBouncesBackToTheEdge() {
    try (SimPhone phone = phone("&platform=ios")) {
      Play.gesture(phone, Play.vertical(400, 800, 300, 12, 0));
      double pulled = phone.oracle().listOffsetPx();
      // Pulled 400 units (~480 px) past the top, shown much less far: the 0.55 rubber band.
      assertThat(pulled).isNegative().isGreaterThan(-240);
      SimState rest = phone.oracle().awaitRest(REST);
      assertThat(rest.listOffsetPx()).isCloseTo(0, within(0.5));
    }
  }

  @Test
  void iosFlingDecaysToTheProjectedDistance() {
    try (SimPhone phone = phone("&platform=ios")) {
      Play.swipe(phone, 700, 450, 150);
      SimState atLift = phone.oracle().state();
      SimState rest = phone.oracle().awaitRest(REST);
      double v = -atLift.lastTouchVelocity().yPxPerS();
      double projected = v / 1000 * 0.998 / (1 - 0.998);
      assertThat(rest.listOffsetPx() - atLift.listOffsetPx()).isCloseTo(projected, within(1.0));
    }
  }

  @Test
  void anAbsoluteMouseOnAndroidDoesNothing() {
    try (Device d = Device.open("sim:?input=ideal&scale=0.5&pointer=abs")) {
      Observation before = d.screenshot();
      ActionResult r =
          d.swipe(
              Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
                  .durationMs(300)
                  .build());
      d.tap(NormPoint.of(300, 133));
      SimOracle oracle = SimOracle.of(d);
      assertThat(oracle.listOffsetPx()).isZero();
      assertThat(oracle.keyboardVisible()).isFalse();
      assertThat(Arrays.equals(r.observation().jpeg(), before.jpeg())).isTrue();
      assertThat(oracle.pointerLog()).as("the reports did arrive").isNotEmpty();
    }
    try (Device d = Device.open("sim:?input=ideal&scale=0.5&pointer=abs&abs_mouse=accept")) {
      d.swipe(
          Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300)).durationMs(300).build());
      assertThat(SimOracle.of(d).listOffsetPx()).isPositive();
    }
  }

  @Test
  void flutterIgnoresMouseDragsButTakesMouseClicksAndTouch() {
    try (SimPhone phone = phone("&platform=flutter")) {
      phone.input(PointerKind.ABSOLUTE, new HidReport.Pointer(NormPoint.of(500, 700), true));
      Play.sleepMs(phone, 20);
      phone.input(PointerKind.ABSOLUTE, new HidReport.Pointer(NormPoint.of(500, 400), true));
      Play.sleepMs(phone, 20);
      phone.input(PointerKind.ABSOLUTE, new HidReport.Pointer(NormPoint.of(500, 300), false));
      assertThat(phone.oracle().awaitRest(REST).listOffsetPx()).isZero();
      phone.input(PointerKind.ABSOLUTE, new HidReport.Pointer(NormPoint.of(300, 133), true));
      Play.sleepMs(phone, 50);
      phone.input(PointerKind.ABSOLUTE, new HidReport.Pointer(NormPoint.of(300, 133), false));
      assertThat(phone.oracle().keyboardVisible()).isTrue();
      Play.swipe(phone, 700, 400, 200);
      assertThat(phone.oracle().awaitRest(REST).listOffsetPx()).isPositive();
    }
  }

  @Test
  void deviceSwipeScrollsTheList() {
    try (Device d = Device.open("sim:?input=ideal&scale=0.5")) {
      Observation before = d.screenshot();
      ActionResult r =
          d.swipe(
              Swipe.builder(NormPoint.of(500, 750), NormPoint.of(500, 400))
                  .durationMs(500)
                  .build());
      assertThat(Arrays.equals(r.observation().jpeg(), before.jpeg())).isFalse();
      assertThat(SimOracle.of(d).listOffsetPx()).isPositive();
      assertThat(r.observation().captureNanos() - r.timeline().actualOffsetNanos(0))
          .isGreaterThanOrEqualTo(Duration.ofMillis(560).toNanos());
    }
  }

  @Test
  void framesShowMidAnimationStatesOneLatencyLate() {
    try (SimPhone phone = phone("")) {
      Play.swipe(phone, 700, 450, 150);
      long released = phone.ticker().read();
      double offsetAtRelease = phone.oracle().listOffsetPx();
      Frame first = phone.frameSource().grab(released, Duration.ofSeconds(1));
      // The first fresh frame is at least one latency after the release.
      assertThat(first.captureNanos())
          .isGreaterThanOrEqualTo(released + Duration.ofMillis(60).toNanos());
      byte[] previous = first.jpeg();
      int distinct = 0;
      for (int i = 0; i < 10; i++) {
        Frame next = phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
        distinct += Arrays.equals(next.jpeg(), previous) ? 0 : 1;
        previous = next.jpeg();
      }
      assertThat(distinct).as("consecutive frames of a fling differ").isEqualTo(10);
      assertThat(phone.oracle().listOffsetPx()).isGreaterThan(offsetAtRelease);
      phone.oracle().awaitRest(REST);
      Frame a = phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
      Frame b = phone.frameSource().grab(a.captureNanos() + 1, Duration.ofSeconds(1));
      assertThat(b.captureNanos()).isGreaterThan(a.captureNanos());
      assertThat(Arrays.equals(a.jpeg(), b.jpeg())).as("at rest, frames are identical").isTrue();
    }
  }
}
