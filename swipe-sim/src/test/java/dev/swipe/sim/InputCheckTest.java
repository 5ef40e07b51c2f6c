package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.sim.SimState.Receiver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A rig whose phone ignores the input is told within one action, with the fix named, instead of
 * "the list did not move" (issue 36 item 3): the device looks at open whether the phone draws the
 * mouse's pointer. Judged by what the simulated phone truly did with the input: the oracle's touch
 * and pointer logs.
 */
class InputCheckTest {
  private static final Scroll DOWN =
      Scroll.builder(ScrollDirection.DOWN).expectContent(true).build();

  private static SwipeException scrollFails(Device device) {
    try {
      device.scroll(DOWN);
    } catch (SwipeException e) {
      return e;
    }
    throw new AssertionError("the scroll did not fail");
  }

  @Test
  void anIgnoredAbsoluteMouseIsReportedWithTheFixOnBothPlatforms() {
    for (String platform : new String[] {"android", "ios"}) {
      String uri =
          "sim:?scene=list&platform=" + platform + "&input=rig&pointer=abs&abs_mouse=ignore&seed=4";
      try (Device device = Device.open(uri)) {
        SimOracle oracle = SimOracle.of(device);
        SwipeException e = scrollFails(device);
        assertThat(oracle.touchLog()).as("%s: the phone took no touch", platform).isEmpty();
        assertThat(e.code()).as(platform).isEqualTo(ErrorCode.INPUT_IGNORED);
        Map<String, Object> d = e.details();
        assertThat(d).containsEntry("pointer", "abs").containsEntry("input", "no_sign");
        assertThat((String) d.get("fix")).contains("pointer=rel", "AssistiveTouch");
        assertThat(e.getMessage()).contains("ignores");
        // the look at open found no pointer, so the scroll failed before it pressed
        assertThat(oracle.pointerLog())
            .as("%s: no press was sent", platform)
            .noneMatch(SimState.PointerSample::pressed);
      }
    }
  }

  @Test
  void aTapOnARigWhosePhoneIgnoresTheMouseFailsWithTheFixNamed() {
    // a tap judges nothing on the screen, so without the look at open it would return as if done
    try (Device device =
        Device.open("sim:?scene=list&platform=android&input=rig&pointer=abs&abs_mouse=ignore")) {
      SimOracle oracle = SimOracle.of(device);
      SwipeException e = null;
      try {
        device.tap(NormPoint.of(500, 500));
      } catch (SwipeException failed) {
        e = failed;
      }
      assertThat(e).as("the tap failed").isNotNull();
      assertThat(e.code()).isEqualTo(ErrorCode.INPUT_IGNORED);
      assertThat((String) e.details().get("fix")).contains("pointer=touch");
      assertThat(oracle.pointerLog()).noneMatch(SimState.PointerSample::pressed);
    }
  }

  @Test
  void theLookAtOpenLeavesAPhoneThatTakesTheMouseToItsGestures() {
    try (Device device =
        Device.open("sim:?scene=list&platform=android&input=rig&pointer=abs&abs_mouse=accept")) {
      SimOracle oracle = SimOracle.of(device);
      assertThat(oracle.pointerLog())
          .as("the look at open hovered without pressing")
          .isNotEmpty()
          .noneMatch(SimState.PointerSample::pressed);
      device.tap(NormPoint.of(500, 500));
      assertThat(oracle.touchLog())
          .anySatisfy(t -> assertThat(t.phase()).isEqualTo(SimState.Phase.DOWN));
    }
  }

  @Test
  void theCheckCanBeTurnedOffForACaptureThatNeverShowsThePointer() {
    try (Device device =
        Device.open(
            "sim:?scene=list&platform=android&input=rig&pointer=abs&abs_mouse=ignore"
                + "&check_input=false")) {
      SimOracle oracle = SimOracle.of(device);
      assertThat(oracle.pointerLog()).as("no look at open").isEmpty();
      device.tap(NormPoint.of(500, 500));
      assertThat(oracle.pointerLog())
          .as("the tap was played")
          .anyMatch(SimState.PointerSample::pressed);
    }
    SwipeException e = null;
    try (Device device = Device.open("sim:?scene=list&input=rig&check_input=maybe")) {
      throw new AssertionError("opened with check_input=maybe: " + device);
    } catch (SwipeException refused) {
      e = refused;
    }
    assertThat(e.code().id()).isEqualTo("invalid_argument");
    assertThat(e.getMessage()).contains("check_input");
  }

  @Test
  void aMouseButtonWhoseReleaseIsLostIsLiftedAfterEachGesture() {
    // some iPhones lose an absolute mouse's button release and hold it until a release-all: the
    // next move would drag from the first tap to the second
    try (Device device =
        Device.open(
            "sim:?scene=list&platform=ios&input=rig&pointer=abs&abs_mouse=stuck&cursor=arrow")) {
      SimOracle oracle = SimOracle.of(device);
      device.tap(NormPoint.of(300, 400));
      device.tap(NormPoint.of(700, 600));
      List<SimState.TouchEvent> app =
          oracle.touchLog().stream().filter(t -> t.receiver() == Receiver.APP).toList();
      assertThat(app.stream().filter(t -> t.phase() == SimState.Phase.DOWN).count())
          .as("two touches, not one dragged across")
          .isEqualTo(2);
      assertThat(app.stream().filter(t -> t.phase() == SimState.Phase.UP).count()).isEqualTo(2);
      assertThat(app.get(app.size() - 1).phase()).isEqualTo(SimState.Phase.UP);
    }
  }

  @Test
  void aWorkingMouseOnAListThatIgnoresMouseDragsIsToldApart() {
    // Jetpack Compose lists ignore mouse drags: the phone takes the mouse, the list does not move
    for (String pointer : new String[] {"rel", "abs&abs_mouse=accept"}) {
      String uri =
          "sim:?scene=list&platform=android&input=rig&list=compose&seed=4&pointer=" + pointer;
      try (Device device = Device.open(uri)) {
        SimOracle oracle = SimOracle.of(device);
        SwipeException e = scrollFails(device);
        assertThat(oracle.touchLog())
            .as("%s: the phone took the drag", pointer)
            .anySatisfy(t -> assertThat(t.receiver()).isEqualTo(Receiver.APP));
        assertThat(e.code()).as(pointer).isEqualTo(ErrorCode.SCROLL_NO_PROGRESS);
        assertThat(e.details()).containsEntry("input", "taken");
        String fix = (String) e.details().get("fix");
        assertThat(fix).contains("Compose", "pointer=touch");
        if (pointer.startsWith("abs")) {
          // Android draws an arrow: the list that ignores drags is named first
          assertThat(e.details()).containsEntry("pointer_look", "arrow");
          assertThat(fix.indexOf("pointer=touch")).isLessThan(fix.indexOf("pointer=rel"));
        }
      }
    }
  }

  @Test
  void anIphoneThatDropsTheMouseClicksIsToldToUseTheRelativePointer() {
    // the pointer moves and is drawn, so the look finds it; the press never reaches the list
    try (Device device =
        Device.open(
            "sim:?scene=list&platform=ios&input=rig&pointer=abs&abs_mouse=no_click&cursor=circle")) {
      SimOracle oracle = SimOracle.of(device);
      SwipeException e = scrollFails(device);
      assertThat(oracle.touchLog()).as("the clicks were dropped").isEmpty();
      assertThat(e.code()).isEqualTo(ErrorCode.SCROLL_NO_PROGRESS);
      assertThat(e.details()).containsEntry("input", "taken");
      String fix = (String) e.details().get("fix");
      assertThat(fix).contains("drop", "pointer=rel", "AssistiveTouch");
      // iOS draws a round pointer: the iPhone's dropped clicks are named first
      assertThat(e.details()).containsEntry("pointer_look", "circle");
      assertThat(fix.indexOf("pointer=rel")).isLessThan(fix.indexOf("pointer=touch"));
    }
  }

  @Test
  void aTouchDigitizerCannotBeSeenSoTheAnswerNamesWhatIosDoesWithOne() {
    try (Device device =
        Device.open("sim:?scene=list&platform=ios&input=rig&pointer=touch&seed=4")) {
      SimOracle oracle = SimOracle.of(device);
      SwipeException e = scrollFails(device);
      assertThat(oracle.touchLog()).as("iOS ignored the digitizer").isEmpty();
      assertThat(e.code()).isEqualTo(ErrorCode.SCROLL_NO_PROGRESS);
      assertThat(e.details()).containsEntry("pointer", "touch").containsEntry("input", "unseen");
      assertThat((String) e.details().get("fix")).contains("iOS ignores", "pointer=rel");
    }
  }

  @Test
  void theSameScrollMovesTheListWhenTheMouseIsTaken() {
    try (Device device =
        Device.open("sim:?scene=list&platform=android&input=rig&pointer=abs&abs_mouse=accept")) {
      assertThat(device.scroll(DOWN).movement().id()).isEqualTo("moved");
    }
  }
}
