package dev.swipe.chrome;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.Device;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.text.TextQuery;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Scroll-until text on the contacts and virtual lists, judged by the page's list of fully visible
 * rows: a name that reads on the screen while its row is cut by the header or the tab bar is not
 * yet found.
 */
class ListTextSearchTest {
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

  /**
   * Puts row {@code row} where {@code edge} says (its name readable, its row cut by the header or
   * the tab bar, or the list at its end), then searches for its name.
   */
  @ParameterizedTest
  @CsvSource({
    "360x800@3, 52, under-header, down",
    "iphone-15, 90, above-tab-bar, up",
    "pixel-7, 199, list-end, down",
  })
  void aFoundNameIsOnARowThatIsWhollyOnTheScreen(
      String device, int row, String edge, String direction) throws InterruptedException {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=" + device + "&url=" + server.url("pages/long-list.html"));
        Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
      String name = label(page, row);
      // test set-up, not the SDK: scroll the list so that the row sits at the edge
      String place =
          switch (edge) {
            case "under-header" ->
                "r.offsetTop + 12"; // the row 12 px under the header, its name not
            case "above-tab-bar" -> "r.offsetTop + r.offsetHeight - s.clientHeight - 14";
            default -> "s.scrollHeight";
          };
      PageTruth.evaluate(
          page,
          "(() => { const s = document.getElementById('scroller');"
              + " const r = s.querySelectorAll('.row')["
              + row
              + "]; s.scrollTop = "
              + place
              + "; return s.scrollTop; })()");
      Thread.sleep(300);
      if (!edge.equals("list-end")) {
        assertThat(visible(page)).as("set up with the row cut").doesNotContain(name);
      }

      ScrollUntilResult r =
          phone
              .text()
              .scrollUntil(
                  Scroll.of(ScrollDirection.valueOf(direction.toUpperCase(java.util.Locale.ROOT))),
                  TextQuery.of(name));

      Thread.sleep(500);
      assertThat(r.found()).as("%s found", name).isTrue();
      assertThat(visible(page)).as("the rows wholly on the screen").contains(name);
    }
  }

  /**
   * From the top of the list to a contact with the default search: flinging passes whose coasts
   * cross several screens between two frames a reader could keep up with, so the search reads
   * frames kept from each coast once it is over, and the default budget reaches a contact near the
   * end. A contact just below the first screen shows on the coast's first frame only, before a
   * stretch no frame showed: the search passes back to that frame instead of on past it.
   */
  @ParameterizedTest
  @CsvSource({"390x844@3, 150", "iphone-15, 11", "pixel-7, 13"})
  void aContactBelowTheFirstScreenIsFoundFromTheTopWithTheDefaultSearch(String device, int row) {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=" + device + "&url=" + server.url("pages/long-list.html"));
        Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
      String name = label(page, row);
      phone.screen().waitForStable(java.time.Duration.ofSeconds(10));
      ScrollUntilResult r =
          phone.text().scrollUntil(Scroll.of(ScrollDirection.DOWN), TextQuery.of(name));
      assertThat(r.found())
          .as("%s found: %s after %d passes", name, r.stoppedBy(), r.passes())
          .isTrue();
      assertThat(visible(page)).as("the rows wholly on the screen").contains(name);
    }
  }

  /**
   * Up to the first row: the list stops at its top with "Item 1" above the band the finger swipes
   * in (on a tall phone the first row rests there). The row is whole on the screen, so it is found;
   * before, the search asked for it inside the band and answered not found at the edge.
   */
  @ParameterizedTest
  @CsvSource({"430x932@3, 2248", "430x932@3, 400"})
  void theFirstRowIsFoundAtTheTopEdgeAboveTheBand(String device, int scrollTop)
      throws InterruptedException {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=" + device + "&url=" + server.url("pages/virtual-list.html"));
        Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
      scrollTo(page, scrollTop);
      ScrollUntilResult r =
          phone.text().scrollUntil(Scroll.of(ScrollDirection.UP), TextQuery.of("Item 1"));

      Thread.sleep(500);
      assertThat(r.found()).as("found: %s after %d passes", r.stoppedBy(), r.passes()).isTrue();
      assertThat(visible(page)).as("the rows wholly on the screen").contains("Item 1");
    }
  }

  /**
   * The page's title ("Items") stands still above the list whatever it does: a search up for it
   * that brings the list to its top does not take the title for a row the list brought.
   */
  @Test
  void aTitleThatStandsStillIsNotARowTheListBrought() throws InterruptedException {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=430x932@3&url=" + server.url("pages/virtual-list.html"));
        Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open()) {
      scrollTo(page, 300);
      ScrollUntilResult r =
          phone.text().scrollUntil(Scroll.of(ScrollDirection.UP), TextQuery.of("Items"));

      assertThat(r.passes()).as("passes played").isPositive();
      assertThat(r.found()).as("found: %s", r.stoppedBy()).isFalse();
    }
  }

  /** Test set-up, not the SDK: puts the list's scroll position. */
  private static void scrollTo(ChromePhone page, int scrollTop) throws InterruptedException {
    PageTruth.evaluate(
        page, "document.getElementById('scroller').scrollTop = " + scrollTop + "; 0");
    Thread.sleep(300);
  }

  /** The contact name on row {@code row} of the page (its truth, for the test's set-up). */
  private static String label(ChromePhone page, int row) {
    return PageTruth.evaluate(
            page, "document.querySelectorAll('#scroller .row')[" + row + "].dataset.label")
        .asText();
  }

  private static List<String> visible(ChromePhone page) {
    List<String> out = new ArrayList<>();
    for (JsonNode n : PageTruth.evaluate(page, "window.swipeTruth()").path("visible")) {
      out.add(n.asText());
    }
    return out;
  }
}
