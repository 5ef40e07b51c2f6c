package dev.swipe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.strategy.SwipeStrategies;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.ImageDiff;
import dev.swipe.sim.SimOracle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 32 item 4: a switch between pastel onboarding pages of equal brightness once gave {@code
 * diff_ratio} 0.010-0.018, so the carousel strategy could not confirm it. The diff sees colour now.
 * The oracle is read only to check the claims.
 */
class PastelCarouselOnSimulatorTest {

  @ParameterizedTest
  @ValueSource(strings = {"android", "ios", "android&seed=5000", "ios&seed=5001"})
  void aSwitchBetweenPastelPagesOfEqualLumaIsSeenAndJudged(String platform) {
    try (Device d =
        Device.open("sim:?scale=0.5&scene=carousel&carousel=pastel&platform=" + platform)) {
      SimOracle oracle = SimOracle.of(d);
      SwipeStrategies s = new SwipeStrategies(d);
      Observation before = d.screenshot();
      SwipeStrategies.Step r = s.carouselSwitch(ScrollDirection.RIGHT, before);
      assertThat(oracle.page()).as("the phone switched page").isEqualTo(1);

      // the reading: luminance alone sees little more than the titles' text
      GreyRaster g0 = before.greyForDiff();
      GreyRaster g1 = r.observation().greyForDiff();
      double greyOnly =
          ImageDiff.compare(
                  GreyRaster.of(g0.width(), g0.height(), g0.toByteArray()),
                  GreyRaster.of(g1.width(), g1.height(), g1.toByteArray()))
              .diffRatio();
      assertThat(greyOnly).as("luminance alone").isLessThan(0.1);

      DiffResult diff = d.screen().diff(before, r.observation(), null);
      assertThat(diff.diffRatio()).as("a page switch, was %s", diff).isGreaterThanOrEqualTo(0.3);
      assertThat(diff.changed()).isTrue();
      assertThat(r.confirmed()).as("the strategy judged the switch: %s", r.diff()).isTrue();

      // and back: the second switch is judged the same way
      SwipeStrategies.Step back = s.carouselSwitch(ScrollDirection.LEFT, r.observation());
      assertThat(oracle.page()).isZero();
      assertThat(back.confirmed()).as("%s", back.diff()).isTrue();
    }
  }
}
