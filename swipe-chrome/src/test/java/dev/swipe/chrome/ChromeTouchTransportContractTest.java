package dev.swipe.chrome;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.tck.HidTransportContract;
import dev.swipe.tck.ObservedPointer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The transport kit on a real page: the peer is the page itself, which logs every touch and mouse
 * event it receives.
 */
class ChromeTouchTransportContractTest extends HidTransportContract {
  private PageServer server;
  private ChromePhone page;

  @Override
  protected HidTransport openTransport() {
    Chromium.assumeInstalled();
    server = PageServer.of(Path.of("src/test/resources/kit"));
    page = ChromePhone.open("chrome:?device=390x844@3&url=" + server.url("touch-log.html"));
    return page.transport();
  }

  @Override
  protected List<ObservedPointer> observedPointer() {
    List<ObservedPointer> seen = new ArrayList<>();
    for (JsonNode e : page.evaluate("window.swipeTouchLog")) {
      String type = e.path("type").asText();
      if (!e.has("x")) {
        continue; // a key
      }
      double x = e.path("x").asDouble() / e.path("w").asDouble() * 1000;
      double y = e.path("y").asDouble() / e.path("h").asDouble() * 1000;
      seen.add(new ObservedPointer(x, y, Set.of("touchstart", "touchmove").contains(type)));
    }
    return seen;
  }

  /** The page resolves touches to a CSS pixel: 1000/390 normalized units. */
  @Override
  protected double positionTolerance() {
    return 1000.0 / 390;
  }

  @Override
  protected void closePeer() {
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
