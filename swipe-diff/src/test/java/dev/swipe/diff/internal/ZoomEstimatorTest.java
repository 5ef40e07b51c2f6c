package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ZoomChange;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class ZoomEstimatorTest {

  private static final int W = 720;
  private static final int H = 1600;

  private static ZoomChange estimate(ZoomScreens.Kind kind, long seed, ZoomScreens.Pinch p) {
    ZoomScreens.Frames f = ZoomScreens.pinch(kind, seed, W, H, p, 0.8f, true);
    return ZoomEstimator.estimate(f.before(), f.after());
  }

  @Test
  void mapZoomedInIsIn() {
    ZoomChange z =
        estimate(ZoomScreens.Kind.MAP, 11, new ZoomScreens.Pinch(2.0, 0, 300, 900, 0, 0));
    assertThat(z.observed()).isTrue();
    assertThat(z.direction()).isEqualTo(ZoomChange.Direction.IN);
    assertThat(z.scale()).isCloseTo(2.0, org.assertj.core.data.Percentage.withPercentage(10));
    assertThat(z.rotationDegrees()).isZero();
    assertThat(z.support()).isGreaterThanOrEqualTo(ZoomEstimator.MIN_SUPPORT);
  }

  @Test
  void photoZoomedOutIsOut() {
    ZoomChange z =
        estimate(ZoomScreens.Kind.PHOTO, 12, new ZoomScreens.Pinch(0.5, 0, 400, 700, 0, 0));
    assertThat(z.direction()).isEqualTo(ZoomChange.Direction.OUT);
    assertThat(z.scale()).isCloseTo(0.5, org.assertj.core.data.Percentage.withPercentage(10));
  }

  @Test
  void pageZoomedWithTurnAndPanGivesScaleAndTurn() {
    ZoomChange z =
        estimate(ZoomScreens.Kind.PAGE, 13, new ZoomScreens.Pinch(1.6, 12, 360, 800, 30, -50));
    assertThat(z.direction()).isEqualTo(ZoomChange.Direction.IN);
    assertThat(z.scale()).isCloseTo(1.6, org.assertj.core.data.Percentage.withPercentage(10));
    assertThat(z.rotationDegrees()).isCloseTo(12, org.assertj.core.data.Offset.offset(3.0));
  }

  @Test
  void centreIsWhereTheFingersPinched() {
    ZoomChange z =
        estimate(ZoomScreens.Kind.MAP, 14, new ZoomScreens.Pinch(1.8, 0, 216, 960, 0, 0));
    assertThat(z.direction()).isEqualTo(ZoomChange.Direction.IN);
    // 216 of 720 and 960 of 1600 pixels, in the normalized space
    assertThat(z.centreX()).isCloseTo(300, org.assertj.core.data.Offset.offset(30.0));
    assertThat(z.centreY()).isCloseTo(600, org.assertj.core.data.Offset.offset(30.0));
  }

  @Test
  void largeZoomsBothWaysAreMeasured() {
    ZoomChange in =
        estimate(ZoomScreens.Kind.PHOTO, 15, new ZoomScreens.Pinch(3.0, 0, 360, 800, 0, 0));
    ZoomChange out =
        estimate(ZoomScreens.Kind.MAP, 16, new ZoomScreens.Pinch(0.33, 0, 360, 800, 0, 0));
    assertThat(in.direction()).isEqualTo(ZoomChange.Direction.IN);
    assertThat(in.scale()).isCloseTo(3.0, org.assertj.core.data.Percentage.withPercentage(10));
    assertThat(out.direction()).isEqualTo(ZoomChange.Direction.OUT);
    assertThat(out.scale()).isCloseTo(0.33, org.assertj.core.data.Percentage.withPercentage(10));
  }

  @Test
  void unchangedScreenIsNoZoomObserved() {
    for (ZoomScreens.Kind kind : ZoomScreens.Kind.FIRST) {
      BufferedImage img = ZoomScreens.render(kind, 21, ZoomScreens.worldView(21, W), W, H, true);
      GreyRaster a = ZoomScreens.decode(img, 0.8f);
      GreyRaster b = ZoomScreens.decode(img, 0.85f);
      ZoomChange z = ZoomEstimator.estimate(a, b);
      assertThat(z.observed()).as(kind.name()).isTrue();
      assertThat(z.direction()).as(kind.name()).isEqualTo(ZoomChange.Direction.NONE);
      assertThat(z.scale())
          .as(kind.name())
          .isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.02));
      assertThat(z.centreX()).isEqualTo(500);
    }
  }

  @Test
  void scrollsAreNeverZooms() {
    double[][] moves = {{0, -500}, {0, 300}, {-250, 0}, {400, 0}, {0, -90}};
    for (ZoomScreens.Kind kind : ZoomScreens.Kind.values()) {
      for (double[] m : moves) {
        ZoomChange z =
            estimate(kind, 22, new ZoomScreens.Pinch(1.0, 0, W / 2.0, H / 2.0, m[0], m[1]));
        assertThat(z.direction())
            .as(kind + " moved by " + m[0] + "," + m[1])
            .isEqualTo(ZoomChange.Direction.NONE);
      }
    }
  }

  @Test
  void listScrollIsNeverAZoom() {
    GreyRaster a = ZoomScreens.decode(ScreenRenderer.listScreen(W, H, 0), 0.8f);
    for (int scroll : new int[] {60, 300, 700}) {
      GreyRaster b = ZoomScreens.decode(ScreenRenderer.listScreen(W, H, scroll), 0.8f);
      assertThat(ZoomEstimator.estimate(a, b).direction()).isEqualTo(ZoomChange.Direction.NONE);
    }
  }

  @Test
  void unrelatedScreenIsUnobserved() {
    GreyRaster map =
        ZoomScreens.decode(
            ZoomScreens.render(ZoomScreens.Kind.MAP, 31, ZoomScreens.worldView(31, W), W, H, false),
            0.8f);
    GreyRaster otherMap =
        ZoomScreens.decode(
            ZoomScreens.render(ZoomScreens.Kind.MAP, 32, ZoomScreens.worldView(32, W), W, H, false),
            0.8f);
    GreyRaster photo =
        ZoomScreens.decode(
            ZoomScreens.render(
                ZoomScreens.Kind.PHOTO, 33, ZoomScreens.worldView(33, W), W, H, false),
            0.8f);
    GreyRaster list = ZoomScreens.decode(ScreenRenderer.listScreen(W, H, 0), 0.8f);
    assertThat(ZoomEstimator.estimate(map, otherMap)).isEqualTo(ZoomChange.UNOBSERVED);
    assertThat(ZoomEstimator.estimate(map, photo)).isEqualTo(ZoomChange.UNOBSERVED);
    assertThat(ZoomEstimator.estimate(photo, list)).isEqualTo(ZoomChange.UNOBSERVED);
  }

  @Test
  void unrelatedScreensOfOnePatternAreNoZoom() {
    for (ZoomScreens.Frames f : ZoomScreens.knownAliases()) {
      assertThat(ZoomEstimator.estimate(f.before(), f.after())).isEqualTo(ZoomChange.UNOBSERVED);
    }
  }

  @Test
  void blankScreenIsUnobserved() {
    BufferedImage blank = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = blank.createGraphics();
    g.setColor(new Color(250, 250, 250));
    g.fillRect(0, 0, W, H);
    g.dispose();
    GreyRaster a = ZoomScreens.decode(blank, 0.8f);
    GreyRaster map =
        ZoomScreens.decode(
            ZoomScreens.render(ZoomScreens.Kind.MAP, 41, ZoomScreens.worldView(41, W), W, H, false),
            0.8f);
    assertThat(ZoomEstimator.estimate(a, a)).isEqualTo(ZoomChange.UNOBSERVED);
    assertThat(ZoomEstimator.estimate(a, map)).isEqualTo(ZoomChange.UNOBSERVED);
    assertThat(ZoomEstimator.estimate(map, a)).isEqualTo(ZoomChange.UNOBSERVED);
  }

  @Test
  void framesOfDifferentSizesAreRefused() {
    GreyRaster a = GreyRaster.of(10, 10, new byte[100]);
    GreyRaster b = GreyRaster.of(10, 20, new byte[200]);
    assertThatThrownBy(() -> ZoomEstimator.estimate(a, b)).isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> ZoomEstimator.estimate(a, null)).isInstanceOf(SwipeException.class);
  }

  @Test
  void tinyFramesAreUnobserved() {
    byte[] px = new byte[40 * 40];
    for (int i = 0; i < px.length; i++) {
      px[i] = (byte) ((i * 37) % 251);
    }
    GreyRaster a = GreyRaster.of(40, 40, px);
    assertThat(ZoomEstimator.estimate(a, a).observed()).isFalse();
  }

  @Test
  void answerCannotContradictItself() {
    assertThatThrownBy(() -> new ZoomChange(true, ZoomChange.Direction.IN, 0.8, 0, 500, 500, 20))
        .isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> new ZoomChange(true, ZoomChange.Direction.OUT, 1.2, 0, 500, 500, 20))
        .isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> new ZoomChange(false, ZoomChange.Direction.IN, 2, 0, 500, 500, 0))
        .isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> new ZoomChange(true, ZoomChange.Direction.IN, Double.NaN, 0, 0, 0, 1))
        .isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> new ZoomChange(true, ZoomChange.Direction.NONE, 1, 200, 0, 0, 1))
        .isInstanceOf(SwipeException.class);
    assertThatThrownBy(() -> new ZoomChange(true, null, 1, 0, 0, 0, 1))
        .isInstanceOf(SwipeException.class);
    assertThat(new ZoomChange(true, ZoomChange.Direction.NONE, 1.01, 0, 500, 500, 30).observed())
        .isTrue();
  }

  @Test
  void directionIdsRoundTrip() {
    for (ZoomChange.Direction d : ZoomChange.Direction.values()) {
      assertThat(ZoomChange.Direction.fromId(d.id())).isEqualTo(d);
    }
    assertThat(ZoomChange.Direction.IN.id()).isEqualTo("in");
    assertThatThrownBy(() -> ZoomChange.Direction.fromId("sideways"))
        .isInstanceOf(SwipeException.class);
  }
}
