package dev.swipe.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.SearchPace;
import dev.swipe.flow.internal.CropImages;
import dev.swipe.sim.SimOracle;
import dev.swipe.text.TextQuery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole loops on the simulator: record through {@link FlowRecorder}, replay on other seeded phones,
 * judge by the simulator's truth (which the SDK never reads).
 */
class RecordReplayTest {
  @TempDir Path dir;

  /** A contact row on the first screen, as the simulator drew it. */
  private static SimOracle.DrawnText aContactOnScreen(Device phone, Observation shot, int nth) {
    SimOracle truth = SimOracle.of(phone);
    List<String> rows = truth.visibleListRows(shot);
    String name = rows.get(nth);
    return truth.textOn(shot).stream()
        .filter(t -> t.text().equals(name) && t.fullyVisible())
        .findFirst()
        .orElseThrow();
  }

  private static NormPoint centre(SimOracle.DrawnText t, Observation shot) {
    return NormPoint.fromPixel(
        t.box().getCenterX(), t.box().getCenterY(), shot.width(), shot.height());
  }

  @Test
  void aContactSearchedForAndOpenedOnOnePhoneOpensOnAnother() throws java.io.IOException {
    Path file = dir.resolve("open-contact.flow.yaml");
    try (Device phone = Device.open("sim:?scene=list&seed=3")) {
      FlowRecorder recorder = FlowRecorder.attach(phone);
      Device d = recorder.device();
      TextQuery name = TextQuery.builder("Ivan Patel").scope(TextQuery.Scope.LINE).build();
      d.text()
          .scrollUntil(
              Scroll.builder(ScrollDirection.DOWN).amount(0.8).build(),
              name,
              ScrollSearch.builder().pace(SearchPace.FLING).build());
      d.text().tap(name);
      d.text().waitFor(TextQuery.of("Message"), Duration.ofSeconds(5));
      Flow flow = recorder.save(file, "open a contact");
      assertThat(flow.steps())
          .extracting(FlowStep::kind)
          .containsExactly("scroll_until", "tap_text", "wait_text");
      assertThat(Files.list(FlowRecorder.screensDirFor(file))).hasSize(3);
    }
    try (Device other = Device.open("sim:?scene=list&seed=11&platform=ios&scale=0.75")) {
      ReplayResult r = Flow.read(file).replay(other, ReplayOptions.forFile(file));
      assertThat(r.steps())
          .extracting(ReplayResult.Step::verdict)
          .containsExactly("found", "changed", "found");
      assertThat(SimOracle.of(other).openedContact()).contains("Ivan Patel");
    }
  }

  @Test
  void aTapOnALineOfTextIsKeptAsATapOnThatTextAndFoundWhereverItIs() {
    Path file = dir.resolve("tap.flow.yaml");
    String name;
    try (Device phone = Device.open("sim:?scene=list&seed=5")) {
      FlowRecorder recorder = FlowRecorder.attach(phone);
      Device d = recorder.device();
      Observation shot = d.screenshot();
      SimOracle.DrawnText row = aContactOnScreen(phone, shot, 2);
      name = row.text();
      d.tap(centre(row, shot));
      assertThat(SimOracle.of(phone).openedContact()).contains(name);
      Flow flow = recorder.save(file, "tap a contact");
      assertThat(flow.steps()).hasSize(1);
      FlowStep.TapText t = (FlowStep.TapText) flow.steps().get(0);
      assertThat(t.target().text()).isEqualTo(name);
      assertThat(t.expect()).contains(FlowStep.CHANGED);
      assertThat(t.anchor().orElseThrow().cropPng()).isPresent();
    }
    // Another phone, its list moved first: the name is elsewhere on the screen.
    try (Device other = Device.open("sim:?scene=list&seed=6&platform=ios")) {
      other.swipe(
          dev.swipe.core.gesture.Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 640))
              .durationMs(600)
              .holdAfterMs(300)
              .build());
      ReplayResult r = Flow.read(file).replay(other, ReplayOptions.forFile(file));
      assertThat(r.steps().get(0).found()).isEqualTo(ReplayResult.Found.TEXT);
      assertThat(SimOracle.of(other).openedContact()).contains(name);
    }
  }

  @Test
  void whereReadingFailsTheAnchorsImageIsFound() {
    String name;
    Flow flow;
    try (Device phone = Device.open("sim:?scene=list&seed=7")) {
      Observation shot = phone.screenshot();
      SimOracle.DrawnText row = aContactOnScreen(phone, shot, 3);
      name = row.text();
      NormRegion box =
          NormRegion.fromCorners(
              centre(row, shot).x() - 120,
              centre(row, shot).y() - 14,
              centre(row, shot).x() + 120,
              centre(row, shot).y() + 14);
      byte[] png = CropImages.cut(shot.grey(), box).orElseThrow();
      // A text no reader will find on this screen, with the row's image as its anchor.
      flow =
          new Flow(
              1,
              "by image",
              shot.width(),
              shot.height(),
              List.of(
                  new FlowStep.TapText(
                      FlowStep.TextTarget.of("Qzxv Wmplk"),
                      FlowStep.Anchor.of(null, box, png),
                      FlowStep.CHANGED)));
    }
    try (Device other = Device.open("sim:?scene=list&seed=7&scale=0.5")) {
      ReplayResult r = flow.replay(other);
      assertThat(r.steps().get(0).found()).isEqualTo(ReplayResult.Found.CROP);
      assertThat(SimOracle.of(other).openedContact()).contains(name);
    }
  }

  @Test
  void aVerdictThatDiffersStopsWithBothScreensInItsReport() {
    Path file = dir.resolve("down.flow.yaml");
    try (Device phone = Device.open("sim:?scene=list&seed=8")) {
      FlowRecorder recorder = FlowRecorder.attach(phone);
      recorder.device().screenshot();
      recorder.device().scroll(Scroll.builder(ScrollDirection.DOWN).amount(0.6).build());
      Flow flow = recorder.save(file, "one scroll down");
      assertThat(flow.steps())
          .containsExactly(
              new FlowStep.Scroll(
                  new FlowStep.ScrollMove(ScrollDirection.DOWN, 0.6, null), "moved"));
    }
    // The same flow scrolling up, at the list's top: it cannot move.
    Path up = dir.resolve("up.flow.yaml");
    try {
      Files.writeString(up, Files.readString(file).replace("direction: down", "direction: up"));
      Files.move(FlowRecorder.screensDirFor(file), FlowRecorder.screensDirFor(up));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    try (Device other = Device.open("sim:?scene=list&seed=9")) {
      assertThatThrownBy(
              () -> Flow.read(up).replay(other, ReplayOptions.forFile(up).reportsTo(dir)))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(FlowCode.FLOW_VERDICT_DIFFERS);
                assertThat(e.details())
                    .containsEntry("step", 1)
                    .containsEntry("kind", "scroll")
                    .containsEntry("expected", "moved");
                assertThat(e.details().get("actual")).isIn("at-edge", "unchanged");
                Path report = Path.of(e.details().get("report").toString());
                String html;
                try {
                  html = Files.readString(report);
                } catch (java.io.IOException io) {
                  throw new java.io.UncheckedIOException(io);
                }
                assertThat(html).contains("flow_verdict_differs");
                assertThat(html.split("data:image/jpeg;base64,", -1))
                    .as("the recorded and the current screen")
                    .hasSize(3);
              });
    }
  }

  @Test
  void aStepTheDeviceRefusesIsCodedWithTheDevicesCode() {
    Flow flow = new Flow(1, "no picker", 1080, 2400, List.of(new FlowStep.SetWheel(0, "7")));
    try (Device phone = Device.open("sim:?scene=list")) {
      assertThatThrownBy(() -> flow.replay(phone, ReplayOptions.defaults().reportsTo(dir)))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> {
                assertThat(e.code()).isEqualTo(FlowCode.FLOW_STEP_FAILED);
                assertThat(e.details()).containsEntry("cause", "wheel_not_found");
                assertThat(e.getCause()).isInstanceOf(SwipeException.class);
              });
      assertThat(SimOracle.of(phone).pointer().pressed()).as("the finger is up").isFalse();
    }
  }
}
