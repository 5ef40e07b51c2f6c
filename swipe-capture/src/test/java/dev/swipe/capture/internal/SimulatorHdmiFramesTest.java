package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.swipe.base.Ticker;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.sim.SimPhone;
import java.awt.Rectangle;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Crop detection and the MJPEG path on the simulator's letterboxed 1920x1080 HDMI pictures. */
class SimulatorHdmiFramesTest {
  @ParameterizedTest
  @CsvSource({
    "list,android,",
    "picker,android,",
    "carousel,ios,",
    "map,android,",
    "list,ios,7",
    "picker,flutter,11"
  })
  void detectsTheSimulatedScreenInsideTheBars(String scene, String platform, Long seed) {
    String uri =
        "sim:?letterbox=true&scene="
            + scene
            + "&platform="
            + platform
            + (seed == null ? "" : "&seed=" + seed);
    try (SimPhone phone = SimPhone.open(uri)) {
      Frame hdmi = phone.renderHdmiFrame();
      assertThat(hdmi.width()).isEqualTo(1920);
      Rectangle truth = phone.hdmiScreenArea();
      ScreenCrop crop =
          ScreenCrop.detect(ScreenPipeline.decode(hdmi.jpeg()), ScreenCrop.DEFAULT_BLACK_LEVEL)
              .orElseThrow();
      assertThat(crop.x()).isCloseTo(truth.x, offset(2));
      assertThat(crop.y()).isCloseTo(truth.y, offset(2));
      assertThat(crop.width()).isCloseTo(truth.width, offset(4));
      assertThat(crop.height()).isCloseTo(truth.height, offset(4));
    }
  }

  @ParameterizedTest
  @CsvSource({"list", "picker"})
  void anMjpegStreamOfSimulatorFramesArrivesCroppedToThePhone(String scene) throws Exception {
    try (SimPhone phone = SimPhone.open("sim:?letterbox=true&scene=" + scene)) {
      Rectangle truth = phone.hdmiScreenArea();
      byte[] hdmi = phone.renderHdmiFrame().jpeg();
      try (MjpegTestServer server = MjpegTestServer.streaming(n -> hdmi);
          FrameSource source =
              new MjpegFrameSourceProvider()
                  .open(
                      DeviceUri.parse("mjpeg:" + server.url("/stream") + "?latency_ms=0"),
                      ProviderContext.system())) {
        Frame f = source.grab(Ticker.system().read(), Duration.ofSeconds(10));
        assertThat(f.width()).isCloseTo(truth.width, offset(4));
        assertThat(f.height()).isCloseTo(truth.height, offset(4));
      }
    }
  }
}
