package dev.swipe.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.text.TextQuery;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlowYamlTest {
  static Flow everyKind() {
    FlowStep.TextTarget name =
        new FlowStep.TextTarget(
            "Ivan Patel",
            TextQuery.Match.FUZZY,
            TextQuery.Scope.LINE,
            2,
            NormRegion.of(0, 100, 1000, 800));
    FlowStep.Anchor anchor =
        FlowStep.Anchor.of("Ivan Patel", NormRegion.of(200, 470, 230, 30), new byte[] {1, 2, 3});
    FlowStep.ScrollMove down = new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.8, null);
    FlowStep.Motion slow = new FlowStep.Motion(900, 30, 80, 250);
    return new Flow(
        1,
        "every kind",
        1080,
        2400,
        List.of(
            new FlowStep.TapText(name, anchor, FlowStep.CHANGED),
            new FlowStep.Tap(NormPoint.of(500, 500), 60, false, null, FlowStep.UNCHANGED),
            new FlowStep.Tap(NormPoint.of(10, 990), 800, true, anchor, null),
            new FlowStep.Swipe(NormPoint.of(500, 800), NormPoint.of(500, 200), slow, null),
            new FlowStep.Drag(
                List.of(NormPoint.of(100, 100), NormPoint.of(200, 300), NormPoint.of(400, 300)),
                slow,
                FlowStep.CHANGED),
            new FlowStep.DragText(name, NormPoint.CENTER, slow, anchor, FlowStep.FOUND),
            new FlowStep.Scroll(
                new FlowStep.ScrollMove(
                    ScrollDirection.RIGHT, 0.6, NormRegion.of(0, 300, 1000, 400)),
                "at-edge"),
            new FlowStep.ScrollToEdge(down, 30),
            new FlowStep.ScrollUntil(
                name, down, SearchPace.STEADY, 40, 90_000, anchor, FlowStep.NOT_FOUND),
            new FlowStep.PanUntil(
                name, ScrollDirection.RIGHT, ScrollDirection.DOWN, 0.6, null, 40, null),
            new FlowStep.SetWheel(1, "17"),
            new FlowStep.TypeText("hello: world # not a comment"),
            new FlowStep.PressKey(Key.BACK),
            new FlowStep.WaitText(FlowStep.TextTarget.of("Message"), true, 3_000),
            new FlowStep.WaitStable(2_000),
            new FlowStep.AssertScreen(
                "golden/home.png", List.of(NormRegion.of(0, 0, 1000, 40)), 0.01),
            new FlowStep.Pinch(Pinch.zoom(NormPoint.CENTER, 2), "in")));
  }

  @Test
  void everyKindOfStepSurvivesWritingAndReading() {
    Flow flow = everyKind();
    String yaml = flow.toYaml();
    assertThat(Flow.parse(yaml)).isEqualTo(flow);
    assertThat(yaml).contains("region: [200, 470, 230, 30]").contains("raw: true");
  }

  @Test
  void aBadFieldIsNamedByItsPath() {
    String yaml =
        "version: 1\nname: x\nscreen: {width: 10, height: 20}\nsteps:\n"
            + "  - step: scroll\n    direction: down\n  - step: tap_text\n    txt: Ivan\n";
    assertThatThrownBy(() -> Flow.parse(yaml))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID);
              assertThat(e.field()).isEqualTo("steps[1].text");
            });
  }

  @Test
  void anUnknownFieldOrKindIsRefused() {
    String head = "version: 1\nname: x\nscreen: {width: 10, height: 20}\nsteps:\n";
    assertThatThrownBy(
            () -> Flow.parse(head + "  - step: scroll\n    direction: down\n    speed: 3\n"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("steps[0].speed"));
    assertThatThrownBy(() -> Flow.parse(head + "  - step: fling\n"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("steps[0].step"));
    assertThatThrownBy(() -> Flow.parse(head + "  - step: scroll\n    direction: sideways\n"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("steps[0].direction"));
    assertThatThrownBy(
            () -> Flow.parse(head + "  - step: scroll\n    direction: up\n    amount: 3\n"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("steps[0].amount"));
  }

  @Test
  void aNewerVersionIsRefusedWithItsOwnCode() {
    assertThatThrownBy(
            () -> Flow.parse("version: 2\nname: x\nscreen: {width: 10, height: 20}\nsteps: []\n"))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> assertThat(e.code()).isEqualTo(FlowCode.FLOW_UNSUPPORTED_VERSION));
  }

  @Test
  void textThatIsNotYamlIsInvalid() {
    assertThatThrownBy(() -> Flow.parse("version: [1\n"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID));
    assertThatThrownBy(() -> Flow.parse("- 1\n- 2\n"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.code()).isEqualTo(FlowCode.FLOW_INVALID));
  }
}
