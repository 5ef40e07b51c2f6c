package dev.swipe.capture.internal;

import com.github.sarxos.webcam.Webcam;
import dev.swipe.base.Ticker;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.tck.FrameSourceContract;

/** The capture kit through webcam-capture's own API, on a rendered test driver. */
class UvcFrameSourceContractTest extends FrameSourceContract {
  @Override
  protected FrameSource openSource() {
    Webcam.setDriver(new RenderedWebcamDriver());
    return new UvcFrameSourceProvider()
        .open(DeviceUri.parse("uvc:0?size=640x360&latency_ms=30"), ProviderContext.system());
  }

  @Override
  protected Ticker ticker() {
    return Ticker.system();
  }

  @Override
  protected void closeProducer() {
    Webcam.resetDriver();
  }
}
