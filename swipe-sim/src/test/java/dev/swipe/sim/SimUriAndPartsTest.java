package dev.swipe.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.Device;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.core.testkit.StillFrameSource;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** URI options, their errors, and sharing one phone between separately opened parts. */
class SimUriAndPartsTest {
  private static void refused(String uri, String field) {
    assertThatThrownBy(() -> Device.open(uri))
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
            });
  }

  @Test
  void badOptionsNameTheirKey() {
    refused("sim:?scnee=list", "scnee");
    refused("sim:?scene=calendar", "scene");
    refused("sim:?platform=symbian", "platform");
    refused("sim:?pointer=pen", "pointer");
    refused("sim:?quality=0", "quality");
    refused("sim:?latency_ms=-1", "latency_ms");
    refused("sim:?scale=2", "scale");
    refused("sim:?seed=abc", "seed");
    refused("sim:?letterbox=maybe", "letterbox");
    refused("sim:?time=warp", "time");
    refused("sim:/dev/phone", "uri");
  }

  @Test
  void uriRoundTrips() {
    SimConfig c =
        SimConfig.fromUri(
            "sim:?scene=picker&platform=ios&pointer=rel&seed=9&quality=70&noise=caret&scale=0.5");
    assertThat(c.scene()).isEqualTo(SimConfig.Scene.PICKER);
    assertThat(c.platform()).isEqualTo(SimConfig.Platform.IOS);
    assertThat(c.pointer()).isEqualTo(PointerKind.RELATIVE);
    assertThat(SimConfig.fromUri(c.toUri())).isEqualTo(c);
    assertThat(SimConfig.defaults().toUri()).isEqualTo("sim:");
  }

  @Test
  void plainSimOpensTheContactsListOnVirtualTime() {
    try (Device d = Device.open("sim:")) {
      assertThat(d.rig().ticker()).isInstanceOf(VirtualClock.class);
      assertThat(d.screenshot().width()).isEqualTo(1080);
      assertThat(SimOracle.of(d).state().scene()).isEqualTo(SimConfig.Scene.LIST);
      assertThat(d.rig().capabilities().activePointer()).isEqualTo(PointerKind.TOUCH);
    }
  }

  @Test
  void realTimeRunsOnTheSystemClock() {
    try (Device d = Device.open("sim:?time=real&scale=0.25&latency_ms=5")) {
      long before = System.nanoTime();
      assertThat(d.screenshot().captureNanos()).isGreaterThanOrEqualTo(before);
    }
  }

  @Test
  void aRelativeMouseIsSteeredByItsDrawnPointerAndScrolls() {
    try (Device d = Device.open("sim:?scale=0.5&pointer=rel")) {
      d.swipe(
          Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 400))
              .durationMs(400)
              .holdAfterMs(100)
              .build());
      SimOracle oracle = SimOracle.of(d);
      assertThat(oracle.listOffsetPx()).isPositive();
      List<SimState.PointerSample> log = oracle.pointerLog();
      SimState.PointerSample press =
          log.stream().filter(SimState.PointerSample::pressed).findFirst().orElseThrow();
      SimState.PointerSample last = log.get(log.size() - 1);
      // the press is placed by the frames; the drag goes by the gain learned from them
      assertThat(press.y()).isCloseTo(700, org.assertj.core.api.Assertions.within(8.0));
      assertThat(last.y()).isCloseTo(400, org.assertj.core.api.Assertions.within(9.0));
    }
  }

  @Test
  void aRelativeMouseDeadReckonsWhenTheFramesShowNoPointer() {
    // The device looks twice for the pointer in frames that never show it, then leaves the
    // transport to home and count as before: the swipe ends exactly where it was planned.
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5&pointer=rel&input=ideal");
        Device d =
            Device.builder()
                .hid(phone.transport())
                .capture(new StillFrameSource(phone.ticker(), phone.sleeper(), Duration.ZERO))
                .ticker(phone.ticker())
                .sleeper(phone.sleeper())
                .open()) {
      for (int i = 0; i < 3; i++) {
        d.swipe(
            Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 400))
                .durationMs(400)
                .holdAfterMs(100)
                .build());
        List<SimState.PointerSample> log = phone.oracle().pointerLog();
        assertThat(log.get(log.size() - 1).y())
            .isCloseTo(400, org.assertj.core.api.Assertions.within(1.0));
      }
      assertThat(phone.oracle().listOffsetPx()).isPositive();
    }
  }

  @Test
  void aMousePointerIsDrawnUntilItFades() {
    try (SimPhone phone = SimPhone.open("sim:?scale=0.5&pointer=rel")) {
      dev.swipe.core.spi.Frame start =
          phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
      phone
          .transport()
          .send(new dev.swipe.core.spi.HidReport.Pointer(NormPoint.of(500, 500), false));
      dev.swipe.core.spi.Frame hover =
          phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
      Play.sleepMs(phone, 16_000);
      dev.swipe.core.spi.Frame faded =
          phone.frameSource().grab(phone.ticker().read(), Duration.ofSeconds(1));
      assertThat(java.util.Arrays.equals(start.jpeg(), hover.jpeg()))
          .as("the arrow shows")
          .isFalse();
      assertThat(java.util.Arrays.equals(start.jpeg(), faded.jpeg()))
          .as("and fades after 15 s")
          .isTrue();
    }
  }

  @Test
  void separatelyOpenedPartsWithOneNameShareAPhone() {
    VirtualClock clock = new VirtualClock();
    try (Device d =
        Device.builder()
            .hid("sim:?name=shared&scene=picker&scale=0.5")
            .capture("sim:?name=shared&scene=picker&scale=0.5")
            .ticker(clock)
            .sleeper(clock)
            .open()) {
      SimPhone phone = SimPhone.of(d).orElseThrow();
      assertThat(SimPhone.named("shared")).containsSame(phone);
      SimState.Wheel hour = phone.oracle().wheel("hour");
      d.tap(NormPoint.of(hour.columnXNorm(), hour.selectedCenterYNorm() + hour.rowPitchNorm()));
      assertThat(
              phone.oracle().awaitRest(Duration.ofSeconds(5)).wheel("hour").orElseThrow().value())
          .isEqualTo(10);
      assertThat(phone.ticker().read()).isEqualTo(clock.read());
    }
    assertThat(SimPhone.named("shared")).isEmpty();
    try (Device d = Device.builder().hid("sim:?scale=0.5").capture("sim:?scale=0.5").open()) {
      assertThat(SimPhone.of(d)).isPresent();
    }
  }

  @Test
  void partsWithOneNameMustAgree() {
    VirtualClock clock = new VirtualClock();
    assertThatThrownBy(
            () ->
                Device.builder()
                    .hid("sim:?name=x&scene=picker")
                    .capture("sim:?name=x&scene=map")
                    .ticker(clock)
                    .sleeper(clock)
                    .open())
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo("name"));
    assertThat(SimPhone.named("x")).as("the half-open phone was released").isEmpty();
    refusedPart("sim:?time=real", "time");
  }

  private static void refusedPart(String uri, String field) {
    assertThatThrownBy(() -> Device.builder().hid(uri).capture(uri).open())
        .isInstanceOfSatisfying(SwipeException.class, e -> assertThat(e.field()).isEqualTo(field));
  }
}
