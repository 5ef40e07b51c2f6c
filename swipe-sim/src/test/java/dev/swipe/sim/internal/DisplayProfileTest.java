package dev.swipe.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.sim.SimConfig;
import org.junit.jupiter.api.Test;

/**
 * The panel option: Android's DisplayMetrics.DENSITY_420 on a 1080x2340 panel is 891 dp tall, the
 * default DENSITY_XXHIGH 1080x2400 panel 800 dp; lengths given in dp scale with the density.
 */
class DisplayProfileTest {
  @Test
  void a420DpiPanelOf1080x2340Is891DpTallAndTheDefaultIs800() {
    DeviceProfile tall = DeviceProfile.of(SimConfig.fromUri("sim:?display=420dpi"));
    assertThat(tall.density()).isEqualTo(2.625);
    assertThat(tall.heightPx()).isEqualTo(2340);
    assertThat(tall.heightPx() / tall.density()).isCloseTo(891.4, within(0.05));
    assertThat(tall.touchSlopPx()).as("8 dp").isCloseTo(21.0, within(1e-9));
    assertThat(tall.minFlingPxPerS()).as("50 dp/s").isCloseTo(131.25, within(1e-9));

    DeviceProfile usual = DeviceProfile.of(SimConfig.defaults());
    assertThat(usual.density()).isEqualTo(3.0);
    assertThat(usual.heightPx() / usual.density()).isEqualTo(800.0);
    assertThat(SimConfig.Display.DENSITY_420.heightDp()).isCloseTo(891.4, within(0.05));
  }

  @Test
  void framesHaveThePanelsSizeAndTheOptionRoundTrips() {
    SimConfig c = SimConfig.fromUri("sim:?scene=picker&display=420dpi&scale=0.5");
    assertThat(c.display()).isEqualTo(SimConfig.Display.DENSITY_420);
    assertThat(SimConfig.fromUri(c.toUri())).isEqualTo(c);
    assertThat(SimConfig.defaults().toUri()).doesNotContain("display");
    try (Device phone = Device.open("sim:?display=420dpi")) {
      Observation o = phone.screenshot();
      assertThat(o.width()).isEqualTo(1080);
      assertThat(o.height()).isEqualTo(2340);
    }
    try (Device phone = Device.open(c.toUri())) {
      Observation o = phone.screenshot();
      assertThat(o.height()).isEqualTo(1170);
    }
    assertThatThrownBy(() -> SimConfig.fromUri("sim:?display=hdpi"))
        .isInstanceOfSatisfying(
            SwipeException.class, e -> assertThat(e.field()).isEqualTo("display"));
  }
}
