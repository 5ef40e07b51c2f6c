package dev.swipe.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.strings;

import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

class WidgetParametersTest {

  private static final String SEED =
      "app: WeChat, screen: time picker, picker: hour column, effective distance: 35,"
          + " hold_after_ms: 100, center position: x=500 y=380";

  private static void assertInvalid(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code().id()).isEqualTo("invalid_argument");
              assertThat(e.field()).isEqualTo(field);
            });
  }

  @Test
  void parsesTheSeedContent() {
    WidgetParameters p = WidgetParameters.parse(SEED);

    assertThat(p.app()).isEqualTo("WeChat");
    assertThat(p.screen()).isEqualTo("time picker");
    assertThat(p.widget()).isEqualTo("hour column");
    assertThat(p.effectiveDistance()).isEqualTo(35.0);
    assertThat(p.holdAfterMs()).isEqualTo(100);
    assertThat(p.centerX()).isEqualTo(500.0);
    assertThat(p.centerY()).isEqualTo(380.0);
    assertThat(p.durationMs()).isNull();
    assertThat(p.rowPitch()).isNull();
    assertThat(p.extras()).isEmpty();
  }

  @Test
  void writesTheSeedForm() {
    WidgetParameters p =
        WidgetParameters.builder("WeChat", "hour column")
            .screen("time picker")
            .effectiveDistance(35)
            .holdAfterMs(100)
            .center(500, 380)
            .build();

    assertThat(p.toContent())
        .isEqualTo(
            "app: WeChat, screen: time picker, widget: hour column, effective distance: 35,"
                + " hold_after_ms: 100, center position: x=500 y=380");
    assertThat(p.title()).isEqualTo("[WeChat] [hour column] swipe parameters");
    assertThat(WidgetParameters.parse(p.toContent())).isEqualTo(p);
    assertThat(WidgetParameters.parse(SEED)).isEqualTo(p);
  }

  @Test
  void toRecordHasTheSeedShapeAndReadsBack() {
    WidgetParameters p = WidgetParameters.parse(SEED);
    MemoryRecord r = p.toRecord(70);

    assertThat(r.type()).isEqualTo("procedure");
    assertThat(r.title()).isEqualTo("[WeChat] [hour column] swipe parameters");
    assertThat(r.tags()).contains("swipe", "calibration");
    assertThat(r.entities()).containsExactly("WeChat");
    assertThat(r.priority()).isEqualTo(70);
    assertThat(WidgetParameters.fromRecord(r)).isEqualTo(p);
  }

  @Test
  void toleratesReorderingSpacingAliasesUnitsAndExtraKeys() {
    WidgetParameters p =
        WidgetParameters.parse(
            "  Center Position :  y = 380 ,x=500 ;hold after ms:100ms,\n"
                + "EFFECTIVE_DISTANCE: 35 units, Widget: hour column, app:WeChat,"
                + " Screen:   time picker  , attempts: 3, Row-Pitch: 42.5, duration: 400 ms,"
                + " note: worked first time, ");

    assertThat(p)
        .isEqualTo(
            WidgetParameters.builder("WeChat", "hour column")
                .screen("time picker")
                .effectiveDistance(35)
                .holdAfterMs(100)
                .center(500, 380)
                .rowPitch(42.5)
                .durationMs(400)
                .notes("worked first time")
                .extra("attempts", "3")
                .build());
  }

  @Test
  void centerAcceptsAPairOrCommaSeparatedAxes() {
    assertThat(WidgetParameters.parse("app: A, widget: w, centre: (500, 380)").centerY())
        .isEqualTo(380.0);
    assertThat(WidgetParameters.parse("app: A, widget: w, center position: x=500, y=380").centerX())
        .isEqualTo(500.0);
  }

  @Test
  void valuesMayContainColonsWithoutBeingSplit() {
    WidgetParameters p = WidgetParameters.parse("app: A, widget: w, notes: opens at 10:30 daily");
    assertThat(p.notes()).isEqualTo("opens at 10:30 daily");
  }

  @Test
  void theSameKeyTwiceWithTheSameValueIsFine() {
    WidgetParameters p =
        WidgetParameters.parse(
            "app: A, widget: w, picker: w, effective distance: 35, distance: 35.0,"
                + " center: x=1 y=2, centre: y=2 x=1");
    assertThat(p.effectiveDistance()).isEqualTo(35.0);
  }

  @Test
  void contradictionsAreRefusedNamingTheKey() {
    assertInvalid(() -> WidgetParameters.parse("app: A, widget: w, app: B"), "app");
    assertInvalid(() -> WidgetParameters.parse("app: A, widget: w, picker: v"), "widget");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, effective distance: 35, distance: 40"),
        "effective distance");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, center: x=1 y=2, centre: x=1 y=3"),
        "center position");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, center: x=1 y=2 x=5"), "center position");
    assertInvalid(() -> WidgetParameters.parse("app: A, widget: w, tries: 1, Tries: 2"), "tries");
    assertThatThrownBy(() -> WidgetParameters.parse("app: A, widget: w, app: B"))
        .hasMessageContaining("'A'")
        .hasMessageContaining("'B'");
  }

  @Test
  void badNumbersAndMissingFieldsAreRefusedNamingTheKey() {
    assertInvalid(() -> WidgetParameters.parse("widget: w"), "app");
    assertInvalid(() -> WidgetParameters.parse("app: A"), "widget");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, effective distance: far"),
        "effective distance");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, effective distance: 35px"),
        "effective distance");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, effective distance: 1500"),
        "effective distance");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, hold_after_ms: 1.5"), "hold_after_ms");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, hold_after_ms: -1"), "hold_after_ms");
    assertInvalid(() -> WidgetParameters.parse("app: A, widget: w, duration_ms: 0"), "duration_ms");
    assertInvalid(
        () -> WidgetParameters.parse("app: A, widget: w, center: x=5"), "center position");
    assertInvalid(() -> WidgetParameters.parse("app: A, widget: w, row pitch: 0"), "row pitch");
    assertInvalid(() -> WidgetParameters.parse("app: A, widget: w, notes: \"open"), "notes");
    assertInvalid(() -> WidgetParameters.parse(""), "content");
    assertInvalid(() -> WidgetParameters.parse("just some words"), "content");
    assertInvalid(() -> WidgetParameters.parse("app: A, widget: w, \u0007bell: 1"), "widget");
  }

  @Test
  void builderValidatesRanges() {
    assertInvalid(() -> WidgetParameters.builder("", "w").build(), "app");
    assertInvalid(() -> WidgetParameters.builder("A", null).build(), "widget");
    assertInvalid(
        () -> WidgetParameters.builder("A", "w").effectiveDistance(Double.NaN).build(),
        "effective distance");
    assertInvalid(
        () -> WidgetParameters.builder("A", "w").center(-1, 5).build(), "center position");
    assertInvalid(() -> WidgetParameters.builder("A", "w").extra("app", "x").build(), "extras");
    assertInvalid(() -> WidgetParameters.builder("A", "w").extra("a:b", "x").build(), "extras");
    assertInvalid(() -> WidgetParameters.builder("A", "w").notes("a\nb").build(), "notes");
  }

  @Test
  void awkwardTextValuesAreQuotedAndReadBackExactly() {
    WidgetParameters p =
        WidgetParameters.builder("Shop, Inc.", "wheel; \"left\"")
            .notes("slow, then fast: distance: 40 \\ done")
            .extra("why", "\"quoted\" start")
            .build();

    String content = p.toContent();
    assertThat(content).startsWith("app: \"Shop, Inc.\", ");
    assertThat(WidgetParameters.parse(content)).isEqualTo(p);
  }

  // ---------------------------------------------------------------- properties

  private static final Gen<String> TEXT =
      strings()
          .betweenCodePoints(0x20, 0x7e)
          .ofLengthBetween(1, 30)
          .mix(strings().betweenCodePoints(0xA0, 0xD7FF).ofLengthBetween(1, 20), 30)
          .map(s -> s.isBlank() ? "x" : s);

  private static final Gen<Double> NORM =
      doubles().between(0, 1000).mix(integers().between(0, 1000).map(i -> (double) i), 50);

  private static final Gen<WidgetParameters> PARAMS =
      TEXT.zip(
              TEXT,
              TEXT,
              (app, widget, screen) -> WidgetParameters.builder(app, widget).screen(screen))
          .zip(
              NORM,
              integers().between(0, 60_000),
              (b, d, h) -> b.effectiveDistance(d).holdAfterMs(h))
          .zip(NORM, NORM, (b, x, y) -> b.center(x, y))
          .zip(
              integers().between(1, 60_000),
              NORM.map(v -> v == 0 ? 1.0 : v),
              TEXT,
              (b, dur, pitch, notes) -> b.durationMs(dur).rowPitch(pitch).notes(notes))
          .zip(
              TEXT,
              integers().between(0, 3),
              (b, extraValue, nExtras) -> {
                for (int i = 0; i < nExtras; i++) {
                  b.extra("extra key " + i, extraValue + i);
                }
                return b.build();
              });

  @Test
  void formatThenParseIsTheIdentity() {
    qt().withExamples(500)
        .forAll(PARAMS)
        .checkAssert(p -> assertThat(WidgetParameters.parse(p.toContent())).isEqualTo(p));
  }

  @Test
  void parsingIgnoresTheOrderOfPairs() {
    qt().withExamples(300)
        .forAll(PARAMS, integers().all())
        .checkAssert(
            (p, seed) -> {
              List<String> pairs = splitPairs(p.toContent());
              Collections.shuffle(pairs, new Random(seed));
              String shuffled = String.join(" ,  ", pairs);
              WidgetParameters back = WidgetParameters.parse(shuffled);
              // Extras keep the order they were written in; everything else is equal.
              assertThat(back.toBuilder().build().extras()).containsAllEntriesOf(p.extras());
              assertThat(back.app()).isEqualTo(p.app());
              assertThat(back.widget()).isEqualTo(p.widget());
              assertThat(back.effectiveDistance()).isEqualTo(p.effectiveDistance());
              assertThat(back.centerX()).isEqualTo(p.centerX());
              assertThat(back.centerY()).isEqualTo(p.centerY());
              assertThat(back.notes()).isEqualTo(p.notes());
              assertThat(back.rowPitch()).isEqualTo(p.rowPitch());
            });
  }

  @Test
  void parsingArbitraryTextEitherSucceedsOrNamesAField() {
    qt().withExamples(1000)
        .forAll(
            strings()
                .allPossible()
                .ofLengthBetween(0, 80)
                .mix(strings().betweenCodePoints(0x20, 0x7e).ofLengthBetween(0, 80), 70))
        .checkAssert(
            s -> {
              try {
                WidgetParameters p = WidgetParameters.parse(s);
                assertThat(WidgetParameters.parse(p.toContent())).isEqualTo(p);
              } catch (SwipeException e) {
                assertThat(e.code().id()).isEqualTo("invalid_argument");
                assertThat(e.field()).isNotNull();
              }
            });
  }

  /** Splits our own output into pairs: top-level ", " outside quotes. */
  private static List<String> splitPairs(String content) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean inQuote = false;
    for (int i = 0; i < content.length(); i++) {
      char c = content.charAt(i);
      if (inQuote && c == '\\') {
        cur.append(c).append(content.charAt(++i));
        continue;
      }
      if (c == '"') {
        inQuote = !inQuote;
      }
      if (!inQuote && c == ',' && i + 1 < content.length() && content.charAt(i + 1) == ' ') {
        out.add(cur.toString());
        cur.setLength(0);
        i++;
        continue;
      }
      cur.append(c);
    }
    out.add(cur.toString());
    return out;
  }
}
