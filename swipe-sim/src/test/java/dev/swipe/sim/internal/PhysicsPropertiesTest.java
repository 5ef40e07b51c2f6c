package dev.swipe.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.sim.SimConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Properties of the physics building blocks, over many generated inputs (QuickTheories). */
class PhysicsPropertiesTest {
  private static final double EXPONENT =
      AndroidSpline.DECELERATION_RATE / (AndroidSpline.DECELERATION_RATE - 1);

  @Test
  void splineFlingDistanceFollowsThePowerLaw() {
    AndroidSpline spline = new AndroidSpline(3.0, 0.015);
    qt().forAll(doubles().between(150, 24000), doubles().between(150, 24000))
        .checkAssert(
            (v1, v2) ->
                assertThat(spline.distance(v2) / spline.distance(v1))
                    .isCloseTo(
                        Math.pow(v2 / v1, EXPONENT), within(1e-9 * Math.pow(v2 / v1, EXPONENT))));
  }

  @Test
  void splinePositionRisesFromZeroToOne() {
    qt().forAll(doubles().between(0, 1), doubles().between(0, 1))
        .checkAssert(
            (a, b) -> {
              double lo = Math.min(a, b);
              double hi = Math.max(a, b);
              assertThat(AndroidSpline.position(lo))
                  .isLessThanOrEqualTo(AndroidSpline.position(hi) + 1e-12);
              assertThat(AndroidSpline.position(hi)).isBetween(0.0, 1.0);
            });
    assertThat(AndroidSpline.position(0)).isZero();
    assertThat(AndroidSpline.position(1)).isEqualTo(1.0);
  }

  @Test
  void velocityOfAFingerMovingAtConstantSpeedIsThatSpeed() {
    qt().forAll(
            doubles().between(-20000, 20000), integers().between(3, 20), integers().between(4, 30))
        .checkAssert(
            (speed, samples, stepMs) -> {
              VelocityTracker tracker = new VelocityTracker();
              long t = 0;
              for (int i = 0; i < samples; i++) {
                t = i * stepMs * 1_000_000L;
                tracker.add(t, 100, 500 + speed * t / 1e9);
              }
              double[] v = tracker.velocity(t);
              assertThat(v[1]).isCloseTo(speed, within(Math.abs(speed) * 1e-6 + 1e-6));
              assertThat(v[0]).isCloseTo(0, within(1e-6));
            });
  }

  @Test
  void aFingerThatRestedMoreThan40MsHasNoVelocity() {
    qt().forAll(doubles().between(100, 20000), longs().between(41, 2000))
        .checkAssert(
            (speed, restMs) -> {
              VelocityTracker tracker = new VelocityTracker();
              for (int i = 0; i <= 10; i++) {
                tracker.add(i * 10_000_000L, 0, speed * i * 0.01);
              }
              double[] v = tracker.velocity(100_000_000L + restMs * 1_000_000L);
              assertThat(v).containsExactly(0.0, 0.0);
            });
  }

  @Test
  void rubberBandMovesLessThanTheFingerAndNeverPastOneDimension() {
    qt().forAll(doubles().between(0, 100_000), doubles().between(100, 3000))
        .checkAssert(
            (pull, dim) -> {
              double shown = -ScrollAxis.rubberBand(-pull, 0, 1000, dim);
              assertThat(shown)
                  .isBetween(0.0, Math.min(pull * DeviceProfile.IOS_RUBBER_BAND + 1e-9, dim));
            });
  }

  @Test
  void iosDecayEndsExactlyOnItsProjection() {
    qt().forAll(doubles().between(-8000, 8000))
        .checkAssert(
            v -> {
              double r = DeviceProfile.IOS_DECELERATION;
              double total = v / 1000 * r / (1 - r);
              Motion.Decay d = new Motion.Decay(100, 0, total, r, 0.5);
              assertThat(d.at(d.end())).isEqualTo(100 + total);
              assertThat(d.at(Long.MAX_VALUE / 2)).isEqualTo(100 + total);
            });
  }

  @Test
  void seededDevicesStayWithinPublishedRanges() {
    qt().forAll(longs().all())
        .checkAssert(
            seed -> {
              for (SimConfig.Platform p : SimConfig.Platform.values()) {
                DeviceProfile d =
                    DeviceProfile.of(
                        SimConfig.builder()
                            .platform(p)
                            .input(SimConfig.InputModel.IDEAL)
                            .seed(seed)
                            .build());
                assertThat(d.touchSlopPx() / d.density()).isBetween(5.0, 14.0);
                assertThat(d.friction()).isBetween(0.010, 0.024);
                assertThat(d.iosStopPx() / d.density()).isBetween(0.05, 0.5);
                assertThat(d.bounceOmega()).isBetween(8.0, 14.2);
                double pitchUnits = d.wheelPitchPx() / d.density();
                if (p == SimConfig.Platform.ANDROID) {
                  assertThat(pitchUnits).isBetween(48.0, 64.0);
                } else {
                  assertThat(pitchUnits).isBetween(32.0, 35.0);
                }
                assertThat(d.latency())
                    .as("an HDMI dongle's lag; a rig's is RigCaptureLagTest's")
                    .isBetween(Duration.ofMillis(40), Duration.ofMillis(150));
                assertThat(d.jpegQuality()).isBetween(60, 95);
                assertThat(d.fontScale()).isBetween(0.9, 1.15);
                assertThat(
                        DeviceProfile.of(
                            SimConfig.builder()
                                .platform(p)
                                .input(SimConfig.InputModel.IDEAL)
                                .seed(seed)
                                .build()))
                    .isEqualTo(d);
              }
            });
  }

  @Test
  void aMotionThatHasEndedReadsItsFinalPositionEvenAtItsStart() {
    // Found by SimPropertiesTest: an iOS snap shorter than its epsilon ends at t0, and at t0 it
    // read the start (8.0018 rows, still) instead of the target row.
    qt().withExamples(200)
        .forAll(
            doubles().between(-50, 50),
            doubles().between(-0.002, 0.002),
            longs().between(0, 1_000_000_000L))
        .checkAssert(
            (start, total, t0) -> {
              Motion decay = new Motion.Decay(start, t0, total, 0.998, 0.002);
              assertThat(decay.end()).isEqualTo(t0);
              assertThat(decay.at(t0)).isEqualTo(start + total);
              Motion eased =
                  new Motion.Eased(start, start + total, t0, 0, Motion.Easing.EASE_OUT_CUBIC);
              assertThat(eased.at(t0)).isEqualTo(start + total);
              Motion approach = new Motion.Approach(start, start + total, t0, 0, 1.0);
              assertThat(approach.at(t0)).isEqualTo(start + total);
            });
  }
}
