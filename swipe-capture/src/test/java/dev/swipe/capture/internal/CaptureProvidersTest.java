package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.spi.FrameSourceProvider;
import dev.swipe.sim.SimPhone;
import java.awt.Rectangle;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The schemes are found by ServiceLoader and work behind core's Device facade. */
class CaptureProvidersTest {
  @Test
  void allThreeSchemesAreRegistered() {
    Set<String> schemes =
        ServiceLoader.load(FrameSourceProvider.class).stream()
            .map(ServiceLoader.Provider::get)
            .filter(p -> p.getClass().getPackageName().equals("dev.swipe.capture.internal"))
            .map(FrameSourceProvider::scheme)
            .collect(Collectors.toSet());
    assertThat(schemes).containsExactlyInAnyOrder("uvc", "mjpeg", "files");
  }

  @Test
  void aDeviceWithAnMjpegCaptureScreenshotsTheCroppedPhone() throws Exception {
    try (SimPhone phone = SimPhone.open("sim:?letterbox=true&scene=list")) {
      Rectangle truth = phone.hdmiScreenArea();
      byte[] hdmi = phone.renderHdmiFrame().jpeg();
      try (MjpegTestServer server = MjpegTestServer.streaming(n -> hdmi);
          Device rig =
              Device.builder()
                  .hid("sim:")
                  .capture("mjpeg:" + server.url("/stream") + "?latency_ms=10")
                  .open()) {
        Observation shot = rig.screenshot();
        assertThat(shot.width()).isCloseTo(truth.width, offset(4));
        assertThat(shot.height()).isCloseTo(truth.height, offset(4));
      }
    }
  }
}
