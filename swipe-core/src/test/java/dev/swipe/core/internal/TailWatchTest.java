package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.testkit.Jpegs;
import dev.swipe.core.testkit.RecordingHidTransport;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Looks at the screen during a wheel drag's slow tail: where they fall, and that a slow look pauses
 * the finger instead of bunching the later reports into a flick.
 */
class TailWatchTest {
  static final Swipe WHEEL_DRAG =
      Swipe.builder(NormPoint.of(500, 600), NormPoint.of(500, 420))
          .durationMs(400)
          .steps(25)
          .holdBeforeMs(60)
          .holdAfterMs(200)
          .shape(GestureShape.WHEEL)
          .build();

  @Test
  void itLooksWhereTheTailBeginsHalfwayThroughItAndBeforeRelease() {
    Timeline plan = TimelinePlanner.plan(WHEEL_DRAG);
    TailWatch watch =
        new TailWatch(WHEEL_DRAG, plan, null, new VirtualClock(), Duration.ofSeconds(1));
    List<Integer> looks =
        IntStream.range(0, plan.reportCount()).filter(watch.lookBefore()::test).boxed().toList();
    assertThat(looks).hasSize(3);
    long tailStart = 60_000_000L + (long) (400_000_000L * (1 - GestureShape.WHEEL.tailTime()));
    long tailMiddle = 60_000_000L + (long) (400_000_000L * (1 - GestureShape.WHEEL.tailTime() / 2));
    assertThat(plan.events().get(looks.get(0)).offsetNanos()).isGreaterThanOrEqualTo(tailStart);
    assertThat(plan.events().get(looks.get(0) - 1).offsetNanos()).isLessThan(tailStart);
    assertThat(plan.events().get(looks.get(1)).offsetNanos()).isGreaterThanOrEqualTo(tailMiddle);
    assertThat(plan.events().get(looks.get(1) - 1).offsetNanos()).isLessThan(tailMiddle);
    assertThat(looks.get(2)).isEqualTo(plan.reportCount() - 1);
    assertThat(((PointerEvent) plan.events().get(looks.get(2))).pressed())
        .as("the release")
        .isFalse();
  }

  @Test
  void aSwipeWithoutATailIsOnlyLookedAtBeforeRelease() {
    Swipe linear =
        Swipe.builder(NormPoint.of(500, 600), NormPoint.of(500, 420)).durationMs(300).build();
    Timeline plan = TimelinePlanner.plan(linear);
    TailWatch watch = new TailWatch(linear, plan, null, new VirtualClock(), Duration.ofSeconds(1));
    assertThat(
            IntStream.range(0, plan.reportCount())
                .filter(watch.lookBefore()::test)
                .boxed()
                .toList())
        .containsExactly(plan.reportCount() - 1);
  }

  /** A watch over {@link #WHEEL_DRAG} on {@link SlowFrames} of {@code clock}. */
  static TailWatch onSlowFrames(VirtualClock clock) {
    return new TailWatch(
        WHEEL_DRAG,
        TimelinePlanner.plan(WHEEL_DRAG),
        new SlowFrames(clock),
        clock,
        Duration.ofSeconds(5));
  }

  /** A source that draws a frame once a second (a busy browser's screencast), in virtual time. */
  static final class SlowFrames implements FrameSource {
    static final long PERIOD = 1_000_000_000L;
    final VirtualClock clock;
    final byte[] jpeg = Jpegs.encode(new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB));

    SlowFrames(VirtualClock clock) {
      this.clock = clock;
    }

    @Override
    public Frame grab(long notBeforeNanos, Duration timeout) {
      long latest = clock.read() / PERIOD * PERIOD;
      if (latest >= notBeforeNanos) {
        return new Frame(jpeg, 8, 8, latest);
      }
      long next = (Math.max(notBeforeNanos, clock.read()) + PERIOD - 1) / PERIOD * PERIOD;
      if (next - clock.read() > timeout.toNanos()) {
        clock.advance(timeout);
        throw new SwipeException(ErrorCode.CAPTURE_TIMEOUT, "no frame in time");
      }
      clock.advance(Duration.ofNanos(next - clock.read()));
      return new Frame(jpeg, 8, 8, next);
    }

    @Override
    public Duration latency() {
      return Duration.ZERO;
    }

    @Override
    public void close() {}
  }

  @Test
  void aLookHoldsTheFingerNoLongerThanAFrameAndAHalfAndTakesAnyFrameNewerThanTheLast() {
    // a screencast that draws once a second held every nudge's finger still for up to a second at
    // each look, and a picker that settles itself when its scrolling pauses landed short
    VirtualClock clock = new VirtualClock();
    clock.advance(Duration.ofMillis(1500));
    TailWatch watch = onSlowFrames(clock);
    long t = clock.read();
    watch.look();
    assertThat(clock.read() - t).as("no frame within the look's wait").isEqualTo(50_000_000L);
    assertThat(watch.frames()).isZero();
    clock.advance(Duration.ofMillis(450)); // a frame is drawn at 2 s
    watch.look();
    assertThat(watch.frames()).isEqualTo(1);
    clock.advance(Duration.ofMillis(1200)); // 3.2 s: the frame of 3 s is the newest
    t = clock.read();
    watch.look();
    assertThat(watch.frames())
        .as("a frame newer than the last look's is taken at once, before release too")
        .isEqualTo(2);
    assertThat(watch.release())
        .as("the frame of 3 s shows the finger before it came to rest at 3.2 s")
        .isNull();
    assertThat(clock.read() - t)
        .as("the look before release waits for a frame at rest, a bounded time")
        .isLessThanOrEqualTo(TailWatch.RELEASE_LOOK_TIMEOUT.toNanos());
  }

  @Test
  void theLookBeforeReleaseKeepsAFrameThatShowsTheFingerAtRest() {
    VirtualClock clock = new VirtualClock();
    clock.advance(Duration.ofMillis(1500));
    TailWatch watch = onSlowFrames(clock);
    watch.look();
    watch.look();
    clock.advance(Duration.ofMillis(1750)); // 3.25 s: the finger comes to rest
    watch.look();
    assertThat(watch.release()).as("the frame of 4 s is 750 ms away, beyond the bound").isNull();
    VirtualClock fast = new VirtualClock();
    fast.advance(Duration.ofMillis(3900));
    TailWatch soon = onSlowFrames(fast);
    soon.look();
    soon.look();
    soon.look();
    assertThat(soon.release())
        .as("the frame of 4 s, drawn as the finger came to rest")
        .isNotNull()
        .extracting(Frame::captureNanos)
        .isEqualTo(4_000_000_000L);
  }

  @Test
  void aLookThatOutlastsItsSlotPausesTheGestureAndKeepsTheLaterSpacing() {
    // A capture behind 300 ms of latency takes longer than the 16 ms between two reports; sending
    // the late reports at once would be a flick the plan never had, right before release.
    VirtualClock clock = new VirtualClock();
    RecordingHidTransport hid = new RecordingHidTransport(clock);
    Timeline plan = TimelinePlanner.plan(WHEEL_DRAG);
    TailWatch watch = new TailWatch(WHEEL_DRAG, plan, null, clock, Duration.ofSeconds(1));
    int[] looks = {0};
    new TimelineRunner(clock, clock)
        .run(
            plan,
            hid,
            watch.lookBefore(),
            () -> {
              looks[0]++;
              clock.advance(Duration.ofMillis(300));
            });
    assertThat(looks[0]).isEqualTo(3);
    List<RecordingHidTransport.Sent> sent = hid.sent();
    assertThat(sent).hasSize(plan.reportCount());
    long t0 = sent.get(0).atNanos();
    for (int i = 1; i < sent.size(); i++) {
      long planned = plan.events().get(i).offsetNanos() - plan.events().get(i - 1).offsetNanos();
      long actual = sent.get(i).atNanos() - sent.get(i - 1).atNanos();
      assertThat(actual).as("report %d keeps its spacing", i).isGreaterThanOrEqualTo(planned);
      assertThat(((HidReport.Pointer) sent.get(i).report()).at())
          .isEqualTo(((PointerEvent) plan.events().get(i)).point());
    }
    assertThat(sent.get(sent.size() - 1).atNanos() - t0)
        .as("three looks of 300 ms each paused the gesture")
        .isGreaterThanOrEqualTo(plan.durationNanos() + 3 * 200_000_000L);
  }
}
