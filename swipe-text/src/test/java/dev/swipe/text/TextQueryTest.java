package dev.swipe.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextQueryTest {

  /** A page of one line per string; words laid left to right, 20 px per character. */
  static TextPage page(String... lines) {
    List<TextLine> out = new ArrayList<>();
    int y = 10;
    for (String line : lines) {
      List<Word> ws = new ArrayList<>();
      int x = 10;
      for (String w : line.split(" ")) {
        ws.add(new Word(w, new TextBox(x, y, 20 * w.length(), 30), 0.9));
        x += 20 * w.length() + 15;
      }
      out.add(TextLine.of(ws));
      y += 100;
    }
    return new TextPage(1080, 2400, out);
  }

  @Test
  void normalizedMatchIgnoresCaseAccentsAndPunctuationAroundWords() {
    TextPage p = page("Zoë Adams,", "Save changes?");
    assertThat(TextQuery.of("zoe adams").find(p)).singleElement()
        .satisfies(m -> assertThat(m.text()).isEqualTo("Zoë Adams,"));
    assertThat(TextQuery.of("SAVE").find(p)).hasSize(1);
    assertThat(TextQuery.exact("save").find(p)).isEmpty();
    assertThat(TextQuery.exact("Save").find(p)).hasSize(1);
  }

  @Test
  void aWordSequenceMatchesInsideALineAndItsBoxIsTheUnionOfItsWords() {
    TextPage p = page("Turn on Wi-Fi now");
    TextMatch m = TextQuery.of("on wi-fi").find(p).get(0);
    TextLine line = p.lines().get(0);
    assertThat(m.box()).isEqualTo(line.words().get(1).box().union(line.words().get(2).box()));
    assertThat(TextQuery.builder("on wi-fi").scope(TextQuery.Scope.LINE).build().find(p)).isEmpty();
    assertThat(TextQuery.builder("turn on wi-fi now").scope(TextQuery.Scope.LINE).build().find(p)).hasSize(1);
  }

  @Test
  void fuzzyToleratesMisreadLettersAndSplitWordsUpToItsBound() {
    TextPage p = page("Ivan Pate1", "Iv an Patel");
    List<TextMatch> one = TextQuery.fuzzy("Ivan Patel", 1).find(p);
    assertThat(one).extracting(TextMatch::edits).containsExactly(1, 1);
    assertThat(TextQuery.of("Ivan Patel").find(p)).isEmpty();
    assertThat(TextQuery.fuzzy("Ivan Patel", 0).find(p)).isEmpty();
  }

  @Test
  void bestMatchesComeFirst() {
    TextPage p = page("Settings", "Setting");
    List<TextMatch> ms = TextQuery.fuzzy("Settings", 2).find(p);
    assertThat(ms).extracting(TextMatch::text).containsExactly("Settings", "Setting");
  }

  @Test
  void aWholeLineRanksAboveTheSameWordsInsideALongerLine() {
    TextPage p = page("Save changes?", "Save");
    List<TextMatch> ms = TextQuery.of("save").find(p);
    assertThat(ms).extracting(TextMatch::wholeLine).containsExactly(true, false);
    assertThat(ms.get(0).box().y()).isEqualTo(110);
  }

  @Test
  void regexFindsSpansAndReportsTheWordsTheyCover() {
    TextPage p = page("Alarm at 07:30 AM");
    List<TextMatch> ms = TextQuery.regex("\\d{2}:\\d{2}").find(p);
    assertThat(ms).singleElement().satisfies(m -> {
      assertThat(m.text()).isEqualTo("07:30");
      assertThat(m.box()).isEqualTo(p.lines().get(0).words().get(2).box());
    });
  }

  @Test
  void aRunawayRegexIsStoppedWithACode() {
    TextPage p = page("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!");
    assertThatThrownBy(() -> TextQuery.regex("(.*a){12}b").find(p))
        .isInstanceOfSatisfying(TextException.class, e -> assertThat(e.code()).isEqualTo("text_query_too_costly"));
  }

  @Test
  void regionKeepsOnlyMatchesWhoseCentreIsInside() {
    TextPage p = page("OK", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "OK");
    assertThat(TextQuery.of("ok").find(p)).hasSize(2);
    assertThat(TextQuery.builder("ok").within(0, 0, 1000, 500).build().find(p))
        .singleElement().satisfies(m -> assertThat(m.box().y()).isEqualTo(10));
  }

  @Test
  void badQueriesFailWithTheFieldNamed() {
    assertThatThrownBy(() -> TextQuery.of("  ")).hasFieldOrPropertyWithValue("code", "invalid_argument")
        .hasMessageContaining("query");
    assertThatThrownBy(() -> TextQuery.of("...")).hasMessageContaining("no letters or digits");
    assertThatThrownBy(() -> TextQuery.of("x".repeat(201))).hasMessageContaining("at most 200");
    assertThatThrownBy(() -> TextQuery.regex("(unclosed")).hasFieldOrPropertyWithValue("code", "invalid_argument");
    assertThatThrownBy(() -> TextQuery.fuzzy("abc", 9)).hasMessageContaining("max_edits");
    assertThatThrownBy(() -> TextQuery.builder("abc").maxEdits(2).build()).hasMessageContaining("fuzzy");
    assertThatThrownBy(() -> TextQuery.builder("abc").within(900, 0, 200, 10)).hasMessageContaining("region");
    assertThatThrownBy(() -> TextQuery.builder("abc").minConfidence(Double.NaN).build())
        .hasMessageContaining("min_confidence");
  }

  @Test
  void regionToPixelsStaysInsideTheImage() {
    TextBox b = new TextQuery.Region(0, 900, 1000, 100).toPixels(1080, 2400);
    assertThat(b.fitsIn(1080, 2400)).isTrue();
    assertThat(b.x()).isZero();
    assertThat(b.bottom()).isEqualTo(2400);
  }

  @Test
  void noReaderOnTheClassPathIsAClearError() {
    assertThatThrownBy(() -> TextReaders.open("tesseract:"))
        .isInstanceOfSatisfying(TextException.class, e -> assertThat(e.code()).isEqualTo("text_reader_unavailable"))
        .hasMessageContaining("swipe-text-tesseract");
    assertThatThrownBy(() -> TextReaders.open("nocolon")).hasMessageContaining("no scheme");
  }
}
