package dev.swipe.chrome;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.NormPoint;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Drag;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Leaflet map on a phone draws the tiles it skipped while panning only once the pan's inertia has
 * ended; a pan released while moving must not be called settled before they are drawn.
 */
class MapSettleTest {
  private static PageServer server;

  @BeforeAll
  static void serve() {
    Chromium.assumeInstalled();
    server = PageServer.widgets();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aSettledInertialPanShowsTheMapAsItRests() throws InterruptedException {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=iphone-15&url=" + server.url("pages/leaflet-map.html"));
        // a bound well past the inertia and the tiles' fade, so that the claims are made at all
        Device phone =
            Device.builder()
                .hid(page.transport())
                .capture(page.frameSource())
                .settleBound(Duration.ofSeconds(5))
                .open()) {
      awaitRest(page);
      int settled = 0;
      // pans up and to the left, each into ground no tile was drawn for yet
      for (int ms : new int[] {160, 250, 340, 430, 520}) {
        ActionResult r =
            phone.perform(
                Drag.builder(NormPoint.of(600, 600), NormPoint.of(420, 380))
                    .then(NormPoint.of(330, 300))
                    .durationMs(ms)
                    .steps(Math.max(8, ms / 16))
                    .holdAfterMs(0)
                    .build());
        JsonNode rest = awaitRest(page);
        assertThat(rest.path("moving").asBoolean()).as("the map came to rest").isFalse();
        Observation now = phone.screenshot();
        if (r.observation().settled()) {
          settled++;
          assertThat(phone.screen().diff(r.observation(), now, null).diffRatio())
              .as("a pan of %d ms called settled (%s), against the map at rest", ms, r.cost())
              .isLessThan(0.002);
        }
      }
      // Most pans may come back unsettled on a busy machine: its screencast hands frames over late,
      // a late frame counts no quiet time, and a fast pan leaves bare ground until its tiles are
      // drawn. One settled pan keeps the check above exercised; the benchmark measures how many.
      assertThat(settled).as("pans settle within the bound").isGreaterThanOrEqualTo(1);
    }
  }

  /** Waits until the map's centre stays put and it says it is not moving for half a second. */
  private static JsonNode awaitRest(ChromePhone page) throws InterruptedException {
    JsonNode last = PageTruth.evaluate(page, "window.swipeTruth()");
    long quietSince = System.nanoTime();
    long deadline = quietSince + 8_000_000_000L;
    while (System.nanoTime() < deadline) {
      Thread.sleep(50);
      JsonNode t = PageTruth.evaluate(page, "window.swipeTruth()");
      if (!t.path("center").equals(last.path("center")) || t.path("moving").asBoolean()) {
        quietSince = System.nanoTime();
      } else if (System.nanoTime() - quietSince > 500_000_000L) {
        return t;
      }
      last = t;
    }
    return last;
  }
}
