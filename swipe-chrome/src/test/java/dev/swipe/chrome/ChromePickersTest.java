package dev.swipe.chrome;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.swipe.chrome.internal.PageTruth;
import dev.swipe.core.Device;
import dev.swipe.core.WheelSetResult;
import dev.swipe.wheel.WheelColumn;
import dev.swipe.wheel.WheelSet;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pickers as widget libraries draw them (Ionic's wheels in both modes, CSS scroll-snap wheels that
 * stop, loop, or hold words), read and set on {@code chrome:}, judged by each page's own truth.
 */
class ChromePickersTest {
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

  private static ChromePhone open(String page) {
    return ChromePhone.open(
        "chrome:?device=iphone-15&url=" + server.url("pages/" + page + ".html"));
  }

  /** A device on the page, once the page has drawn itself and holds still (as a user waits). */
  private static Device device(ChromePhone page) {
    Device phone = Device.builder().hid(page.transport()).capture(page.frameSource()).open();
    phone.screen().waitForStable(Duration.ofSeconds(10));
    return phone;
  }

  /** The page's columns once it is drawn and still. */
  private static JsonNode columns(ChromePhone page) throws InterruptedException {
    JsonNode t = PageTruth.evaluate(page, "window.swipeTruth()");
    for (int i = 0; i < 100 && !ready(t); i++) {
      Thread.sleep(100);
      t = PageTruth.evaluate(page, "window.swipeTruth()");
    }
    assertThat(ready(t)).as("the page is ready and still: %s", t).isTrue();
    return t.path("columns");
  }

  private static boolean ready(JsonNode t) {
    if (!t.path("ready").asBoolean(true)) {
      return false;
    }
    for (JsonNode c : t.path("columns")) {
      if (!c.path("settled").asBoolean(true)) {
        return false;
      }
    }
    return true;
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ionic-picker-ios",
        "ionic-picker-md",
        "ionic-datetime-ios",
        "ionic-datetime-md",
        "snap-wheel-stop",
        "snap-wheel-loop",
        "snap-wheel-words"
      })
  void everyColumnReadsAsThePageHoldsItAndNothingElseIsAWheel(String name) throws Exception {
    try (ChromePhone page = open(name);
        Device phone = device(page)) {
      JsonNode truth = columns(page);
      List<WheelColumn> read = phone.wheels().read().columns();
      assertThat(read)
          .as("one column per wheel, no settings row taken for one")
          .hasSize(truth.size());
      for (int i = 0; i < read.size(); i++) {
        WheelColumn c = read.get(i);
        assertThat(c.selectionClear()).as("column %d: %s", i, c).isTrue();
        assertThat(c.selectedLabel().map(l -> l.toLowerCase(Locale.ROOT)))
            .as("column %d: %s", i, c)
            .contains(truth.get(i).path("label").asText().toLowerCase(Locale.ROOT));
      }
    }
  }

  @ParameterizedTest
  @CsvSource({
    "ionic-picker-ios, 7, 11",
    "ionic-picker-ios, AM, PM",
    "ionic-picker-md, 30, 12",
    "ionic-datetime-ios, June, October",
    "ionic-datetime-ios, June, December",
    "ionic-datetime-md, 1990, 1984",
    "snap-wheel-loop, 30, 05",
    "snap-wheel-words, Lisbon, Vienna"
  })
  void setWheelReachesTheTargetThePageHolds(String name, String from, String to) throws Exception {
    try (ChromePhone page = open(name);
        Device phone = device(page)) {
      columns(page);
      WheelSetResult r = phone.wheels().set(WheelSet.columnShowing(from).to(to));
      JsonNode after = columns(page);
      assertThat(r.label()).isEqualToIgnoringCase(to);
      assertThat(labels(after))
          .as("the page holds what was claimed; %s", r.evidence())
          .contains(to);
    }
  }

  /**
   * The word wheel on phones where its column cuts the larger selected label ("Copenhag",
   * "Amsterdar") and at its ends, where the page's lines above and below the picker once read as
   * its row pitch and every drag started off the wheel, and where the column at its top end shows
   * two names and a cut one that the screen's read lost: set from a row the page puts it on, and
   * the page holds what was claimed.
   */
  @ParameterizedTest
  @CsvSource({
    "pixel-7, 11, Lisbon",
    "390x844@3, 6, Copenhagen",
    "390x844@3, 3, Oslo",
    "iphone-15, 5, Amsterdam",
    "iphone-15, 0, Prague"
  })
  void aWordWheelIsSetAtItsEndsAndOnLabelsItsColumnCuts(String device, int start, String to)
      throws Exception {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=" + device + "&url=" + server.url("pages/snap-wheel-words.html"));
        Device phone = device(page)) {
      columns(page);
      PageTruth.evaluate(page, "window.swipeJump(0, " + start + ")");
      columns(page);
      phone.screen().waitForStable(Duration.ofSeconds(10));
      WheelSetResult r = phone.wheels().set(WheelSet.column(0).to(to));
      JsonNode after = columns(page);
      assertThat(r.label()).isEqualToIgnoringCase(to);
      assertThat(after.get(0).path("label").asText())
          .as("the page holds what was claimed; %s", r.evidence())
          .isEqualTo(to);
    }
  }

  /**
   * Ionic's date wheels on a phone where the month column's long names reach far from its x: a
   * name's letters read again in a cropped band ("ugust", "aptembe") once made a column of words
   * beside the months, and the year asked for by its place was looked for in the day column.
   */
  @ParameterizedTest
  @CsvSource({"390x844@3, 1991-08-23, 1996", "iphone-15, 1975-09-04, 1970"})
  void theMonthsLongNamesAreOneColumnAndTheYearIsSetByItsPlace(
      String device, String date, String year) throws Exception {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device="
                    + device
                    + "&url="
                    + server.url("pages/ionic-datetime-ios.html"));
        Device phone = device(page)) {
      columns(page);
      PageTruth.evaluate(page, "document.querySelector('ion-datetime').value = '" + date + "'");
      columns(page);
      phone.screen().waitForStable(Duration.ofSeconds(10));
      assertThat(phone.wheels().read().columns()).as("month, day and year").hasSize(3);
      WheelSetResult r = phone.wheels().set(WheelSet.column(2).to(Integer.parseInt(year)));
      JsonNode after = columns(page);
      assertThat(r.value()).isEqualTo(Integer.parseInt(year));
      assertThat(after.get(2).path("label").asText())
          .as("the page holds what was claimed; %s", r.evidence())
          .isEqualTo(year);
    }
  }

  /**
   * The looping seconds wheel on a phone where the whole screen's read runs the bold selected "31"
   * into the unit beside it and loses it: the column is read again in its own band, and set.
   */
  @Test
  void aSelectedLabelLostBesideItsUnitIsReadInTheColumnsBand() throws Exception {
    try (ChromePhone page =
            ChromePhone.open(
                "chrome:?device=390x844@3&url=" + server.url("pages/snap-wheel-loop.html"));
        Device phone = device(page)) {
      columns(page);
      PageTruth.evaluate(page, "window.swipeJump(0, 31)");
      columns(page);
      phone.screen().waitForStable(Duration.ofSeconds(10));
      assertThat(phone.wheels().read().columns().get(0).value()).hasValue(31);
      WheelSetResult r = phone.wheels().set(WheelSet.column(0).to("19"));
      assertThat(r.value()).isEqualTo(19);
      assertThat(columns(page).get(0).path("value").asInt())
          .as("the page holds what was claimed; %s", r.evidence())
          .isEqualTo(19);
    }
  }

  /** A wheel that stops: set into its last row, and across where a looping wheel would wrap. */
  @ParameterizedTest
  @CsvSource({"50, 59", "55, 3", "4, 0"})
  void aWheelThatStopsIsSetAtAndAcrossItsEnds(int start, int target) throws Exception {
    try (ChromePhone page = open("snap-wheel-stop");
        Device phone = device(page)) {
      PageTruth.evaluate(page, "window.swipeJump(0, " + start + ")");
      columns(page);
      phone.screen().waitForStable(Duration.ofSeconds(10));
      WheelSetResult r = phone.wheels().set(WheelSet.column(0).to(String.valueOf(target)));
      assertThat(r.value()).isEqualTo(target);
      assertThat(columns(page).get(0).path("value").asInt())
          .as("the page holds what was claimed; %s", r.evidence())
          .isEqualTo(target);
    }
  }

  @Test
  void theLastRowOfAWheelThatStopsReadsAsItselfNotItsNeighbour() throws Exception {
    try (ChromePhone page = open("snap-wheel-stop");
        Device phone = device(page)) {
      PageTruth.evaluate(page, "window.swipeJump(0, 59)");
      columns(page);
      phone.screen().waitForStable(Duration.ofSeconds(10));
      for (WheelColumn c : phone.wheels().read().columns()) {
        if (c.value().isPresent()) {
          assertThat(c.value().getAsInt()).as("%s", c).isEqualTo(59);
        }
      }
    }
  }

  private static List<String> labels(JsonNode columns) {
    List<String> out = new java.util.ArrayList<>();
    for (JsonNode c : columns) {
      out.add(c.path("label").asText());
    }
    return out;
  }
}
