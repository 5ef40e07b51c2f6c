package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.RowPitchResult;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RowPitchTest {

  private static final String[] FONTS = {
    "SansSerif", "Serif", "Monospaced", "DejaVu Sans Condensed"
  };
  private static final int[] FONT_SIZES = {26, 40, 60};
  private static final double[] SPACING = {1.5, 1.9, 2.4};

  /** One rendered wheel, measured in a column band around it. */
  record Case(
      int rows,
      String font,
      int fontSize,
      double pitch,
      ScreenRenderer.Selection sel,
      RowPitchResult result) {}

  static Case measureWheel(
      int rows,
      String font,
      int fontSize,
      double pitch,
      ScreenRenderer.Selection sel,
      int firstValue,
      float quality) {
    int width = 480;
    int centerX = 240;
    int height = (int) Math.ceil(rows * pitch + 240);
    int centerY = height / 2 + 7;
    BufferedImage img =
        ScreenRenderer.wheel(
            width, height, centerX, centerY, rows, pitch, font, fontSize, sel, firstValue);
    GreyRaster r = ScreenRenderer.viaJpeg(img, quality);
    int bandTop = Math.max(0, (int) (centerY - rows * pitch / 2 - 30));
    int bandBottom = Math.min(height - 1, (int) (centerY + rows * pitch / 2 + 30));
    PixelRect band = PixelRect.ofCorners(centerX - 150, bandTop, centerX + 149, bandBottom);
    return new Case(rows, font, fontSize, pitch, sel, RowPitch.measure(r, band));
  }

  @Test
  void pitchWithinTwoPercentAcrossFontsSizesAndRowCounts() {
    List<String> failures = new ArrayList<>();
    int i = 0;
    for (int rows = 3; rows <= 7; rows++) {
      for (String font : FONTS) {
        for (int s = 0; s < FONT_SIZES.length; s++) {
          int size = FONT_SIZES[s];
          double pitch = size * SPACING[(s + rows) % SPACING.length] + (i % 3) * 0.37;
          ScreenRenderer.Selection sel = ScreenRenderer.Selection.values()[i % 3];
          Case c = measureWheel(rows, font, size, pitch, sel, 10 + 7 * i, 0.8f);
          double err = Math.abs(c.result().pitchPx() - pitch) / pitch;
          if (err > 0.02 || c.result().confidence() < 0.5) {
            failures.add(c + String.format(" err=%.4f", err));
          }
          i++;
        }
      }
    }
    assertThat(failures).as("%d cases", i).isEmpty();
  }

  @Test
  void aBandHoldingFewerThanThreeWholeRowsIsMeasuredByTheAutocorrelation() {
    // A wheel in a short band (one or two whole rows, the rest cut at its edges) gives the row
    // fit nothing to fit: the pitch, its sub-pixel refinement and the confidence are the
    // autocorrelation's own. Its window spans barely two rows, so the pitch is good to 4% here
    // (a whole-row grid gets 2%; one whole row in 2.3 measured 3.3% long at confidence 0.74).
    List<String> failures = new ArrayList<>();
    int i = 0;
    for (double rowsInBand : new double[] {2.0, 2.15, 2.3}) {
      for (String font : FONTS) {
        for (int size : FONT_SIZES) {
          double pitch = size * (1.5 + 0.3 * (i % 3)) + (i % 4) * 0.37;
          int height = (int) Math.ceil(7 * pitch + 240);
          int centerY = height / 2 + 7;
          BufferedImage img =
              ScreenRenderer.wheel(
                  480,
                  height,
                  240,
                  centerY,
                  7,
                  pitch,
                  font,
                  size,
                  ScreenRenderer.Selection.values()[i % 3],
                  10 + 7 * i);
          GreyRaster r = ScreenRenderer.viaJpeg(img, 0.8f);
          int half = (int) Math.round(rowsInBand * pitch / 2);
          int off = (i % 5) * 3;
          PixelRect band = PixelRect.ofCorners(90, centerY - half + off, 389, centerY + half + off);
          double[] profile = RowPitch.gradientProfile(r, band);
          int whole = RowPitch.RowFit.rowMidpoints(profile, pitch).length;
          RowPitchResult res = RowPitch.measure(r, band);
          double err = Math.abs(res.pitchPx() - pitch) / pitch;
          if (whole >= 3 || err > 0.04 || res.confidence() < 0.6) {
            failures.add(
                String.format(
                    "%.1f rows, %s %d, pitch %.2f, %d whole rows: %s err=%.4f",
                    rowsInBand, font, size, pitch, whole, res, err));
          }
          i++;
        }
      }
    }
    assertThat(failures).as("%d cases", i).isEmpty();
  }

  @Test
  void rowsDrawnOnACylinderAreMeasuredAtTheirArcPitch() {
    // iOS pickers draw rows on a cylinder: an even grid fits the crowded outer rows and comes out
    // short; the selected row's centre lets the projection be fitted instead.
    List<String> failures = new ArrayList<>();
    int i = 0;
    for (String font : FONTS) {
      for (double radiusRows : new double[] {2.6, 3.1, 3.6}) {
        int size = 40 + 6 * (i % 3);
        double pitch = size * 2.2 + (i % 4) * 0.6;
        double radius = radiusRows * pitch;
        int height = 1400;
        int centerY = 700 + (i % 5) - 2;
        BufferedImage img =
            ScreenRenderer.cylinderWheel(
                480, height, 240, centerY, pitch, radius, font, size, 7 * i);
        GreyRaster r = ScreenRenderer.viaJpeg(img, 0.8f);
        double columnX = 240 / 479.0 * 1000;
        double centreNorm = centerY / (double) (height - 1) * 1000;
        RowPitchResult column =
            RowPitch.measureColumn(
                r, columnX, centreNorm, 100, (radius + 40) / (height - 1) * 1000);
        double err = Math.abs(column.pitchPx() - pitch) / pitch;
        if (err > 0.02 || column.confidence() < 0.6) {
          failures.add(
              String.format(
                  "%s size %d pitch %.1f radius %.1f: %s err=%.4f",
                  font, size, pitch, radius, column, err));
        }
        i++;
      }
    }
    assertThat(failures).as("%d cases", i).isEmpty();
  }

  @Test
  void anEvenGridWithoutTheCentreMeasuresACylinderShort() {
    // The same wheel measured without knowing its centre: the grid's pitch is the crowded rows'
    // mean spacing, which is why the wheel's centre matters.
    double pitch = 96;
    BufferedImage img =
        ScreenRenderer.cylinderWheel(480, 1400, 240, 700, pitch, 3.2 * pitch, "SansSerif", 44, 12);
    GreyRaster r = ScreenRenderer.viaJpeg(img, 0.8f);
    RowPitchResult grid = RowPitch.measure(r, PixelRect.ofCorners(140, 700 - 350, 339, 700 + 350));
    RowPitchResult column =
        RowPitch.measureColumn(
            r, 240 / 479.0 * 1000, 700 / 1399.0 * 1000, 100, 350 / 1399.0 * 1000);
    assertThat(grid.pitchPx()).isLessThan(0.96 * pitch);
    assertThat(column.pitchPx())
        .isCloseTo(pitch, org.assertj.core.data.Percentage.withPercentage(2));
  }

  @Test
  void aFlatWheelMeasuresTheSameWithOrWithoutItsCentre() {
    for (int rows = 5; rows <= 7; rows++) {
      BufferedImage img =
          ScreenRenderer.wheel(
              480,
              1400,
              240,
              700,
              rows,
              96,
              "SansSerif",
              44,
              ScreenRenderer.Selection.LINES,
              3 * rows);
      GreyRaster r = ScreenRenderer.viaJpeg(img, 0.8f);
      double halfNorm = (rows * 48 + 30) / 1399.0 * 1000;
      RowPitchResult column =
          RowPitch.measureColumn(r, 240 / 479.0 * 1000, 700 / 1399.0 * 1000, 100, halfNorm);
      int top = (int) Math.floor((700 / 1399.0 * 1000 - halfNorm) * 1399 / 1000.0);
      int bottom = (int) Math.ceil((700 / 1399.0 * 1000 + halfNorm) * 1399 / 1000.0);
      int left = (int) Math.floor((240 / 479.0 * 1000 - 100) * 479 / 1000.0);
      int right = (int) Math.ceil((240 / 479.0 * 1000 + 100) * 479 / 1000.0);
      RowPitchResult grid = RowPitch.measure(r, PixelRect.ofCorners(left, top, right, bottom));
      assertThat(column).as("%d rows", rows).isEqualTo(grid);
    }
  }

  @Test
  void normalizedPitchUsesTheHeightRule() {
    BufferedImage img =
        ScreenRenderer.wheel(
            1080, 2400, 540, 1200, 5, 120, "SansSerif", 56, ScreenRenderer.Selection.LINES, 0);
    GreyRaster full = ScreenRenderer.viaJpeg(img, 0.8f);
    RowPitchResult r = RowPitch.measureColumn(full, 500, 500);
    assertThat(r.pitchPx()).isCloseTo(120, org.assertj.core.data.Percentage.withPercentage(2));
    assertThat(r.pitchNorm())
        .isCloseTo(120 / 2399.0 * 1000, org.assertj.core.data.Percentage.withPercentage(2));
    assertThat(r.isConfident(0.5)).isTrue();
    // A half-size raster reports the same pitch in source pixels.
    RowPitchResult half = RowPitch.measureColumn(full.reduce(2), 500, 500);
    assertThat(half.pitchPx()).isCloseTo(120, org.assertj.core.data.Percentage.withPercentage(2));
    assertThat(half.pitchNorm())
        .isCloseTo(r.pitchNorm(), org.assertj.core.data.Percentage.withPercentage(2));
  }

  @Test
  void neverReportsAMultipleOfThePitch() {
    // Selected row in a much heavier style: the strongest repetition is still one row, not two.
    for (ScreenRenderer.Selection sel : ScreenRenderer.Selection.values()) {
      Case c = measureWheel(7, "Serif", 30, 64, sel, 3, 0.7f);
      assertThat(c.result().pitchPx())
          .as(c.toString())
          .isCloseTo(64, org.assertj.core.data.Percentage.withPercentage(2));
    }
  }

  @Test
  void alternatingRowStylesStillGiveOneRowNotTwo() {
    // Even rows big and black, odd rows small and pale: the profile repeats exactly only every
    // two rows, yet the row pitch is one row.
    double pitch = 70;
    BufferedImage img = new BufferedImage(400, 900, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = ScreenRenderer.graphics(img);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, 400, 900);
    for (int i = 0; i < 11; i++) {
      boolean even = i % 2 == 0;
      g.setColor(even ? Color.BLACK : new Color(150, 150, 150));
      g.setFont(
          new java.awt.Font(
              "SansSerif", even ? java.awt.Font.BOLD : java.awt.Font.PLAIN, even ? 40 : 22));
      g.drawString(String.format("%02d", i * 3), 170, (float) (80 + i * pitch));
    }
    g.dispose();
    RowPitchResult r =
        RowPitch.measure(ScreenRenderer.viaJpeg(img, 0.8f), new PixelRect(50, 20, 300, 840));
    assertThat(r.pitchPx())
        .as(r.toString())
        .isCloseTo(pitch, org.assertj.core.data.Percentage.withPercentage(2));
  }

  /** A profile with text rows of {@code height} samples starting at {@code starts}. */
  private static double[] rows(int length, int height, double... starts) {
    double[] f = new double[length];
    for (double s : starts) {
      for (int i = (int) Math.round(s); i < Math.round(s) + height && i < length; i++) {
        f[i] = 0.9;
      }
    }
    return f;
  }

  @Test
  void aFadedRowAtTheBandEdgeDoesNotHalveThePitch() {
    // Month names on an ios wheel (seed 1011 of the wheel benchmark): seven rows 25.4 apart and
    // a faded eighth row whose visible part is centred half a pitch off the grid. A grid of half
    // the pitch fits that eighth midpoint too; that alone once won and halved the pitch.
    double[] f = rows(241, 13, 38, 63.4, 88.8, 114.2, 139.6, 165, 190.4);
    for (int i = 229; i < 239; i++) {
      f[i] = 0.7; // the faded row: only its upper part shows above the band's edge
    }
    double[] pc = RowPitch.pitchFromProfile(f);
    assertThat(pc[0]).isCloseTo(25.4, org.assertj.core.data.Offset.offset(0.5));
  }

  @Test
  void aLabelBelowAThreeRowWheelNeitherBendsThePitchNorSinksConfidence() {
    // An android NumberPicker shows three rows; a text field 54 samples below the last row is
    // other content (seed 1006 of the wheel benchmark measured 6% long at confidence 0.74).
    double[] f = rows(241, 15, 67, 112.75, 158.5, 212);
    double[] pc = RowPitch.pitchFromProfile(f);
    assertThat(pc[0]).isCloseTo(45.75, org.assertj.core.data.Offset.offset(0.5));
    assertThat(pc[1])
        .as("three even rows are trusted by wheel_nudge (0.6)")
        .isGreaterThanOrEqualTo(0.6);
  }

  @Test
  void aWheelAtItsEndWithALabelBelowIsNotTrustedOnALooseGrid() throws Exception {
    // A simulator frame (android, seed 9021): the month wheel at December draws November and
    // December 75 px apart and nothing below them, then a label further down. A grid of 85.7 px
    // fits all three at rms 4.5 px and was trusted at 0.72, so nudges planned on it landed a row
    // off; trusted, a pitch must be the true one.
    GreyRaster shot;
    try (java.io.InputStream in =
        getClass().getResourceAsStream("/frames/android-month-wheel-at-december.jpg")) {
      shot = ImageDecoder.decode(in.readAllBytes(), DecodeOptions.DEFAULT);
    }
    RowPitchResult r = RowPitch.measureColumn(shot, 241.19, 375.31);
    assertThat(!r.found() || r.confidence() < 0.6 || Math.abs(r.pitchPx() - 75) <= 0.05 * 75)
        .as(r.toString())
        .isTrue();
    assertThat(r.found() && r.confidence() >= 0.6).as("this frame is not trusted: " + r).isFalse();
  }

  @Test
  void threeRowsWithAStrayRowBetweenThemAreNotTrusted() {
    // The same three rows, but with an extra text line off the grid between two of them: the grid
    // does not
    // explain what lies inside its own span, so the spacing is not trusted.
    double[] f = rows(241, 15, 67, 112.75, 131, 158.5);
    double[] pc = RowPitch.pitchFromProfile(f);
    assertThat(pc == null || pc[1] < 0.6).as(java.util.Arrays.toString(pc)).isTrue();
  }

  @Test
  void lowConfidenceOnPhotoLikeNoise() {
    BufferedImage img = new BufferedImage(400, 900, BufferedImage.TYPE_INT_RGB);
    Random rnd = new Random(11);
    Graphics2D g = ScreenRenderer.graphics(img);
    for (int k = 0; k < 400; k++) {
      g.setColor(new Color(rnd.nextInt(256), rnd.nextInt(256), rnd.nextInt(256)));
      g.fillOval(
          rnd.nextInt(400) - 40,
          rnd.nextInt(900) - 40,
          10 + rnd.nextInt(120),
          10 + rnd.nextInt(120));
    }
    g.dispose();
    for (int y = 0; y < 900; y++) {
      for (int x = 0; x < 400; x++) {
        int v = Math.max(0, Math.min(255, ((img.getRGB(x, y) >> 8) & 0xFF) + rnd.nextInt(41) - 20));
        img.setRGB(x, y, (img.getRGB(x, y) & 0xFF00FF) | (v << 8));
      }
    }
    RowPitchResult r =
        RowPitch.measure(ScreenRenderer.viaJpeg(img, 0.8f), new PixelRect(50, 0, 300, 900));
    assertThat(r.confidence()).as(r.toString()).isLessThan(0.3);
  }

  @Test
  void notFoundOnABlankArea() {
    BufferedImage img = new BufferedImage(400, 900, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(new Color(236, 236, 240));
    g.fillRect(0, 0, 400, 900);
    g.dispose();
    RowPitchResult r =
        RowPitch.measure(ScreenRenderer.viaJpeg(img, 0.5f), new PixelRect(50, 0, 300, 900));
    assertThat(r).isEqualTo(RowPitchResult.NOT_FOUND);
    assertThat(r.found()).isFalse();
  }

  @Test
  void lowConfidenceOnASingleRow() {
    for (ScreenRenderer.Selection sel : ScreenRenderer.Selection.values()) {
      BufferedImage img = ScreenRenderer.wheel(400, 900, 200, 450, 1, 90, "SansSerif", 48, sel, 5);
      RowPitchResult r =
          RowPitch.measure(ScreenRenderer.viaJpeg(img, 0.8f), new PixelRect(50, 0, 300, 900));
      assertThat(r.confidence()).as(sel + " " + r).isLessThan(0.3);
    }
  }

  @Test
  void badArgumentsAreRefusedByName() {
    GreyRaster r = GreyRaster.of(10, 10, new byte[100]);
    assertThatThrownBy(() -> RowPitch.measureColumn(r, Double.NaN, 500))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("column_x");
    assertThatThrownBy(() -> RowPitch.measureColumn(r, 500, 1200))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("center_y");
    assertThatThrownBy(() -> RowPitch.measureColumn(r, 500, 500, 0, 10))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("half_width");
    assertThatThrownBy(() -> RowPitch.measure(r, null))
        .isInstanceOf(SwipeException.class)
        .satisfies(e -> assertThat(((SwipeException) e).code().id()).isEqualTo("invalid_argument"));
    assertThatThrownBy(() -> RowPitch.measure(r, new PixelRect(20, 0, 5, 5)))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("outside");
    // A band too small to hold two rows is not an error, just nothing found.
    assertThat(RowPitch.measure(r, new PixelRect(0, 0, 10, 5))).isEqualTo(RowPitchResult.NOT_FOUND);
  }
}
