package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.PointerKind;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  /**
   * A pointer already drawn moves in the frames one lag after its report, as the rest of the screen
   * does: the first frame after the move still shows it where it rested (before, it was hidden
   * there and drawn at its new place at once), and a frame one lag later shows it moved.
   */
  @ParameterizedTest
  @CsvSource({
    "android, abs&abs_mouse=accept",
    "android, rel",
    "ios, rel",
    "ios, abs&abs_mouse=accept",
  })
  void aDrawnPointerMovesInTheFramesOneLagAfterItsReport(String platform, String pointer) {
    String uri =
        "sim:?scene=map&input=rig&latency_ms=200&platform=" + platform + "&pointer=" + pointer;
    try (SimPhone phone = SimPhone.open(uri)) {
      FrameSource frames = phone.frameSource();
      long lag = frames.latency().toNanos();
      boolean abs = pointer.startsWith("abs");
      move(phone, abs, NormPoint.of(400, 500));
      phone.sleeper().sleep(lag + 300_000_000L);
      Frame rested = frames.grab(phone.ticker().read() - lag, T);
      assertThat(phone.oracle().pointer().drawn()).as("drawn before the move").isTrue();
      move(phone, abs, NormPoint.of(600, 500));
      long moved = phone.ticker().read();
      Frame soon = frames.grab(moved + 1 - lag, T);
      Frame late = frames.grab(moved, T);
      assertThat(soon.captureNanos()).isLessThan(moved + lag);
      assertThat(soon.jpeg()).as("the first frame after the move").isEqualTo(rested.jpeg());
      assertThat(late.jpeg()).as("the frame one lag after").isNotEqualTo(rested.jpeg());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** Moves the pointer to {@code to} (a relative pointer by one report from where it is). */
  private static void move(SimPhone phone, boolean absolute, NormPoint to) {
    if (absolute) {
      phone.input(PointerKind.ABSOLUTE, new HidReport.Pointer(to, false));
      return;
    }
    SimState.Pointer p = phone.oracle().pointer();
    int dx = (int) Math.round((to.x() - p.xNorm()) / 4);
    phone.relativeInput(Math.max(-127, Math.min(127, dx)), 0, false);
  }

  @Test
  void anIdealCapturesFramesNeverPredateTheLatestReport() {
    boolean[] same =
        afterAMove("sim:?input=ideal&scene=map&platform=android&pointer=rel&latency_ms=200");
    assertThat(same[0]).isFalse();
    assertThat(same[1]).isFalse();
  }
}
