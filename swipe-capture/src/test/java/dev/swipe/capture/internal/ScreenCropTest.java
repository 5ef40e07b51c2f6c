package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ScreenCropTest {
  private static final int TOLERANCE = 2;

  private static ScreenCrop detectInJpeg(BufferedImage frame, float quality) {
    BufferedImage decoded = ScreenPipeline.decode(PhoneScreens.jpeg(frame, quality));
    return ScreenCrop.detect(decoded, ScreenCrop.DEFAULT_BLACK_LEVEL).orElseThrow();
  }

  private static void assertNear(ScreenCrop crop, PhoneScreens.Placement p) {
    assertThat(crop.x()).isCloseTo(p.x(), org.assertj.core.data.Offset.offset(TOLERANCE));
    assertThat(crop.y()).isCloseTo(p.y(), org.assertj.core.data.Offset.offset(TOLERANCE));
    assertThat(crop.width()).isCloseTo(p.w(), org.assertj.core.data.Offset.offset(2 * TOLERANCE));
    assertThat(crop.height()).isCloseTo(p.h(), org.assertj.core.data.Offset.offset(2 * TOLERANCE));
  }

  @Test
  void findsAPortraitPhonePillarboxedInAnHdmiFrame() {
    BufferedImage screen = PhoneScreens.screen(540, 1170, 7);
    BufferedImage frame = PhoneScreens.letterboxed(screen, 1920, 1080, 20, 1);
    assertNear(detectInJpeg(frame, 0.85f), PhoneScreens.placement(540, 1170, 1920, 1080));
  }

  @Test
  void findsALandscapePhoneLetterboxedInAnHdmiFrame() {
    BufferedImage screen = PhoneScreens.screen(1170, 540, 3);
    BufferedImage frame = PhoneScreens.letterboxed(screen, 1920, 1080, 20, 2);
    assertNear(detectInJpeg(frame, 0.85f), PhoneScreens.placement(1170, 540, 1920, 1080));
  }

  @Test
  void aDarkStatusBarAndADarkEdgeDoNotShrinkTheCrop() {
    BufferedImage screen = PhoneScreens.screen(540, 1170, 4);
    Graphics2D g = screen.createGraphics();
    g.setColor(Color.BLACK);
    g.fillRect(0, 0, 540, 80); // a black status bar
    g.fillRect(0, 0, 40, 1170); // a dark left edge (e.g. a drawer shadow)
    g.dispose();
    BufferedImage frame = PhoneScreens.letterboxed(screen, 1920, 1080, 20, 3);
    assertNear(detectInJpeg(frame, 0.85f), PhoneScreens.placement(540, 1170, 1920, 1080));
  }

  @Test
  void aFullFrameScreenIsTheWholeFrame() {
    BufferedImage frame = PhoneScreens.screen(640, 360, 1);
    assertThat(detectInJpeg(frame, 0.9f)).isEqualTo(ScreenCrop.full(640, 360));
  }

  @Test
  void anAllBlackFrameHasNothingToDetect() {
    BufferedImage frame =
        PhoneScreens.letterboxed(
            new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB), 640, 360, 20, 5);
    BufferedImage black = ScreenPipeline.decode(PhoneScreens.jpeg(frame, 0.85f));
    assertThat(ScreenCrop.detect(black, ScreenCrop.DEFAULT_BLACK_LEVEL)).isEmpty();
  }

  @Test
  void detectionIsInvariantToBarNoiseAndJpegQuality() {
    qt().withExamples(25)
        .forAll(
            integers().between(0, 20),
            longs().between(0, 1_000_000),
            integers().between(60, 95),
            integers().between(300, 700))
        .checkAssert(
            (noise, seed, quality, screenWidth) -> {
              int screenHeight = screenWidth * 13 / 6;
              BufferedImage screen =
                  PhoneScreens.screen(screenWidth, screenHeight, (int) (seed % 50));
              BufferedImage frame = PhoneScreens.letterboxed(screen, 960, 540, noise, seed);
              assertNear(
                  detectInJpeg(frame, quality / 100f),
                  PhoneScreens.placement(screenWidth, screenHeight, 960, 540));
            });
  }

  @Test
  void parsesTheCropOption() {
    assertThat(ScreenCrop.parse(" 711, 0,498 ,1080")).isEqualTo(new ScreenCrop(711, 0, 498, 1080));
    assertThatThrownBy(() -> ScreenCrop.parse("1,2,3"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("crop"));
    assertThatThrownBy(() -> ScreenCrop.parse("0,0,0,10"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("crop"));
    assertThatThrownBy(() -> ScreenCrop.parse("a,b,c,d"))
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("crop"));
  }

  @Test
  void anMjpegSourceHandsOverOnlyTheScreen() throws Exception {
    try (MjpegTestServer server = MjpegTestServer.streaming(PhoneScreens::hdmiFrame);
        FrameSource source =
            new MjpegFrameSourceProvider()
                .open(
                    DeviceUri.parse("mjpeg:" + server.url("/stream") + "?latency_ms=0"),
                    ProviderContext.system())) {
      Frame f = source.grab(Ticker.system().read(), Duration.ofSeconds(10));
      PhoneScreens.Placement p = PhoneScreens.placement(540, 1170, 1920, 1080);
      assertThat(f.width()).isCloseTo(p.w(), org.assertj.core.data.Offset.offset(2 * TOLERANCE));
      assertThat(f.height()).isEqualTo(1080);
      BufferedImage img = ScreenPipeline.decode(f.jpeg());
      assertThat(img.getWidth()).isEqualTo(f.width());
      assertThat(((MjpegHttpFrameSource) source).screenCrop()).isPresent();
      Frame g = source.grab(f.captureNanos() + 1, Duration.ofSeconds(10));
      assertThat(g.width()).as("the crop stays locked").isEqualTo(f.width());
    }
  }

  @Test
  void aNoSignalPictureIsNotAScreen() {
    BufferedImage frame =
        PhoneScreens.letterboxed(
            new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB), 1920, 1080, 20, 6);
    Graphics2D g = frame.createGraphics();
    g.setColor(Color.WHITE);
    g.setFont(new java.awt.Font(java.awt.Font.MONOSPACED, java.awt.Font.BOLD, 40));
    g.drawString("< NO SIGNAL >", 800, 540);
    g.dispose();
    BufferedImage decoded = ScreenPipeline.decode(PhoneScreens.jpeg(frame, 0.85f));
    assertThat(ScreenCrop.detect(decoded, ScreenCrop.DEFAULT_BLACK_LEVEL)).isEmpty();
  }

  @Test
  void darkStatusAndNavigationBarsTogetherStillGiveTheFullHeight() {
    BufferedImage screen = PhoneScreens.screen(540, 1170, 8);
    Graphics2D g = screen.createGraphics();
    g.setColor(Color.BLACK);
    g.fillRect(0, 0, 540, 60);
    g.fillRect(0, 1100, 540, 70);
    g.dispose();
    BufferedImage frame = PhoneScreens.letterboxed(screen, 1920, 1080, 20, 8);
    assertNear(detectInJpeg(frame, 0.85f), PhoneScreens.placement(540, 1170, 1920, 1080));
  }

  @Test
  void untilTheScreenShowsTheSourceHandsOverTheWholeFrameAndLocksNothing() {
    ScreenPipeline pipeline =
        new ScreenPipeline(
            CaptureOptions.parse(DeviceUri.parse("x:"), 0, CaptureOptions.CropMode.AUTO));
    byte[] black =
        PhoneScreens.jpeg(
            PhoneScreens.letterboxed(
                new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB), 640, 360, 20, 1),
            0.85f);
    Frame whole = pipeline.toFrame(new NewestFrameSlot.Captured(black, null, 640, 360, 1, 1));
    assertThat(whole.width()).isEqualTo(640);
    assertThat(pipeline.crop()).isEmpty();
    byte[] phone =
        PhoneScreens.jpeg(
            PhoneScreens.letterboxed(PhoneScreens.screen(180, 390, 1), 640, 360, 20, 2), 0.85f);
    Frame cropped = pipeline.toFrame(new NewestFrameSlot.Captured(phone, null, 640, 360, 2, 2));
    assertThat(cropped.width())
        .isCloseTo(PhoneScreens.placement(180, 390, 640, 360).w(), offset(4));
    assertThat(pipeline.crop()).isPresent();
  }
}
