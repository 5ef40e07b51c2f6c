package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import org.junit.jupiter.api.Test;

/**
 * {@link RowPitch#pitchFromProfile} on smooth periodic profiles that never fall below its row
 * threshold (60% of the peak), so no row fit takes over and the autocorrelation answers alone: the
 * period is found between samples from its first peak and later multiples for any phase and length,
 * an uneven repetition is trusted less than an even one, and a flat or too short profile has no
 * pitch.
 */
class RowPitchProfilesTest {

  /** Repeats every {@code period} samples between 9 and 11: never under the row threshold. */
  private static double[] wave(int n, double period, double phase) {
    double[] f = new double[n];
    for (int i = 0; i < n; i++) {
      f[i] = 10.0 + Math.sin(2 * Math.PI * (i + phase) / period);
    }
    return f;
  }

  @Test
  void aRepeatingProfileIsMeasuredBetweenSamplesFromAllItsPeaks() {
    qt().withExamples(200)
        .forAll(doubles().between(8.0, 40.0), integers().between(5, 9), doubles().between(0, 1))
        .checkAssert(
            (period, repeats, phase) -> {
              double[] pc =
                  RowPitch.pitchFromProfile(wave((int) (repeats * period), period, phase * period));
              assertThat(pc).as("period %s x %s", period, repeats).isNotNull();
              assertThat(pc[0])
                  .as("period %s x %s", period, repeats)
                  .isCloseTo(period, org.assertj.core.data.Percentage.withPercentage(0.4));
              assertThat(pc[1]).as("confidence").isGreaterThan(0.9).isLessThanOrEqualTo(1.0);
            });
  }

  @Test
  void everyOtherPeakWeakerIsTrustedLessThanAnEvenRepetition() {
    int n = 300;
    double period = 20;
    double[] even = wave(n, period, 0);
    double[] uneven = wave(n, period, 0);
    for (int i = 0; i < n; i++) {
      if (((int) (i / period)) % 2 == 1) {
        uneven[i] = 10.0 + 0.3 * (uneven[i] - 10.0);
      }
    }
    double[] sure = RowPitch.pitchFromProfile(even);
    double[] unsure = RowPitch.pitchFromProfile(uneven);
    assertThat(sure[1]).isGreaterThan(unsure == null ? 0 : unsure[1]);
  }

  @Test
  void aFlatOrTooShortProfileHasNoPitch() {
    assertThat(RowPitch.pitchFromProfile(new double[40])).isNull();
    assertThat(RowPitch.pitchFromProfile(wave(8, 4, 0)))
        .as("shorter than the least lag allows")
        .isNull();
    assertThat(RowPitch.pitchFromProfile(wave(9, 4.5, 0))).isNotNull();
  }
}
