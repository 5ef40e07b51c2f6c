package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The row-pitch measurement's parts on profiles whose rows are known exactly: the text-row envelope
 * against a brute-force oracle, row midpoints, the even-grid fit and the cylinder fit.
 */
class RowPitchPartsTest {

  @Test
  void theProfileIsEachRowsMeanGradientSoftSaturated() {
    qt().withExamples(150)
        .forAll(longs().all())
        .checkAssert(
            seed -> {
              Random r = new Random(seed);
              int w = 2 + r.nextInt(40);
              int h = 9 + r.nextInt(40);
              byte[] px = new byte[w * h];
              int contrast = r.nextInt(4) == 0 ? 2 : 256; // now and then too faint to be text
              for (int i = 0; i < px.length; i++) {
                px[i] = (byte) r.nextInt(contrast);
              }
              GreyRaster raster = GreyRaster.of(w, h, px);
              int x = r.nextInt(w - 1);
              int y = r.nextInt(h - 8);
              PixelRect band =
                  new PixelRect(x, y, 2 + r.nextInt(w - x - 1), 9 + r.nextInt(h - y - 8));
              double[] raw = new double[band.height()];
              for (int i = 0; i < raw.length; i++) {
                double s = 0;
                for (int k = 1; k < band.width(); k++) {
                  s +=
                      Math.abs(
                          raster.get(band.x() + k, band.y() + i)
                              - raster.get(band.x() + k - 1, band.y() + i));
                }
                raw[i] = s / (band.width() - 1);
              }
              double[] sorted = raw.clone();
              Arrays.sort(sorted);
              double high = sorted[(int) Math.floor(0.9 * (raw.length - 1))];
              double[] got = RowPitch.gradientProfile(raster, band);
              if (sorted[raw.length - 1] < 1.5 || high <= 0) {
                assertThat(got).as("blank band").isNull();
                return;
              }
              double knee = Math.max(1.5, 0.15 * high);
              assertThat(got).hasSize(raw.length);
              for (int i = 0; i < raw.length; i++) {
                assertThat(got[i])
                    .as("row %d", i)
                    .isCloseTo(raw[i] / (raw[i] + knee), Offset.offset(1e-12));
              }
            });
  }

  @Test
  void aBandTooSmallForTwoPitchesHasNoProfile() {
    byte[] px = new byte[20 * 20];
    new Random(3).nextBytes(px);
    GreyRaster r = GreyRaster.of(20, 20, px);
    assertThat(RowPitch.gradientProfile(r, new PixelRect(0, 0, 1, 20))).as("one column").isNull();
    assertThat(RowPitch.gradientProfile(r, new PixelRect(0, 0, 2, 20))).isNotNull();
    assertThat(RowPitch.gradientProfile(r, new PixelRect(0, 0, 20, 2 * RowPitch.MIN_LAG))).isNull();
    assertThat(RowPitch.gradientProfile(r, new PixelRect(0, 0, 20, 2 * RowPitch.MIN_LAG + 1)))
        .isNotNull();
  }

  /**
   * A text-row envelope: rows centred at {@code centres}, each a plateau of half-width {@code half}
   * with linear flanks of slope 1/4 per sample, so it crosses 60% of its height exactly {@code half
   * + 1.6} samples from its centre.
   */
  private static double[] rows(int n, double[] centres, double half) {
    double[] f = new double[n];
    for (int i = 0; i < n; i++) {
      for (double c : centres) {
        double v = Math.max(0, Math.min(1, 1 - 0.25 * (Math.abs(i - c) - half)));
        f[i] = Math.max(f[i], v);
      }
    }
    return f;
  }

  /**
   * The rows whose samples above 60% lie wholly inside the profile, neither touching its first nor
   * last sample.
   */
  private static double[] wholeRows(int n, double[] centres, double half) {
    List<Double> whole = new ArrayList<>();
    for (double c : centres) {
      double lo = c - half - 1.6;
      double hi = c + half + 1.6;
      if (Math.ceil(lo) >= 1 && Math.floor(hi) <= n - 2) {
        whole.add(c);
      }
    }
    return whole.stream().mapToDouble(Double::doubleValue).toArray();
  }

  @Test
  void evenRowsAreFoundAtTheirCentresAndTheirSpacingIsThePitch() {
    qt().withExamples(200)
        .forAll(longs().all(), doubles().between(14.0, 40.0), integers().between(2, 7))
        .checkAssert(
            (seed, pitch, count) -> {
              Random r = new Random(seed);
              double first =
                  r.nextDouble() * pitch
                      - 0.5 * pitch; // the first row may be cut by the band's top
              int n = (int) Math.ceil(first + count * pitch + r.nextDouble() * pitch);
              double[] centres = new double[count + 1];
              for (int k = 0; k <= count; k++) {
                centres[k] = first + k * pitch;
              }
              double half = 0.2 * pitch;
              double[] f = rows(n, centres, half);
              double[] expected = wholeRows(n, centres, half);
              double[] mids = RowPitch.RowFit.rowMidpoints(f, pitch);
              assertThat(mids)
                  .as("pitch %s first %s n %d", pitch, first, n)
                  .hasSameSizeAs(expected);
              for (int i = 0; i < mids.length; i++) {
                assertThat(mids[i]).isCloseTo(expected[i], Offset.offset(1e-9));
              }
              RowPitch.RowFit fit = RowPitch.RowFit.best(f, pitch * (0.98 + 0.04 * r.nextDouble()));
              if (expected.length < 2) {
                return;
              }
              assertThat(fit).isNotNull();
              assertThat(fit.fitted).isEqualTo(expected.length);
              assertThat(fit.pitch).isCloseTo(pitch, Offset.offset(1e-9));
              assertThat(fit.regularity()).isCloseTo(1.0, Offset.offset(1e-9));
              double base =
                  expected.length < 3 ? 0 : Math.min(1.0, 0.7 + 0.1 * (expected.length - 3));
              assertThat(fit.confidence()).isCloseTo(base, Offset.offset(1e-9));
              double[] pc = RowPitch.pitchFromProfile(f);
              if (expected.length >= 3) {
                // the whole rows agree with the autocorrelation, so their spacing is the answer
                assertThat(pc).isNotNull();
                assertThat(pc[0]).isCloseTo(pitch, Offset.offset(1e-9));
                assertThat(pc[1]).isGreaterThanOrEqualTo(base - 1e-9);
              }
            });
  }

  @Test
  void aDipShorterThanAFifthOfThePitchIsInsideARowAndASpeckIsNoRow() {
    int n = 200;
    double pitch = 40;
    double[] f = rows(n, new double[] {50, 90, 130}, 8);
    // a dip of one sample inside the middle row (a horizontal stroke)
    f[90] = 0.1;
    double[] mids = RowPitch.RowFit.rowMidpoints(f, pitch);
    assertThat(mids).containsExactly(new double[] {50, 90, 130}, Offset.offset(1e-9));
    // a speck of one sample between rows is not a row
    f[110] = 1.0;
    assertThat(RowPitch.RowFit.rowMidpoints(f, pitch))
        .containsExactly(new double[] {50, 90, 130}, Offset.offset(1e-9));
    // a gap of a fifth of the pitch (8 samples) separates two rows; one sample less does not
    double[] split = rows(n, new double[] {60, 100}, 12);
    for (int i = 96; i < 104; i++) {
      split[i] = 0;
    }
    assertThat(RowPitch.RowFit.rowMidpoints(split, pitch)).hasSize(3);
    split[103] = 1.0;
    assertThat(RowPitch.RowFit.rowMidpoints(split, pitch))
        .containsExactly(new double[] {60, 100}, Offset.offset(1e-9));
  }

  /** Rows on a cylinder: row k at {@code centre + P sin(k a) / a}. */
  private static double[] cylinder(double centre, double arcPitch, double a, int k) {
    double[] c = new double[2 * k + 1];
    for (int j = -k; j <= k; j++) {
      c[j + k] = centre + arcPitch * Math.sin(j * a) / a;
    }
    return c;
  }

  @Test
  void rowsOnACylinderAreMeasuredAtTheArcPitch() {
    qt().withExamples(80)
        .forAll(
            doubles().between(40.0, 60.0),
            doubles().between(0.12, 0.3),
            doubles().between(-0.25, 0.25))
        .checkAssert(
            (arcPitch, a, off) -> {
              int n = 420;
              double centre = n / 2.0 + off * arcPitch;
              double[] f = rows(n, cylinder(centre, arcPitch, a, 3), 0.1 * arcPitch);
              double approx = 0.93 * arcPitch; // an even grid measures the crowded rows short
              double[] fit = RowPitch.CylinderFit.pitch(f, n / 2.0, approx);
              assertThat(fit).as("P %s a %s", arcPitch, a).isNotNull();
              assertThat(fit[0]).isCloseTo(arcPitch, Offset.offset(0.005 * arcPitch));
              assertThat(fit[1]).isCloseTo(0.9, Offset.offset(0.02)); // seven regular rows
            });
  }

  @Test
  void flatRowsAreLeftToTheEvenGrid() {
    double[] flat = rows(420, cylinder(210, 50, 1e-9, 3), 5);
    assertThat(RowPitch.CylinderFit.pitch(flat, 210, 50)).as("no curvature").isNull();
    double[] curved = rows(420, cylinder(210, 50, 0.25, 3), 5);
    assertThat(RowPitch.CylinderFit.pitch(curved, 210, 50)).isNotNull();
    assertThat(RowPitch.CylinderFit.pitch(curved, 210 + 0.4 * 50, 50))
        .as("no row at the centre")
        .isNull();
    assertThat(RowPitch.CylinderFit.pitch(curved, 210, Double.NaN)).isNull();
    assertThat(RowPitch.CylinderFit.pitch(curved, 210, RowPitch.MIN_LAG - 0.5)).isNull();
    // one row on one side is too few to see a curve
    double[] oneSide = rows(420, new double[] {110, 160, 210, 259}, 5);
    assertThat(RowPitch.CylinderFit.pitch(oneSide, 210, 50)).isNull();
  }
}
