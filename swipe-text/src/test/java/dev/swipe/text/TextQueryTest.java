package dev.swipe.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
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
    assertThat(TextQuery.of("zoe adams").find(p))
        .singleElement()
        .satisfies(m -> assertThat(m.text()).isEqualTo("Zoë Adams,"));
    assertThat(TextQuery.of("SAVE").find(p)).hasSize(1);
    assertThat(TextQuery.exact("save").find(p)).isEmpty();
    assertThat(TextQuery.exact("Save").find(p)).hasSize(1);
  }

  @Test
  void normalizedMatchTakesCapitalIAndLowercaseLAsOneGlyph() {
    TextPage p = page("Aaron lvanova", "Ill", "lit");
    assertThat(TextQuery.of("Aaron Ivanova").find(p))
        .singleElement()
        .satisfies(m -> assertThat(m.text()).isEqualTo("Aaron lvanova"));
    assertThat(TextQuery.of("III").find(p)).extracting(TextMatch::text).containsExactly("Ill");
    assertThat(TextQuery.of("it").find(p)).as("a dotted i is not an l").isEmpty();
    assertThat(TextQuery.exact("Aaron Ivanova").find(p)).as("exact stays exact").isEmpty();
    assertThat(TextQuery.fuzzy("Aaron Ivanova", 1).find(p))
        .singleElement()
        .satisfies(m -> assertThat(m.edits()).isZero());
  }

  @Test
  void aWordSequenceMatchesInsideALineAndItsBoxIsTheUnionOfItsWords() {
    TextPage p = page("Turn on Wi-Fi now");
    TextMatch m = TextQuery.of("on wi-fi").find(p).get(0);
    TextLine line = p.lines().get(0);
    assertThat(m.box()).isEqualTo(line.words().get(1).box().union(line.words().get(2).box()));
    assertThat(TextQuery.builder("on wi-fi").scope(TextQuery.Scope.LINE).build().find(p)).isEmpty();
    assertThat(TextQuery.builder("turn on wi-fi now").scope(TextQuery.Scope.LINE).build().find(p))
        .hasSize(1);
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
    assertThat(ms)
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.text()).isEqualTo("07:30");
              assertThat(m.box()).isEqualTo(p.lines().get(0).words().get(2).box());
            });
  }

  @Test
  void aRunawayRegexIsStoppedWithACode() {
    TextPage p = page("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!");
    assertThatThrownBy(() -> TextQuery.regex("(.*a){12}b").find(p))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code().id()).isEqualTo("text_query_too_costly"));
  }

  @Test
  void regionKeepsOnlyMatchesWhoseCentreIsInside() {
    TextPage p =
        page(
            "OK", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x",
            "x", "x", "x", "OK");
    assertThat(TextQuery.of("ok").find(p)).hasSize(2);
    assertThat(TextQuery.builder("ok").within(0, 0, 1000, 500).build().find(p))
        .singleElement()
        .satisfies(m -> assertThat(m.box().y()).isEqualTo(10));
  }

  @Test
  void badQueriesFailWithTheFieldNamed() {
    assertThatThrownBy(() -> TextQuery.of("  "))
        .hasFieldOrPropertyWithValue("code", CommonCode.INVALID_ARGUMENT)
        .hasMessageContaining("query");
    assertThatThrownBy(() -> TextQuery.of("...")).hasMessageContaining("no letters or digits");
    assertThatThrownBy(() -> TextQuery.of("x".repeat(201))).hasMessageContaining("at most 200");
    assertThatThrownBy(() -> TextQuery.regex("(unclosed"))
        .hasFieldOrPropertyWithValue("code", CommonCode.INVALID_ARGUMENT);
    assertThatThrownBy(() -> TextQuery.fuzzy("abc", 9)).hasMessageContaining("max_edits");
    assertThatThrownBy(() -> TextQuery.builder("abc").maxEdits(2).build())
        .hasMessageContaining("fuzzy");
    assertThatThrownBy(() -> TextQuery.builder("abc").within(900, 0, 200, 10))
        .hasMessageContaining("region");
    assertThatThrownBy(() -> TextQuery.builder("abc").minConfidence(Double.NaN).build())
        .hasMessageContaining("min_confidence");
  }

  @Test
  void regionToPixelsStaysInsideTheImage() {
    TextBox b = TextBox.covering(NormRegion.of(0, 900, 1000, 100), 1080, 2400);
    assertThat(b.fitsIn(1080, 2400)).isTrue();
    assertThat(b.x()).isZero();
    assertThat(b.bottom()).isEqualTo(2400);
  }

  @Test
  void noReaderOnTheClassPathIsAClearError() {
    assertThatThrownBy(() -> TextReader.open("tesseract:"))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code().id()).isEqualTo("text_reader_unavailable"))
        .hasMessageContaining("swipe-text-tesseract");
    assertThatThrownBy(() -> TextReader.open("nocolon")).hasMessageContaining("no scheme");
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
    TextPage p =
        new TextPage(
            1080, 2400, List.of(line(10, 0.6, "OK"), line(110, 0.95, "OK"), line(210, 0.8, "OK")));
    assertThat(TextQuery.of("ok").find(p))
        .extracting(TextMatch::confidence)
        .containsExactly(0.95, 0.8, 0.6);
    TextQuery sure = TextQuery.builder("ok").minConfidence(0.8).build();
    assertThat(sure.minConfidence()).isEqualTo(0.8);
    assertThat(sure.find(p)).extracting(TextMatch::confidence).containsExactly(0.95, 0.8);
    assertThat(TextQuery.builder("ok").minConfidence(1).build().find(p)).isEmpty();
    assertThat(TextQuery.builder("ok").minConfidence(0).build().find(p)).hasSize(3);
    // a match is as sure as its weakest word
    TextPage mixed =
        new TextPage(
            1080,
            2400,
            List.of(
                TextLine.of(
                    List.of(
                        new Word("Save", new TextBox(10, 10, 80, 30), 0.9),
                        new Word("all", new TextBox(100, 10, 60, 30), 0.5)))));
    assertThat(TextQuery.of("save all").find(mixed))
        .singleElement()
        .satisfies(m -> assertThat(m.confidence()).isEqualTo(0.5));
  }

  @Test
  void aQueryTellsWhatItLooksFor() {
    TextQuery fuzzy =
        TextQuery.builder("Wi-Fi")
            .match(TextQuery.Match.FUZZY)
            .scope(TextQuery.Scope.LINE)
            .within(0, 0, 500, 1000)
            .build();
    assertThat(fuzzy.maxEdits()).as("the default bound").isEqualTo(1);
    assertThat(fuzzy.text()).isEqualTo("Wi-Fi");
    assertThat(fuzzy.match()).isEqualTo(TextQuery.Match.FUZZY);
    assertThat(fuzzy.scope()).isEqualTo(TextQuery.Scope.LINE);
    assertThat(fuzzy.region()).contains(NormRegion.of(0, 0, 500, 1000));
    assertThat(fuzzy.toString())
        .isEqualTo("fuzzy(1) 'Wi-Fi' as a whole line within x=0.0 y=0.0 width=500.0 height=1000.0");
    TextQuery plain = TextQuery.of("Save");
    assertThat(plain.maxEdits()).isZero();
    assertThat(plain.region()).isEmpty();
    assertThat(plain.scope()).isEqualTo(TextQuery.Scope.WORDS);
    assertThat(plain.toString()).isEqualTo("normalized 'Save'");
    assertThat(TextQuery.exact("Save").toString()).isEqualTo("exact 'Save'");
    assertThat(
            TextQuery.builder("Save").match(TextQuery.Match.EXACT).maxEdits(0).build().maxEdits())
        .isZero();
  }

  @Test
  void aRegexMatchesWholeLinesOrSpansAndSkipsEmptyMatches() {
    TextPage p = page("Alarm at 07:30 AM", "Snooze");
    TextQuery whole =
        TextQuery.builder("Alarm.*AM")
            .match(TextQuery.Match.REGEX)
            .scope(TextQuery.Scope.LINE)
            .build();
    assertThat(whole.find(p))
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.text()).isEqualTo("Alarm at 07:30 AM");
              assertThat(m.wholeLine()).isTrue();
              assertThat(m.box()).isEqualTo(p.lines().get(0).box());
            });
    assertThat(
            TextQuery.builder("Alarm")
                .match(TextQuery.Match.REGEX)
                .scope(TextQuery.Scope.LINE)
                .build()
                .find(p))
        .as("a line query must match the whole line")
        .isEmpty();
    assertThat(TextQuery.regex("Snooze").find(p))
        .singleElement()
        .satisfies(m -> assertThat(m.wholeLine()).isTrue());
    assertThat(TextQuery.regex("at 07").find(p))
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.wholeLine()).isFalse();
              assertThat(m.box())
                  .isEqualTo(
                      p.lines()
                          .get(0)
                          .words()
                          .get(1)
                          .box()
                          .union(p.lines().get(0).words().get(2).box()));
            });
    assertThat(TextQuery.regex("q*").find(p)).as("only empty matches").isEmpty();
    assertThat(TextQuery.regex("o+").find(p)).extracting(TextMatch::text).containsExactly("oo");
  }

  @Test
  void aFuzzyQueryFindsWordsSplitOrMergedByTheReader() {
    TextPage p = page("Turn on WiFi now", "Wi Fi off");
    assertThat(TextQuery.fuzzy("Wi Fi", 1).find(p))
        .extracting(TextMatch::text)
        .containsExactly("Wi Fi", "WiFi");
    assertThat(TextQuery.fuzzy("WiFi", 1).find(p))
        .extracting(TextMatch::text)
        .containsExactly("WiFi", "Wi Fi");
  }

  @Test
  void aRegionInPixelsCoversEveryPixelWhoseCentreItHoldsAndLittleMore() {
    qt().withExamples(300)
        .forAll(longs().all())
        .checkAssert(
            seed -> {
              java.util.Random r = new java.util.Random(seed);
              int w = 1 + r.nextInt(60);
              int h = 1 + r.nextInt(60);
              double x = r.nextInt(1000);
              double y = r.nextInt(1000);
              NormRegion region =
                  NormRegion.of(
                      x, y, 1 + r.nextInt((int) (1000 - x)), 1 + r.nextInt((int) (1000 - y)));
              TextBox box = TextBox.covering(region, w, h);
              assertThat(box.fitsIn(w, h)).as("%s in %dx%d: %s", region, w, h, box).isTrue();
              double sx = Math.max(w - 1, 1) / 1000.0;
              double sy = Math.max(h - 1, 1) / 1000.0;
              for (int py = 0; py < h; py++) {
                for (int px = 0; px < w; px++) {
                  double nx = px / sx;
                  double ny = py / sy;
                  boolean inside =
                      nx >= region.x()
                          && nx <= region.x() + region.w()
                          && ny >= region.y()
                          && ny <= region.y() + region.h();
                  if (inside) {
                    assertThat(px)
                        .as("%s in %dx%d: %s", region, w, h, box)
                        .isBetween(box.x(), box.right() - 1);
                    assertThat(py)
                        .as("%s in %dx%d: %s", region, w, h, box)
                        .isBetween(box.y(), box.bottom() - 1);
                  }
                }
              }
              // at most a pixel of margin on each side
              assertThat(box.x()).isGreaterThanOrEqualTo((int) Math.floor(region.x() * sx) - 1);
              assertThat(box.right())
                  .isLessThanOrEqualTo((int) Math.ceil((region.x() + region.w()) * sx) + 2);
              assertThat(box.y()).isGreaterThanOrEqualTo((int) Math.floor(region.y() * sy) - 1);
              assertThat(box.bottom())
                  .isLessThanOrEqualTo((int) Math.ceil((region.y() + region.h()) * sy) + 2);
            });
  }

  @Test
  void aMatchCentredOnARegionsEdgeIsInside() {
    // 1001 x 1001 pixels: one pixel per normalized unit, so centres land exactly on the edges.
    TextPage p =
        new TextPage(
            1001,
            1001,
            List.of(
                TextLine.of(List.of(new Word("OK", new TextBox(99, 199, 2, 2), 0.9))),
                TextLine.of(List.of(new Word("OK", new TextBox(299, 399, 2, 2), 0.9)))));
    assertThat(TextQuery.builder("ok").within(100, 200, 200, 200).build().find(p)).hasSize(2);
    assertThat(TextQuery.builder("ok").within(101, 200, 200, 200).build().find(p)).hasSize(1);
    assertThat(TextQuery.builder("ok").within(100, 201, 200, 200).build().find(p)).hasSize(1);
    assertThat(TextQuery.builder("ok").within(100, 200, 199, 200).build().find(p)).hasSize(1);
    assertThat(TextQuery.builder("ok").within(100, 200, 200, 199).build().find(p)).hasSize(1);
  }

  @Test
  void limitsAreInclusive() {
    assertThat(TextQuery.of("x".repeat(TextQuery.MAX_LENGTH)).text()).hasSize(200);
    assertThat(TextQuery.fuzzy("abcdef", TextQuery.MAX_EDITS).maxEdits()).isEqualTo(5);
    assertThat(TextQuery.builder("abc").minConfidence(-0.01).match(TextQuery.Match.NORMALIZED))
        .satisfies(b -> assertThatThrownBy(b::build).hasMessageContaining("min_confidence"));
    assertThatThrownBy(() -> TextQuery.builder("abc").minConfidence(1.01).build())
        .hasMessageContaining("min_confidence");
    assertThatThrownBy(() -> TextQuery.builder(null).build()).hasMessageContaining("query");
    assertThat(TextQuery.builder("a").within(0, 0, 1000, 1000).build().region())
        .contains(NormRegion.FULL);
    assertThat(TextQuery.builder("a").within(NormRegion.of(10, 20, 30, 40)).build().region())
        .contains(NormRegion.of(10, 20, 30, 40));
    for (double[] bad :
        new double[][] {
          {-1, 0, 10, 10},
          {0, -1, 10, 10},
          {0, 0, 0, 10},
          {0, 0, 10, 0},
          {0, 500, 10, 500.01},
          {500, 0, 500.01, 10},
          {1000, 0, 0.00005, 10},
          {Double.NaN, 0, 10, 10}
        }) {
      assertThatThrownBy(() -> TextQuery.builder("a").within(bad[0], bad[1], bad[2], bad[3]))
          .as("%s", java.util.Arrays.toString(bad))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.field()).isEqualTo("region"));
    }
    assertThatThrownBy(() -> TextQuery.builder("a").within((NormRegion) null))
        .hasMessageContaining("region");
  }
}
