package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ZoomChange;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pan on a screen with too few corners for a fit (a sparse street map) is read from the whole
 * picture as no zoom, and nothing else is: not a zoom just out of the band of none, not an
 * unrelated screen.
 */
class ZoomAlongAShiftTest {
  private static final int W = 720;
  private static final int H = 1600;

  /**
   * The simulator's map before and after one-finger pans whose corners were too few for a fit: the
   * verdict was unobserved before the whole picture was read.
   */
  @ParameterizedTest
  @ValueSource(strings = {"a", "b"})
  void aPanTheCornersCouldNotReadIsNoZoom(String pan) throws IOException {
    byte[] before = resource("ios-map-sparse-pan-" + pan + "-before.jpg");
    byte[] after = resource("ios-map-sparse-pan-" + pan + "-after.jpg");
    ZoomChange z =
        ZoomEstimator.estimate(
            ImageDecoder.decode(before, DecodeOptions.FOR_DIFF),
            ImageDecoder.decode(after, DecodeOptions.FOR_DIFF));
    assertThat(z.observed()).as("%s", z).isTrue();
    assertThat(z.direction()).isEqualTo(ZoomChange.Direction.NONE);
    // the same pan with the map then zoomed 8% about a point off centre is no pan
    for (double s : new double[] {1.08, 1 / 1.08}) {
      ZoomChange zoomed =
          ZoomEstimator.estimate(
              ImageDecoder.decode(before, DecodeOptions.FOR_DIFF), zoomedBy(after, s, 0.4, 0.6));
      assertThat(zoomed.observed() && zoomed.direction() == ZoomChange.Direction.NONE)
          .as("zoomed %.3f: %s", s, zoomed)
          .isFalse();
    }
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = ZoomAlongAShiftTest.class.getResourceAsStream("/frames/" + name)) {
      assertThat(in).as(name).isNotNull();
      return in.readAllBytes();
    }
  }

  /** The frame zoomed by {@code s} about the point at {@code fx, fy} of its size. */
  private static GreyRaster zoomedBy(byte[] jpeg, double s, double fx, double fy)
      throws IOException {
    BufferedImage src = ImageIO.read(new ByteArrayInputStream(jpeg));
    BufferedImage out =
        new BufferedImage(src.getWidth(), src.getHeight(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = out.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    double cx = fx * src.getWidth();
    double cy = fy * src.getHeight();
    g.translate(cx, cy);
    g.scale(s, s);
    g.translate(-cx, -cy);
    g.drawImage(src, 0, 0, null);
    g.dispose();
    return ZoomScreens.decode(out, 0.85f);
  }

  @Test
  void aPanIsNeverReadAsAZoom() {
    // a regular street grid shifted can align with itself at many places, so not every pan of it
    // is read; none is read as a zoom
    Random r = new Random(20261206);
    for (ZoomScreens.Kind kind : ZoomScreens.Kind.values()) {
      for (int i = 0; i < 6; i++) {
        double panX = (r.nextDouble() - 0.5) * 0.6 * W;
        double panY = (r.nextDouble() - 0.5) * 0.6 * H;
        ZoomScreens.Pinch pan = new ZoomScreens.Pinch(1, 0, W / 2.0, H / 2.0, panX, panY);
        ZoomScreens.Frames f = ZoomScreens.pinch(kind, 700 + i, W, H, pan, 0.8f, i % 2 == 0);
        ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
        assertThat(!z.observed() || z.direction() == ZoomChange.Direction.NONE)
            .as("%s case %d: %s", kind, i, z)
            .isTrue();
      }
    }
  }

  @Test
  void aZoomJustOutOfTheBandOfNoneIsNeverReadAsAPan() {
    Random r = new Random(20261207);
    for (int i = 0; i < 16; i++) {
      boolean in = i % 2 == 0;
      double s = 1.06 + 0.1 * r.nextDouble();
      double scale = in ? s : 1 / s;
      ZoomScreens.Pinch p =
          new ZoomScreens.Pinch(
              scale,
              0,
              W * (0.2 + 0.6 * r.nextDouble()),
              H * (0.2 + 0.6 * r.nextDouble()),
              (r.nextDouble() - 0.5) * 0.4 * W,
              (r.nextDouble() - 0.5) * 0.4 * H);
      ZoomScreens.Frames f =
          ZoomScreens.pinch(ZoomScreens.Kind.STREETS, 800 + i, W, H, p, 0.8f, true);
      ZoomChange z = ZoomEstimator.estimate(f.before(), f.after());
      assertThat(ZoomScreens.wrongDirection(z, scale))
          .as("case %d (%.3f): %s", i, scale, z)
          .isFalse();
    }
  }

  @Test
  void anUnrelatedSparseScreenIsNotReadAsAPan() {
    ZoomScreens.Pinch still = new ZoomScreens.Pinch(1, 0, W / 2.0, H / 2.0, 0, 0);
    for (long seed = 900; seed < 906; seed++) {
      ZoomScreens.Frames a =
          ZoomScreens.pinch(ZoomScreens.Kind.STREETS, seed, W, H, still, 0.8f, true);
      ZoomScreens.Frames b =
          ZoomScreens.pinch(ZoomScreens.Kind.STREETS, seed + 50, W, H, still, 0.8f, true);
      assertThat(ZoomEstimator.estimate(a.before(), b.before()).observed())
          .as("seed %d", seed)
          .isFalse();
    }
  }
}
