package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.tck.HidTransportContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The gadget transport against regular files (exact bytes) and FIFOs (order, a vanished host). */
class HidGadgetTransportTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

  @TempDir Path dir;

  private static SwipeException thrown(ThrowingCallable call) {
    try {
      call.call();
    } catch (SwipeException e) {
      return e;
    } catch (Throwable t) {
      throw new AssertionError("expected a SwipeException, got " + t, t);
    }
    throw new AssertionError("expected a SwipeException, nothing was thrown");
  }

  @Test
  void absoluteMouseReportsAreExactBytes() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    try (HidGadgetTransport t =
        HidGadgetTransport.open(DeviceUri.parse("hidg:" + dev + "?pointer=abs"))) {
      // x = round(0.25 * 32767) = 8192 = 0x2000, y = round(0.75 * 32767) = 24575 = 0x5FFF
      t.send(new HidReport.Pointer(NormPoint.of(250, 750), true));
      t.send(new HidReport.Pointer(NormPoint.of(1000, 0), true));
    }
    assertThat(HEX.formatHex(Files.readAllBytes(dev)))
        .isEqualTo(
            String.join(
                " ",
                "00 00 00 00 00 00", // release at open
                "01 00 20 FF 5F 00",
                "01 FF 7F 00 00 00", // 32767 = 0x7FFF: the edge, not wrapped
                "00 FF 7F 00 00 00")); // release at close, where the finger was
  }

  @Test
  void touchReportsCarryTipSwitchAndInRange() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    try (HidGadgetTransport t =
        HidGadgetTransport.open(DeviceUri.parse("hidg:" + dev + "?pointer=touch"))) {
      t.send(new HidReport.Pointer(NormPoint.of(250, 750), true));
      t.send(new HidReport.Pointer(NormPoint.of(250, 750), false));
    }
    // release at open, touch, lift (twice: the second write returns once the host read the
    // first), release at close
    assertThat(HEX.formatHex(Files.readAllBytes(dev)))
        .isEqualTo("00 00 00 00 00 03 00 20 FF 5F 00 00 20 FF 5F 00 00 20 FF 5F 00 00 20 FF 5F");
  }

  @Test
  void keyboardAndConsumerDevices() throws IOException {
    Path mouse = Files.createFile(dir.resolve("hidg1"));
    Path kbd = Files.createFile(dir.resolve("hidg0"));
    Path media = Files.createFile(dir.resolve("hidg2"));
    try (HidGadgetTransport t =
        HidGadgetTransport.open(
            DeviceUri.parse("hidg:" + mouse + "?keyboard=" + kbd + "&consumer=" + media))) {
      assertThat(t.capabilities().keyboard()).isTrue();
      assertThat(t.capabilities().consumerKeys()).isTrue();
      t.send(new HidReport.Keyboard(Key.ENTER, Set.of(Modifier.CTRL), true));
      t.send(new HidReport.Keyboard(Key.ENTER, Set.of(), false));
      t.send(new HidReport.Keyboard(Key.BACK, Set.of(), true));
      t.send(new HidReport.Keyboard(Key.BACK, Set.of(), false));
    }
    // open, Ctrl+Enter, all up (twice: it ends the gesture), close
    assertThat(HEX.formatHex(Files.readAllBytes(kbd)))
        .isEqualTo(
            String.join(
                " ",
                "00 00 00 00 00 00 00 00",
                "01 00 28 00 00 00 00 00",
                "00 00 00 00 00 00 00 00",
                "00 00 00 00 00 00 00 00",
                "00 00 00 00 00 00 00 00"));
    // Back is consumer usage 0x0224, little endian
    assertThat(HEX.formatHex(Files.readAllBytes(media))).isEqualTo("00 00 24 02 00 00 00 00 00 00");
  }

  @Test
  void keysWithoutAKeyboardDeviceAreUnsupported() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    try (HidGadgetTransport t = HidGadgetTransport.open(DeviceUri.parse("hidg:" + dev))) {
      assertThat(thrown(() -> t.send(new HidReport.Keyboard(Key.ENTER, Set.of(), true))).code())
          .isEqualTo(ErrorCode.UNSUPPORTED_INPUT);
      assertThat(thrown(() -> t.send(new HidReport.Keyboard(Key.HOME, Set.of(), true))).code())
          .isEqualTo(ErrorCode.UNSUPPORTED_INPUT);
    }
  }

  @Test
  void aSwipeReachesTheHostInPlanOrder() throws InterruptedException {
    GadgetFifo fifo = GadgetFifo.create(dir, "hidg1", 5);
    try (Device phone =
        Device.builder()
            .hid("hidg:" + fifo.path + "?pointer=touch")
            .capture(new StillFrameSource(Ticker.system(), Sleeper.system(), Duration.ZERO))
            .open()) {
      phone.swipe(
          Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 200))
              .durationMs(200)
              .steps(8)
              .holdBeforeMs(0)
              .build());
    }
    fifo.close();
    List<HidTransportContract.ObservedPointer> seen = fifo.pointers();
    // release at open, down, 8 moves, up, then the device's releases at close
    assertThat(seen.size()).isGreaterThanOrEqualTo(12);
    assertThat(seen.subList(10, seen.size())).allMatch(p -> !p.pressed());
    assertThat(seen.subList(1, 11))
        .extracting(HidTransportContract.ObservedPointer::pressed)
        .containsExactly(true, true, true, true, true, true, true, true, true, false);
    for (int i = 2; i < 10; i++) {
      assertThat(seen.get(i).y()).isLessThan(seen.get(i - 1).y());
    }
    List<Long> arrivals = fifo.arrivals();
    for (int i = 1; i < arrivals.size(); i++) {
      assertThat(arrivals.get(i)).isGreaterThanOrEqualTo(arrivals.get(i - 1));
    }
  }

  @Test
  void aHostThatGoesAwayMidGestureIsDisconnected() throws InterruptedException {
    GadgetFifo fifo = GadgetFifo.create(dir, "hidg1", 6);
    fifo.closeAfter(4); // release at open, down, two moves
    try (Device phone =
        Device.builder()
            // a still capture never shows the pointer: no input check
            .hid("hidg:" + fifo.path + "?check_input=false")
            .capture(new StillFrameSource(Ticker.system(), Sleeper.system(), Duration.ZERO))
            .open()) {
      SwipeException e =
          thrown(
              () ->
                  phone.swipe(
                      Swipe.builder(NormPoint.of(500, 800), NormPoint.of(500, 200))
                          .durationMs(300)
                          .steps(10)
                          .holdBeforeMs(0)
                          .build()));
      assertThat(e.code()).isEqualTo(ErrorCode.HID_DISCONNECTED);
      assertThat(e.details()).containsEntry("release_attempted", true);
    }
    fifo.close();
  }

  @Test
  // a guard against the hang the fix removed (a write blocked for as long as the host did not
  // read), not a speed claim: the stalled write fails after write_timeout_ms=200
  @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aHostThatStopsReadingFailsTheReportWithinTheBoundAndTheReleaseFollowsWhenItReadsAgain() {
    GadgetFifo fifo = GadgetFifo.create(dir, "hidg1", 5);
    try (HidGadgetTransport t =
        HidGadgetTransport.open(
            DeviceUri.parse("hidg:" + fifo.path + "?pointer=touch&write_timeout_ms=200"))) {
      fifo.pause();
      // Before: the write blocked for as long as the host did not read (forever).
      // The pipe holds 64 KiB: about 13,000 touch reports go in before a write blocks.
      SwipeException e = null;
      for (int i = 0; i < 40_000 && e == null; i++) {
        try {
          t.send(new HidReport.Pointer(NormPoint.of(500, i % 1000), true));
        } catch (SwipeException stalled) {
          e = stalled;
        }
      }
      assertThat(e).as("a write the host does not take fails").isNotNull();
      assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
      assertThat(e.details()).containsEntry("reason", "write_stalled");
      assertThat(t.linkHealth().count("stalled_write")).isEqualTo(1);
      SwipeException again = thrown(() -> t.send(new HidReport.Pointer(NormPoint.CENTER, true)));
      assertThat(again.details())
          .as("later reports do not pile up behind it")
          .containsEntry("reason", "write_stalled");
      t.releaseAll(); // queued behind the stalled write
      fifo.resume();
      assertThat(awaitLast(fifo, false))
          .as("the queued release reaches the host once it reads again")
          .isTrue();
    } finally {
      fifo.resume();
    }
    fifo.close();
  }

  private static boolean awaitLast(GadgetFifo fifo, boolean pressed) {
    for (int i = 0; i < 300; i++) {
      List<HidTransportContract.ObservedPointer> seen = fifo.pointers();
      if (!seen.isEmpty() && seen.get(seen.size() - 1).pressed() == pressed) {
        return true;
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return false;
  }

  @Test
  void badOptionsNameTheirKey() {
    for (String[] c :
        new String[][] {
          {"hidg:/dev/null?pointer=rel", "pointer"},
          {"hidg:/dev/null?interval_ms=0", "interval_ms"},
          {"hidg:/dev/null?keyboard=", "keyboard"},
          {"hidg:/dev/null?mouse=1", "mouse"},
          {"hidg:", "path"},
          {"hidg:/dev/null?write_timeout_ms=0", "write_timeout_ms"}
        }) {
      SwipeException e =
          thrown(() -> new HidGadgetTransportProvider().open(DeviceUri.parse(c[0]), null));
      assertThat(e.code()).as(c[0]).isEqualTo(CommonCode.INVALID_ARGUMENT);
      assertThat(e.field()).as(c[0]).isEqualTo(c[1]);
    }
  }

  @Test
  void aMissingGadgetIsDisconnected() {
    SwipeException e =
        thrown(() -> HidGadgetTransport.open(DeviceUri.parse("hidg:" + dir.resolve("nope/hidg9"))));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_DISCONNECTED);
  }
}
