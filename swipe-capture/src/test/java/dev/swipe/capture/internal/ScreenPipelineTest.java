package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.diff.internal.JpegHeader;
import java.awt.Color;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class ScreenPipelineTest {
  private static final byte[] HDMI = PhoneScreens.hdmiFrame(1);

  private static ScreenPipeline pipeline(String options) {
    return new ScreenPipeline(
        CaptureOptions.parse(DeviceUri.parse("x:?" + options), 0, CaptureOptions.CropMode.AUTO));
  }

  private static NewestFrameSlot.Captured captured(byte[] jpeg, long seq) {
    JpegHeader h = JpegHeader.read(jpeg, jpeg.length);
    return new NewestFrameSlot.Captured(jpeg, null, h.width(), h.height(), 42, seq);
  }

  @Test
  void withoutCropOrRotationTheJpegPassesThroughUntouched() {
    Frame f = pipeline("crop=none").toFrame(captured(HDMI, 1));
    assertThat(f.jpeg()).isSameAs(HDMI);
    assertThat(f.width()).isEqualTo(1920);
    assertThat(f.height()).isEqualTo(1080);
    assertThat(f.captureNanos()).isEqualTo(42);
  }

  @Test
  void aFixedCropCutsExactlyThatRectangle() {
    Frame f = pipeline("crop=711,0,498,1080").toFrame(captured(HDMI, 1));
    assertThat(f.width()).isEqualTo(498);
    assertThat(f.height()).isEqualTo(1080);
    BufferedImage img = ScreenPipeline.decode(f.jpeg());
    assertThat(img.getWidth()).isEqualTo(498);
  }

  @Test
  void aFixedCropOutsideTheFrameIsAnInvalidArgument() {
    assertThatThrownBy(() -> pipeline("crop=1800,0,498,1080").toFrame(captured(HDMI, 1)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo("crop");
              assertThat(e.getMessage()).contains("1920x1080");
            });
  }

  @Test
  void theSameCapturedFrameIsProcessedOnce() {
    ScreenPipeline p = pipeline("");
    NewestFrameSlot.Captured c = captured(HDMI, 7);
    assertThat(p.toFrame(c)).isSameAs(p.toFrame(c));
  }

  @Test
  void rotationTurnsALandscapePictureUpright() {
    BufferedImage src = new BufferedImage(4, 2, BufferedImage.TYPE_3BYTE_BGR);
    src.setRGB(0, 0, Color.RED.getRGB()); // top-left
    src.setRGB(3, 0, Color.GREEN.getRGB()); // top-right
    src.setRGB(0, 1, Color.BLUE.getRGB()); // bottom-left
    BufferedImage cw = ScreenPipeline.rotate(src, 90);
    assertThat(cw.getWidth()).isEqualTo(2);
    assertThat(cw.getHeight()).isEqualTo(4);
    assertThat(cw.getRGB(1, 0)).isEqualTo(Color.RED.getRGB()); // top-left goes top-right
    assertThat(cw.getRGB(1, 3)).isEqualTo(Color.GREEN.getRGB());
    assertThat(cw.getRGB(0, 0)).isEqualTo(Color.BLUE.getRGB());
    BufferedImage half = ScreenPipeline.rotate(src, 180);
    assertThat(half.getRGB(3, 1)).isEqualTo(Color.RED.getRGB());
    BufferedImage ccw = ScreenPipeline.rotate(src, 270);
    assertThat(ccw.getRGB(0, 3)).isEqualTo(Color.RED.getRGB());
    assertThat(ccw.getRGB(0, 0)).isEqualTo(Color.GREEN.getRGB());
  }

  @Test
  void aLandscapePhoneIsCroppedThenRotated() {
    byte[] landscape =
        PhoneScreens.jpeg(
            PhoneScreens.letterboxed(PhoneScreens.screen(1170, 540, 2), 1920, 1080, 20, 9), 0.85f);
    Frame f = pipeline("rotate=90").toFrame(captured(landscape, 1));
    PhoneScreens.Placement p = PhoneScreens.placement(1170, 540, 1920, 1080);
    assertThat(f.width()).isCloseTo(p.h(), org.assertj.core.data.Offset.offset(4));
    assertThat(f.height()).isEqualTo(1920);
  }

  @Test
  void greyJpegsAreCroppedAndRotatedToo() {
    BufferedImage grey = new BufferedImage(320, 180, BufferedImage.TYPE_BYTE_GRAY);
    java.awt.Graphics2D g = grey.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(120, 0, 80, 180);
    g.dispose();
    byte[] jpeg = ScreenPipeline.encode(grey, 0.9f);
    assertThat(ScreenPipeline.decode(jpeg).getType()).isEqualTo(BufferedImage.TYPE_BYTE_GRAY);
    ScreenPipeline p = pipeline("rotate=270");
    Frame first = p.toFrame(captured(jpeg, 1));
    Frame second = p.toFrame(captured(jpeg, 2)); // decoded by region once the crop is locked
    assertThat(first.width()).isEqualTo(180);
    assertThat(first.height()).isCloseTo(80, org.assertj.core.data.Offset.offset(2));
    assertThat(second.width()).isEqualTo(first.width());
    assertThat(second.height()).isEqualTo(first.height());
    assertThat(ScreenPipeline.decode(second.jpeg()).getWidth()).isEqualTo(second.width());
  }
}
