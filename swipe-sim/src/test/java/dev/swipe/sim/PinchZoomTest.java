package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.PinchResult;
import dev.swipe.core.gesture.MultiTouch;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.diff.ZoomChange;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two fingers on the simulator's map: it zooms about their centroid within the platform's limits.
 */
class PinchZoomTest {
  private static final Duration REST = Duration.ofSeconds(10);

  /** The map point (canvas pixels, frame scale) under the normalized screen point {@code p}. */
  private static double[] canvasUnder(SimState s, NormPoint p, SimPhone phone) {
    double sx = NormPoint.toPixel(p.x(), phone.frameWidth()) / s.mapZoom();
    double sy = (NormPoint.toPixel(p.y(), phone.frameHeight()) - mapTop(phone)) / s.mapZoom();
    // the screen's offset from the viewport's corner, turned back onto the map
    double b = Math.toRadians(-s.mapBearingDeg());
    return new double[] {
      s.mapOffsetXPx() + Math.cos(b) * sx - Math.sin(b) * sy,
      s.mapOffsetYPx() + Math.sin(b) * sx + Math.cos(b) * sy
    };
  }

  /** The map's top edge in frame pixels (below the status bar). */
  private static double mapTop(SimPhone phone) {
    return 72.0 * phone.frameWidth() / 1080.0;
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "flutter"})
  void aPinchZoomsAboutTheFingersCentroid(String platform) {
    try (SimPhone phone =
        SimPhone.open("sim:?input=ideal&scene=map&scale=0.5&pointer=touch&platform=" + platform)) {
      NormPoint centre = NormPoint.of(400, 550);
      SimState start = phone.oracle().state();
      assertThat(start.mapZoom()).isEqualTo(1.0);
      double[] before = canvasUnder(start, centre, phone);
      Play.gesture(phone, Pinch.zoom(centre, 2));
      SimState in = phone.oracle().awaitRest(REST);
      assertThat(in.mapZoom()).isCloseTo(2.0, within(0.02));
      double[] after = canvasUnder(in, centre, phone);
      assertThat(after[0]).as("x under the centroid").isCloseTo(before[0], within(2.0));
      assertThat(after[1]).as("y under the centroid").isCloseTo(before[1], within(2.0));
      Play.gesture(phone, Pinch.zoom(centre, 0.25));
      assertThat(phone.oracle().awaitRest(REST).mapZoom()).isCloseTo(0.5, within(0.01));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "flutter"})
  void aTwistTurnsTheMapAboutTheFingersPastAFewDegrees(String platform) {
    try (SimPhone phone =
        SimPhone.open("sim:?input=ideal&scene=map&scale=0.5&pointer=touch&platform=" + platform)) {
      NormPoint centre = NormPoint.of(500, 550);
      SimState start = phone.oracle().state();
      assertThat(start.mapBearingDeg()).isEqualTo(0.0);
      double[] before = canvasUnder(start, centre, phone);
      Play.gesture(phone, Pinch.rotate(centre, 4));
      assertThat(phone.oracle().awaitRest(REST).mapBearingDeg())
          .as("a shaky zoom's twist turns nothing")
          .isEqualTo(0.0);
      Play.gesture(phone, Pinch.rotate(centre, 40));
      SimState turned = phone.oracle().awaitRest(REST);
      assertThat(turned.mapBearingDeg()).isCloseTo(40 - 6, within(1.0));
      assertThat(turned.mapZoom()).isCloseTo(1.0, within(0.02));
      double[] after = canvasUnder(turned, centre, phone);
      assertThat(after[0]).as("x under the centroid").isCloseTo(before[0], within(2.0));
      assertThat(after[1]).as("y under the centroid").isCloseTo(before[1], within(2.0));
      // a pan on the turned map moves it with the finger: the point under it stays under it, but
      // for the touch slop the content waits out (a pan along the unturned axes would miss by
      // about a hundred pixels here)
      NormPoint from = NormPoint.of(500, 700);
      double[] grabbed = canvasUnder(turned, from, phone);
      Play.gesture(phone, Play.drag(900, 120, from, NormPoint.of(400, 500)));
      double[] dropped = canvasUnder(phone.oracle().awaitRest(REST), NormPoint.of(400, 500), phone);
      double b = Math.toRadians(turned.mapBearingDeg());
      double[] miss = { // on the screen: the map under the lift point, less the point grabbed
        Math.cos(b) * (dropped[0] - grabbed[0]) - Math.sin(b) * (dropped[1] - grabbed[1]),
        Math.sin(b) * (dropped[0] - grabbed[0]) + Math.cos(b) * (dropped[1] - grabbed[1])
      };
      double[] drag = {-100.0 * phone.frameWidth() / 1000, -200.0 * phone.frameHeight() / 1000};
      assertThat(Math.hypot(miss[0], miss[1])).as("the slop, at most").isLessThan(15.0);
      assertThat((miss[0] * drag[0] + miss[1] * drag[1]) / Math.hypot(miss[0], miss[1]))
          .as("the content lags along the drag")
          .isGreaterThan(0.95 * Math.hypot(drag[0], drag[1]));
      Play.gesture(phone, Pinch.rotate(centre, -70));
      assertThat(phone.oracle().awaitRest(REST).mapBearingDeg())
          .as("back the other way, past the dead zone again")
          .isCloseTo(34 - 64, within(1.0));
    }
  }

  @Test
  void aPhotoDoesNotTurn() {
    try (SimPhone phone = SimPhone.open("sim:?input=ideal&scene=photo&scale=0.5&pointer=touch")) {
      Play.gesture(
          phone, Pinch.builder(NormPoint.of(500, 500)).spread(200, 500).rotateDeg(45).build());
      SimState s = phone.oracle().awaitRest(REST);
      assertThat(s.mapZoom()).isGreaterThan(2.0);
      assertThat(s.mapBearingDeg()).isEqualTo(0.0);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void theZoomStopsAtItsLimitAndIosSpringsBackToIt(String platform) {
    try (SimPhone phone =
        SimPhone.open("sim:?input=ideal&scene=map&scale=0.5&pointer=touch&platform=" + platform)) {
      NormPoint centre = NormPoint.of(500, 500);
      Play.gesture(phone, Pinch.zoom(centre, 3));
      Play.gesture(phone, Pinch.builder(centre).spread(100, 600).holdAfterMs(0).build());
      SimState lifted = phone.oracle().state();
      if (platform.equals("ios")) {
        assertThat(lifted.mapZoom()).as("pulled past the limit").isGreaterThan(4.0);
        assertThat(lifted.animating()).isTrue();
      } else {
        assertThat(lifted.mapZoom()).isEqualTo(4.0);
      }
      assertThat(phone.oracle().awaitRest(REST).mapZoom()).isEqualTo(4.0);
    }
  }

  @Test
  void twoFingersPanTheMapWithTheirCentroid() {
    try (SimPhone phone = SimPhone.open("sim:?input=ideal&scene=map&scale=0.5&pointer=touch")) {
      SimState start = phone.oracle().state();
      Play.gesture(phone, Pinch.pan(NormPoint.of(500, 600), NormPoint.of(500, 400)));
      SimState moved = phone.oracle().awaitRest(REST);
      assertThat(moved.mapZoom()).isCloseTo(1.0, within(1e-6));
      assertThat(moved.mapOffsetYPx() - start.mapOffsetYPx())
          .isCloseTo(0.2 * (phone.frameHeight() - 1), within(1.0));
      assertThat(moved.mapOffsetXPx()).isCloseTo(start.mapOffsetXPx(), within(0.5));
    }
  }

  @Test
  void fingersThatComeDownOneAfterTheOtherStillPinch() {
    try (SimPhone phone = SimPhone.open("sim:?input=ideal&scene=map&scale=0.5&pointer=touch")) {
      MultiTouch staggered =
          new MultiTouch(
              List.of(
                  new MultiTouch.Stroke(
                      0,
                      List.of(
                          NormPoint.of(400, 500), NormPoint.of(400, 500), NormPoint.of(300, 500)),
                      List.of(150, 400)),
                  new MultiTouch.Stroke(
                      100,
                      List.of(
                          NormPoint.of(600, 500), NormPoint.of(600, 500), NormPoint.of(700, 500)),
                      List.of(50, 400))));
      Play.gesture(phone, staggered);
      assertThat(phone.oracle().awaitRest(REST).mapZoom()).isCloseTo(2.0, within(0.02));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aDevicesPinchIsJudgedFromThePixelsAlone(String platform) {
    try (Device d =
        Device.open("sim:?input=ideal&scene=map&scale=0.5&pointer=touch&platform=" + platform)) {
      SimOracle oracle = SimOracle.of(d);
      PinchResult in = d.pinch(Pinch.zoom(NormPoint.of(450, 600), 2));
      double truthIn = oracle.awaitRest(REST).mapZoom();
      assertThat(in.zoom().observed()).isTrue();
      assertThat(in.zoom().direction()).isEqualTo(ZoomChange.Direction.IN);
      assertThat(in.zoom().scale()).isCloseTo(truthIn, within(0.1 * truthIn));
      PinchResult pan = d.pinch(Pinch.pan(NormPoint.of(500, 650), NormPoint.of(500, 450)));
      assertThat(pan.zoom().direction())
          .as("a two-finger pan keeps the size")
          .isEqualTo(ZoomChange.Direction.NONE);
      PinchResult out = d.pinch(Pinch.zoom(NormPoint.of(500, 500), 0.5));
      double truthOut = oracle.awaitRest(REST).mapZoom() / truthIn;
      assertThat(out.zoom().direction()).isEqualTo(ZoomChange.Direction.OUT);
      assertThat(out.zoom().scale()).isCloseTo(truthOut, within(0.1 * truthOut));
      assertThat(d.screen().zoom(in.before(), out.action().observation()).scale())
          .as("any two screens of the run")
          .isCloseTo(truthIn * truthOut, within(0.1));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aTurnOfTheMapIsJudgedFromThePixelsAlone(String platform) {
    try (Device d =
        Device.open("sim:?input=ideal&scene=map&scale=0.5&pointer=touch&platform=" + platform)) {
      SimOracle oracle = SimOracle.of(d);
      PinchResult turned = d.pinch(Pinch.rotate(NormPoint.of(500, 550), 36));
      double truth = oracle.awaitRest(REST).mapBearingDeg();
      assertThat(truth).isCloseTo(30, within(1.0));
      assertThat(turned.zoom().observed()).isTrue();
      assertThat(turned.zoom().rotationDegrees()).isCloseTo(truth, within(3.0));
      assertThat(turned.zoom().scale()).isCloseTo(1.0, within(0.1));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aPhotoZoomsFromItsFitAndSpringsBackToItsLimits(String platform) {
    try (SimPhone phone =
        SimPhone.open(
            "sim:?input=ideal&scene=photo&scale=0.5&pointer=touch&platform=" + platform)) {
      SimState fit = phone.oracle().state();
      assertThat(fit.mapZoom()).isEqualTo(1.0);
      Play.gesture(phone, Pinch.builder(NormPoint.of(500, 500)).spread(400, 200).build());
      SimState pulled = phone.oracle().state();
      assertThat(pulled.mapZoom()).as("pulled below the fit").isLessThan(1.0);
      assertThat(phone.oracle().awaitRest(REST).mapZoom()).as("back to the fit").isEqualTo(1.0);
      Play.gesture(phone, Pinch.zoom(NormPoint.of(400, 550), 2.5));
      SimState in = phone.oracle().awaitRest(REST);
      assertThat(in.mapZoom()).isCloseTo(2.5, within(0.03));
      // zoomed in, one finger pans the photo within its edges
      Play.gesture(phone, Play.drag(600, 120, NormPoint.of(500, 700), NormPoint.of(500, 400)));
      SimState panned = phone.oracle().awaitRest(REST);
      assertThat(panned.mapOffsetYPx()).isGreaterThan(in.mapOffsetYPx());
      Play.gesture(phone, Pinch.zoom(NormPoint.of(500, 500), 3));
      assertThat(phone.oracle().awaitRest(REST).mapZoom()).as("at most 5x").isEqualTo(5.0);
    }
  }

  @Test
  void anIosRigIgnoresADigitizerAsIphonesDo() {
    try (SimPhone phone =
        SimPhone.open("sim:?scene=map&scale=0.5&pointer=touch&platform=ios&input=rig&seed=5")) {
      Play.gesture(phone, Pinch.zoom(NormPoint.of(500, 500), 2));
      assertThat(phone.oracle().awaitRest(REST).mapZoom()).isEqualTo(1.0);
    }
  }

  @Test
  void aSinglePointerLinkRefusesTwoFingersBeforeSendingAnything() {
    try (Device d = Device.open("sim:?scene=map&scale=0.5&pointer=rel")) {
      SimOracle oracle = SimOracle.of(d);
      int before = oracle.touchLog().size();
      assertThatThrownBy(() -> d.perform(Pinch.zoom(NormPoint.of(500, 500), 2)))
          .isInstanceOf(SwipeException.class)
          .hasMessageContaining("hidg:")
          .extracting(e -> ((SwipeException) e).code().id())
          .isEqualTo("unsupported_input");
      assertThat(oracle.touchLog()).hasSize(before);
      assertThat(oracle.state().mapZoom()).isEqualTo(1.0);
    }
  }
}
