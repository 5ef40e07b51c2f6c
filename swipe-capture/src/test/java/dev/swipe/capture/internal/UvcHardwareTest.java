package dev.swipe.capture.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.Ticker;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A real capture device through webcam-capture's default driver (native; needs libv4l-0 on Linux).
 * Runs only with {@code -Dgroups=hardware}; the URI comes from {@code SWIPE_UVC} (default {@code
 * uvc:0?size=1920x1080}).
 */
@Tag("hardware")
class UvcHardwareTest {
  @Test
  void grabsAFreshDecodableFrameFromARealDevice() throws Exception {
    String uri = System.getenv().getOrDefault("SWIPE_UVC", "uvc:0?size=1920x1080");
    try (FrameSource source =
        new UvcFrameSourceProvider().open(DeviceUri.parse(uri), ProviderContext.system())) {
      long asked = Ticker.system().read();
      Frame f = source.grab(asked, Duration.ofSeconds(10));
      assertThat(f.captureNanos()).isGreaterThanOrEqualTo(asked + source.latency().toNanos());
      assertThat(ScreenPipeline.decode(f.jpeg()).getWidth()).isEqualTo(f.width());
      Frame g = source.grab(f.captureNanos(), Duration.ofSeconds(10));
      assertThat(g.captureNanos()).isGreaterThanOrEqualTo(f.captureNanos());
    }
  }
}
