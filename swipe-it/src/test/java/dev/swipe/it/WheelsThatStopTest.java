package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelSetResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.wheel.WheelSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Wheels that stop at both ends (Flutter's {@code looping: false}, CSS scroll-snap, pickers with
 * wrapping off): a target the shortest way round lies past an end is reached by turning round, as a
 * person would, not by pushing against the end until the budget runs out.
 */
class WheelsThatStopTest {
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "flutter"})
  void anHourWithItsEndInViewIsSetTheLongWayRound(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&looping=false&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("hour", 22);
      WheelSetResult r = phone.wheels().set(WheelSet.column(1).to("00"));
      assertThat(r.value()).isZero();
      assertThat(truth.wheel("hour").value()).isZero();
      assertThat(truth.editorOpen()).isFalse();
    }
  }

  /**
   * 20 to 02 is six rows through a wrap a 24-hour column might have, with no end and no wrap in
   * view: the wrap stays a hypothesis until seen, so the column is set the way that needs none.
   */
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "flutter"})
  void aGuessedWrapThatIsNotThereIsLearnedAtTheEndAndTheColumnTurnsRound(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&looping=false&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("hour", 20);
      WheelSetResult r = phone.wheels().set(WheelSet.column(1).to(2));
      assertThat(r.value()).isEqualTo(2);
      assertThat(truth.wheel("hour").value()).isEqualTo(2);
      assertThat(truth.editorOpen()).isFalse();
      WheelSetResult back = phone.wheels().set(WheelSet.column(1).to(23));
      assertThat(back.value()).isEqualTo(23);
      assertThat(truth.wheel("hour").value()).isEqualTo(23);
    }
  }

  /**
   * A date's month at January, nothing drawn above it, asked for October: three rows back through a
   * wrap the column does not have, nine forward. The end in view is enough; no nudge pushes against
   * it first.
   */
  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "flutter"})
  void aColumnReadAtItsEndTurnsAwayFromItWithoutPushingAgainstIt(String platform) {
    try (Device phone = Device.open("sim:?scene=picker&layout=date&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("month", 0);
      assertThat(truth.wheel("month").label()).isEqualTo("Jan");
      WheelSetResult r = phone.wheels().set(WheelSet.column(0).to("Oct"));
      assertThat(truth.wheel("month").label()).isEqualTo("Oct");
      assertThat(r.label()).isEqualTo("Oct");
      assertThat(r.nudges())
          .filteredOn(n -> n.action().isPresent())
          .as("%s", r.evidence())
          .allSatisfy(n -> assertThat(n.decision().signedRows()).isPositive())
          .noneMatch(WheelNudgeResult::noOp);
    }
  }
}
