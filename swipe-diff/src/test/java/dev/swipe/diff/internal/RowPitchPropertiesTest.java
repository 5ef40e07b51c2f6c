package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.RowPitchResult;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/** Properties of row pitch over generated wheels (small rasters, real JPEG round trips). */
class RowPitchPropertiesTest {

  private static final String[] FONTS = {"SansSerif", "Serif", "Monospaced"};
  private static final int WIDTH = 240;

  private static BufferedImage wheel(
      int height, int centerY, int rows, double pitch, int font, int fontSize, int selection) {
    return ScreenRenderer.wheel(
        WIDTH,
        height,
        WIDTH / 2,
        centerY,
        rows,
        pitch,
        FONTS[font],
        fontSize,
        ScreenRenderer.Selection.values()[selection],
        3 * font + rows);
  }

  private static RowPitchResult measure(BufferedImage img) {
    GreyRaster r = ScreenRenderer.viaJpeg(img, 0.85f);
    return RowPitch.measure(r, new PixelRect(20, 0, r.width() - 40, r.height()));
  }

  @Test
  void pitchHoldsWhereverTheRowsSit() {
    qt().withExamples(40)
        .forAll(
            integers().between(3, 7),
            integers().between(16, 40),
            integers().between(150, 240),
            integers().between(1, 60))
        .checkAssert(
            (rows, fontSize, spacing, dy) -> {
              double pitch = fontSize * spacing / 100.0;
              int height = (int) Math.ceil(rows * pitch) + 200;
              int font = (rows + fontSize) % FONTS.length;
              int selection = (fontSize + spacing) % 3;
              int centerY = 100 + (int) Math.ceil(rows * pitch / 2) - 30;
              RowPitchResult base =
                  measure(wheel(height, centerY, rows, pitch, font, fontSize, selection));
              RowPitchResult moved =
                  measure(wheel(height, centerY + dy, rows, pitch, font, fontSize, selection));
              assertThat(base.isConfident(0.5)).as("base %s", base).isTrue();
              assertThat(moved.isConfident(0.5)).as("moved %s", moved).isTrue();
              // Each reading within 2% of the drawn pitch wherever the rows sit (the wheel policy's
              // bound); two readings may then differ by up to twice that.
              assertThat(base.pitchPx())
                  .as("pitch %s", pitch)
                  .isCloseTo(pitch, Percentage.withPercentage(2));
              assertThat(moved.pitchPx())
                  .as("pitch %s moved by %d", pitch, dy)
                  .isCloseTo(pitch, Percentage.withPercentage(2));
            });
  }

  @Test
  void aPitchSeenOnceIsRefinedBetweenSamples() {
    // One whole row between two cut ones: no row fit, no later multiple. The autocorrelation's
    // peak is a whole lag; only its sub-pixel refinement gets a pitch of 12.3 samples within 1%.
    qt().withExamples(80)
        .forAll(integers().between(120, 600), integers().between(17, 21))
        .checkAssert(
            (tenths, spanTenths) -> {
              double pitch = tenths / 10.0;
              int n = (int) Math.round(spanTenths / 10.0 * pitch);
              double[] f = new double[n];
              for (int i = 0; i < n; i++) {
                f[i] = 0.5 + 0.45 * Math.cos(2 * Math.PI * (i - n / 2.0) / pitch);
              }
              assertThat(RowPitch.RowFit.rowMidpoints(f, pitch)).hasSize(1);
              double[] pc = RowPitch.pitchFromProfile(f);
              assertThat(pc[0])
                  .as("pitch %s over %d samples", pitch, n)
                  .isCloseTo(pitch, Percentage.withPercentage(1));
              // trusted by wheel_nudge (0.6), but below a pitch that its multiples repeat
              assertThat(pc[1]).as("confidence").isBetween(0.6, 0.75);
            });
  }

  @Test
  void pitchScalesWithResizing() {
    qt().withExamples(30)
        .forAll(
            integers().between(3, 7),
            integers().between(20, 40),
            integers().between(160, 230),
            integers().between(60, 160))
        .checkAssert(
            (rows, fontSize, spacing, percent) -> {
              double pitch = fontSize * spacing / 100.0;
              int height = (int) Math.ceil(rows * pitch) + 160;
              int font = (rows + spacing) % FONTS.length;
              BufferedImage img = wheel(height, height / 2, rows, pitch, font, fontSize, rows % 3);
              double factor = percent / 100.0;
              int w = (int) Math.round(WIDTH * factor);
              int h = (int) Math.round(height * factor);
              BufferedImage resized = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
              Graphics2D g = resized.createGraphics();
              g.setRenderingHint(
                  RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
              g.drawImage(img, 0, 0, w, h, null);
              g.dispose();
              RowPitchResult original = measure(img);
              RowPitchResult scaled = measure(resized);
              double actualFactor = h / (double) height;
              assertThat(scaled.isConfident(0.5)).as("scaled %s", scaled).isTrue();
              assertThat(scaled.pitchPx() / original.pitchPx())
                  .as("x%s: %s vs %s", actualFactor, scaled, original)
                  .isCloseTo(actualFactor, Percentage.withPercentage(3));
              // Normalized pitch (height rule) barely moves when the whole screenshot is resized.
              assertThat(scaled.pitchNorm())
                  .isCloseTo(original.pitchNorm(), Percentage.withPercentage(3));
            });
  }
}
