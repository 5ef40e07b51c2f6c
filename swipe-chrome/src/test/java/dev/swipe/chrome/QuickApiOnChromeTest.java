package dev.swipe.chrome;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.base.NormPoint;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.strategy.SwipeStrategies;
import dev.swipe.text.TextQuery;
import dev.swipe.wheel.WheelColumn;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's Quick API on {@code chrome:}, call for call as the README writes it with only the
 * device URI changed, each judged by the page's own truth (read over a DevTools connection of the
 * test's; the device is built from the same parts {@code Device.open} builds it from).
 */
class QuickApiOnChromeTest {
  private static PageServer widgets;
  private static PageServer kit;

  @BeforeAll
  static void serve() {
    Chromium.assumeInstalled();
    widgets = PageServer.widgets();
    kit = PageServer.classpath("kit");
  }

  @AfterAll
  static void stop() {
    if (widgets != null) {
      widgets.close();
    }
    if (kit != null) {
      kit.close();
    }
  }

  private static Device device(ChromePhone page) {
    return Device.builder().hid(page.transport()).capture(page.frameSource()).open();
  }

  @Test
  void screenshotSwipeAndTypeByUriAlone() {
    try (Device phone = Device.open("chrome:?device=pixel-7&url=" + kit.url("list.html"))) {
      Observation before = phone.screenshot();
      ActionResult r =
          phone.swipe(
              Swipe.builder(NormPoint.of(500, 600), NormPoint.of(500, 400))
                  .durationMs(400)
                  .steps(16)
                  .holdBeforeMs(80)
                  .holdAfterMs(100)
                  .build());
      Observation after = r.observation();
      assertThat(after.id()).isNotEqualTo(before.id());
      assertThat(r.cost().hidReports()).isGreaterThanOrEqualTo(16);
      assertThat(phone.screen().diff(before, after, null).changed()).as("the list moved").isTrue();
    }
  }

  @Test
  void scrollAndScrollUntilOnAList() {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=iphone-15&url=" + widgets.url("pages/long-list.html"));
        Device phone = device(page)) {
      double top0 = truth(page).path("scrollTop").asDouble();
      ScrollResult r = phone.scroll(Scroll.builder(ScrollDirection.DOWN).amount(0.5).build());
      double top1 = truth(page).path("scrollTop").asDouble();
      assertThat(r.movement()).isEqualTo(Movement.MOVED);
      assertThat(top1).isGreaterThan(top0);
      ScrollUntilResult u =
          phone.scrollUntil(
              Scroll.of(ScrollDirection.DOWN),
              shot -> shot.settled() && shot.jpegSize() > 0,
              ScrollSearch.defaults());
      assertThat(u.found()).isTrue();
    }
  }

  /**
   * A 400-unit step is a short swipe: Swiper turns the page for it only when the finger lifts
   * within its short-swipe time, which a loaded machine can stretch (the touch events reach the
   * page late). So each step's claim is judged on its own (confirmed exactly when the page turned),
   * and one of three steps must turn it.
   */
  @Test
  void aCarouselStepTurnsOnePage() {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=pixel-7&url=" + widgets.url("pages/swiper-carousel.html"));
        Device phone = device(page)) {
      SwipeStrategies strategies = new SwipeStrategies(phone);
      boolean turned = false;
      for (int attempt = 0; attempt < 3 && !turned; attempt++) {
        int index0 = truth(page).path("index").asInt();
        SwipeStrategies.Step step =
            strategies.carouselSwitch(ScrollDirection.RIGHT, phone.screenshot());
        int index1 = truth(page).path("index").asInt();
        assertThat(index1)
            .as("diff_ratio %.4f, page %d -> %d", step.diff().diffRatio(), index0, index1)
            .isEqualTo(step.confirmed() ? index0 + 1 : index0);
        turned = step.confirmed();
      }
      assertThat(turned).as("a page turned in three steps").isTrue();
    }
  }

  @Test
  void aWheelNudgeFromAReadingLandsOnItsTarget() {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=iphone-15&url=" + widgets.url("pages/snap-wheel-stop.html"));
        Device phone = device(page)) {
      int start = truth(page).path("columns").get(0).path("value").asInt();
      Observation screenshot = phone.screenshot();
      WheelColumn column = phone.wheels().read(screenshot, null).columns().get(0);
      assertThat(column.value()).as("read as the page shows it").hasValue(start);
      WheelNudgeResult w = phone.wheels().nudge(screenshot, column.requestTo(start + 3));
      int now = truth(page).path("columns").get(0).path("value").asInt();
      assertThat(w.labelNow())
          .as("the nudge's claim is what the page shows")
          .hasValue(String.valueOf(now));
      assertThat(now)
          .as("moved the rows it planned toward the target, never past it: %s", w)
          .isEqualTo(start + w.decision().signedRows())
          .isBetween(start + 1, start + 3);
    }
  }

  @Test
  void textIsFoundWaitedForScrolledToAndTapped() {
    try (ChromePhone page =
            ChromePhone.open("chrome:?device=pixel-7&url=" + widgets.url("pages/long-list.html"));
        Device phone = device(page)) {
      String first = truth(page).path("visible").get(0).asText();
      TextSearchResult r = phone.text().find(TextQuery.of(first));
      assertThat(r.found()).as("%s on the first screen", first).isTrue();
      phone.text().waitFor(TextQuery.of("Contacts"), Duration.ofSeconds(5));
      String far =
          PageTruth.evaluate(page, "document.querySelectorAll('#scroller .row')[60].dataset.label")
              .asText();
      ScrollUntilResult u =
          phone.text().scrollUntil(Scroll.of(ScrollDirection.DOWN), TextQuery.fuzzy(far, 1));
      assertThat(u.found()).as("%s found", far).isTrue();
      assertThat(truth(page).path("visible").toString()).contains(far);
      phone.text().tap(TextQuery.builder(far).scope(TextQuery.Scope.LINE).build());
      assertThat(truth(page).path("tapped").asText()).isEqualTo(far);
    }
  }

  private static JsonNode truth(ChromePhone page) {
    return PageTruth.evaluate(page, "window.swipeTruth()");
  }
}
