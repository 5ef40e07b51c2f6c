package dev.swipe.diff.internal;

import static dev.swipe.diff.internal.DiffValuesEdgesTest.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageCode;
import dev.swipe.diff.PixelRect;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Rasters at their limits: reduction against a brute-force block mean, bounds from both sides, the
 * decoder's format sniffing and messages, and every entry point refusing rasters that do not pair.
 */
class RasterEdgesTest {

  @Test
  void reducingIsTheRoundedMeanOfEachBlockForEveryFactorAndSize() {
    qt().withExamples(300)
        .forAll(integers().between(1, 40), integers().between(1, 12), integers().between(1, 16))
        .checkAssert(
            (w, h, factor) -> {
              GreyRaster r = random(w, h, 31L * w + 7L * h + factor);
              GreyRaster reduced = r.reduce(factor);
              int rw = (w + factor - 1) / factor;
              int rh = (h + factor - 1) / factor;
              assertThat(reduced.width()).isEqualTo(rw);
              assertThat(reduced.height()).isEqualTo(rh);
              assertThat(reduced.sourceWidth()).isEqualTo(w);
              assertThat(reduced.sourceHeight()).isEqualTo(h);
              for (int by = 0; by < rh; by++) {
                for (int bx = 0; bx < rw; bx++) {
                  int sum = 0;
                  int n = 0;
                  for (int y = by * factor; y < Math.min(h, (by + 1) * factor); y++) {
                    for (int x = bx * factor; x < Math.min(w, (bx + 1) * factor); x++) {
                      sum += r.get(x, y);
                      n++;
                    }
                  }
                  assertThat(reduced.get(bx, by))
                      .as("block (%d, %d) of %dx%d by %d", bx, by, w, h, factor)
                      .isEqualTo((sum + n / 2) / n);
                }
              }
            });
  }

  @Test
  void reductionFactorsRunFromOneToSixteen() {
    GreyRaster r = random(20, 20, 1);
    assertThat(r.reduce(1)).isSameAs(r);
    assertThat(r.reduce(16).width()).isEqualTo(2);
    refused(() -> r.reduce(0), "1..16");
    refused(() -> r.reduce(17), "1..16");
  }

  @Test
  void aRasterReducedAlongOneAxisOnlyIsStillReduced() {
    assertThat(random(8, 1, 2).reduce(2).isReduced()).as("8x1 to 4x1").isTrue();
    assertThat(random(1, 8, 2).reduce(2).isReduced()).as("1x8 to 1x4").isTrue();
    assertThat(random(1, 1, 2).reduce(2).isReduced()).as("1x1 stays 1x1").isFalse();
    assertThat(random(8, 1, 2).reduce(2)).hasToString("GreyRaster[4x1 of 8x1]");
    assertThat(random(8, 1, 2)).hasToString("GreyRaster[8x1]");
  }

  @Test
  void everyPixelInsideIsReadAndNoneOutside() {
    GreyRaster r = GreyRaster.of(3, 2, new byte[] {1, 2, 3, 4, 5, 6});
    assertThat(r.get(0, 0)).isEqualTo(1);
    assertThat(r.get(2, 1)).isEqualTo(6);
    refused(() -> r.get(-1, 0), "outside");
    refused(() -> r.get(0, -1), "outside");
    refused(() -> r.get(3, 0), "outside");
    refused(() -> r.get(0, 2), "outside");
  }

  @Test
  void aRasterIsAtLeastOnePixelAndItsArrayHoldsExactlyItsPixels() {
    refused(() -> GreyRaster.of(0, 1, new byte[0]), "at least 1x1");
    refused(() -> GreyRaster.of(1, 0, new byte[0]), "at least 1x1");
    refused(() -> GreyRaster.of(2, 3, new byte[5]), "width*height=6 bytes, got 5");
    refused(() -> GreyRaster.of(2, 3, null), "width*height=6 bytes, got null");
    refused(() -> GreyRaster.fromImage(null), "image");
  }

  @Test
  void aGreyImageKeepsItsValuesAsTheyAre() {
    BufferedImage grey = new BufferedImage(4, 3, BufferedImage.TYPE_BYTE_GRAY);
    grey.getRaster().setSample(2, 1, 0, 100);
    grey.getRaster().setSample(0, 0, 0, 30);
    GreyRaster r = GreyRaster.fromImage(grey);
    assertThat(r.get(2, 1)).isEqualTo(100);
    assertThat(r.get(0, 0)).isEqualTo(30);
    assertThat(r.get(3, 2)).isZero();
  }

  @Test
  void onlyTheJpegStartOfImageMarkerIsTakenForAJpeg() {
    assertThat(ImageDecoder.isJpeg(bytes(0xFF, 0xD8, 0xFF))).isTrue();
    assertThat(ImageDecoder.isJpeg(bytes(0xFF, 0xD8, 0xFF, 0xE0, 0x00))).isTrue();
    assertThat(ImageDecoder.isJpeg(bytes(0xFF, 0xD8))).as("too short").isFalse();
    assertThat(ImageDecoder.isJpeg(bytes(0xFE, 0xD8, 0xFF))).isFalse();
    assertThat(ImageDecoder.isJpeg(bytes(0xFF, 0xD9, 0xFF))).isFalse();
    assertThat(ImageDecoder.isJpeg(bytes(0xFF, 0xD8, 0xFE))).isFalse();
    assertThat(ImageDecoder.isJpeg(bytes(0x89, 'P', 'N', 'G'))).isFalse();
    assertThat(ImageDecoder.isJpeg(new byte[0])).isFalse();
  }

  @Test
  void anUnknownFormatIsNamedByItsFirstEightBytes() {
    byte[] data = "0123456789".getBytes(StandardCharsets.US_ASCII);
    assertThatThrownBy(() -> ImageDecoder.decode(data))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("(10 bytes starting 3031323334353637)");
    assertThatThrownBy(() -> ImageDecoder.decode(bytes(0x01, 0x02)))
        .hasMessageContaining("(2 bytes starting 0102)");
  }

  @Test
  void blankBase64TextIsRefusedAsEmptyBeforeDecoding() {
    assertThatThrownBy(() -> ImageDecoder.base64Bytes(" \n\t "))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(CommonCode.IMAGE_DECODE_FAILED))
        .hasMessage("base64 image text is empty");
    assertThat(ImageDecoder.base64Bytes(" AQID\n")).containsExactly(1, 2, 3);
  }

  @Test
  void theImageSizeLimitCountsWidthTimesHeight() {
    byte[] jpeg = ScreenRenderer.jpeg(ScreenRenderer.listScreen(40, 30, 0), 0.9f);
    assertThat(ImageDecoder.decode(jpeg, DecodeOptions.DEFAULT.withMaxPixels(1200)).width())
        .isEqualTo(40);
    assertThatThrownBy(() -> ImageDecoder.decode(jpeg, DecodeOptions.DEFAULT.withMaxPixels(1199)))
        .hasMessageContaining("40x30 = 1200 pixels, above the limit of 1199 pixels");
  }

  @Test
  void everyComparisonRefusesAMissingRasterBeforeTouchingIt() {
    GreyRaster a = random(10, 10, 1);
    FrameStability strict = FrameStability.STRICT;
    for (ThrowingCallable call :
        new ThrowingCallable[] {
          () -> ImageDiff.compare(null, a, NormRegion.FULL),
          () -> ImageDiff.compare(a, null, new PixelRect(0, 0, 5, 5)),
          () -> ImageDiff.motionAxis(null, a, null),
          () -> strict.compare(null, a),
          () -> strict.compare(a, null, new PixelRect(0, 0, 5, 5)),
          () -> strict.compare(null, a, NormRegion.FULL)
        }) {
      refused(call, "both rasters are required");
    }
    assertThatThrownBy(() -> ImageDiff.compare(null, a, NormRegion.FULL))
        .hasMessage("both rasters are required, got null and a raster");
    assertThatThrownBy(() -> ImageDiff.compare(a, null, NormRegion.FULL))
        .hasMessage("both rasters are required, got a raster and null");
  }

  @Test
  void everyComparisonRefusesRastersOfDifferentSizes() {
    GreyRaster small = random(10, 10, 1);
    GreyRaster large = random(12, 12, 2);
    FrameStability strict = FrameStability.STRICT;
    for (ThrowingCallable call :
        new ThrowingCallable[] {
          () -> ImageDiff.compare(small, large, NormRegion.FULL),
          () -> ImageDiff.compare(small, large, new PixelRect(0, 0, 5, 5)),
          () -> ImageDiff.motionAxis(small, large, null),
          () -> strict.compare(small, large),
          () -> strict.compare(small, large, new PixelRect(0, 0, 5, 5)),
          () -> strict.compare(small, large, NormRegion.FULL)
        }) {
      assertThatThrownBy(call)
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(ImageCode.IMAGE_SIZE_MISMATCH))
          .hasMessageContaining("images have different sizes: 10x10 vs 12x12");
    }
    // one side alone differing is a mismatch too
    assertThatThrownBy(() -> ImageDiff.compare(random(10, 10, 1), random(10, 12, 2)))
        .hasMessageContaining("images have different sizes: 10x10 vs 10x12");
    assertThatThrownBy(() -> ImageDiff.compare(random(10, 10, 1), random(12, 10, 2)))
        .hasMessageContaining("images have different sizes: 10x10 vs 12x10");
    GreyRaster wide = random(16, 1, 4);
    assertThatThrownBy(() -> ImageDiff.compare(wide, wide.reduce(2), NormRegion.FULL))
        .hasMessageContaining("were reduced differently: to 16x1 vs 8x1");
    GreyRaster tall = random(1, 16, 5);
    assertThatThrownBy(() -> ImageDiff.compare(tall, tall.reduce(2), NormRegion.FULL))
        .hasMessageContaining("were reduced differently: to 1x16 vs 1x8");
    // the same image reduced by different factors: sizes named, the mismatch explained
    GreyRaster whole = random(12, 12, 3);
    assertThatThrownBy(() -> ImageDiff.compare(whole, whole.reduce(2), NormRegion.FULL))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(ImageCode.IMAGE_SIZE_MISMATCH))
        .hasMessageContaining("were reduced differently: to 12x12 vs 6x6");
  }

  @Test
  void everyComparisonRefusesAMissingRegion() {
    GreyRaster a = random(10, 10, 1);
    refused(() -> ImageDiff.compare(a, a, (PixelRect) null), "region");
    refused(() -> ImageDiff.compare(a, a, (NormRegion) null), "region");
    refused(() -> FrameStability.STRICT.compare(a, a, (PixelRect) null), "region");
    refused(() -> FrameStability.STRICT.compare(a, a, (NormRegion) null), "region");
  }

  private static GreyRaster random(int w, int h, long seed) {
    byte[] px = new byte[w * h];
    new Random(seed).nextBytes(px);
    return GreyRaster.of(w, h, px);
  }

  private static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  @Test
  void cellsAreSinglePixelsFromAReductionOfOneAndAHalfOn() {
    assertThat(ChangedCells.cellSize(Rasters.wrap(2, 2, 3, 3, new byte[4]))).isEqualTo(1);
    assertThat(ChangedCells.cellSize(Rasters.wrap(5, 5, 7, 7, new byte[25]))).isEqualTo(2);
    assertThat(ChangedCells.cellSize(Rasters.wrap(2, 5, 3, 7, new byte[10]))).isEqualTo(2);
  }
}
