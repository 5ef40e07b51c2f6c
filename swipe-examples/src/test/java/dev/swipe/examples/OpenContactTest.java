package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.gesture.Key;
import dev.swipe.sim.SimOracle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OpenContact finds a name by reading the screen and opens it; the oracle says which contact is
 * open.
 */
class OpenContactTest {

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void scrollsToTheNameAndOpensThatContact(String platform) {
    ConsoleCapture out = new ConsoleCapture();
    try (Device phone = Device.open("sim:?scene=list&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      assertThat(truth.visibleListRows(phone.screenshot())).doesNotContain("Ivan Patel");
      OpenContact.Outcome outcome =
          OpenContact.open(phone, "Ivan Patel", dev.swipe.core.scroll.SearchPace.FLING, out.stream);
      out.echoed();
      assertThat(outcome.opened()).isTrue();
      assertThat(outcome.passes()).isPositive();
      assertThat(truth.openedContact()).contains("Ivan Patel");
      double offset = truth.listOffsetPx();
      phone.key(Key.BACK);
      assertThat(truth.openedContact()).as("Back returns to the list").isEmpty();
      assertThat(truth.visibleListRows(phone.screenshot())).isNotEmpty();
      assertThat(truth.listOffsetPx()).as("where it was").isEqualTo(offset);
    }
  }

  @Test
  void tooManyArgumentsAreACodedError() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    int status =
        OpenContact.run(
            new String[] {"sim:?scene=list", "Ivan Patel", "extra"}, out.stream, err.stream);
    assertThat(status).isEqualTo(2);
    assertThat(err.text())
        .startsWith("error invalid_argument: args:")
        .contains("usage: OpenContact")
        .doesNotContain("\tat ");
  }

  @Test
  void anUnknownDeviceSchemeIsACodedError() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    int status = OpenContact.run(new String[] {"nophone:", "Ivan Patel"}, out.stream, err.stream);
    assertThat(status).isEqualTo(2);
    assertThat(err.text()).startsWith("error unknown_scheme:").doesNotContain("\tat ");
  }
}
