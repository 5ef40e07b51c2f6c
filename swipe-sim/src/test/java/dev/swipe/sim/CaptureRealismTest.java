package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.junit.jupiter.api.Test;

/** What the capture path does to pixels and time: JPEG loss, latency, seeds, noise, letterbox. */
class CaptureRealismTest {

  private static List<byte[]> session(String uri) {
    List<byte[]> frames = new ArrayList<>();
    try (Device d = Device.open(uri)) {
      frames.add(d.screenshot().jpeg());
      ActionResult r =
          d.swipe(
              Swipe.builder(NormPoint.of(800, 480), NormPoint.of(800, 330))
                  .durationMs(90)
                  .steps(6)
                  .build());
      frames.add(r.observation().jpeg());
      frames.add(d.tap(NormPoint.of(500, 490)).observation().jpeg());
      frames.add(
          d.swipe(Swipe.of(NormPoint.of(500, 700), NormPoint.of(500, 300))).observation().jpeg());
      SimPhone phone = SimPhone.of(d).orElseThrow();
      for (int i = 0; i < 5; i++) {
        frames.add(phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1)).jpeg());
      }
    }
    return frames;
  }

  @Test
  void theSameSeedGivesByteIdenticalFrameSequences() {
    List<byte[]> a = session("sim:?scene=picker&scale=0.5&seed=42");
    List<byte[]> b = session("sim:?scene=picker&scale=0.5&seed=42");
    List<byte[]> c = session("sim:?scene=picker&scale=0.5&seed=43");
    assertThat(a).hasSameSizeAs(b);
    for (int i = 0; i < a.size(); i++) {
      assertThat(Arrays.equals(a.get(i), b.get(i))).as("frame %d", i).isTrue();
    }
    assertThat(Arrays.equals(a.get(0), c.get(0))).as("another device looks different").isFalse();
  }

  @Test
  void seededDevicesDifferInPhysicsAndCapture() {
    try (SimPhone one = SimPhone.open("sim:?scene=picker&scale=0.5&seed=1");
        SimPhone two = SimPhone.open("sim:?scene=picker&scale=0.5&seed=2")) {
      boolean pitchDiffers =
          one.oracle().wheel("hour").rowPitchPx() != two.oracle().wheel("hour").rowPitchPx();
      boolean latencyDiffers = !one.frameSource().latency().equals(two.frameSource().latency());
      assertThat(pitchDiffers || latencyDiffers).isTrue();
    }
  }

  @Test
  void framesAreLossyJpegsWithVisibleReencodingNoise() throws IOException {
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5")) {
      Frame f = phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
      BufferedImage once = ImageIO.read(new ByteArrayInputStream(f.jpeg()));
      BufferedImage twice = ImageIO.read(new ByteArrayInputStream(encode(once, 0.8f)));
      long changed = 0;
      long total = 0;
      double sumAbs = 0;
      for (int y = 0; y < once.getHeight(); y++) {
        for (int x = 0; x < once.getWidth(); x++) {
          int a = once.getRGB(x, y) & 0xFF;
          int b = twice.getRGB(x, y) & 0xFF;
          changed += a != b ? 1 : 0;
          sumAbs += Math.abs(a - b);
          total++;
        }
      }
      assertThat((double) changed / total)
          .as("re-encoding changes pixels: the frame is lossy")
          .isGreaterThan(0.01);
      assertThat(sumAbs / total).as("but only by noise").isLessThan(3.0);
      // Anti-aliased text and JPEG ringing give many grey levels, not a handful of flat colours.
      assertThat(distinctLevels(once)).isGreaterThan(100);
    }
  }

  private static int distinctLevels(BufferedImage img) {
    boolean[] seen = new boolean[1 << 24];
    int n = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        int rgb = img.getRGB(x, y) & 0xFFFFFF;
        if (!seen[rgb]) {
          seen[rgb] = true;
          n++;
        }
      }
    }
    return n;
  }

  private static byte[] encode(BufferedImage img, float quality) throws IOException {
    ImageWriter w = ImageIO.getImageWritersByFormatName("jpeg").next();
    ImageWriteParam p = w.getDefaultWriteParam();
    p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
    p.setCompressionQuality(quality);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (MemoryCacheImageOutputStream s = new MemoryCacheImageOutputStream(out)) {
      w.setOutput(s);
      w.write(null, new IIOImage(img, null, null), p);
    }
    w.dispose();
    return out.toByteArray();
  }

  @Test
  void qualityAndLatencyComeFromTheUri() {
    try (SimPhone low = SimPhone.open("sim:?scale=0.5&quality=30&latency_ms=150");
        SimPhone high = SimPhone.open("sim:?input=ideal&scale=0.5&quality=95")) {
      Frame a = low.frameSource().grab(low.ticker().read(), Duration.ofSeconds(1));
      Frame b = high.frameSource().grab(high.ticker().read(), Duration.ofSeconds(1));
      assertThat(a.jpeg().length).isLessThan(b.jpeg().length);
      assertThat(low.frameSource().latency()).isEqualTo(Duration.ofMillis(150));
      assertThat(a.captureNanos()).isGreaterThanOrEqualTo(Duration.ofMillis(150).toNanos());
      assertThat(high.frameSource().latency()).isEqualTo(Duration.ofMillis(60));
    }
  }

  @Test
  void framesSitOnTheCaptureGrid() {
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5&fps=30")) {
      long period = 1_000_000_000L / 30;
      for (int i = 0; i < 5; i++) {
        Frame f =
            phone.frameSource().grab(phone.ticker().read() + i * 7_000_000L, Duration.ofSeconds(1));
        assertThat(f.captureNanos() % period).isZero();
      }
    }
  }

  @Test
  void noiseNeverSettlesAndAQuietScreenDoes() {
    for (String noise : new String[] {"clock", "caret"}) {
      try (Device d = Device.open("sim:?scale=0.5&noise=" + noise)) {
        Observation o = d.screenshot();
        assertThat(o.settled()).as(noise).isFalse();
      }
    }
    try (Device d = Device.open("sim:?scale=0.5")) {
      assertThat(d.screenshot().settled()).isTrue();
    }
  }

  @Test
  void letterboxedFramesCentreThePhoneBetweenBlackBars() throws IOException {
    try (SimPhone phone = SimPhone.open("sim:?letterbox=true&scale=0.5")) {
      Frame f = phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
      assertThat(f.width()).isEqualTo(1920);
      assertThat(f.height()).isEqualTo(1080);
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(f.jpeg()));
      java.awt.Rectangle area = phone.hdmiScreenArea();
      assertThat(area.height).isEqualTo(1080);
      assertThat(area.width).isEqualTo(486);
      assertThat(area.x).isEqualTo((1920 - 486) / 2);
      assertThat(img.getRGB(100, 540) & 0xFFFFFF).isLessThan(0x101010);
      assertThat(img.getRGB(1900, 540) & 0xFFFFFF).isLessThan(0x101010);
      int inside = img.getRGB(area.x + area.width / 2, 900) & 0xFF;
      assertThat(inside).as("phone background is light").isGreaterThan(200);
    }
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5")) {
      Frame hdmi = phone.renderHdmiFrame();
      assertThat(hdmi.width()).isEqualTo(1920);
      assertThat(phone.frameWidth()).isEqualTo(540);
    }
  }
}
