package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The motion-axis estimator's two explanations of a change, each on the moves only it can explain.
 */
class MotionAxisEstimatorTest {

  /** A smooth texture (a few low-frequency waves) sampled at {@code (x + dx, y + dy)}. */
  private static GreyRaster waves(long seed, int w, int h, double dx, double dy) {
    Random r = new Random(seed);
    int n = 4;
    double[] fx = new double[n];
    double[] fy = new double[n];
    double[] phase = new double[n];
    for (int k = 0; k < n; k++) {
      double angle =
          (k + 0.5 * r.nextDouble())
              * Math.PI
              / n; // spread, so the texture is not one stripe direction
      double period = 14 + r.nextDouble() * 24;
      fx[k] = Math.cos(angle) * 2 * Math.PI / period;
      fy[k] = Math.sin(angle) * 2 * Math.PI / period;
      phase[k] = r.nextDouble() * 2 * Math.PI;
    }
    byte[] px = new byte[w * h];
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        double v = 0;
        for (int k = 0; k < n; k++) {
          v += Math.sin(fx[k] * (x + dx) + fy[k] * (y + dy) + phase[k]);
        }
        px[y * w + x] = (byte) Math.round(128 + 30 * v);
      }
    }
    return GreyRaster.of(w, h, px);
  }

  @Test
  void aMoveOfLessThanAPixelHasTheAxisItMovedAlong() {
    // The last frames of a slowing wheel or page move by a fraction of a pixel: no whole-pixel
    // shift explains that (each is as far from the truth as no shift), only the gradient step does.
    qt().withExamples(40)
        .forAll(longs().all(), doubles().between(0.25, 0.75), integers().between(0, 3))
        .checkAssert(
            (seed, amount, direction) -> {
              double dx = direction == 0 ? amount : direction == 1 ? -amount : 0;
              double dy = direction == 2 ? amount : direction == 3 ? -amount : 0;
              GreyRaster a = waves(seed, 150, 170, 0, 0);
              GreyRaster b = waves(seed, 150, 170, dx, dy);
              PixelRect all = PixelRect.full(150, 170);
              PrimaryAxis expected = dx != 0 ? PrimaryAxis.HORIZONTAL : PrimaryAxis.VERTICAL;
              assertThat(MotionAxisEstimator.estimate(a, b, all))
                  .as("move (%s, %s)", dx, dy)
                  .isEqualTo(expected);
              assertThat(MotionAxisEstimator.estimate(b, a, all))
                  .as("move (%s, %s) back", dx, dy)
                  .isEqualTo(expected);
            });
  }

  @Test
  void aSubPixelMoveAtFortyFiveDegreesHasNoAxis() {
    GreyRaster a = waves(7, 150, 170, 0, 0);
    GreyRaster b = waves(7, 150, 170, 0.5, 0.5);
    assertThat(MotionAxisEstimator.estimate(a, b, PixelRect.full(150, 170)))
        .isEqualTo(PrimaryAxis.NONE);
  }

  @Test
  void theGradientStepRecoversASmallTranslation() {
    qt().withExamples(40)
        .forAll(longs().all(), doubles().between(-0.5, 0.5), doubles().between(-0.5, 0.5))
        .checkAssert(
            (seed, dx, dy) -> {
              GreyRaster a = waves(seed, 120, 100, 0, 0);
              GreyRaster b = waves(seed, 120, 100, dx, dy);
              PixelRect all = PixelRect.full(120, 100);
              float[] ga = MotionAxisEstimator.grid(a, all, 1, 1, 120, 100);
              float[] gb = MotionAxisEstimator.grid(b, all, 1, 1, 120, 100);
              double[] lk = MotionAxisEstimator.lucasKanade(ga, gb, 120, 100);
              // B samples the texture at (x + dx, y + dy): its content moved by (-dx, -dy).
              assertThat(lk[0]).as("u for (%s, %s)", dx, dy).isCloseTo(-dx, Offset.offset(0.05));
              assertThat(lk[1]).as("v for (%s, %s)", dx, dy).isCloseTo(-dy, Offset.offset(0.05));
              assertThat(lk[2]).as("unexplained").isBetween(0.0, 1.0);
              if (Math.max(Math.abs(dx), Math.abs(dy)) >= 0.2) {
                // past the rounding of the pixels to whole levels, the translation explains the
                // change
                assertThat(lk[2]).as("unexplained for (%s, %s)", dx, dy).isLessThan(0.25);
              }
            });
  }

  @Test
  void theGradientStepNeedsTextureAndRoom() {
    float[] flat = new float[25];
    float[] brighter = new float[25];
    java.util.Arrays.fill(brighter, 9f);
    assertThat(MotionAxisEstimator.lucasKanade(flat, brighter, 5, 5)).as("no texture").isNull();
    GreyRaster textured = waves(3, 20, 20, 0, 0);
    float[] g = MotionAxisEstimator.grid(textured, PixelRect.full(20, 20), 1, 1, 20, 20);
    assertThat(MotionAxisEstimator.lucasKanade(g, g, 20, 20)).as("no change").isNull();
    assertThat(
            MotionAxisEstimator.lucasKanade(
                g,
                MotionAxisEstimator.grid(
                    waves(3, 20, 20, 0.3, 0), PixelRect.full(20, 20), 1, 1, 20, 20),
                20,
                20))
        .as("a small move")
        .isNotNull();
    assertThat(MotionAxisEstimator.lucasKanade(new float[10], new float[10], 2, 5))
        .as("too narrow")
        .isNull();
    assertThat(MotionAxisEstimator.lucasKanade(new float[10], new float[10], 5, 2))
        .as("too low")
        .isNull();
  }
}
