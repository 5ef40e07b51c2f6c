package dev.swipe.capture.internal;

import dev.swipe.base.Ticker;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.tck.FrameSourceContract;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The capture kit over a snapshot URL (one image/jpeg per request), detected by content type. */
class MjpegSnapshotContractTest extends FrameSourceContract {
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
            DeviceUri.parse(
                "mjpeg:"
                    + server.url("/snapshot")
                    + "?latency_ms=10&snapshot_interval_ms=20&crop=none"),
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
