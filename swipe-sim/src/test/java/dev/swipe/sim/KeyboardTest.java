package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.spi.Frame;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The on-screen keyboard: it slides in over the content, types, filters the list, and leaves. */
class KeyboardTest {
  @Test
  void searchFieldTapBringsUpAKeyboardThatTypesAndFilters() {
    try (Device d = Device.open("sim:?scale=0.5")) {
      SimOracle oracle = SimOracle.of(d);
      double maxBefore = oracle.state().listMaxOffsetPx();
      d.tap(NormPoint.of(500, 133));
      assertThat(oracle.keyboardVisible()).isTrue();
      // Keys of the top row: q w e r t y u i o p, each a tenth of the width.
      double rowY = (1520 + 110 + (880 - 140) / 8.0) / 2400.0 * 1000;
      d.tap(NormPoint.of(45, rowY)); // q
      d.tap(NormPoint.of(650, rowY)); // u
      assertThat(oracle.state().focusedText()).isEqualTo("qu");
      d.key(Key.keyboard(0x08, "e")); // a HID keyboard types too
      assertThat(oracle.state().focusedText()).isEqualTo("que");
      assertThat(oracle.state().listMaxOffsetPx()).isLessThan(maxBefore);
      assertThat(oracle.state().firstVisibleRow()).isZero();
      assertThat(oracle.state().visibleListRows())
          .isNotEmpty()
          .allMatch(n -> n.toLowerCase().contains("que"));
      d.key(Key.BACK);
      assertThat(oracle.keyboardVisible()).isFalse();
    }
  }

  @Test
  void theKeyboardSlideShowsInIntermediateFrames() {
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5")) {
      Play.gesture(phone, dev.swipe.core.gesture.Tap.at(NormPoint.of(500, 133)));
      long tapped = phone.ticker().read();
      byte[] previous = null;
      int changes = 0;
      for (int i = 0; i < 14; i++) {
        Frame f = phone.frameSource().grab(tapped + i * 33_333_333L, Duration.ofSeconds(1));
        changes += previous != null && !Arrays.equals(previous, f.jpeg()) ? 1 : 0;
        previous = f.jpeg();
      }
      // 250 ms of slide at 30 fps: several distinct frames, then still.
      assertThat(changes).isBetween(6, 10);
    }
  }
}
