package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.RowPitchResult;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/**
 * {@link RowPitch#measureColumn}'s band: where its four edges fall (a column whose labels reach
 * just past one edge is still measured), the height rule of the normalized pitch, and each limit of
 * its arguments.
 */
class RowPitchBandTest {
  /** 1001 pixels a side: a normalized unit is one pixel, so edges can be placed exactly. */
  private static final int SIZE = 1001;

  private static final int PITCH = 70;

  private static GreyRaster wheelAt(int centerX) {
    BufferedImage img =
        ScreenRenderer.wheel(
            SIZE, SIZE, centerX, 500, 5, PITCH, "SansSerif", 40, ScreenRenderer.Selection.NONE, 10);
    return ScreenRenderer.viaJpeg(img, 0.9f);
  }

  /** The first and last column holding ink (any pixel darker than mid-grey). */
  private static int[] inkColumns(GreyRaster r) {
    int first = -1;
    int last = -1;
    for (int x = 0; x < r.width(); x++) {
      for (int y = 0; y < r.height(); y++) {
        if (r.get(x, y) < 128) {
          if (first < 0) {
            first = x;
          }
          last = x;
          break;
        }
      }
    }
    assertThat(first).as("the wheel has ink").isNotNegative();
    return new int[] {first, last};
  }

  @Test
  void labelsReachingJustPastTheBandsLeftEdgeAreMeasured() {
    GreyRaster r = wheelAt(300);
    int right = inkColumns(r)[1];
    // the band is [columnX - 60, columnX + 60]; its left edge lies 20 columns inside the labels
    RowPitchResult result = RowPitch.measureColumn(r, right - 20 + 60, 500);
    assertThat(result.found()).as(result.toString()).isTrue();
    assertThat(result.pitchPx()).isCloseTo(PITCH, within(PITCH * 0.03));
    // a band starting past the labels sees none of them
    assertThat(RowPitch.measureColumn(r, right + 10 + 60, 500).found()).isFalse();
  }

  @Test
  void labelsReachingJustPastTheBandsRightEdgeAreMeasured() {
    GreyRaster r = wheelAt(700);
    int left = inkColumns(r)[0];
    RowPitchResult result = RowPitch.measureColumn(r, left + 20 - 60, 500);
    assertThat(result.found()).as(result.toString()).isTrue();
    assertThat(result.pitchPx()).isCloseTo(PITCH, within(PITCH * 0.03));
    assertThat(RowPitch.measureColumn(r, left - 10 - 60, 500).found()).isFalse();
  }

  @Test
  void theNormalizedPitchFollowsTheHeightRuleExactly() {
    BufferedImage img =
        ScreenRenderer.wheel(
            720, 1600, 360, 800, 5, 90, "SansSerif", 40, ScreenRenderer.Selection.LINES, 0);
    for (GreyRaster r :
        new GreyRaster[] {
          ScreenRenderer.viaJpeg(img, 0.9f), ScreenRenderer.viaJpeg(img, 0.9f).reduce(2)
        }) {
      RowPitchResult result = RowPitch.measureColumn(r, 500, 500);
      assertThat(result.found()).isTrue();
      // px = n / 1000 * (H - 1), on the source's height whatever the raster's reduction
      assertThat(result.pitchNorm()).isCloseTo(result.pitchPx() / 1599 * 1000, within(1e-9));
    }
  }

  @Test
  void aSingleRowIsNotAPitchAndNoFailure() {
    BufferedImage img =
        ScreenRenderer.wheel(
            SIZE, SIZE, 500, 500, 1, PITCH, "SansSerif", 40, ScreenRenderer.Selection.NONE, 10);
    RowPitchResult r =
        RowPitch.measureColumn(ScreenRenderer.viaJpeg(img, 0.9f), 500, 500, 200, 100);
    assertThat(r.isConfident(0.3)).as(r.toString()).isFalse();
  }

  @Test
  void eachArgumentIsTakenUpToItsLimitAndRefusedPastIt() {
    GreyRaster r = GreyRaster.of(10, 10, new byte[100]);
    assertThatCode(() -> RowPitch.measureColumn(r, 0, 1000, Double.MIN_VALUE, 1000))
        .doesNotThrowAnyException();
    assertThatCode(() -> RowPitch.measureColumn(r, 1000, 0, 1000, Double.MIN_VALUE))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> RowPitch.measureColumn(r, 1000.001, 500))
        .hasMessage("column_x must be a finite number within [0, 1000], got 1000.001");
    assertThatThrownBy(() -> RowPitch.measureColumn(r, 500, -0.001))
        .hasMessage("center_y must be a finite number within [0, 1000], got -0.001");
    assertThatThrownBy(() -> RowPitch.measureColumn(r, 500, 500, 10, 0))
        .isInstanceOf(SwipeException.class)
        .hasMessage("half_height must be a finite number within (0, 1000], got 0.0");
    assertThatThrownBy(() -> RowPitch.measureColumn(r, 500, 500, 1000.5, 10))
        .hasMessageContaining("half_width");
    assertThatThrownBy(() -> RowPitch.measureColumn(null, 500, 500))
        .isInstanceOf(SwipeException.class)
        .hasMessage("raster is required");
  }
}
