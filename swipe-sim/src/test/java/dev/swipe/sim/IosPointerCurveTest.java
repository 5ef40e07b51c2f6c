package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The iOS relative pointer's curve against the iPad measurement it restates (pt per count by report
 * size; public measurements and field reports, issue 36).
 */
class IosPointerCurveTest {
  private static final double[] COUNTS = {5, 8, 12, 16, 20, 40, 60, 80, 100, 127};
  private static final double[] PT_PER_COUNT = {
    0.58, 0.74, 0.82, 0.87, 0.90, 1.47, 1.79, 1.81, 1.64, 1.49
  };

  @Test
  void theMeasuredDeviceHitsEveryTablePointAtTrackingSpeedOne() {
    IosPointerCurve nominal = IosPointerCurve.nominal();
    assertThat(nominal.trackingSpeed()).isEqualTo(1.0);
    for (int i = 0; i < COUNTS.length; i++) {
      assertThat(nominal.gain(COUNTS[i], -1)).as("%s counts", COUNTS[i]).isEqualTo(PT_PER_COUNT[i]);
      assertThat(IosPointerCurve.measured(COUNTS[i])).isEqualTo(PT_PER_COUNT[i]);
    }
    assertThat(IosPointerCurve.measured(10))
        .as("halfway from 8 to 12")
        .isCloseTo(0.78, within(1e-9));
  }

  @Test
  void theCurveRisesAndFallsWhereTheTableDoes() {
    qt().withExamples(500)
        .forAll(doubles().between(0, 80), doubles().between(0, 80))
        .checkAssert(
            (a, b) ->
                assertThat(IosPointerCurve.measured(Math.max(a, b)))
                    .isGreaterThanOrEqualTo(IosPointerCurve.measured(Math.min(a, b))));
    qt().withExamples(500)
        .forAll(doubles().between(80, 127), doubles().between(80, 127))
        .checkAssert(
            (a, b) ->
                assertThat(IosPointerCurve.measured(Math.max(a, b)))
                    .isLessThanOrEqualTo(IosPointerCurve.measured(Math.min(a, b))));
    qt().forAll(doubles().between(127, 200))
        .checkAssert(c -> assertThat(IosPointerCurve.measured(c)).isEqualTo(1.49));
    qt().forAll(doubles().between(0, 5))
        .checkAssert(
            c ->
                assertThat(IosPointerCurve.measured(c))
                    .as("below the table: smaller, but still moving")
                    .isBetween(0.25, 0.58));
  }

  @Test
  void everyDeviceStaysWithinTheStatedRanges() {
    qt().withExamples(1000)
        .forAll(longs().all(), doubles().between(1, 180))
        .checkAssert(
            (key, counts) -> {
              IosPointerCurve c = IosPointerCurve.draw(new SplittableRandom(key));
              assertThat(c.trackingSpeed()).isBetween(0.5, 2.0);
              assertThat(c.jitter()).isBetween(0.10, 0.20);
              assertThat(c.paceBoost()).isBetween(0.05, 0.25);
              double isolated = c.gain(counts, 500_000_000L);
              double shape = isolated / (IosPointerCurve.measured(counts) * c.trackingSpeed());
              assertThat(shape).isBetween(1 - c.jitter() - 1e-9, 1 + c.jitter() + 1e-9);
              assertThat(c.gain(counts, 20_000_000L) / isolated)
                  .as("a report 20 ms after the previous")
                  .isCloseTo(1 + c.paceBoost(), within(1e-9));
              assertThat(c.gain(counts, -1)).as("the first report is isolated").isEqualTo(isolated);
            });
  }

  @Test
  void devicesBendTheShapeByTenToTwentyPercentSomewhere() {
    qt().withExamples(200)
        .forAll(longs().all())
        .checkAssert(
            key -> {
              IosPointerCurve c = IosPointerCurve.draw(new SplittableRandom(key));
              double most = 0;
              for (double k = 5; k <= 127; k += 0.5) {
                most = Math.max(most, Math.abs(c.shape(k) - 1));
              }
              assertThat(most).isBetween(0.95 * c.jitter(), c.jitter() + 1e-9);
            });
  }
}
