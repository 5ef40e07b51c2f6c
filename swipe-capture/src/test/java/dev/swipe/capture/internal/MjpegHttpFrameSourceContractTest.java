package dev.swipe.capture.internal;

import dev.swipe.base.Ticker;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.tck.FrameSourceContract;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The capture kit over a real loopback HTTP server streaming pillarboxed HDMI-sized frames. */
class MjpegHttpFrameSourceContractTest extends FrameSourceContract {
  private MjpegTestServer server;

  @Override
  protected FrameSource openSource() {
    try {
      server = MjpegTestServer.streaming(PhoneScreens::smallFrame);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new MjpegFrameSourceProvider()
        .open(
            DeviceUri.parse("mjpeg:" + server.url("/stream") + "?latency_ms=20"),
            ProviderContext.system());
  }

  @Override
  protected Ticker ticker() {
    return Ticker.system();
  }

  @Override
  protected void closeProducer() {
    server.close();
  }
}
