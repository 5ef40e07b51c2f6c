package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.SwipeException;
import dev.swipe.diff.GreyRaster;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ImageDecoderTest {

  private static BufferedImage filled(int w, int h, Color c) {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(c);
    g.fillRect(0, 0, w, h);
    g.dispose();
    return img;
  }

  @Test
  void jpegFastPathYieldsBt601Luma() {
    assertThat(
            ImageDecoder.decode(ScreenRenderer.jpeg(filled(64, 48, Color.RED), 0.95f)).get(30, 20))
        .isBetween(73, 79); // 0.299 * 255 = 76
    assertThat(
            ImageDecoder.decode(ScreenRenderer.jpeg(filled(64, 48, Color.BLUE), 0.95f)).get(30, 20))
        .isBetween(26, 32); // 0.114 * 255 = 29
    assertThat(
            ImageDecoder.decode(
                    ScreenRenderer.jpeg(filled(64, 48, new Color(128, 128, 128)), 0.95f))
                .get(10, 10))
        .isBetween(126, 130);
    GreyRaster white = ImageDecoder.decode(ScreenRenderer.jpeg(filled(64, 48, Color.WHITE), 0.8f));
    assertThat(white.width()).isEqualTo(64);
    assertThat(white.height()).isEqualTo(48);
    assertThat(white.get(0, 0)).isGreaterThanOrEqualTo(254);
    assertThat(white.isReduced()).isFalse();
  }

  @Test
  void jpegAndPngOfTheSameScreenAgree() {
    BufferedImage screen = ScreenRenderer.listScreen(360, 800, 0);
    GreyRaster fromPng = ImageDecoder.decode(ScreenRenderer.png(screen));
    GreyRaster exact = GreyRaster.fromImage(screen);
    assertThat(fromPng.toByteArray()).isEqualTo(exact.toByteArray());
    GreyRaster fromJpeg = ImageDecoder.decode(ScreenRenderer.jpeg(screen, 0.95f));
    assertThat(ImageDiff.compare(fromPng, fromJpeg).diffRatio()).isLessThan(0.005);
  }

  @Test
  void reducedDecodingBoxAveragesAndKeepsSourceGeometry() {
    BufferedImage img = new BufferedImage(101, 51, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, 101, 51);
    g.setColor(Color.BLACK);
    g.fillRect(0, 0, 101, 1); // first row black: 2x2 blocks of row 0 average to ~127
    g.dispose();
    GreyRaster half = ImageDecoder.decode(ScreenRenderer.png(img), DecodeOptions.FOR_DIFF);
    assertThat(half.width()).isEqualTo(51);
    assertThat(half.height()).isEqualTo(26);
    assertThat(half.sourceWidth()).isEqualTo(101);
    assertThat(half.sourceHeight()).isEqualTo(51);
    assertThat(half.scaleX()).isCloseTo(101 / 51.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(half.isReduced()).isTrue();
    assertThat(half.get(10, 0)).isBetween(126, 129);
    assertThat(half.get(10, 5)).isEqualTo(255);
    assertThat(half.get(50, 25)).isEqualTo(255); // 1x1 trailing block
  }

  @Test
  void base64VariantsDecodeToTheSameRaster() {
    byte[] jpeg = ScreenRenderer.jpeg(ScreenRenderer.textFieldScreen(200, 300, true), 0.8f);
    GreyRaster direct = ImageDecoder.decode(jpeg);
    String plain = Base64.getEncoder().encodeToString(jpeg);
    String mime = Base64.getMimeEncoder().encodeToString(jpeg);
    String dataUrl = "data:image/jpeg;base64," + plain;
    for (String text : new String[] {plain, mime, dataUrl, "  " + plain + "\n"}) {
      assertThat(ImageDecoder.decodeBase64(text).toByteArray()).isEqualTo(direct.toByteArray());
    }
    assertThat(ImageDecoder.decodeBase64(plain, DecodeOptions.FOR_DIFF).width()).isEqualTo(100);
  }

  @Test
  void badInputsFailWithImageDecodeFailedAndSayWhy() {
    byte[] jpeg = ScreenRenderer.jpeg(ScreenRenderer.listScreen(360, 800, 0), 0.8f);
    expectDecodeFailure(() -> ImageDecoder.decode((byte[]) null), "null");
    expectDecodeFailure(() -> ImageDecoder.decode(new byte[0]), "empty");
    expectDecodeFailure(
        () -> ImageDecoder.decode(Arrays.copyOf(jpeg, jpeg.length / 2)), "truncated");
    expectDecodeFailure(() -> ImageDecoder.decode(Arrays.copyOf(jpeg, 40)), "");
    expectDecodeFailure(
        () -> ImageDecoder.decode("hello, I am not a picture".getBytes(StandardCharsets.UTF_8)),
        "not a recognised image format");
    byte[] garbage = new byte[500];
    new java.util.Random(3).nextBytes(garbage);
    garbage[0] = (byte) 0xFF;
    garbage[1] = (byte) 0xD8;
    garbage[2] = (byte) 0xFF;
    expectDecodeFailure(() -> ImageDecoder.decode(garbage), "");
    expectDecodeFailure(() -> ImageDecoder.decodeBase64("not base64 at all!!"), "not valid base64");
    expectDecodeFailure(() -> ImageDecoder.decodeBase64("   "), "empty");
    expectDecodeFailure(() -> ImageDecoder.decodeBase64(null), "null");
    expectDecodeFailure(
        () -> ImageDecoder.decodeBase64("data:image/jpeg,abcd"), "not base64-encoded");
    expectDecodeFailure(
        () -> ImageDecoder.decodeBase64(Base64.getEncoder().encodeToString(new byte[] {1, 2, 3})),
        "not a recognised image format");
    expectDecodeFailure(
        () -> ImageDecoder.decode(jpeg, DecodeOptions.DEFAULT.withMaxPixels(360 * 800 - 1)),
        "above the limit");
    // Exactly at the limit is fine.
    assertThat(ImageDecoder.decode(jpeg, DecodeOptions.DEFAULT.withMaxPixels(360 * 800)).width())
        .isEqualTo(360);
  }

  @Test
  void fourChannelJpegDecodes() throws Exception {
    // A 4-component (CMYK-style) JPEG, as some capture tools write: TwelveMonkeys reads it.
    java.awt.image.WritableRaster raster =
        java.awt.image.Raster.createInterleavedRaster(
            java.awt.image.DataBuffer.TYPE_BYTE, 40, 30, 4, null);
    for (int y = 0; y < 30; y++) {
      for (int x = 0; x < 40; x++) {
        raster.setPixel(x, y, new int[] {x * 6, y * 8, 100, 20});
      }
    }
    javax.imageio.ImageWriter w = javax.imageio.ImageIO.getImageWritersByFormatName("jpeg").next();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (javax.imageio.stream.ImageOutputStream o =
        javax.imageio.ImageIO.createImageOutputStream(out)) {
      w.setOutput(o);
      w.write(null, new javax.imageio.IIOImage(raster, null, null), null);
    } finally {
      w.dispose();
    }
    GreyRaster g = ImageDecoder.decode(out.toByteArray());
    assertThat(g.width()).isEqualTo(40);
    assertThat(g.height()).isEqualTo(30);
  }

  @Test
  void dataAfterTheEndOfImageIsIgnoredButAMissingEndIsNot() {
    byte[] jpeg = ScreenRenderer.jpeg(ScreenRenderer.listScreen(360, 800, 0), 0.8f);
    byte[] trailer = Arrays.copyOf(jpeg, jpeg.length + 300); // e.g. a vendor trailer after EOI
    Arrays.fill(trailer, jpeg.length, trailer.length, (byte) 0x5A);
    assertThat(ImageDecoder.decode(trailer).toByteArray())
        .isEqualTo(ImageDecoder.decode(jpeg).toByteArray());
    expectDecodeFailure(
        () -> ImageDecoder.decode(Arrays.copyOf(jpeg, jpeg.length - 2)), "truncated");
  }

  @Test
  void truncatedPngFails() {
    byte[] png = ScreenRenderer.png(ScreenRenderer.listScreen(360, 800, 0));
    expectDecodeFailure(() -> ImageDecoder.decode(Arrays.copyOf(png, png.length / 2)), "");
  }

  @Test
  void decompressionBombIsRefusedBeforeDecoding() {
    // A tiny file that declares a 30000x30000 image (900 Mpx): refused from the header alone.
    BufferedImage small = filled(16, 16, Color.WHITE);
    byte[] jpeg = ScreenRenderer.jpeg(small, 0.5f);
    byte[] bomb = jpeg.clone();
    for (int i = 0; i + 8 < bomb.length; i++) {
      if ((bomb[i] & 0xFF) == 0xFF && (bomb[i + 1] & 0xFF) == 0xC0) { // SOF0: len(2) P(1) H(2) W(2)
        bomb[i + 5] = (byte) (30000 >> 8);
        bomb[i + 6] = (byte) (30000 & 0xFF);
        bomb[i + 7] = (byte) (30000 >> 8);
        bomb[i + 8] = (byte) (30000 & 0xFF);
        break;
      }
    }
    expectDecodeFailure(() -> ImageDecoder.decode(bomb), "30000x30000");
  }

  @Test
  void optionsAreValidated() {
    assertThatThrownBy(() -> new DecodeOptions(0, 1))
        .isInstanceOf(SwipeException.class)
        .satisfies(e -> assertThat(((SwipeException) e).code().id()).isEqualTo("invalid_argument"));
    assertThatThrownBy(() -> new DecodeOptions(100, 3))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("reduction");
    assertThatThrownBy(() -> ImageDecoder.decode(new byte[] {1}, null))
        .isInstanceOf(SwipeException.class)
        .satisfies(e -> assertThat(((SwipeException) e).code().id()).isEqualTo("invalid_argument"));
  }

  @Test
  void rasterIsImmutableAndBoundsChecked() {
    byte[] px = new byte[] {10, 20, 30, 40, 50, 60};
    GreyRaster r = GreyRaster.of(3, 2, px);
    px[0] = 99;
    r.toByteArray()[1] = 99;
    assertThat(r.get(0, 0)).isEqualTo(10);
    assertThat(r.get(1, 0)).isEqualTo(20);
    assertThat(r.get(2, 1)).isEqualTo(60);
    assertThatThrownBy(() -> r.get(3, 0))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("outside");
    assertThatThrownBy(() -> GreyRaster.of(3, 3, px))
        .isInstanceOf(SwipeException.class)
        .hasMessageContaining("width*height");
    assertThatThrownBy(() -> GreyRaster.of(0, 3, new byte[0])).isInstanceOf(SwipeException.class);
  }

  private static void expectDecodeFailure(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String messagePart) {
    assertThatThrownBy(call)
        .isExactlyInstanceOf(SwipeException.class)
        .hasMessageContaining(messagePart)
        .satisfies(
            e -> assertThat(((SwipeException) e).code().id()).isEqualTo("image_decode_failed"));
  }
}
