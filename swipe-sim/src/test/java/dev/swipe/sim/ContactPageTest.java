package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Swipe;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A tap on a contact at rest opens its page; a tap that stops a fling does not; back returns. */
class ContactPageTest {

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aTapOnARowAtRestOpensThatContactAndBackReturnsToTheSameRows(String platform) {
    try (Device phone = Device.open("sim:?scene=list&scale=0.5&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      Observation list = phone.screenshot();
      List<String> rows = truth.visibleListRows(list);
      // Rows start at 408 px of 2400 and are 192 px tall: the third row's centre.
      Observation page =
          phone.tap(NormPoint.of(500, (408 + 2.5 * 192) / 2400 * 1000)).observation();
      assertThat(truth.openedContact()).contains(rows.get(2));
      assertThat(truth.visibleListRows(page)).isEmpty();
      assertThat(truth.textOn(page))
          .extracting(SimOracle.DrawnText::text)
          .contains(rows.get(2), "Call", "Message", "Email")
          .doesNotContain(rows.get(0));
      phone.key(Key.BACK);
      assertThat(truth.openedContact()).isEmpty();
      assertThat(truth.visibleListRows(phone.screenshot())).isEqualTo(rows);
      phone.tap(NormPoint.of(500, (408 + 0.5 * 192) / 2400 * 1000));
      assertThat(truth.openedContact()).contains(rows.get(0));
      phone.tap(NormPoint.of(120, 80));
      assertThat(truth.openedContact()).as("the back link").isEmpty();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void aTapThatCatchesAFlingOnlyStopsTheList(String platform) {
    try (Device phone = Device.open("sim:?input=ideal&scene=list&scale=0.5&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      phone
          .rig()
          .perform(
              Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 300))
                  .durationMs(120)
                  .steps(8)
                  .build(),
              Duration.ZERO);
      assertThat(truth.state().animating()).as("the list flings").isTrue();
      phone.tap(NormPoint.of(500, 600));
      assertThat(truth.openedContact()).isEmpty();
      assertThat(truth.awaitRest(Duration.ofSeconds(5)).animating()).isFalse();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void backWithTheKeyboardUpOnlyHidesTheKeyboard(String platform) {
    try (Device phone = Device.open("sim:?scene=list&scale=0.5&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      phone.tap(NormPoint.of(500, 134));
      assertThat(truth.keyboardVisible()).isTrue();
      phone.key(Key.BACK);
      assertThat(truth.keyboardVisible()).isFalse();
      assertThat(truth.openedContact()).isEmpty();
    }
  }
}
