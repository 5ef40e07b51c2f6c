package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextBox;
import dev.swipe.text.TextCode;
import dev.swipe.text.TextPage;
import dev.swipe.text.TextQuery;
import dev.swipe.text.TextReader;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The facade's text calls on real simulator frames read by the real OCR engine: what a host gets on
 * a rig, with the simulator's truth only to judge the answers.
 */
class TextOnSimulatorTest {

  /** The default engine, counting its reads (a host's own reader wired through the builder). */
  static final class CountingReader implements TextReader {
    final TextReader inner = TextReader.open("tesseract:");
    final AtomicInteger reads = new AtomicInteger();

    @Override
    public TextPage read(BufferedImage image, TextBox region) {
      reads.incrementAndGet();
      return inner.read(image, region);
    }

    @Override
    public String description() {
      return "counting " + inner.description();
    }

    @Override
    public void close() {
      inner.close();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void findsTheContactsOnScreenWhereTheyAre(String platform) {
    try (Device phone = Device.open("sim:?scene=list&platform=" + platform)) {
      Observation shot = phone.screenshot();
      List<String> visible = SimOracle.of(phone).visibleListRows(shot);
      assertThat(visible).hasSizeGreaterThan(5);
      double previousY = -1;
      for (String name : visible) {
        TextSearchResult r = phone.text().find(shot, TextQuery.of(name));
        assertThat(r.found()).as("%s on %s", name, platform).isTrue();
        ScreenText best = r.best().orElseThrow();
        assertThat(best.center().y()).as("rows are read top down").isGreaterThan(previousY);
        assertThat(best.center().x()).isBetween(100.0, 800.0);
        previousY = best.center().y();
      }
      assertThat(phone.text().find(shot, TextQuery.of("Nobody Here")).found()).isFalse();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void tapTextTapsTheSearchFieldAndTheKeyboardComesUp(String platform) {
    try (Device phone = Device.open("sim:?scene=list&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      assertThat(truth.keyboardVisible()).isFalse();
      ActionResult r = phone.text().tap(TextQuery.of("Search contacts"));
      assertThat(truth.keyboardVisible()).isTrue();
      assertThat(r.observation().id()).isNotEqualTo("shot-1");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void missingAndAmbiguousTextAreCodedErrorsThatTapNothing(String platform) {
    try (Device phone = Device.open("sim:?scene=list&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      Observation shot = phone.screenshot();
      int taps = truth.pointerLog().size();
      assertThatThrownBy(() -> phone.text().tap(shot, TextQuery.of("Quentin Zimmerman")))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.TEXT_NOT_FOUND);
                assertThat((List<?>) e.details().get("read_nearby")).isNotEmpty();
              });
      String first = truth.visibleListRows(shot).get(0).split(" ")[0];
      long sameFirst =
          truth.visibleListRows(shot).stream().filter(n -> n.startsWith(first + " ")).count();
      if (sameFirst > 1) {
        assertThatThrownBy(() -> phone.text().tap(shot, TextQuery.of(first)))
            .isInstanceOfSatisfying(
                SwipeException.class,
                e -> {
                  assertThat(e.code()).isEqualTo(ErrorCode.TEXT_AMBIGUOUS);
                  assertThat((List<?>) e.details().get("candidates"))
                      .hasSizeGreaterThanOrEqualTo(2);
                });
      }
      assertThat(truth.pointerLog()).hasSize(taps);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void scrollUntilTextFindsAContactFarDownReadingOnlyAFewFrames(String platform) {
    CountingReader reader = new CountingReader();
    String target = SimOracle.listContacts().get(150);
    try (Device phone =
        Device.builder().device("sim:?scene=list&platform=" + platform).textReader(reader).open()) {
      AtomicInteger predicateCalls = new AtomicInteger();
      var condition = phone.text().condition(TextQuery.of(target), Scroll.of(ScrollDirection.DOWN));
      ScrollUntilResult r =
          phone.scrollUntil(
              Scroll.builder(ScrollDirection.DOWN).amount(0.8).build(),
              o -> {
                predicateCalls.incrementAndGet();
                return condition.test(o);
              },
              dev.swipe.core.scroll.ScrollSearch.defaults());
      assertThat(r.found()).isTrue();
      assertThat(r.observation().settled()).isTrue();
      assertThat(SimOracle.of(phone).visibleListRows(r.observation())).contains(target);
      assertThat(phone.text().find(r.observation(), TextQuery.of(target)).found()).isTrue();
      assertThat(reader.reads.get())
          .as("frames read of %d offered", predicateCalls.get())
          .isLessThan(predicateCalls.get());
    }
  }

  /**
   * A capture of three frames a second shows a fling's coast as stills too far apart to overlap:
   * the search reads the stretch it flew over on steady passes back, then goes on steadily, and
   * still finds a contact far down the list within the default search.
   */
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aCaptureTooSlowToFollowACoastStillFindsAContactFarDown(String platform) {
    String target = SimOracle.listContacts().get(120);
    try (Device phone = Device.open("sim:?scene=list&fps=3&platform=" + platform)) {
      ScrollUntilResult r =
          phone.text().scrollUntil(Scroll.of(ScrollDirection.DOWN), TextQuery.of(target));
      assertThat(r.found()).as("%s after %d passes", r.stoppedBy(), r.passes()).isTrue();
      assertThat(r.observation().settled()).isTrue();
      assertThat(SimOracle.of(phone).visibleListRows(r.observation())).contains(target);
      List<Integer> durations =
          r.scrolls().stream()
              .map(s -> s.action().gesture() instanceof Swipe w ? w.durationMs() : 0)
              .toList();
      assertThat(durations.get(0))
          .as("the first pass flings")
          .isLessThan(Scroll.DEFAULT_DURATION_MS);
      assertThat(durations.subList(1, durations.size()))
          .as("its coast outran the frames: every later pass is steady")
          .allMatch(d -> d == Scroll.DEFAULT_DURATION_MS);
    }
  }

  /**
   * A contact just below the first screen is on the first frame of the search's first coast, and a
   * capture too slow to follow the coast shows nothing of the screens after it: the search passes
   * back until its screen holds that frame's content again, not only a fixed few steps.
   */
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aContactJustBelowTheFirstScreenIsFoundWhenTheCoastOutranTheFrames(String platform) {
    try (Device phone = Device.open("sim:?scene=list&fps=3&platform=" + platform)) {
      List<String> shown = SimOracle.of(phone).visibleListRows(phone.screenshot());
      List<String> all = SimOracle.listContacts();
      String target = all.get(all.indexOf(shown.get(shown.size() - 1)) + 2);
      ScrollUntilResult r =
          phone.text().scrollUntil(Scroll.of(ScrollDirection.DOWN), TextQuery.of(target));
      assertThat(r.found()).as("%s after %d passes", r.stoppedBy(), r.passes()).isTrue();
      assertThat(SimOracle.of(phone).visibleListRows(r.observation())).contains(target);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android"})
  void waitForTextAnswersAtOnceWhenShownAndAfterTheTimeoutWhenNot(String platform) {
    try (Device phone = Device.open("sim:?scene=list&platform=" + platform)) {
      TextSearchResult shown =
          phone.text().waitFor(TextQuery.of("Search contacts"), Duration.ofSeconds(5));
      assertThat(shown.found()).isTrue();
      long t0 = phone.rig().ticker().read();
      TextSearchResult missing =
          phone.text().waitFor(TextQuery.of("Payment received"), Duration.ofSeconds(2));
      assertThat(missing.found()).isFalse();
      assertThat(phone.rig().ticker().read() - t0)
          .as("device time waited")
          .isGreaterThanOrEqualTo(2_000_000_000L);
      assertThatThrownBy(() -> phone.text().waitFor(TextQuery.of("x"), Duration.ZERO))
          .hasFieldOrPropertyWithValue("code", CommonCode.INVALID_ARGUMENT);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android"})
  void aReaderThatCannotLoadIsACodedErrorAndTheDeviceStillWorks(String platform) {
    // a typo in the scheme fails when the device opens, with the code devices answer
    assertThatThrownBy(
            () ->
                Device.builder()
                    .device("sim:?scene=list&platform=" + platform)
                    .textReader("nosuch:")
                    .open())
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.UNKNOWN_SCHEME);
              assertThat(e.details()).containsEntry("field", "uri");
              assertThat((List<?>) e.details().get("known_schemes")).asList().contains("tesseract");
            });
    // a known engine that cannot load (no trained data for the language) fails at the first read
    try (Device phone =
        Device.builder()
            .device("sim:?scene=list&platform=" + platform)
            .textReader("tesseract:?lang=deu")
            .open()) {
      assertThatThrownBy(() -> phone.text().find(TextQuery.of("Search")))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(TextCode.TEXT_READER_UNAVAILABLE));
      assertThat(phone.screenshot().width()).isPositive();
    }
    try (CountingReader own = new CountingReader()) {
      assertThatThrownBy(
              () -> Device.builder().device("sim:").textReader("tesseract:").textReader(own).open())
          .hasFieldOrPropertyWithValue("code", CommonCode.INVALID_ARGUMENT)
          .satisfies(
              e ->
                  assertThat(((SwipeException) e).details())
                      .isEqualTo(Map.of("field", "text_reader")));
    }
  }
}
