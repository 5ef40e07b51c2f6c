package dev.swipe.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class FrameOfJpegTest {
  @Test
  void readsTheSizeFromTheHeader() throws Exception {
    for (int[] size : new int[][] {{1, 1}, {412, 915}, {1081, 2401}, {3000, 3}}) {
      byte[] jpeg = jpeg(size[0], size[1]);
      Frame f = Frame.ofJpeg(jpeg, 42);
      assertThat(f.width()).isEqualTo(size[0]);
      assertThat(f.height()).isEqualTo(size[1]);
      assertThat(f.captureNanos()).isEqualTo(42);
    }
  }

  @Test
  void bytesWithoutAFrameHeaderAreRefused() throws Exception {
    byte[] whole = jpeg(20, 10);
    for (byte[] bad :
        new byte[][] {
          {}, {(byte) 0xFF, (byte) 0xD8}, Arrays.copyOf(whole, 20), "not a jpeg".getBytes()
        }) {
      assertThatThrownBy(() -> Frame.ofJpeg(bad, 0))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(CommonCode.IMAGE_DECODE_FAILED));
    }
  }

  private static byte[] jpeg(int w, int h) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB), "jpg", out);
    return out.toByteArray();
  }
}
