package dev.swipe.chrome;

import dev.swipe.base.Ticker;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.tck.FrameSourceContract;

/** The frame source kit on a real page, still (screenshots) as most of the kit's grabs are. */
class ChromeScreencastContractTest extends FrameSourceContract {
  private PageServer server;
  private ChromePhone page;

  @Override
  protected FrameSource openSource() {
    Chromium.assumeInstalled();
    server = PageServer.widgets();
    page = ChromePhone.open("chrome:?device=iphone-15&url=" + server.url("pages/touch-log.html"));
    return page.frameSource();
  }

  @Override
  protected Ticker ticker() {
    return Ticker.system();
  }

  @Override
  protected void closeProducer() {
    try {
      if (page != null) {
        page.close();
      }
    } finally {
      if (server != null) {
        server.close();
      }
    }
  }
}
