package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.sim.SimState.Receiver;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A scroll that moves nothing on a rig whose phone ignores the input says so, with the fix named,
 * instead of "the list did not move" (issue 36 item 3). Judged by what the simulated phone truly
 * did with the input: the oracle's touch log.
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
        assertThat(d)
            .containsEntry("pointer", "abs")
            .containsEntry("input", "no_sign")
            .containsEntry("movement", "unchanged");
        assertThat((String) d.get("fix")).contains("pointer=rel", "AssistiveTouch");
        assertThat(e.getMessage()).contains("ignores");
      }
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
        assertThat((String) e.details().get("fix")).contains("Compose", "pointer=touch");
      }
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
