package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.diff.internal.ImageDiff;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code image_diff} of an action's before and after screens when the two share nothing that moved.
 * Found by the honesty benchmark: 400 of 400 carousel page switches per platform, and about a third
 * of the wheel nudges, said {@code primary_axis none} although the device had watched the content
 * travel. The oracle is read only to check the claims.
 */
class ImageDiffOnSimulatorTest {
  static final Swipe PAGE_SWITCH =
      Swipe.builder(NormPoint.of(700, 500), NormPoint.of(300, 500))
          .durationMs(dev.swipe.core.strategy.SwipeStrategies.CAROUSEL_MS)
          .steps(16)
          .holdAfterMs(0)
          .shape(GestureShape.CAROUSEL)
          .build();

  static Device open(String options) {
    return Device.open("sim:?scale=0.5&scene=carousel&" + options);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"android&seed=5000", "ios&seed=5000", "android&seed=5001", "ios&seed=5001"})
  void aPageSwitchIsHorizontalByTheMotionWatchedBetweenItsScreens(String platform) {
    // On an iPhone rig (seed 5000) the relative pointer once dragged this 360 units of the planned
    // 400, its gain learned over short moves a tenth off, and the page stayed: a drag that long now
    // goes its path once unpressed before it presses.
    try (Device d = open("platform=" + platform)) {
      SimOracle oracle = SimOracle.of(d);
      Observation before = d.screenshot();
      Observation after = d.swipe(PAGE_SWITCH).observation();
      assertThat(oracle.page()).as("the phone switched page").isEqualTo(1);

      DiffResult pair =
          ImageDiff.compare(before.greyToCompareWith(after), after.greyToCompareWith(before));
      assertThat(pair.changed()).isTrue();
      assertThat(pair.primaryAxis())
          .as("the two frames alone show no axis")
          .isEqualTo(PrimaryAxis.NONE);

      DiffResult diff = d.screen().diff(before, after, null);
      assertThat(diff.primaryAxis()).isEqualTo(PrimaryAxis.HORIZONTAL);
      assertThat(diff.axisEvidence()).isEqualTo(DiffResult.AxisEvidence.MOTION_BETWEEN);
      assertThat(diff.diffRatio())
          .as("only the axis comes from the motion")
          .isEqualTo(pair.diffRatio());
      // the motion was in the pages, not in the title above them
      DiffResult title = d.screen().diff(before, after, NormRegion.of(0, 0, 1000, 90));
      assertThat(title.changed()).isFalse();
      assertThat(title.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void twoActionsBetweenTheScreensLeaveTheAxisUnknown(String platform) {
    // Between two actions nothing was watched: the first one's content may have moved any way.
    try (Device d = open("platform=" + platform)) {
      SimOracle oracle = SimOracle.of(d);
      Observation before = d.screenshot();
      Observation middle = d.swipe(PAGE_SWITCH).observation();
      Observation after = d.swipe(PAGE_SWITCH).observation();
      assertThat(oracle.page()).isEqualTo(2);
      assertThat(d.screen().diff(middle, after, null).primaryAxis())
          .isEqualTo(PrimaryAxis.HORIZONTAL);
      DiffResult across = d.screen().diff(before, after, null);
      assertThat(across.changed()).isTrue();
      assertThat(across.primaryAxis()).isEqualTo(PrimaryAxis.NONE);
      assertThat(across.axisEvidence()).isEqualTo(DiffResult.AxisEvidence.FRAME_PAIR);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aScreenshotTakenAfterTheBeforeScreenIsWhatTheActionStartedFrom(String platform) {
    // The action started from the newer screenshot: the older one is not known to lead to it.
    try (Device d = open("platform=" + platform)) {
      Observation older = d.screenshot();
      Observation newer = d.screenshot();
      Observation after = d.swipe(PAGE_SWITCH).observation();
      assertThat(d.screen().diff(newer, after, null).primaryAxis())
          .isEqualTo(PrimaryAxis.HORIZONTAL);
      assertThat(d.screen().diff(older, after, null).primaryAxis()).isEqualTo(PrimaryAxis.NONE);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "android&seed=5003",
        "ios&seed=5003",
        "android&seed=5004&latency_ms=300",
        "ios&seed=5004"
      })
  void aWheelTurnedSeveralRowsIsVerticalInsideItsColumn(String platform) {
    // Found by the honesty benchmark: an Android wheel lands within a pixel of its row, so nothing
    // moves after release, and the column before and after shares no rows that moved. The frames
    // captured during the drag's slow tail show the rows travelling.
    try (Device d = Device.open("sim:?scale=0.5&scene=picker&platform=" + platform)) {
      SimOracle oracle = SimOracle.of(d);
      SimState.Wheel w = oracle.wheel("hour");
      int target = ((w.index() + 4) % w.rowCount()) * w.valueStep();
      oracle.setWheelTarget("hour", target);
      Observation before = d.screenshot();
      WheelNudgeResult r =
          d.wheels().nudge(before, WheelNudgeOnSimulatorTest.request(w, target, 1.0));
      assertThat(r.decision().rows()).as("a nudge of several rows").isGreaterThanOrEqualTo(2);
      SimState.Wheel now =
          oracle.awaitRest(java.time.Duration.ofSeconds(6)).wheel("hour").orElseThrow();
      assertThat(now.value()).isNotEqualTo(w.value());
      double top = w.selectedCenterYNorm() - 1.5 * w.rowPitchNorm();
      NormRegion column = NormRegion.of(w.columnXNorm() - 80, top, 160, 3 * w.rowPitchNorm());
      DiffResult diff = d.screen().diff(before, r.observation(), column);
      assertThat(diff.changed()).isTrue();
      assertThat(diff.primaryAxis()).isEqualTo(PrimaryAxis.VERTICAL);
      // Looking during the tail (behind 300 ms of capture latency too) only paused the finger:
      // no two reports came closer together than planned, so the release carried no speed.
      ExecutedTimeline played = r.action().orElseThrow().timeline();
      for (int i = 1; i < played.reportCount(); i++) {
        long planned = played.plannedOffsetNanos(i) - played.plannedOffsetNanos(i - 1);
        assertThat(played.actualOffsetNanos(i) - played.actualOffsetNanos(i - 1))
            .isGreaterThanOrEqualTo(planned);
      }
      assertThat(r.action().orElseThrow().cost().framesGrabbed())
          .as("three looks in the tail plus the settling")
          .isGreaterThan(3);
    }
  }

  @Test
  void aShortPanOfAPaleMapIsAChangeAlthoughItChangesUnderOnePercent() {
    // Found by the honesty benchmark (seed 5036, iOS): this device's touch slop (14 dp) takes 42
    // of the fine pan's 54 layout pixels, the map moves 6 frame pixels, and its pale blocks change
    // 0.90% of the screen. changed=false read as the map's boundary.
    try (Device d = Device.open("sim:?scale=0.5&scene=map&platform=ios&seed=5036")) {
      SimOracle oracle = SimOracle.of(d);
      d.swipe(
          Swipe.builder(NormPoint.of(500, 500), NormPoint.of(582.3, 682.3))
              .durationMs(500)
              .holdAfterMs(100)
              .shape(GestureShape.MAP)
              .build());
      SimState start = oracle.awaitRest(java.time.Duration.ofSeconds(6));
      Observation before = d.screenshot();
      Observation after =
          d.swipe(
                  Swipe.builder(NormPoint.of(500, 500), NormPoint.of(550, 500))
                      .durationMs(300)
                      .holdAfterMs(100)
                      .shape(GestureShape.MAP)
                      .build())
              .observation();
      double moved = Math.abs(oracle.state().mapOffsetXPx() - start.mapOffsetXPx());
      assertThat(moved).as("the map moved a few pixels").isBetween(1.0, 12.0);

      DiffResult pair =
          ImageDiff.compare(before.greyToCompareWith(after), after.greyToCompareWith(before));
      // 0.90% in luminance; since the diff sees colour (issue 32) the roads' yellow moving over
      // the pale blocks counts too, about 3%: a small change either way
      assertThat(pair.diffRatio()).as("a small change").isPositive().isLessThan(0.06);
      DiffResult diff = d.screen().diff(before, after, null);
      assertThat(diff.changed()).isTrue();
      assertThat(diff.primaryAxis()).isEqualTo(PrimaryAxis.HORIZONTAL);
      assertThat(diff.diffRatio()).isEqualTo(pair.diffRatio());
      // the status bar stayed where it was
      assertThat(d.screen().diff(before, after, NormRegion.of(0, 0, 1000, 25)).changed()).isFalse();
    }
  }
}
