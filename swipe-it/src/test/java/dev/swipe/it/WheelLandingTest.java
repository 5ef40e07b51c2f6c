package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.sim.SimOracle;
import dev.swipe.sim.SimState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A picker follows the finger only past its touch slop, so the first drag on a column lets go short
 * of its row and the snap crawls the rest of the way. Later drags go the distance the snaps showed
 * and let go close to their rows.
 */
class WheelLandingTest {
  @ParameterizedTest
  @CsvSource({"android, 3001", "ios, 3001", "android, 3017", "ios, 3017"})
  void laterDragsOnAColumnLetGoCloserToTheirRowsThanTheFirst(String platform, long seed) {
    try (Device phone =
        Device.open("sim:?scene=picker&layout=date&seed=" + seed + "&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      truth.setWheelValue("year", 2040);
      List<Double> misses = new ArrayList<>();
      Observation shot = phone.screenshot();
      for (int k = 0; k < 5; k++) {
        SimState.Wheel year = truth.wheel("year");
        int target = year.value() - 3;
        WheelNudgeResult r =
            phone.wheels().nudge(shot, WheelNudgeOnSimulatorTest.request(year, target, 1.0));
        assertThat(r.decision().rows()).as("one drag of three rows").isEqualTo(3);
        assertThat(truth.wheel("year").value()).isEqualTo(target);
        misses.add(Math.abs(truth.wheel("year").liftOffsetRows()));
        shot = r.observation();
      }
      double first = misses.get(0);
      assertThat(first)
          .as("the first drag lets go a slop short of its row (%s)", misses)
          .isGreaterThan(0.08);
      double later = misses.subList(2, misses.size()).stream().mapToDouble(d -> d).max().orElse(1);
      assertThat(later).as("rows missed, drag by drag: %s", misses).isLessThan(first / 2);
      assertThat(truth.editorOpen()).isFalse();
    }
  }
}
