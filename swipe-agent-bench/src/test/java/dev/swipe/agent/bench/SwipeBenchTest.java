package dev.swipe.agent.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Swipe;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

class SwipeBenchTest {
  static final String PUBLISHED =
      "{\"img_filename\": \"ai.character.app_page_0_swipe_0.png\", \"action_data\": {"
          + "\"action\": \"swipe\", \"bbox\": [0, 112, 999, 177], \"instruction\": \"swipe left to view more categories"
          + " in the navigation bar\", \"start\": [878.7, 144.2], \"end\": [119.4, 144.2], \"duration\": 0.3,"
          + " \"direction\": \"left\"}}";

  static SwipeBenchRecord record(
      double x1,
      double y1,
      double x2,
      double y2,
      double sx,
      double sy,
      double ex,
      double ey,
      int ms,
      SwipeBenchRecord.Direction d) {
    return new SwipeBenchRecord(
        "a.png",
        "swipe",
        NormRegion.fromCorners(x1, y1, x2, y2),
        NormPoint.of(sx, sy),
        NormPoint.of(ex, ey),
        ms,
        d);
  }

  @Test
  void readsThePublishedExample() {
    SwipeBenchRecord r = SwipeBenchJsonl.parse(PUBLISHED);
    assertThat(r.imgFilename()).isEqualTo("ai.character.app_page_0_swipe_0.png");
    assertThat(r.bbox()).isEqualTo(NormRegion.fromCorners(0, 112, 999, 177));
    assertThat(r.start()).isEqualTo(NormPoint.of(878.7, 144.2));
    assertThat(r.end()).isEqualTo(NormPoint.of(119.4, 144.2));
    assertThat(r.durationMs()).isEqualTo(300);
    assertThat(r.direction()).isEqualTo(SwipeBenchRecord.Direction.LEFT);
    assertThat(r.speed()).isEqualTo(SwipeBenchRecord.Speed.FAST);
    Swipe s = r.toSwipe();
    assertThat(s.durationMs()).isEqualTo(300);
    assertThat(s.holdBeforeMs()).isZero();
    assertThat(SwipeBenchRecord.fromSwipe(r.imgFilename(), r.instruction(), r.bbox(), s))
        .isEqualTo(r);
  }

  @Test
  void durationsInSecondsAndMillisecondsNormalizeAndAmbiguousOnesAreRefused() {
    assertThat(SwipeBenchJsonl.durationMs(0.3)).isEqualTo(300);
    assertThat(SwipeBenchJsonl.durationMs(300)).isEqualTo(300);
    assertThat(SwipeBenchJsonl.durationMs(1.5)).isEqualTo(1500);
    assertThat(SwipeBenchJsonl.durationMs(9.99)).isEqualTo(9990);
    assertThat(SwipeBenchJsonl.durationMs(50)).isEqualTo(50);
    assertThat(SwipeBenchJsonl.durationMs(12000)).isEqualTo(12000);
    for (double bad :
        new double[] {10, 20, 49.9, 0, -0.3, Double.NaN, Double.POSITIVE_INFINITY, 60001, 0.0001}) {
      assertThatThrownBy(() -> SwipeBenchJsonl.durationMs(bad))
          .as("%s", bad)
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
                assertThat(e.field()).isEqualTo("duration");
              });
    }
    assertThatThrownBy(() -> SwipeBenchJsonl.durationMs(20)).hasMessageContaining("ambiguous");
  }

  @Test
  void badLinesAreRefusedWithTheirLineNumber() {
    String text =
        PUBLISHED + "\n\n" + PUBLISHED.replace("\"duration\": 0.3", "\"duration\": 25") + "\n";
    assertThatThrownBy(() -> SwipeBenchJsonl.read(new StringReader(text)))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.details().get("line")).isEqualTo(3);
              assertThat(e.getMessage()).startsWith("line 3: ").contains("ambiguous");
            });
    for (String bad :
        List.of(
            PUBLISHED.replace("\"left\"", "\"sideways\""),
            PUBLISHED.replace("[0, 112, 999, 177]", "[0, 112, 999]"),
            PUBLISHED.replace("[0, 112, 999, 177]", "[500, 112, 400, 177]"),
            PUBLISHED.replace("[878.7, 144.2]", "[1878.7, 144.2]"),
            PUBLISHED.replace("\"action\": \"swipe\"", "\"action\": \"tap\""),
            "{\"img_filename\": \"x\"}",
            "[1,2]",
            "{")) {
      assertThatThrownBy(() -> SwipeBenchJsonl.parse(bad))
          .as(bad)
          .isInstanceOf(SwipeException.class);
    }
  }

  static Gen<SwipeBenchRecord> records() {
    Gen<Integer> c = integers().between(0, 999);
    Gen<Double> p = doubles().between(0, 1000);
    return c.zip(c, c, c, (a, b, w, h) -> new int[] {a, b, w, h})
        .zip(
            p.zip(p, p, p, (sx, sy, ex, ey) -> new double[] {sx, sy, ex, ey}),
            integers().between(1, 60_000),
            integers().between(0, 3),
            (box, pts, ms, dir) -> {
              int x1 = Math.min(box[0], box[2]);
              int x2 = Math.max(box[0], box[2]) + 1;
              int y1 = Math.min(box[1], box[3]);
              int y2 = Math.max(box[1], box[3]) + 1;
              return record(
                  x1,
                  y1,
                  x2,
                  y2,
                  pts[0],
                  pts[1],
                  pts[2],
                  pts[3],
                  ms,
                  SwipeBenchRecord.Direction.values()[dir]);
            });
  }

  @Test
  void writingAndReadingGivesBackTheSameRecords() {
    qt().withExamples(300)
        .forAll(records())
        .checkAssert(
            r -> {
              StringWriter w = new StringWriter();
              SwipeBenchJsonl.write(List.of(r, r), w);
              assertThat(SwipeBenchJsonl.read(new StringReader(w.toString())))
                  .containsExactly(r, r);
            });
  }

  @Test
  void plannedSwipesStartStrictlyInsideTheBoxAndMatchDirectionAndSpeed() {
    SwipeBenchScorer scorer = new SwipeBenchScorer();
    qt().withExamples(300)
        .forAll(records(), integers().between(0, 1))
        .checkAssert(
            (truth, fast) -> {
              SwipeBenchRecord.Speed speed =
                  fast == 0 ? SwipeBenchRecord.Speed.FAST : SwipeBenchRecord.Speed.SLOW;
              Swipe s = SwipeBenchPlanner.plan(truth.bbox(), truth.direction(), speed);
              assertThat(truth.bbox().containsStrictly(s.start())).isTrue();
              assertThat(truth.bbox().contains(s.end())).isTrue();
              assertThat(SwipeBenchRecord.Direction.of(s.start(), s.end()))
                  .isEqualTo(truth.direction());
              assertThat(SwipeBenchRecord.Speed.of(s.durationMs())).isEqualTo(speed);
              SwipeBenchScorer.Verdict v = scorer.judge(truth, SwipeBenchPlanner.plan(truth));
              assertThat(v.direction()).isTrue();
              assertThat(v.speed()).isTrue();
            });
  }

  @Test
  void scorerAppliesTheFourCriteria() {
    SwipeBenchRecord truth =
        record(0, 100, 1000, 500, 800, 300, 200, 300, 300, SwipeBenchRecord.Direction.LEFT);
    SwipeBenchScorer scorer = new SwipeBenchScorer();
    assertThat(scorer.judge(truth, truth).success()).isTrue();
    // start 139 units away, inside the box: passes; 141 away: fails
    assertThat(
            scorer
                .judge(
                    truth,
                    record(0, 0, 1, 1, 661, 300, 200, 300, 250, SwipeBenchRecord.Direction.LEFT))
                .success())
        .isTrue();
    assertThat(
            scorer
                .judge(
                    truth,
                    record(0, 0, 1, 1, 659, 300, 200, 300, 250, SwipeBenchRecord.Direction.LEFT))
                .start())
        .isFalse();
    // within the radius but on the box's border: not strictly inside
    SwipeBenchScorer.Verdict border =
        scorer.judge(
            truth, record(0, 0, 1, 1, 800, 500, 200, 300, 300, SwipeBenchRecord.Direction.LEFT));
    assertThat(border.start()).isFalse();
    assertThat(border.end()).isTrue();
    SwipeBenchScorer.Verdict far =
        scorer.judge(
            truth, record(0, 0, 1, 1, 800, 300, 200, 450, 300, SwipeBenchRecord.Direction.LEFT));
    assertThat(far.end()).isFalse();
    assertThat(
            scorer
                .judge(
                    truth,
                    record(0, 0, 1, 1, 800, 300, 200, 300, 300, SwipeBenchRecord.Direction.RIGHT))
                .direction())
        .isFalse();
    SwipeBenchScorer.Verdict slow =
        scorer.judge(
            truth, record(0, 0, 1, 1, 800, 300, 200, 300, 800, SwipeBenchRecord.Direction.LEFT));
    assertThat(slow.speed()).isFalse();
    assertThat(slow.start() && slow.end() && slow.direction()).isTrue();
    // speed category boundary: 499 fast, 500 slow
    assertThat(SwipeBenchRecord.Speed.of(499)).isEqualTo(SwipeBenchRecord.Speed.FAST);
    assertThat(SwipeBenchRecord.Speed.of(500)).isEqualTo(SwipeBenchRecord.Speed.SLOW);

    SwipeBenchScorer.Score score =
        scorer.score(
            List.of(truth, truth, truth, truth),
            List.of(
                truth,
                record(0, 0, 1, 1, 800, 300, 200, 300, 800, SwipeBenchRecord.Direction.LEFT),
                record(0, 0, 1, 1, 800, 300, 200, 300, 300, SwipeBenchRecord.Direction.RIGHT),
                record(0, 0, 1, 1, 100, 900, 200, 300, 800, SwipeBenchRecord.Direction.LEFT)));
    assertThat(score.count()).isEqualTo(4);
    assertThat(score.startRate()).isCloseTo(0.75, within(1e-12));
    assertThat(score.endRate()).isCloseTo(1.0, within(1e-12));
    assertThat(score.directionRate()).isCloseTo(0.75, within(1e-12));
    assertThat(score.speedRate()).isCloseTo(0.5, within(1e-12));
    assertThat(score.successRate()).isCloseTo(0.25, within(1e-12));
    assertThatThrownBy(() -> scorer.score(List.of(truth), List.of()))
        .isInstanceOf(SwipeException.class);
  }
}
