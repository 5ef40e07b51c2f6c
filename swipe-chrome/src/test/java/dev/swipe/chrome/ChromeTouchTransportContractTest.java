package dev.swipe.chrome;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.tck.HidTransportContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The transport kit on a real page: the peer is the page itself, which logs every touch and mouse
 * event it receives.
 */
class ChromeTouchTransportContractTest extends HidTransportContract {
  private static final double WIDTH = 390;
  private static final double HEIGHT = 844;
  private static final Set<String> FINGER =
      Set.of("touchstart", "touchmove", "touchend", "touchcancel", "mousemove");

  private PageServer server;
  private ChromePhone page;

  @Override
  protected HidTransport openTransport() {
    Chromium.assumeInstalled();
    server = PageServer.widgets();
    page = ChromePhone.open("chrome:?device=390x844@3&url=" + server.url("pages/touch-log.html"));
    return page.transport();
  }

  @Override
  protected List<HidTransportContract.ObservedPointer> observedPointer() {
    List<HidTransportContract.ObservedPointer> seen = new ArrayList<>();
    for (JsonNode e : PageTruth.evaluate(page, "window.swipeTouchLog")) {
      String type = e.path("type").asText();
      if (!FINGER.contains(type)) {
        continue; // pointer events repeat the touches; clicks and buttons come later
      }
      double x = e.path("x").asDouble() / WIDTH * 1000;
      double y = e.path("y").asDouble() / HEIGHT * 1000;
      seen.add(
          new HidTransportContract.ObservedPointer(
              x, y, Set.of("touchstart", "touchmove").contains(type)));
    }
    return seen;
  }

  /** The page resolves touches to a CSS pixel: 1000/390 normalized units. */
  @Override
  protected double positionTolerance() {
    return 1000 / WIDTH;
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
