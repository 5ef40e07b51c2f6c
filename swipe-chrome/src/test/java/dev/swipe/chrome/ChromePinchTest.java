package dev.swipe.chrome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.NormPoint;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.Device;
import dev.swipe.core.PinchResult;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.diff.ZoomChange.Direction;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two fingers in Chromium: a Leaflet map's own touch zoom takes them, and a page that lets itself
 * be zoomed is zoomed by the browser; the verdict from the pixels agrees with each.
 */
class ChromePinchTest {
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
  void aPinchZoomsTheMapByTheLevelsItsScaleAsksForAndIsJudgedSo() throws InterruptedException {
    try (ChromePhone page =
            ChromePhone.open("chrome:?device=pixel-7&url=" + server.url("pages/leaflet-map.html"));
        Device phone = device(page)) {
      int start = awaitRest(page).path("zoom").asInt();
      PinchResult spread = phone.pinch(Pinch.zoom(NormPoint.of(500, 550), 2));
      int in = awaitRest(page).path("zoom").asInt();
      assertThat(in - start).as("a pinch apart by 2 is one level in").isEqualTo(1);
      judged(spread, in - start);
      PinchResult together = phone.pinch(Pinch.zoom(NormPoint.of(500, 550), 0.5));
      int out = awaitRest(page).path("zoom").asInt();
      assertThat(out - in).as("a pinch together by half is one level out").isEqualTo(-1);
      judged(together, out - in);
    }
  }

  /**
   * The browser zooms a page by the fingers' spread less the first twice its touch slop, never
   * further however long the fingers take: DevTools places touches in CSS pixels of the zoomed
   * view, and fingers sent where the screen shows them at the start fed the pinch its own zoom. A
   * tap on the zoomed page then lands where the screen shows it.
   */
  @ParameterizedTest
  @ValueSource(ints = {600, 2000})
  void aPinchZoomsAPageNoFurtherThanTheFingersSpreadAndATapLandsOnTheZoomedScreen(int durationMs)
      throws InterruptedException {
    try (ChromePhone page =
            ChromePhone.open("chrome:?device=pixel-7&url=" + server.url("pages/long-list.html"));
        Device phone = device(page)) {
      phone.screenshot();
      double before = PageTruth.evaluate(page, "window.visualViewport.scale").asDouble();
      PinchResult r =
          phone.pinch(
              Pinch.builder(NormPoint.of(500, 500))
                  .spread(380, 600)
                  .durationMs(durationMs)
                  .build());
      Thread.sleep(300);
      double after = PageTruth.evaluate(page, "window.visualViewport.scale").asDouble();
      double truth = after / before;
      assertThat(truth)
          .as("the browser zoomed the page, at most as far as the fingers spread")
          .isGreaterThan(1.15)
          .isLessThan(600.0 / 380 * 1.03);
      assertThat(r.zoom().observed()).as("%s", r.zoom()).isTrue();
      assertThat(r.zoom().direction()).isEqualTo(Direction.IN);
      assertThat(r.zoom().scale()).isCloseTo(truth, within(0.1 * truth));

      PageTruth.evaluate(
          page,
          "window.swipeTap = null; window.addEventListener('touchstart', e => { window.swipeTap ="
              + " [e.touches[0].clientX, e.touches[0].clientY]; }, {capture: true, passive: true});"
              + " 0");
      phone.tap(NormPoint.of(300, 400));
      JsonNode seen =
          PageTruth.evaluate(
              page,
              "({tap: window.swipeTap, left: visualViewport.offsetLeft, top: visualViewport.offsetTop,"
                  + " width: visualViewport.width, height: visualViewport.height})");
      assertThat(seen.path("tap").path(0).asDouble())
          .as("%s", seen)
          .isCloseTo(
              seen.path("left").asDouble() + 0.3 * seen.path("width").asDouble(), within(2.0));
      assertThat(seen.path("tap").path(1).asDouble())
          .as("%s", seen)
          .isCloseTo(
              seen.path("top").asDouble() + 0.4 * seen.path("height").asDouble(), within(2.0));
    }
  }

  /** A device on the page, with a bound past a map's zoom animation and its tiles' fade. */
  private static Device device(ChromePhone page) {
    return Device.builder()
        .hid(page.transport())
        .capture(page.frameSource())
        .settleBound(Duration.ofSeconds(3))
        .open();
  }

  /**
   * The verdict from the pixels never disagrees with the page's own zoom (each level doubles the
   * scale): it is within a tenth of it, or unobserved. This page's tiles carry grid lines and
   * labels that keep their size as the map zooms, so part of the detail does not zoom with it and
   * the verdict may stay unobserved (one of the two pinches here, or both on a busy machine).
   */
  private static void judged(PinchResult r, int levels) {
    assertThat(r.zoom().direction())
        .as("%s", r.zoom())
        .isNotEqualTo(levels > 0 ? Direction.OUT : Direction.IN);
    if (!r.zoom().observed()) {
      return;
    }
    double truth = Math.pow(2, levels);
    assertThat(r.zoom().direction()).isEqualTo(levels > 0 ? Direction.IN : Direction.OUT);
    assertThat(r.zoom().scale()).isCloseTo(truth, within(0.1 * truth));
  }

  /** Waits until the map says it is not moving and its zoom holds for half a second. */
  private static JsonNode awaitRest(ChromePhone page) throws InterruptedException {
    JsonNode last = PageTruth.evaluate(page, "window.swipeTruth()");
    long quietSince = System.nanoTime();
    long deadline = quietSince + 8_000_000_000L;
    while (System.nanoTime() < deadline) {
      Thread.sleep(50);
      JsonNode t = PageTruth.evaluate(page, "window.swipeTruth()");
      if (!t.path("zoom").equals(last.path("zoom"))
          || !t.path("center").equals(last.path("center"))
          || t.path("moving").asBoolean()) {
        quietSince = System.nanoTime();
      } else if (System.nanoTime() - quietSince > 500_000_000L) {
        return t;
      }
      last = t;
    }
    return last;
  }
}
