package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageCode;
import dev.swipe.diff.PixelRect;
import dev.swipe.diff.PrimaryAxis;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 32 item 4: a change of hue at equal brightness is a change. Two pastel onboarding pages of
 * equal luma once gave diff_ratio 0.010-0.018 (their text alone); the diff compares chroma too.
 */
class ColourDiffTest {

  private static final int W = ScreenRenderer.PHONE_W;
  private static final int H = ScreenRenderer.PHONE_H;

  private static BufferedImage pink;
  private static BufferedImage mint;

  @BeforeAll
  static void render() {
    pink = ColourScreens.pastelPage(W, H, ColourScreens.PINK, "Welcome");
    mint = ColourScreens.pastelPage(W, H, ColourScreens.MINT, "Discover");
  }

  @Test
  void thePastelsHaveEqualLumaAndAnotherHue() {
    assertThat(ColourScreens.luma(ColourScreens.PINK))
        .isCloseTo(
            ColourScreens.luma(ColourScreens.MINT), org.assertj.core.data.Offset.offset(0.5));
    assertThat(
            Math.abs(ColourScreens.cr(ColourScreens.PINK) - ColourScreens.cr(ColourScreens.MINT)))
        .isGreaterThan(40);
  }

  @Test
  void aSwitchBetweenPastelPagesOfEqualLumaIsAPageSwitch() {
    byte[] a = ScreenRenderer.jpeg(pink, 0.8f);
    byte[] b = ScreenRenderer.jpeg(mint, 0.8f);
    DiffResult forDiff = ImageDiff.compareImages(a, b);
    assertThat(forDiff.diffRatio()).isGreaterThanOrEqualTo(0.3);
    assertThat(forDiff.changed()).isTrue();
    DiffResult full = ImageDiff.compare(ImageDecoder.decode(a), ImageDecoder.decode(b));
    assertThat(full.diffRatio()).isGreaterThanOrEqualTo(0.3);
    assertThat(full.changed()).isTrue();
    GreyRaster ra = ImageDecoder.decode(a, DecodeOptions.FOR_DIFF);
    GreyRaster rb = ImageDecoder.decode(b, DecodeOptions.FOR_DIFF);
    assertThat(FrameStability.STRICT.compare(ra, rb).stable()).isFalse();
    assertThat(ImageDiff.compareNoticingShifts(ra, rb, null).changed()).isTrue();
    // the base64 path and a region of plain background see it too
    java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
    assertThat(ImageDiff.compareBase64(b64.encodeToString(a), b64.encodeToString(b)).diffRatio())
        .isGreaterThanOrEqualTo(0.3);
    assertThat(ImageDiff.compare(ra, rb, 0, 700, 1000, 100).diffRatio()).isGreaterThan(0.9);
  }

  @Test
  void theSamePastelPageReencodedAtAnotherQualityIsUnchanged() {
    for (BufferedImage page : new BufferedImage[] {pink, mint}) {
      for (float[] q : new float[][] {{0.6f, 0.95f}, {0.5f, 0.95f}, {0.5f, 0.6f}}) {
        byte[] a = ScreenRenderer.jpeg(page, q[0]);
        byte[] b = ScreenRenderer.jpeg(page, q[1]);
        DiffResult forDiff = ImageDiff.compareImages(a, b);
        assertThat(forDiff.diffRatio()).as("q%s vs q%s", q[0], q[1]).isLessThan(0.005);
        assertThat(forDiff.changed()).isFalse();
        assertThat(forDiff.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
        DiffResult full = ImageDiff.compare(ImageDecoder.decode(a), ImageDecoder.decode(b));
        assertThat(full.diffRatio()).isLessThan(0.005);
        assertThat(
                FrameStability.isStable(
                    ImageDecoder.decode(a, DecodeOptions.FOR_DIFF),
                    ImageDecoder.decode(b, DecodeOptions.FOR_DIFF)))
            .isTrue();
      }
    }
  }

  @Test
  void saturatedColourReencodedAtAnyQualityIsUnchanged() {
    // coloured text, lines and pure red/green/blue blocks on white: where 4:2:0 and chroma
    // quantization err the most (single 2x2 cells move by up to 55 levels)
    BufferedImage screen = ColourScreens.saturatedScreen(W, H);
    float[] qualities = {0.5f, 0.6f, 0.8f, 0.95f};
    for (int i = 0; i < qualities.length; i++) {
      for (int j = i + 1; j < qualities.length; j++) {
        byte[] a = ScreenRenderer.jpeg(screen, qualities[i]);
        byte[] b = ScreenRenderer.jpeg(screen, qualities[j]);
        assertThat(ImageDiff.compareImages(a, b).diffRatio())
            .as("q%s vs q%s", qualities[i], qualities[j])
            .isLessThan(0.005);
        assertThat(
                ImageDiff.compare(
                        ImageDecoder.decode(a), ImageDecoder.decode(b), 3.3, 101.7, 611.1, 777.7)
                    .diffRatio())
            .isLessThan(0.005);
      }
    }
  }

  @Test
  void aPngAndAJpegOfTheSamePastelPageAreUnchanged() {
    // fromImage computes chroma with the JFIF weights the JPEG codec uses
    GreyRaster png = ImageDecoder.decode(ScreenRenderer.png(pink), DecodeOptions.FOR_DIFF);
    GreyRaster jpg = ImageDecoder.decode(ScreenRenderer.jpeg(pink, 0.8f), DecodeOptions.FOR_DIFF);
    assertThat(ImageDiff.compare(png, jpg).diffRatio()).isLessThan(0.005);
    GreyRaster otherPng = ImageDecoder.decode(ScreenRenderer.png(mint), DecodeOptions.FOR_DIFF);
    assertThat(ImageDiff.compare(png, otherPng).diffRatio()).isGreaterThanOrEqualTo(0.3);
  }

  @Test
  void chromaIsDecodedPerCellAndPerBlockAndKeptByReduction() {
    GreyRaster full = ImageDecoder.decode(ScreenRenderer.jpeg(pink, 0.9f));
    Chroma c = Rasters.chroma(full);
    assertThat(c).isNotNull();
    assertThat(c.cb).hasSize((W / 2) * (H / 2));
    assertThat(c.blockCr).hasSize((W / 8) * (H / 8));
    // plain background in the top-left corner
    int cb = (int) Math.round(ColourScreens.cb(ColourScreens.PINK));
    int cr = (int) Math.round(ColourScreens.cr(ColourScreens.PINK));
    assertThat(c.cb[0] & 0xFF).isCloseTo(cb, org.assertj.core.data.Offset.offset(2));
    assertThat(c.cr[0] & 0xFF).isCloseTo(cr, org.assertj.core.data.Offset.offset(2));
    assertThat(c.blockCb[0] & 0xFF).isCloseTo(cb, org.assertj.core.data.Offset.offset(2));
    assertThat(c.blockCr[0] & 0xFF).isCloseTo(cr, org.assertj.core.data.Offset.offset(2));
    GreyRaster half = full.reduce(2);
    assertThat(Rasters.chroma(half)).isSameAs(c);
    assertThat(Rasters.reduction(half)).isEqualTo(2);
    assertThat(Rasters.reduction(half.reduce(2))).isEqualTo(4);
    // odd sizes: trailing samples and blocks are means over what exists
    GreyRaster odd =
        GreyRaster.fromImage(ColourScreens.pastelPage(101, 75, ColourScreens.MINT, "x"));
    assertThat(Rasters.chroma(odd).cb).hasSize(51 * 38);
    assertThat(Rasters.chroma(odd).blockCb).hasSize(13 * 10);
    int mcb = (int) Math.round(ColourScreens.cb(ColourScreens.MINT));
    assertThat(Rasters.chroma(odd).cb[51 * 38 - 1] & 0xFF)
        .isCloseTo(mcb, org.assertj.core.data.Offset.offset(1));
    assertThat(Rasters.chroma(odd).blockCb[13 * 10 - 1] & 0xFF)
        .isCloseTo(mcb, org.assertj.core.data.Offset.offset(1));
  }

  @Test
  void maskedCopiesKeepComparingColourOutsideTheMasks() {
    GreyRaster a = ImageDecoder.decode(ScreenRenderer.jpeg(pink, 0.8f), DecodeOptions.FOR_DIFF);
    GreyRaster b = ImageDecoder.decode(ScreenRenderer.jpeg(mint, 0.8f), DecodeOptions.FOR_DIFF);
    // the top half masked (odd edges, off the block grid): the bottom half still differs in hue
    java.util.List<PixelRect> top = java.util.List.of(new PixelRect(0, 0, a.width(), 301));
    double ratio = FrameStability.STRICT.compare(a.masked(top), b.masked(top)).changedRatio();
    assertThat(ratio).isBetween(0.6, (a.height() - 301) / (double) a.height());
    java.util.List<PixelRect> all = java.util.List.of(new PixelRect(0, 0, 9999, 9999));
    assertThat(FrameStability.STRICT.compare(a.masked(all), b.masked(all)).changedRatio()).isZero();
    assertThat(a.masked(java.util.List.of()).toByteArray()).isEqualTo(a.toByteArray());
  }

  @Test
  void aPatchedCopyShowsTheOthersPixelsAndColourInsideItsRectanglesOnly() {
    GreyRaster a = ImageDecoder.decode(ScreenRenderer.jpeg(pink, 0.8f), DecodeOptions.FOR_DIFF);
    GreyRaster b = ImageDecoder.decode(ScreenRenderer.jpeg(mint, 0.8f), DecodeOptions.FOR_DIFF);
    // off the block grid on every side, as a pointer's box is
    PixelRect box = new PixelRect(13, 21, 57, 43);
    GreyRaster p = b.patchedFrom(a, java.util.List.of(box));
    assertThat(p.get(13, 21)).isEqualTo(a.get(13, 21));
    assertThat(p.get(69, 63)).isEqualTo(a.get(69, 63));
    assertThat(p.get(70, 64)).isEqualTo(b.get(70, 64));
    assertThat(ImageDiff.compare(a, p, box).diffRatio()).as("inside, hue too").isZero();
    PixelRect below = new PixelRect(0, 80, a.width(), a.height() - 80);
    assertThat(ImageDiff.compare(b, p, below).diffRatio()).as("outside").isZero();
    assertThat(ImageDiff.compare(a, p, below).changed()).as("outside differs in hue").isTrue();
    // the pages share their luminance: inside, only the hue tells the patch from the original
    assertThat(ImageDiff.compare(b, p, box).changed()).as("the original keeps its hue").isTrue();
    assertThat(ImageDiff.compare(b, b.patchedFrom(a, java.util.List.of()), below).diffRatio())
        .isZero();
  }

  @Test
  void onlyARasterOfTheSameSizeAndReductionPatches() {
    GreyRaster a = ImageDecoder.decode(ScreenRenderer.jpeg(pink, 0.8f), DecodeOptions.FOR_DIFF);
    GreyRaster full = ImageDecoder.decode(ScreenRenderer.jpeg(mint, 0.8f), DecodeOptions.DEFAULT);
    java.util.List<PixelRect> box = java.util.List.of(new PixelRect(0, 0, 4, 4));
    assertThatThrownBy(() -> a.patchedFrom(full, box))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(ImageCode.IMAGE_SIZE_MISMATCH));
    assertThatThrownBy(() -> a.patchedFrom(a, null))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT));
  }

  @Test
  void aGreyJpegOrAGreyRasterHasNoChromaAndIsComparedOnLuminance() {
    BufferedImage grey = new BufferedImage(64, 48, BufferedImage.TYPE_BYTE_GRAY);
    Graphics2D g = grey.createGraphics();
    g.setColor(Color.LIGHT_GRAY);
    g.fillRect(0, 0, 64, 48);
    g.dispose();
    GreyRaster decoded = ImageDecoder.decode(ScreenRenderer.jpeg(grey, 0.8f));
    assertThat(Rasters.chroma(decoded)).isNull();
    // colour on one side only: luminance alone decides, so equal luma is no change
    BufferedImage tinted = new BufferedImage(64, 48, BufferedImage.TYPE_INT_RGB);
    Graphics2D t = tinted.createGraphics();
    t.setColor(ColourScreens.PINK);
    t.fillRect(0, 0, 64, 48);
    t.dispose();
    GreyRaster colour = GreyRaster.fromImage(tinted);
    GreyRaster lumaOnly = GreyRaster.of(64, 48, colour.toByteArray());
    assertThat(ImageDiff.compare(colour, lumaOnly).diffRatio()).isZero();
  }

  @Test
  void theJpegHeaderDecidesTheColourPath() {
    assertThat(JpegHeader.ycbcrComponents(ScreenRenderer.jpeg(pink, 0.8f))).isEqualTo(3);
    BufferedImage grey = new BufferedImage(16, 16, BufferedImage.TYPE_BYTE_GRAY);
    assertThat(JpegHeader.ycbcrComponents(ScreenRenderer.jpeg(grey, 0.8f))).isEqualTo(1);
    // no JFIF: an Adobe marker with transform 0 means RGB, ids 'R','G','B' too; 4 components CMYK
    assertThat(JpegHeader.ycbcrComponents(header(adobe(0), sof(3, 1, 2, 3)))).isZero();
    assertThat(JpegHeader.ycbcrComponents(header(adobe(1), sof(3, 1, 2, 3)))).isEqualTo(3);
    assertThat(JpegHeader.ycbcrComponents(header(sof(3, 'R', 'G', 'B')))).isZero();
    assertThat(JpegHeader.ycbcrComponents(header(sof(3, 1, 2, 3)))).isEqualTo(3);
    assertThat(JpegHeader.ycbcrComponents(header(sof(4, 1, 2, 3, 4)))).isZero();
    assertThat(JpegHeader.ycbcrComponents(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF}))
        .isEqualTo(1);
  }

  private static byte[] header(byte[]... segments) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    out.write(0xFF);
    out.write(0xD8);
    for (byte[] s : segments) {
      out.writeBytes(s);
    }
    out.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xDA, 0, 2});
    return out.toByteArray();
  }

  private static byte[] adobe(int transform) {
    byte[] s = {
      (byte) 0xFF, (byte) 0xEE, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, (byte) transform
    };
    return s;
  }

  private static byte[] sof(int components, int... ids) {
    int len = 8 + 3 * components;
    byte[] s = new byte[2 + len];
    s[0] = (byte) 0xFF;
    s[1] = (byte) 0xC0;
    s[2] = (byte) (len >> 8);
    s[3] = (byte) len;
    s[4] = 8;
    s[5] = 0;
    s[6] = 16;
    s[7] = 0;
    s[8] = 16;
    s[9] = (byte) components;
    for (int k = 0; k < components; k++) {
      s[10 + 3 * k] = (byte) ids[k];
      s[11 + 3 * k] = 0x11;
      s[12 + 3 * k] = 0;
    }
    return s;
  }
}
