package dev.swipe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.internal.PlayedTimeline;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.testkit.ObservedPointer;
import dev.swipe.core.testkit.RecordingHidTransport;
import dev.swipe.core.testkit.StillFrameSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DeviceTest {
  private static final Swipe SWIPE =
      Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
          .durationMs(400)
          .steps(16)
          .holdAfterMs(100)
          .build();

  private final VirtualClock clock = new VirtualClock();
  private final RecordingHidTransport hid = new RecordingHidTransport(clock);
  private final StillFrameSource eyes = new StillFrameSource(clock, clock, Duration.ofMillis(60));

  private Device device() {
    return Device.builder().hid(hid).capture(eyes).ticker(clock).sleeper(clock).open();
  }

  @Test
  void aSwipePlaysItsTimelineExactlyOnVirtualTime() {
    try (Device d = device()) {
      ActionResult r = d.swipe(SWIPE);
      assertThat(r.timeline().reportCount()).isEqualTo(18);
      assertThat(r.timeline().maxAbsErrorNanos()).isZero();
      assertThat(r.cost().hidReports()).isEqualTo(18);
      assertThat(r.cost().gestures()).isEqualTo(1);
      assertThat(r.cost().framesGrabbed())
          .as("one fresh frame and four more through the quiet window")
          .isEqualTo(5);
      assertThat(r.observation().settled()).isTrue();
      assertThat(r.cost().wallMs()).isEqualTo(80 + 400 + 100 + 60);
      List<ObservedPointer> seen = hid.observed();
      assertThat(seen.get(0)).isEqualTo(new ObservedPointer(500, 700, true));
      assertThat(seen.get(seen.size() - 1)).isEqualTo(new ObservedPointer(500, 300, false));
    }
  }

  @Test
  void theAfterFrameNeverPredatesTheActionPlusLatency() {
    try (Device d = device()) {
      ActionResult r = d.swipe(SWIPE);
      long lastReport = hid.sent().get(hid.sent().size() - 1).atNanos();
      assertThat(r.observation().captureNanos())
          .isGreaterThanOrEqualTo(lastReport + Duration.ofMillis(60).toNanos());
      assertThat(r.observation().id()).startsWith("shot-");
      assertThat(d.run().attachments().screenshot(r.observation().id(), "after"))
          .isSameAs(r.observation());
      assertThat(r.observation().settled()).isTrue();
    }
  }

  @Test
  void aScreenThatNeverSettlesReturnsUnsettledAtTheBound() {
    eyes.blinking(true);
    try (Device d =
        Device.builder()
            .hid(hid)
            .capture(eyes)
            .ticker(clock)
            .sleeper(clock)
            .settleBound(Duration.ofMillis(500))
            .open()) {
      ActionResult r = d.tap(NormPoint.CENTER);
      assertThat(r.observation().settled()).isFalse();
      // the bound is the phone's time; this source shows the phone 60 ms late
      assertThat(r.cost().settleWaitMs()).isBetween(500L + 60, 500L + 60 + 34);
      assertThat(r.cost().framesGrabbed()).isGreaterThan(10);
      ActionResult quick =
          d.rig().perform(dev.swipe.core.gesture.Tap.at(NormPoint.CENTER), Duration.ZERO);
      assertThat(quick.cost().framesGrabbed()).isEqualTo(1);
      assertThat(quick.observation().settled()).isFalse();
    }
  }

  @Test
  void diffComparesObservationsOfTheRunAndRefusesOthers() {
    try (Device d = device();
        Device other = Device.open("fakephone:")) {
      Observation a = d.screenshot();
      Observation b = d.tap(NormPoint.CENTER).observation();
      assertThat(d.screen().diff(a, b, null).changed()).isFalse();
      assertThat(d.screen().diff(a, b, NormRegion.of(0, 0, 500, 500)).diffRatio()).isZero();
      eyes.blinking(true);
      // with the caret blinking, some fresh frame shows it and differs from the caret-less one
      double maxRatio = 0;
      for (int i = 0; i < 4; i++) {
        Observation c =
            d.rig()
                .perform(dev.swipe.core.gesture.Tap.at(NormPoint.CENTER), Duration.ZERO)
                .observation();
        maxRatio = Math.max(maxRatio, d.screen().diff(a, c, null).diffRatio());
      }
      assertThat(maxRatio).isPositive();
      assertThat(d.screen().diff(a, b, NormRegion.of(500, 500, 500, 500)).diffRatio()).isZero();
      Observation foreign = other.screenshot();
      assertThatThrownBy(() -> d.screen().diff(a, foreign, null))
          .isInstanceOfSatisfying(
              SwipeException.class,
              ex -> assertThat(ex.code()).isEqualTo(ErrorCode.UNKNOWN_ATTACHMENT));
      CoordinatesTest.assertInvalid(() -> d.screen().diff(null, a, null), "before");
    }
  }

  @Test
  void aFailureMidGestureStillReleasesThePointer() {
    hid.failOn(
        rep -> rep instanceof HidReport.Pointer p && p.pressed() && p.at().y() < 500,
        new UncheckedIOException(new IOException("cable pulled")));
    try (Device d = device()) {
      assertThatThrownBy(() -> d.swipe(SWIPE))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.HID_DISCONNECTED));
      List<ObservedPointer> seen = hid.observed();
      assertThat(seen.get(0).pressed()).isTrue();
      assertThat(seen.get(seen.size() - 1).pressed()).as("released after the failure").isFalse();
      assertThat(hid.releaseCalls()).isEqualTo(1);
      assertThat(eyes.grabs()).as("no after frame for a failed action").isZero();
    }
  }

  @Test
  void anInterruptMidGestureReleasesAndKeepsTheInterruptFlag() throws Exception {
    Sleeper interrupting =
        nanos -> {
          throw new InterruptedException();
        };
    try (Device d =
        Device.builder().hid(hid).capture(eyes).ticker(clock).sleeper(interrupting).open()) {
      assertThatThrownBy(() -> d.swipe(SWIPE))
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(CommonCode.INTERRUPTED));
      assertThat(Thread.interrupted()).isTrue();
      assertThat(hid.observed().get(hid.observed().size() - 1).pressed()).isFalse();
    }
  }

  @Test
  void gesturesFromTwoThreadsNeverInterleave() throws Exception {
    RecordingHidTransport realHid = new RecordingHidTransport(Ticker.system());
    StillFrameSource realEyes =
        new StillFrameSource(Ticker.system(), Sleeper.system(), Duration.ZERO);
    Swipe quick =
        Swipe.builder(NormPoint.of(100, 100), NormPoint.of(900, 900))
            .durationMs(8)
            .steps(8)
            .holdBeforeMs(0)
            .build();
    try (Device d = Device.builder().hid(realHid).capture(realEyes).open()) {
      ExecutorService pool = Executors.newFixedThreadPool(2);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> jobs = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        jobs.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < 10; i++) {
                    d.swipe(quick);
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> j : jobs) {
        j.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();
    }
    // Every gesture is DOWN, 8 moves, UP from one thread; threads only change after an UP.
    List<RecordingHidTransport.Sent> sent = realHid.sent();
    assertThat(sent.size()).isGreaterThanOrEqualTo(200);
    List<RecordingHidTransport.Sent> gestures = sent.subList(0, 200);
    for (RecordingHidTransport.Sent closing : sent.subList(200, sent.size())) {
      assertThat(((HidReport.Pointer) closing.report()).pressed())
          .as("only releases after the gestures")
          .isFalse();
    }
    for (int g = 0; g < 20; g++) {
      String thread = gestures.get(g * 10).thread();
      for (int i = 0; i < 10; i++) {
        assertThat(gestures.get(g * 10 + i).thread()).isEqualTo(thread);
      }
      assertThat(((HidReport.Pointer) gestures.get(g * 10 + 9).report()).pressed()).isFalse();
    }
  }

  @Test
  void keysArePressedAndReleased() {
    try (Device d = device()) {
      d.key(Key.BACK);
      List<HidReport.Keyboard> keys = hid.keys();
      assertThat(keys).hasSize(2);
      assertThat(keys.get(0).down()).isTrue();
      assertThat(keys.get(1).down()).isFalse();
      assertThat(hid.keysDown()).isEmpty();
    }
  }

  @Test
  void aDragEndsAtItsLastPointWithADwell() {
    try (Device d = device()) {
      Drag drag =
          Drag.builder(NormPoint.of(100, 100), NormPoint.of(400, 100))
              .then(NormPoint.of(400, 500))
              .build();
      ActionResult r = d.perform(drag);
      List<RecordingHidTransport.Sent> sent = hid.sent();
      RecordingHidTransport.Sent up = sent.get(sent.size() - 1);
      RecordingHidTransport.Sent lastMove = sent.get(sent.size() - 2);
      assertThat(((HidReport.Pointer) up.report()).at()).isEqualTo(NormPoint.of(400, 500));
      assertThat(up.atNanos() - lastMove.atNanos()).isEqualTo(Duration.ofMillis(100).toNanos());
      assertThat(r.gesture()).isEqualTo(drag);
    }
  }

  @Test
  void closeReleasesOnceAndAClosedDeviceRefusesWork() {
    Device d = device();
    d.close();
    d.close();
    assertThat(hid.releaseCalls()).isGreaterThanOrEqualTo(1);
    assertThat(hid.observed().get(hid.observed().size() - 1).pressed()).isFalse();
    for (Runnable r :
        List.<Runnable>of(
            d::screenshot,
            () -> d.swipe(SWIPE),
            () -> d.tap(NormPoint.CENTER),
            d.rig()::capabilities)) {
      assertThatThrownBy(r::run)
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
    }
  }

  @Test
  void badArgumentsToEveryEntryPointNameTheField() {
    try (Device d = device()) {
      CoordinatesTest.assertInvalid(() -> d.swipe(null), "swipe");
      CoordinatesTest.assertInvalid(() -> d.key(null), "key");
      CoordinatesTest.assertInvalid(() -> d.tap(null), "at");
      CoordinatesTest.assertInvalid(
          () -> d.perform(dev.swipe.core.gesture.LongPress.at(null)), "at");
      CoordinatesTest.assertInvalid(() -> d.perform(null), "gesture");
      CoordinatesTest.assertInvalid(() -> d.rig().unwrap(null), "type");
    }
    CoordinatesTest.assertInvalid(() -> Device.builder().capture(eyes).open(), "hid");
    CoordinatesTest.assertInvalid(() -> Device.builder().hid(hid).open(), "capture");
    CoordinatesTest.assertInvalid(
        () -> Device.builder().device("fakephone:").hid(hid).open(), "device");
    CoordinatesTest.assertInvalid(
        () -> Device.builder().captureTimeout(Duration.ZERO), "capture_timeout");
    CoordinatesTest.assertInvalid(() -> Device.builder().hid((String) null), "hid");
    CoordinatesTest.assertInvalid(() -> Device.open(null), "device");
  }

  @Test
  void aCombinedDeviceUsesItsOwnClockAndUnwrapsItsParts() {
    try (Device d = Device.open("fakephone:")) {
      long before = d.rig().ticker().read();
      assertThat(before).isEqualTo(1_000_000_000L);
      d.tap(NormPoint.CENTER);
      assertThat(d.rig().ticker().read() - before)
          .isGreaterThanOrEqualTo(Duration.ofMillis(60 + 60).toNanos());
      assertThat(d.rig().unwrap(RecordingHidTransport.class)).isPresent();
      assertThat(d.rig().unwrap(StillFrameSource.class)).isPresent();
      assertThat(d.rig().unwrap(String.class)).isEmpty();
    }
  }

  @Test
  void theFacadeKeepsItsVerbsFewAndTheRestBehindViews() {
    List<String> instance =
        Arrays.stream(Device.class.getDeclaredMethods())
            .filter(m -> !Modifier.isStatic(m.getModifiers()) && !m.isSynthetic())
            .map(Method::getName)
            .toList();
    // the verbs of a step (screenshot, perform, tap, swipe, pinch, key, typeText, scroll,
    // scrollUntil), the five views, close; a search for text is text().scrollUntil
    assertThat(instance).as("Device's own methods (overloads count)").hasSizeLessThanOrEqualTo(15);
    assertThat(instance).contains("text", "wheels", "screen", "run", "rig");
    try (Device d = device()) {
      assertThat(List.of(d.text(), d.wheels(), d.screen(), d.run(), d.rig()))
          .as("each view is one object per device, not made per call")
          .containsExactly(d.text(), d.wheels(), d.screen(), d.run(), d.rig());
      Device run = d.run().fork();
      assertThat(run.run().attachments())
          .as("a run's views are its own")
          .isNotSameAs(d.run().attachments());
      run.close();
    }
  }

  @Test
  void runsShareThePhoneButNotTheirAttachments() {
    try (Device d = device()) {
      Observation own = d.screenshot();
      Device run = d.run().fork();
      Observation inRun = run.screenshot();
      assertThat(inRun.runId()).isNotEqualTo(own.runId());
      assertThat(run.run().attachments().screenshot(inRun.id(), "x")).isSameAs(inRun);
      assertThatThrownBy(() -> run.screen().diff(own, inRun, null))
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_ATTACHMENT));
      assertThat(run.wheels().guard()).isNotSameAs(d.wheels().guard());
      run.tap(NormPoint.CENTER);
      run.close();
      assertThat(run.wheels().guard().ended()).isTrue();
      assertThatThrownBy(run::screenshot)
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
      assertThat(d.screenshot()).as("the device outlives its runs").isNotNull();
      Device second = d.run().fork();
      d.close();
      assertThatThrownBy(second::screenshot)
          .isInstanceOfSatisfying(
              SwipeException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.DEVICE_CLOSED));
    }
  }

  @Test
  void aSlowLinkGetsAMergedPlan() {
    RecordingHidTransport slow = new RecordingHidTransport(clock, Duration.ofNanos(13_540_000L));
    try (Device d = Device.builder().hid(slow).capture(eyes).ticker(clock).sleeper(clock).open()) {
      ActionResult r =
          d.swipe(
              Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
                  .durationMs(400)
                  .steps(64)
                  .build());
      assertThat(((PlayedTimeline) r.timeline()).planned().mergedSteps()).isPositive();
      List<RecordingHidTransport.Sent> sent = slow.sent();
      for (int i = 1; i < sent.size() - 1; i++) {
        assertThat(sent.get(i).atNanos() - sent.get(i - 1).atNanos())
            .isGreaterThanOrEqualTo(13_540_000L);
      }
    }
  }
}
