package dev.swipe.flow.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowStep;
import dev.swipe.text.ScreenText;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The recorder's lifts from what a program did to what it meant, step by step. */
class FlowLogTest {
  static Device phone;
  static Observation shot;
  static final FlowStep.TextTarget HALL = FlowStep.TextTarget.of("Town Hall");
  static final ScreenText READ =
      new ScreenText("Town Hall", NormRegion.of(400, 300, 200, 30), 0.9, 0);

  @BeforeAll
  static void open() {
    phone = Device.open("sim:?scene=list");
    shot = phone.screenshot();
  }

  @AfterAll
  static void close() {
    phone.close();
  }

  static FlowStep.Scroll scroll(
      ScrollDirection d, @org.jspecify.annotations.Nullable String verdict) {
    return new FlowStep.Scroll(new FlowStep.ScrollMove(d, 0.6, null), verdict);
  }

  static List<FlowStep> steps(FlowLog log) {
    Flow f = log.flow("t", 1, 1);
    assertThat(log.screens()).as("one screen per step").hasSize(f.steps().size());
    return f.steps();
  }

  @Test
  void scrollsOneWayEachFollowedByAMissThenAFindAreOneSearch() {
    FlowLog log = new FlowLog();
    log.missed(HALL);
    log.add(scroll(ScrollDirection.DOWN, "moved"), shot);
    log.missed(HALL);
    log.add(scroll(ScrollDirection.DOWN, "moved"), shot);
    log.found(HALL, READ, shot);
    List<FlowStep> steps = steps(log);
    assertThat(steps).hasSize(1);
    FlowStep.ScrollUntil u = (FlowStep.ScrollUntil) steps.get(0);
    assertThat(u.target()).isEqualTo(HALL);
    assertThat(u.move().direction()).isEqualTo(ScrollDirection.DOWN);
    assertThat(u.pace()).isEqualTo(SearchPace.STEADY);
    assertThat(u.expect()).contains(FlowStep.FOUND);
    assertThat(u.anchor().orElseThrow().textRead()).contains("Town Hall");
  }

  @Test
  void aSearchThatTurnsIsAPan() {
    FlowLog log = new FlowLog();
    log.missed(HALL);
    log.add(scroll(ScrollDirection.RIGHT, "moved"), shot);
    log.missed(HALL);
    log.add(scroll(ScrollDirection.RIGHT, "at-edge"), shot);
    log.missed(HALL);
    log.add(scroll(ScrollDirection.DOWN, "moved"), shot);
    log.missed(HALL);
    log.add(scroll(ScrollDirection.LEFT, "moved"), shot);
    log.found(HALL, READ, shot);
    List<FlowStep> steps = steps(log);
    assertThat(steps).hasSize(1);
    FlowStep.PanUntil p = (FlowStep.PanUntil) steps.get(0);
    assertThat(p.across()).isEqualTo(ScrollDirection.RIGHT);
    assertThat(p.down()).isEqualTo(ScrollDirection.DOWN);
    assertThat(p.maxPans()).isGreaterThanOrEqualTo(4);
  }

  @Test
  void aFindWithoutASearchIsACheck() {
    FlowLog log = new FlowLog();
    log.add(scroll(ScrollDirection.DOWN, "moved"), shot);
    log.found(HALL, READ, shot);
    List<FlowStep> steps = steps(log);
    assertThat(steps).hasSize(2);
    assertThat(steps.get(0)).isInstanceOf(FlowStep.Scroll.class);
    assertThat(steps.get(1)).isEqualTo(new FlowStep.WaitText(HALL, false, 5_000));
  }

  @Test
  void aFindOfWhatTheStepBeforeFoundIsNoNewCheck() {
    FlowLog log = new FlowLog();
    log.add(
        new FlowStep.ScrollUntil(
            HALL,
            new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.8, null),
            SearchPace.FLING,
            60,
            120_000,
            null,
            FlowStep.FOUND),
        shot);
    log.found(HALL, READ, shot);
    log.found(HALL, READ, shot);
    assertThat(steps(log)).extracting(FlowStep::kind).containsExactly("scroll_until");
    log.found(FlowStep.TextTarget.of("Message"), READ, shot);
    log.found(FlowStep.TextTarget.of("Message"), READ, shot);
    assertThat(steps(log)).extracting(FlowStep::kind).containsExactly("scroll_until", "wait_text");
  }

  @Test
  void twoScrollsWithoutALookBetweenAreNoSearch() {
    FlowLog log = new FlowLog();
    log.missed(HALL);
    log.add(scroll(ScrollDirection.DOWN, "moved"), shot);
    log.add(scroll(ScrollDirection.DOWN, "moved"), shot);
    log.found(HALL, READ, shot);
    assertThat(steps(log))
        .extracting(FlowStep::kind)
        .containsExactly("scroll", "scroll", "wait_text");
  }

  @Test
  void anotherStepInASearchEndsIt() {
    FlowLog log = new FlowLog();
    log.missed(HALL);
    log.add(scroll(ScrollDirection.DOWN, "moved"), shot);
    log.add(new FlowStep.TypeText("x"), shot);
    log.missed(HALL);
    log.found(HALL, READ, shot);
    assertThat(steps(log))
        .extracting(FlowStep::kind)
        .containsExactly("scroll", "type_text", "wait_text");
  }

  @Test
  void scrollsOneWayUpToAnEdgeAreOneScrollToTheEdge() {
    FlowLog log = new FlowLog();
    log.add(scroll(ScrollDirection.DOWN, "moved"), shot);
    log.add(scroll(ScrollDirection.RIGHT, "moved"), shot);
    log.add(scroll(ScrollDirection.RIGHT, "moved"), shot);
    log.add(scroll(ScrollDirection.RIGHT, "at-edge"), shot);
    List<FlowStep> steps = steps(log);
    assertThat(steps).extracting(FlowStep::kind).containsExactly("scroll", "scroll_to_edge");
    FlowStep.ScrollToEdge e = (FlowStep.ScrollToEdge) steps.get(1);
    assertThat(e.move().direction()).isEqualTo(ScrollDirection.RIGHT);
    assertThat(e.maxPasses()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void anUnobservedScrollOnTheWayToAnEdgeIsPartOfIt() {
    FlowLog log = new FlowLog();
    log.add(scroll(ScrollDirection.RIGHT, "moved"), shot);
    log.add(scroll(ScrollDirection.RIGHT, null), shot);
    log.add(scroll(ScrollDirection.RIGHT, "unchanged"), shot);
    assertThat(steps(log)).extracting(FlowStep::kind).containsExactly("scroll_to_edge");
  }

  @Test
  void aLoneScrollAtAnEdgeStaysAScroll() {
    FlowLog log = new FlowLog();
    log.add(scroll(ScrollDirection.UP, "at-edge"), shot);
    assertThat(steps(log)).containsExactly(scroll(ScrollDirection.UP, "at-edge"));
  }

  @Test
  void aSwipeMayStartOnTheTextJustFoundUntilTheNextStep() {
    FlowLog log = new FlowLog();
    log.found(HALL, READ, shot);
    assertThat(log.foundAt(NormPoint.of(500, 315))).contains(HALL);
    assertThat(log.foundAt(NormPoint.of(500, 600))).isEmpty();
    log.add(new FlowStep.TypeText("x"), shot);
    assertThat(log.foundAt(NormPoint.of(500, 315))).isEmpty();
  }
}
