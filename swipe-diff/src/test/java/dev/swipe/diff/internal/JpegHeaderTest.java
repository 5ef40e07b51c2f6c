package dev.swipe.diff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.awt.image.BufferedImage;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The one JPEG header reader the decoder, core's frames and the capture paths share. */
class JpegHeaderTest {
  private static byte[] jpeg(int w, int h) {
    return ScreenRenderer.jpeg(new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB), 0.8f);
  }

  @Test
  void anEncodedImageReadsBackItsSizeWholeOrNot() {
    qt().withExamples(40)
        .forAll(integers().between(1, 400), integers().between(1, 400))
        .checkAssert(
            (w, h) -> {
              byte[] j = jpeg(w, h);
              assertThat(JpegHeader.read(j, j.length)).isEqualTo(new JpegHeader(w, h));
              assertThat(JpegHeader.readComplete(j, j.length)).isEqualTo(new JpegHeader(w, h));
            });
  }

  @Test
  void aTruncatedImageHasASizeButIsNotComplete() {
    byte[] j = jpeg(120, 80);
    int cut = j.length - 10;
    assertThat(JpegHeader.read(j, cut)).isEqualTo(new JpegHeader(120, 80));
    assertThat(JpegHeader.readComplete(j, cut)).isNull();
    byte[] padded = Arrays.copyOf(j, j.length + 3);
    padded[j.length] = '\r';
    padded[j.length + 1] = '\n';
    assertThat(JpegHeader.readComplete(padded, padded.length))
        .as("line ends after EOI, as multipart parts carry them")
        .isEqualTo(new JpegHeader(120, 80));
  }

  @Test
  void bytesThatAreNoJpegHaveNoHeader() {
    assertThat(JpegHeader.read(null, 0)).isNull();
    assertThat(JpegHeader.read(new byte[] {1, 2, 3, 4, 5}, 5)).isNull();
    byte[] sos = {
      (byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xDA, 0, 2, (byte) 0xFF, (byte) 0xD9
    };
    assertThat(JpegHeader.read(sos, sos.length)).as("a scan before any frame header").isNull();
    byte[] j = jpeg(10, 10);
    assertThat(JpegHeader.readComplete(j, j.length + 1)).as("a length past the bytes").isNull();
  }

  @Test
  void everyPrefixOfAnImageIsReadWithoutThrowing() {
    byte[] j = jpeg(64, 48);
    qt().withExamples(200)
        .forAll(integers().between(0, j.length))
        .checkAssert(
            n -> {
              JpegHeader h = JpegHeader.read(j, n);
              assertThat(h == null || h.equals(new JpegHeader(64, 48))).isTrue();
              assertThat(JpegHeader.ycbcrComponents(Arrays.copyOf(j, n))).isBetween(0, 3);
            });
  }
}
