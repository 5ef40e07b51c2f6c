package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.core.gesture.Swipe;
import dev.swipe.wheel.internal.WheelDrag;
import org.junit.jupiter.api.Test;

class WheelDragsTest {

  @Test
  void theFingerTravelsTheSlopAllowancePastThePlannedEnd() {
    // two rows up on an iOS-sized pitch (40 units): planned 80, played 92
    Swipe up = WheelDrags.toSwipe(new WheelDrag(240, 415, 240, 335), 40);
    assertThat(up.start().y()).isEqualTo(415);
    assertThat(up.end().y()).isCloseTo(335 - WheelDrags.SLOP_ALLOWANCE, within(1e-9));
    assertThat(up.end().x()).isEqualTo(240);
    Swipe down = WheelDrags.toSwipe(new WheelDrag(240, 335, 240, 415), 40);
    assertThat(down.end().y()).isCloseTo(415 + WheelDrags.SLOP_ALLOWANCE, within(1e-9));
    assertThat(down.holdAfterMs()).isEqualTo(WheelDrags.DWELL_MS);
  }

  @Test
  void theAllowanceStaysUnderThirtyPercentOfASmallPitchSoTheSnapStillLandsOnThePlannedRow() {
    Swipe s = WheelDrags.toSwipe(new WheelDrag(500, 500, 500, 420), 20);
    assertThat(500 - s.end().y() - 80).isCloseTo(6, within(1e-9));
  }

  @Test
  void theExtendedEndNeverLeavesTheScreen() {
    Swipe s = WheelDrags.toSwipe(new WheelDrag(500, 100, 500, 15), 60);
    assertThat(s.end().y()).isEqualTo(10);
  }
}
