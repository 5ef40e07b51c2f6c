package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.sim.SimOracle;
import java.awt.Rectangle;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * PanMapToPlace pans until it reads the place and drags it toward the middle; the text the
 * simulator drew on the final frame says where the label really is.
 */
class PanMapToPlaceTest {
  private static final String PLACE = "Town Hall";

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios"})
  void pansUntilThePlaceShowsAndBringsItTowardTheMiddle(String platform) {
    ConsoleCapture out = new ConsoleCapture();
    try (Device phone = Device.open("sim:?scene=map&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      Observation start = phone.screenshot();
      assertThat(drawn(truth, start)).as("the place is not on the first screen").isEmpty();
      PanMapToPlace.Outcome outcome = PanMapToPlace.find(phone, PLACE, out.stream);
      out.echoed();
      assertThat(outcome.pans()).isPositive();
      SimOracle.DrawnText label = drawn(truth, outcome.observation()).orElseThrow();
      assertThat(label.fullyVisible()).isTrue();
      Rectangle box = label.box();
      double x = (box.getCenterX()) * 1000.0 / (start.width() - 1);
      double y = (box.getCenterY()) * 1000.0 / (start.height() - 1);
      assertThat(Math.hypot(x - outcome.centred().x(), y - outcome.centred().y()))
          .as("where the example read the label is where it was drawn")
          .isLessThan(25);
      assertThat(distanceToMiddle(x, y))
          .as("the drag brought it nearer the middle")
          .isLessThan(Math.max(50, distanceToMiddle(outcome.foundAt().x(), outcome.foundAt().y())));
      assertThat(truth.state().animating()).isFalse();
    }
  }

  private static double distanceToMiddle(double x, double y) {
    return Math.hypot(x - 500, y - 500);
  }

  private static Optional<SimOracle.DrawnText> drawn(SimOracle truth, Observation o) {
    List<SimOracle.DrawnText> text = truth.textOn(o);
    return text.stream()
        .filter(t -> t.text().equals(PLACE) && t.visibleFraction() > 0.5)
        .findFirst();
  }

  @Test
  void extraArgumentsAreACodedError() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    int status =
        PanMapToPlace.run(new String[] {"sim:?scene=map", PLACE, "north"}, out.stream, err.stream);
    assertThat(status).isEqualTo(2);
    assertThat(err.text()).startsWith("error invalid_argument: args:").doesNotContain("\tat ");
  }
}
