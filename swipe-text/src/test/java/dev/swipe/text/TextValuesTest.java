package dev.swipe.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The value types a reader returns: what they accept, and what they derive. */
class TextValuesTest {

  private static Word word(String text, int x, int y, int w, int h, double confidence) {
    return new Word(text, new TextBox(x, y, w, h), confidence);
  }

  private static String field(Throwable e) {
    SwipeException t = (SwipeException) e;
    assertThat(t.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
    return t.field();
  }

  @Test
  void aBoxHasExclusiveEdgesAndCentres() {
    TextBox b = new TextBox(10, 20, 30, 41);
    assertThat(b.right()).isEqualTo(40);
    assertThat(b.bottom()).isEqualTo(61);
    assertThat(b.centerX()).isEqualTo(25.0);
    assertThat(b.centerY()).isEqualTo(40.5);
    assertThat(TextBox.ofCorners(10, 20, 40, 61)).isEqualTo(b);
    assertThat(TextBox.ofCorners(10, 20, 10, 15))
        .as("at least one pixel")
        .isEqualTo(new TextBox(10, 20, 1, 1));
    assertThat(b.translate(5, -20)).isEqualTo(new TextBox(15, 0, 30, 41));
    assertThat(b.fitsIn(40, 61)).isTrue();
    assertThat(b.fitsIn(39, 61)).isFalse();
    assertThat(b.fitsIn(40, 60)).isFalse();
  }

  @Test
  void aUnionHoldsBothBoxesAndNothingMore() {
    qt().withExamples(200)
        .forAll(longs().all())
        .checkAssert(
            seed -> {
              java.util.Random r = new java.util.Random(seed);
              int ax = r.nextInt(51);
              int ay = r.nextInt(51);
              int bx = r.nextInt(51);
              int by = r.nextInt(51);
              TextBox a = new TextBox(ax, ay, 1 + r.nextInt(30), 1 + r.nextInt(30));
              TextBox b = new TextBox(bx, by, 1 + r.nextInt(30), 1 + r.nextInt(30));
              TextBox u = a.union(b);
              assertThat(u).isEqualTo(b.union(a));
              assertThat(u.x()).isEqualTo(Math.min(ax, bx));
              assertThat(u.y()).isEqualTo(Math.min(ay, by));
              assertThat(u.right()).isEqualTo(Math.max(a.right(), b.right()));
              assertThat(u.bottom()).isEqualTo(Math.max(a.bottom(), b.bottom()));
            });
  }

  @Test
  void badBoxesAreRefused() {
    assertThat(field(catchText(() -> new TextBox(-1, 0, 1, 1)))).isEqualTo("box");
    assertThat(field(catchText(() -> new TextBox(0, -1, 1, 1)))).isEqualTo("box");
    assertThat(field(catchText(() -> new TextBox(0, 0, 0, 1)))).isEqualTo("box");
    assertThat(field(catchText(() -> new TextBox(0, 0, 1, 0)))).isEqualTo("box");
    assertThat(new TextBox(0, 0, 1, 1).width()).isEqualTo(1);
  }

  @Test
  void aWordNeedsTextAndAConfidenceInRange() {
    TextBox box = new TextBox(0, 0, 5, 5);
    assertThat(field(catchText(() -> new Word(" ", box, 0.5)))).isEqualTo("text");
    assertThat(field(catchText(() -> new Word(null, box, 0.5)))).isEqualTo("text");
    assertThat(field(catchText(() -> new Word("a", box, -0.01)))).isEqualTo("confidence");
    assertThat(field(catchText(() -> new Word("a", box, 1.01)))).isEqualTo("confidence");
    assertThat(field(catchText(() -> new Word("a", box, Double.NaN)))).isEqualTo("confidence");
    assertThat(new Word("a", box, 0).confidence()).isZero();
    assertThat(new Word("a", box, 1).confidence()).isEqualTo(1.0);
    assertThatThrownBy(() -> new Word("a", null, 0.5)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void aLineIsAsSureAsItsWeakestWordAndSpansThemAll() {
    TextLine line =
        TextLine.of(
            List.of(
                word("Save", 10, 20, 40, 30, 0.9),
                word("all", 60, 15, 30, 30, 0.7),
                word("now", 100, 22, 35, 30, 0.95)));
    assertThat(line.text()).isEqualTo("Save all now");
    assertThat(line.confidence()).isEqualTo(0.7);
    assertThat(line.box()).isEqualTo(TextBox.ofCorners(10, 15, 135, 52));
    assertThat(TextLine.of(List.of(word("OK", 3, 4, 5, 6, 0.4))).box())
        .isEqualTo(new TextBox(3, 4, 5, 6));
    assertThat(field(catchText(() -> TextLine.of(List.of())))).isEqualTo("words");
    assertThat(field(catchText(() -> TextLine.of(null)))).isEqualTo("words");
    assertThat(field(catchText(() -> new TextLine(List.of(), new TextBox(0, 0, 1, 1), 1))))
        .isEqualTo("words");
  }

  @Test
  void aPageListsItsWordsAndLinesInReadingOrder() {
    TextLine first =
        TextLine.of(List.of(word("Wi-Fi", 0, 0, 50, 20, 0.9), word("on", 60, 0, 20, 20, 0.9)));
    TextLine second = TextLine.of(List.of(word("Bluetooth", 0, 40, 90, 20, 0.8)));
    TextPage page = new TextPage(100, 80, List.of(first, second));
    assertThat(page.text()).isEqualTo("Wi-Fi on\nBluetooth");
    assertThat(page.words()).extracting(Word::text).containsExactly("Wi-Fi", "on", "Bluetooth");
    assertThat(new TextPage(1, 1, List.of()).text()).isEmpty();
    assertThat(field(catchText(() -> new TextPage(0, 1, List.of())))).isEqualTo("size");
    assertThat(field(catchText(() -> new TextPage(1, 0, List.of())))).isEqualTo("size");
  }

  @Test
  void aMatchHasNoNegativeEdits() {
    TextBox box = new TextBox(0, 0, 1, 1);
    assertThat(field(catchText(() -> new TextMatch("a", box, 1, -1, true)))).isEqualTo("edits");
    assertThat(new TextMatch("a", box, 1, 0, true).edits()).isZero();
  }

  @Test
  void anErrorCarriesItsCodeFieldAndDetails() {
    SwipeException e = SwipeException.invalidArgument("query", "must not be empty");
    assertThat(e.getMessage()).isEqualTo("query: must not be empty");
    assertThat(e.details()).containsExactly(Map.entry("field", "query"));
    RuntimeException cause = new RuntimeException("dlopen failed");
    SwipeException u =
        new SwipeException(
            TextCode.TEXT_READER_UNAVAILABLE,
            "no engine",
            Map.of("platform", "linux-x86_64"),
            cause);
    assertThat(u.code()).isEqualTo(TextCode.TEXT_READER_UNAVAILABLE);
    assertThat(u.field()).isNull();
    assertThat(u.getCause()).isSameAs(cause);
    assertThat(u.details()).containsExactly(Map.entry("platform", "linux-x86_64"));
    assertThatThrownBy(() -> u.details().put("x", 1))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> new SwipeException(null, "m", null, null, null))
        .isInstanceOf(NullPointerException.class);
  }

  private static Throwable catchText(Runnable r) {
    try {
      r.run();
    } catch (SwipeException e) {
      return e;
    }
    throw new AssertionError("expected a SwipeException");
  }
}
