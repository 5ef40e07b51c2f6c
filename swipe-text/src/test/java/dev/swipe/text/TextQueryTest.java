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

  private static TextLine line(int y, double confidence, String... words) {
    List<Word> ws = new ArrayList<>();
    int x = 10;
    for (String w : words) {
      ws.add(new Word(w, new TextBox(x, y, 20 * w.length(), 30), confidence));
      x += 20 * w.length() + 15;
    }
    return TextLine.of(ws);
  }

  @Test
  void equallyGoodMatchesRankBySurenessAndUnsureOnesCanBeDropped() {
    TextPage p = new TextPage(1080, 2400, List.of(line(10, 0.6, "OK"), line(110, 0.95, "OK"), line(210, 0.8, "OK")));
    assertThat(TextQuery.of("ok").find(p)).extracting(TextMatch::confidence).containsExactly(0.95, 0.8, 0.6);
    TextQuery sure = TextQuery.builder("ok").minConfidence(0.8).build();
    assertThat(sure.minConfidence()).isEqualTo(0.8);
    assertThat(sure.find(p)).extracting(TextMatch::confidence).containsExactly(0.95, 0.8);
    assertThat(TextQuery.builder("ok").minConfidence(1).build().find(p)).isEmpty();
    assertThat(TextQuery.builder("ok").minConfidence(0).build().find(p)).hasSize(3);
    // a match is as sure as its weakest word
    TextPage mixed = new TextPage(1080, 2400, List.of(TextLine.of(List.of(
        new Word("Save", new TextBox(10, 10, 80, 30), 0.9), new Word("all", new TextBox(100, 10, 60, 30), 0.5)))));
    assertThat(TextQuery.of("save all").find(mixed)).singleElement()
        .satisfies(m -> assertThat(m.confidence()).isEqualTo(0.5));
  }

  @Test
  void aQueryTellsWhatItLooksFor() {
    TextQuery fuzzy = TextQuery.builder("Wi-Fi").match(TextQuery.Match.FUZZY).scope(TextQuery.Scope.LINE)
        .within(0, 0, 500, 1000).build();
    assertThat(fuzzy.maxEdits()).as("the default bound").isEqualTo(1);
    assertThat(fuzzy.text()).isEqualTo("Wi-Fi");
    assertThat(fuzzy.match()).isEqualTo(TextQuery.Match.FUZZY);
    assertThat(fuzzy.scope()).isEqualTo(TextQuery.Scope.LINE);
    assertThat(fuzzy.region()).contains(new TextQuery.Region(0, 0, 500, 1000));
    assertThat(fuzzy.toString()).isEqualTo("fuzzy(1) 'Wi-Fi' as a whole line within " + new TextQuery.Region(0, 0, 500, 1000));
    TextQuery plain = TextQuery.of("Save");
    assertThat(plain.maxEdits()).isZero();
    assertThat(plain.region()).isEmpty();
    assertThat(plain.scope()).isEqualTo(TextQuery.Scope.WORDS);
    assertThat(plain.toString()).isEqualTo("normalized 'Save'");
    assertThat(TextQuery.exact("Save").toString()).isEqualTo("exact 'Save'");
    assertThat(TextQuery.builder("Save").match(TextQuery.Match.EXACT).maxEdits(0).build().maxEdits()).isZero();
  }

  @Test
  void aRegexMatchesWholeLinesOrSpansAndSkipsEmptyMatches() {
    TextPage p = page("Alarm at 07:30 AM", "Snooze");
    TextQuery whole = TextQuery.builder("Alarm.*AM").match(TextQuery.Match.REGEX).scope(TextQuery.Scope.LINE).build();
    assertThat(whole.find(p)).singleElement().satisfies(m -> {
      assertThat(m.text()).isEqualTo("Alarm at 07:30 AM");
      assertThat(m.wholeLine()).isTrue();
      assertThat(m.box()).isEqualTo(p.lines().get(0).box());
    });
    assertThat(TextQuery.builder("Alarm").match(TextQuery.Match.REGEX).scope(TextQuery.Scope.LINE).build().find(p))
        .as("a line query must match the whole line").isEmpty();
    assertThat(TextQuery.regex("Snooze").find(p)).singleElement().satisfies(m -> assertThat(m.wholeLine()).isTrue());
    assertThat(TextQuery.regex("at 07").find(p)).singleElement().satisfies(m -> {
      assertThat(m.wholeLine()).isFalse();
      assertThat(m.box()).isEqualTo(p.lines().get(0).words().get(1).box().union(p.lines().get(0).words().get(2).box()));
    });
    assertThat(TextQuery.regex("q*").find(p)).as("only empty matches").isEmpty();
    assertThat(TextQuery.regex("o+").find(p)).extracting(TextMatch::text).containsExactly("oo");
  }

  @Test
  void aFuzzyQueryFindsWordsSplitOrMergedByTheReader() {
    TextPage p = page("Turn on WiFi now", "Wi Fi off");
    assertThat(TextQuery.fuzzy("Wi Fi", 1).find(p)).extracting(TextMatch::text).containsExactly("Wi Fi", "WiFi");
    assertThat(TextQuery.fuzzy("WiFi", 1).find(p)).extracting(TextMatch::text).containsExactly("WiFi", "Wi Fi");
  }
}
