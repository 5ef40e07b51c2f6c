package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * With {@code input=rig} a frame shows the phone one lag before its capture even when a HID report
 * came in between, as a rig's frames do; with {@code input=ideal} a frame never shows the phone
 * before the latest report.
 */
class RigFramesLagInputTest {
  private static final Duration T = Duration.ofSeconds(2);

  /**
   * The first frame captured after a mouse move, and one captured a lag after it, against one
   * before.
   */
  private static boolean[] afterAMove(String uri) {
    try (SimPhone phone = SimPhone.open(uri)) {
      FrameSource frames = phone.frameSource();
      long lag = frames.latency().toNanos();
      Frame before = frames.grab(phone.ticker().read() - lag, T);
      phone.relativeInput(60, 0, false);
      long moved = phone.ticker().read();
      Frame soon = frames.grab(moved + 1 - lag, T);
      Frame late = frames.grab(moved, T);
      assertThat(soon.captureNanos()).isLessThan(moved + lag);
      return new boolean[] {
        java.util.Arrays.equals(soon.jpeg(), before.jpeg()),
        java.util.Arrays.equals(late.jpeg(), before.jpeg())
      };
    }
  }

  @Test
  void aRigsFrameSoonAfterAMoveStillShowsThePhoneBeforeIt() {
    boolean[] same =
        afterAMove("sim:?scene=map&platform=android&input=rig&pointer=rel&latency_ms=200");
    assertThat(same[0]).as("the frame just after the move").isTrue();
    assertThat(same[1]).as("the frame one lag after").isFalse();
  }

  @Test
  void anIdealCapturesFramesNeverPredateTheLatestReport() {
    boolean[] same = afterAMove("sim:?scene=map&platform=android&pointer=rel&latency_ms=200");
    assertThat(same[0]).isFalse();
    assertThat(same[1]).isFalse();
  }
}
