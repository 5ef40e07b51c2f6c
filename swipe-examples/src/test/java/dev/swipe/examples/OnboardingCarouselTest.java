package dev.swipe.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.sim.SimOracle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OnboardingCarousel stops where the scroll verdicts say the carousel ended; the oracle says
 * whether that is the last page and how many pages really turned.
 */
class OnboardingCarouselTest {

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "flutter"})
  void stopsOnTheLastPageBecauseTheVerdictSaysSo(String platform) {
    ConsoleCapture out = new ConsoleCapture();
    try (Device phone = Device.open("sim:?scene=carousel&platform=" + platform)) {
      SimOracle truth = SimOracle.of(phone);
      assertThat(truth.page()).isZero();
      OnboardingCarousel.Outcome outcome = OnboardingCarousel.toLastPage(phone, out.stream);
      String printed = out.echoed();
      assertThat(outcome.lastPageReached()).isTrue();
      assertThat(truth.page()).isEqualTo(truth.state().pageCount() - 1);
      assertThat(outcome.pagesTurned())
          .as("every 'moved' verdict was a page turn")
          .isEqualTo(truth.page());
      assertThat(printed).contains("last page after " + truth.page() + " page turns");
    }
  }

  @Test
  void extraArgumentsAreACodedError() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    int status =
        OnboardingCarousel.run(
            new String[] {"sim:?scene=carousel", "more"}, out.stream, err.stream);
    assertThat(status).isEqualTo(2);
    assertThat(err.text()).startsWith("error invalid_argument: args:").doesNotContain("\tat ");
  }

  @Test
  void aBadDeviceUriIsACodedErrorNamingTheKey() {
    ConsoleCapture out = new ConsoleCapture();
    ConsoleCapture err = new ConsoleCapture();
    int status =
        OnboardingCarousel.run(new String[] {"sim:?scene=carousell"}, out.stream, err.stream);
    assertThat(status).isEqualTo(2);
    assertThat(err.text())
        .startsWith("error invalid_argument:")
        .contains("scene")
        .doesNotContain("\tat ");
  }
}
