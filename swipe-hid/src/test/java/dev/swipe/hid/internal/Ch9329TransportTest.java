package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
import dev.swipe.core.spi.RelativePointing;
import dev.swipe.core.testkit.StillFrameSource;
import dev.swipe.sim.internal.serial.Ch9329Emulator;
import dev.swipe.tck.HidTransportContract;
import java.io.FileOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The CH9329 transport against the chip emulator over real pseudo-terminals. */
class Ch9329TransportTest {
  /** A still capture never shows the phone's pointer: the rig's input check is off. */
  private static final String STILL = "check_input=false";

  /** The request queued behind a report to learn what the chip did with it. */
  private static final String GET_INFO = "57 AB 00 01 00 03";

  private SerialRig<Ch9329Emulator> rig;
  private Ch9329Transport transport;

  @AfterEach
  void tearDown() {
    if (transport != null) {
      transport.close();
    }
    if (rig != null) {
      rig.close();
    }
  }

  private Ch9329Transport open(Ch9329Emulator emulator, String options) {
    rig = SerialRig.start(emulator);
    transport = Ch9329Transport.open(DeviceUri.parse(rig.uri("ch9329", options)));
    return transport;
  }

  private static Ch9329Emulator chip() {
    return Ch9329Emulator.builder(r -> {}).build();
  }

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
  void openReadsTheChipInfoThenReleasesEverything() {
    open(chip(), "baud=9600");
    assertThat(rig.framesHex())
        .containsExactly(
            "57 AB 00 01 00 03", // GET_INFO
            "57 AB 00 04 07 02 00 00 00 00 00 00 0F", // absolute mouse, no button
            "57 AB 00 02 08 00 00 00 00 00 00 00 00 0C", // keyboard, nothing held
            "57 AB 00 03 04 02 00 00 00 0B"); // media keys, nothing held
    assertThat(transport.chipInfo().version()).isEqualTo(0x30);
    assertThat(transport.chipInfo().versionName()).isEqualTo("V1.0");
    assertThat(transport.chipInfo().usbConnected()).isTrue();
  }

  @Test
  void reopeningReleasesAFingerAPreviousSessionLeftDown() throws IOException, InterruptedException {
    rig = SerialRig.start(chip());
    // A previous process died with the finger down: its last frame pressed at the centre.
    try (FileOutputStream previous = new FileOutputStream(rig.pair.hostSide().toFile())) {
      previous.write(SerialRig.HEX.parseHex("57 AB 00 04 07 02 01 00 08 00 08 00 20"));
    }
    assertThat(rig.emulator.awaitFrames(1, Duration.ofSeconds(5))).isTrue();
    rig.settle();
    assertThat(rig.emulator.pointer().pressed()).isTrue();
    transport = Ch9329Transport.open(DeviceUri.parse(rig.uri("ch9329", "")));
    rig.settle();
    assertThat(rig.emulator.pointer().pressed()).isFalse();
  }

  @Test
  void pointerBytesMatchTheWorkedExampleAndThePhoneSeesThePoint() {
    open(chip(), "");
    rig.emulator.clearRecording();
    transport.send(new HidReport.Pointer(NormPoint.of(250, 750), true));
    assertThat(rig.framesHex()).containsExactly("57 AB 00 04 07 02 01 00 04 FF 0B 00 1E");
    HidReport.Pointer seen = rig.emulator.pointer();
    assertThat(seen.pressed()).isTrue();
    assertThat(seen.at().x()).isCloseTo(250, within(0.25));
    assertThat(seen.at().y()).isCloseTo(750, within(0.25));
    assertThat(rig.emulator.outOfRangeCoordinates()).isZero();
  }

  @Test
  void keysWithModifiersAndTheBackAndHomeButtonsReachThePhone() {
    open(chip(), "");
    rig.emulator.clearRecording();
    transport.send(new HidReport.Keyboard(Key.ENTER, Set.of(Modifier.CTRL), true));
    transport.send(new HidReport.Keyboard(Key.ENTER, Set.of(), false));
    transport.send(new HidReport.Keyboard(Key.BACK, Set.of(), true));
    transport.send(new HidReport.Keyboard(Key.BACK, Set.of(), false));
    transport.send(new HidReport.Keyboard(Key.HOME, Set.of(), true));
    transport.send(new HidReport.Keyboard(Key.HOME, Set.of(), false));
    // Releasing the last key ends a gesture: a GET_INFO behind it proves the chip consumed it.
    assertThat(rig.framesHex())
        .containsExactly(
            "57 AB 00 02 08 01 00 28 00 00 00 00 00 35",
            "57 AB 00 02 08 00 00 00 00 00 00 00 00 0C",
            GET_INFO,
            "57 AB 00 03 04 02 00 10 00 1B",
            "57 AB 00 03 04 02 00 00 00 0B",
            GET_INFO,
            "57 AB 00 03 04 02 00 08 00 13",
            "57 AB 00 03 04 02 00 00 00 0B",
            GET_INFO);
    assertThat(rig.emulator.reports())
        .containsExactly(
            new HidReport.Keyboard(Key.ENTER, Set.of(Modifier.CTRL), true),
            new HidReport.Keyboard(Key.ENTER, Set.of(), false),
            new HidReport.Keyboard(Key.BACK, Set.of(), true),
            new HidReport.Keyboard(Key.BACK, Set.of(), false),
            new HidReport.Keyboard(Key.HOME, Set.of(), true),
            new HidReport.Keyboard(Key.HOME, Set.of(), false));
  }

  @Test
  void aConsumerKeyWithoutAMediaBitIsUnsupported() {
    open(chip(), "");
    SwipeException e =
        thrown(
            () ->
                transport.send(
                    new HidReport.Keyboard(Key.consumer(0x30, "power"), Set.of(), true)));
    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_INPUT);
  }

  @Test
  void anErrorStatusIsRejectedAtOnceWithItsMeaning() {
    open(chip(), "");
    int before = rig.emulator.frames().size();
    rig.emulator.rejectNextFrames(1, Ch9329Emulator.STATUS_PARAMETER);
    SwipeException e = thrown(() -> transport.send(new HidReport.Pointer(NormPoint.CENTER, false)));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.details())
        .containsEntry("status", "0xE5")
        .containsEntry("reason", "bad_parameter");
    assertThat(rig.emulator.frames()).hasSize(before + 1);
  }

  @Test
  void aChecksumErrorStatusIsResent() {
    open(chip(), "");
    rig.emulator.clearRecording();
    rig.emulator.rejectNextFrames(1, Ch9329Emulator.STATUS_CHECKSUM);
    transport.send(new HidReport.Pointer(NormPoint.of(250, 750), true));
    assertThat(rig.framesHex())
        .containsExactly(
            "57 AB 00 04 07 02 01 00 04 FF 0B 00 1E", "57 AB 00 04 07 02 01 00 04 FF 0B 00 1E");
    assertThat(rig.emulator.pointer().pressed()).isTrue();
  }

  @Test
  void receiveTimeoutAndHeadErrorsAreResentUpToTheBound() {
    open(chip(), "retries=2");
    rig.emulator.clearRecording();
    rig.emulator.rejectNextFrames(2, Ch9329Emulator.STATUS_TIMEOUT);
    transport.send(new HidReport.Pointer(NormPoint.CENTER, true));
    assertThat(rig.framesHex()).hasSize(3);
    rig.emulator.rejectNextFrames(3, Ch9329Emulator.STATUS_HEAD);
    SwipeException e = thrown(() -> transport.send(new HidReport.Pointer(NormPoint.CENTER, false)));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.details()).containsEntry("status", "0xE2").containsEntry("attempts", 3);
  }

  @Test
  void aSilentChipIsRejectedWithoutBlindResends() {
    open(chip(), "retries=2&ack_timeout_ms=30&sync_timeout_ms=100");
    rig.emulator.clearRecording();
    rig.emulator.stopAnswering();
    SwipeException e = thrown(() -> transport.send(new HidReport.Pointer(NormPoint.CENTER, true)));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.details()).containsEntry("reason", "ack_timeout").containsEntry("attempts", 1);
    // The chip may be reading it late: ask twice what it did instead of sending it again.
    assertThat(rig.framesHex())
        .containsExactly("57 AB 00 04 07 02 01 00 08 00 08 00 20", GET_INFO, GET_INFO);
    assertThat(transport.linkHealth().count("no_reply")).isEqualTo(1);
    rig.emulator.resumeAnswering();
    transport.send(new HidReport.Pointer(NormPoint.CENTER, false));
    assertThat(rig.emulator.pointer().pressed()).isFalse();
  }

  @Test
  void aCorruptReplyIsResentOnceTheChipShowedItIsDoneAndEndlessCorruptionIsRejected() {
    open(chip(), "retries=2&ack_timeout_ms=30&sync_timeout_ms=100");
    rig.emulator.clearRecording();
    rig.emulator.corruptNextReplies(1);
    transport.send(new HidReport.Pointer(NormPoint.CENTER, true));
    String press = "57 AB 00 04 07 02 01 00 08 00 08 00 20";
    assertThat(rig.framesHex()).containsExactly(press, GET_INFO, press);
    assertThat(transport.linkHealth().count("corrupt_reply")).isEqualTo(1);
    assertThat(transport.linkHealth().count("resend")).isEqualTo(1);
    rig.emulator.corruptNextReplies(100);
    SwipeException e = thrown(() -> transport.send(new HidReport.Pointer(NormPoint.CENTER, false)));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.details()).containsEntry("reason", "corrupt_reply");
    rig.emulator.corruptNextReplies(0);
  }

  @Test
  void withoutAcknowledgementsARefusalFailsTheNextReport() throws InterruptedException {
    open(chip(), "ack=false");
    rig.emulator.rejectNextFrames(1, Ch9329Emulator.STATUS_OPERATION);
    transport.send(new HidReport.Pointer(NormPoint.CENTER, true));
    rig.settle();
    // The refusal arrives on its own time: a later report (at most a few) fails with it.
    SwipeException e = null;
    for (int i = 0; i < 50 && e == null; i++) {
      Thread.sleep(10);
      try {
        transport.send(new HidReport.Pointer(NormPoint.CENTER, false));
      } catch (SwipeException refused) {
        e = refused;
      }
    }
    assertThat(e).isNotNull();
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.details()).containsEntry("status", "0xE6");
  }

  @Test
  void theLinkRateFollowsTheBaudAndAcknowledgements() {
    open(chip(), "baud=9600");
    // (13-byte frame + 7-byte reply) * 10 bits / 9600 baud = 20.833 ms, plus 1 ms turnaround
    assertThat(transport.capabilities().minReportInterval())
        .isEqualTo(Duration.ofNanos(21_833_333));
    transport.close();
    rig.close();
    transport = null;
    open(chip(), "baud=9600&turnaround_ms=0");
    assertThat(transport.capabilities().minReportInterval())
        .isEqualTo(Duration.ofNanos(20_833_333));
    transport.close();
    rig.close();
    transport = null;
    open(chip(), "baud=9600&ack=false");
    // 13 bytes * 10 bits / 9600 baud = 13.542 ms: no reply, no turnaround
    assertThat(transport.capabilities().minReportInterval())
        .isEqualTo(Duration.ofNanos(13_541_666));
  }

  @Test
  void changingTheBaudWritesTheParameterBlockResetsAndReopens() {
    rig =
        SerialRig.start(
            Ch9329Emulator.builder(r -> {})
                .hostBaud(() -> SerialRig.terminalBaud(rigHost()))
                .build());
    transport =
        Ch9329Transport.open(DeviceUri.parse(rig.uri("ch9329", "baud=9600&set_baud=115200")));
    assertThat(transport.baud()).isEqualTo(115200);
    assertThat(rig.emulator.baud()).isEqualTo(115200);
    assertThat(rig.emulator.resets()).isEqualTo(1);
    assertThat(rig.emulator.garbledFrames()).isZero();
    byte[] block = rig.emulator.parameters();
    assertThat(SerialRig.HEX.formatHex(block, 3, 7)).isEqualTo("00 01 C2 00"); // 115200 big endian
    List<String> frames = rig.framesHex();
    assertThat(frames.get(0)).isEqualTo("57 AB 00 01 00 03");
    assertThat(frames.get(1)).isEqualTo("57 AB 00 08 00 0A");
    assertThat(frames.get(2)).startsWith("57 AB 00 09 32 80 80 00 00 01 C2 00");
    assertThat(frames.get(3)).isEqualTo("57 AB 00 0F 00 11");
    assertThat(frames.get(4)).isEqualTo("57 AB 00 01 00 03");
    // 200 bits at 115200 baud, plus 1 ms turnaround
    assertThat(transport.capabilities().minReportInterval()).isEqualTo(Duration.ofNanos(2_736_111));
    transport.send(new HidReport.Pointer(NormPoint.of(250, 750), true));
    assertThat(rig.emulator.pointer().pressed()).isTrue();
  }

  @Test
  void aChipThatRestartsWithoutAcknowledgingTheResetIsFoundAtTheNewBaud() {
    rig =
        SerialRig.start(
            Ch9329Emulator.builder(r -> {})
                .replyToReset(false)
                .hostBaud(() -> SerialRig.terminalBaud(rigHost()))
                .build());
    transport =
        Ch9329Transport.open(
            DeviceUri.parse(rig.uri("ch9329", "baud=9600&set_baud=57600&ack_timeout_ms=20")));
    assertThat(transport.baud()).isEqualTo(57600);
    assertThat(rig.emulator.baud()).isEqualTo(57600);
    assertThat(transport.chipInfo().usbConnected()).isTrue();
  }

  private java.nio.file.Path rigHost() {
    return rig.pair.hostSide();
  }

  @Test
  void talkingAtTheWrongBaudFindsNoChip() {
    rig =
        SerialRig.start(
            Ch9329Emulator.builder(r -> {})
                .hostBaud(() -> SerialRig.terminalBaud(rigHost()))
                .build());
    SwipeException e =
        thrown(
            () ->
                Ch9329Transport.open(DeviceUri.parse(rig.uri("ch9329", "baud=115200&retries=1"))));
    if (rig.emulator.garbledFrames() == 0) {
      // The terminal's speed could not be read here (not root, or stty missing): nothing to prove.
      return;
    }
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.getMessage()).contains("no CH9329 answered").contains("115200");
  }

  @Test
  void theLineHangingUpMidSwipeIsDisconnectedAfterAReleaseAttempt() {
    rig = SerialRig.start(chip());
    rig.emulator.hangUpAfterFrames(4 + 6, rig.pair::hangUp); // 4 at open, then down and 5 moves
    try (Device phone =
        Device.builder()
            // A long acknowledgement timeout: the hang-up, not a timeout, must end the wait.
            .hid(rig.uri("ch9329", "baud=115200&ack_timeout_ms=2000&" + STILL))
            .capture(new StillFrameSource(Ticker.system(), Sleeper.system(), Duration.ZERO))
            .open()) {
      SwipeException e =
          thrown(
              () ->
                  phone.swipe(
                      Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
                          .durationMs(200)
                          .steps(10)
                          .holdBeforeMs(0)
                          .build()));
      assertThat(e.code()).isEqualTo(ErrorCode.HID_DISCONNECTED);
      assertThat(e.details()).containsEntry("release_attempted", true);
      assertThat(e.getMessage()).contains("a release was attempted");
      SwipeException again = thrown(() -> phone.tap(NormPoint.CENTER));
      assertThat(again.code()).isEqualTo(ErrorCode.HID_DISCONNECTED);
    }
    List<HidTransportContract.ObservedPointer> seen = rig.observedPointer();
    assertThat(seen).isNotEmpty();
    assertThat(seen.get(seen.size() - 1).pressed())
        .as("the phone saw the finger down before the line died")
        .isTrue();
  }

  @Test
  void aSwipeThroughTheDeviceArrivesInOrder() {
    rig = SerialRig.start(Ch9329Emulator.builder(r -> {}).baud(115200).lineTiming(true).build());
    try (Device phone =
        Device.builder()
            .hid(rig.uri("ch9329", "baud=115200&" + STILL))
            .capture(new StillFrameSource(Ticker.system(), Sleeper.system(), Duration.ZERO))
            .open()) {
      rig.emulator.clearRecording();
      var result =
          phone.swipe(
              Swipe.builder(NormPoint.of(500, 700), NormPoint.of(500, 300))
                  .durationMs(400)
                  .steps(16)
                  .holdBeforeMs(0)
                  .build());
      assertThat(result.timeline().reportCount()).isEqualTo(18);
    }
    List<HidTransportContract.ObservedPointer> seen = rig.observedPointer();
    // down, 16 moves, up; then the device's close releases once more
    assertThat(seen.subList(0, 18))
        .extracting(HidTransportContract.ObservedPointer::pressed)
        .containsExactly(
            true, true, true, true, true, true, true, true, true, true, true, true, true, true,
            true, true, true, false);
    for (int i = 1; i < 17; i++) {
      assertThat(seen.get(i).y()).isLessThan(seen.get(i - 1).y());
    }
    assertThat(seen.get(17).y()).isCloseTo(300, within(0.25));
  }

  @Test
  void aPointerAnchoredByTheDeviceNeitherHomesNorUsesTheFactor() {
    open(Ch9329Emulator.builder(r -> {}).build(), "pointer=rel&counts_per_unit=1");
    rig.emulator.clearRecording();
    RelativePointing raw = transport.relativePointing().orElseThrow();
    raw.move(5, -3);
    raw.anchor(NormPoint.of(200, 300), 2.0, 3.0, 16);
    transport.send(new HidReport.Pointer(NormPoint.of(210, 300), true));
    transport.send(new HidReport.Pointer(NormPoint.of(212, 300), true));
    transport.send(new HidReport.Pointer(NormPoint.of(220, 300), true));
    transport.send(new HidReport.Pointer(NormPoint.of(220, 300), true));
    transport.send(new HidReport.Pointer(NormPoint.of(220, 300), false));
    List<int[]> sent = new ArrayList<>();
    for (byte[] f : rig.emulator.frames()) {
      if ((f[3] & 0xFF) == 0x05) {
        sent.add(new int[] {f[7], f[8], f[6] & 1});
      }
    }
    // the raw move as given; then 20 counts (10 units at 2 per unit): one whole report of 16 with
    // the button up, the 4 left with the press; 4 more owed, under one report: no motion; 20 owed:
    // one report of 16; the finger rests: the 4 left; then the release where it is
    assertThat(sent)
        .containsExactly(
            new int[] {5, -3, 0},
            new int[] {16, 0, 0},
            new int[] {4, 0, 1},
            new int[] {0, 0, 1},
            new int[] {16, 0, 1},
            new int[] {4, 0, 1},
            new int[] {0, 0, 0});
    // bad counts and factors are the compatibility kit's to check (Ch9329RelativeContractTest)
  }

  @Test
  void onlyARelativePointerSteeredByFramesOffersItsRawSide() {
    open(chip(), "pointer=rel&steer=counts");
    assertThat(transport.relativePointing()).isEmpty();
    transport.close();
    rig.close();
    open(chip(), "pointer=abs");
    assertThat(transport.relativePointing()).isEmpty();
  }

  @Test
  void relativePointerHomesThenMovesByCountsAndSplitsBigMoves() {
    open(Ch9329Emulator.builder(r -> {}).build(), "pointer=rel&counts_per_unit=1");
    rig.emulator.clearRecording();
    transport.send(new HidReport.Pointer(NormPoint.of(100, 50), true));
    // Homing: ceil(1.25 * 1000 counts / 127) = 10 reports of (-127, -127) with the button up
    // (57+AB+05+05+01+81+81 = 0x20F), then travel (100, 50) with the button up, then the press.
    List<String> frames = rig.framesHex();
    assertThat(frames).hasSize(12);
    assertThat(frames.subList(0, 10)).allMatch(f -> f.equals("57 AB 00 05 05 01 00 81 81 00 0F"));
    assertThat(frames.get(10)).isEqualTo("57 AB 00 05 05 01 00 64 32 00 A3");
    assertThat(frames.get(11)).isEqualTo("57 AB 00 05 05 01 01 00 00 00 0E");
    rig.emulator.clearRecording();
    transport.send(new HidReport.Pointer(NormPoint.of(400, 50), true));
    // 300 counts right is more than one int8 report carries: three equal steps of 100
    assertThat(rig.framesHex())
        .containsExactly(
            "57 AB 00 05 05 01 01 64 00 00 72",
            "57 AB 00 05 05 01 01 64 00 00 72",
            "57 AB 00 05 05 01 01 64 00 00 72");
    HidReport.Pointer seen = rig.emulator.pointer();
    assertThat(seen.at().x()).isEqualTo(400.0);
    assertThat(seen.at().y()).isEqualTo(50.0);
    assertThat(seen.pressed()).isTrue();
    rig.emulator.clearRecording();
    transport.send(new HidReport.Pointer(NormPoint.of(400, 50), false));
    assertThat(rig.framesHex()).containsExactly("57 AB 00 05 05 01 00 00 00 00 0D", GET_INFO);
    rig.emulator.clearRecording();
    transport.send(new HidReport.Pointer(NormPoint.of(100, 50), true));
    // Re-homing before the press only needs the believed position (400, 50) plus a quarter
    // screen: ceil(650 / 127) = 6 reports, then the travel and the press.
    List<String> again = rig.framesHex();
    assertThat(again).hasSize(8);
    assertThat(again.subList(0, 6)).allMatch(f -> f.equals("57 AB 00 05 05 01 00 81 81 00 0F"));
    assertThat(again.subList(6, 8))
        .containsExactly("57 AB 00 05 05 01 00 64 32 00 A3", "57 AB 00 05 05 01 01 00 00 00 0E");
    assertThat(rig.emulator.pointer().at().x()).isEqualTo(100.0);
  }

  @Test
  void aRelativeReportIsNeverResentAfterSilenceAndThePointerRehomes() {
    open(
        Ch9329Emulator.builder(r -> {}).build(),
        "pointer=rel&home=once&retries=2&ack_timeout_ms=30&sync_timeout_ms=100");
    transport.send(new HidReport.Pointer(NormPoint.of(100, 100), false));
    rig.emulator.clearRecording();
    rig.emulator.stopAnswering();
    SwipeException e =
        thrown(() -> transport.send(new HidReport.Pointer(NormPoint.of(200, 100), false)));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(rig.framesHex())
        .as("a resent relative report would move the pointer twice")
        .containsExactly("57 AB 00 05 05 01 00 64 00 00 71", GET_INFO, GET_INFO);
    rig.emulator.resumeAnswering();
    rig.emulator.clearRecording();
    transport.send(new HidReport.Pointer(NormPoint.of(200, 100), false));
    List<String> frames = rig.framesHex();
    assertThat(frames.get(0))
        .as("first the chip shows it is done with the unanswered move")
        .isEqualTo(GET_INFO);
    assertThat(frames.get(1))
        .as("the position is unknown: home again")
        .isEqualTo("57 AB 00 05 05 01 00 81 81 00 0F");
    assertThat(rig.emulator.pointer().at().x()).isEqualTo(200.0);
  }

  @Test
  void badOptionsNameTheirKey() {
    assertField("ch9329:/dev/null?bud=9600", "bud");
    assertField("ch9329:/dev/null?baud=1000", "baud");
    assertField("ch9329:/dev/null?baud=fast", "baud");
    assertField("ch9329:/dev/null?pointer=touch", "pointer");
    assertField("ch9329:/dev/null?counts_per_unit=2", "counts_per_unit");
    assertField("ch9329:/dev/null?pointer=rel&counts_per_unit=0", "counts_per_unit");
    assertField("ch9329:/dev/null?ack=maybe", "ack");
    assertField("ch9329:/dev/null?pointer=rel&steer=eyes", "steer");
    assertField("ch9329:/dev/null?steer=counts", "steer");
    assertField("ch9329:/dev/null?retries=99", "retries");
    assertField("ch9329:?baud=9600", "path");
  }

  private static void assertField(String uri, String field) {
    SwipeException e = thrown(() -> new Ch9329TransportProvider().open(DeviceUri.parse(uri), null));
    assertThat(e.code()).as(uri).isEqualTo(CommonCode.INVALID_ARGUMENT);
    assertThat(e.field()).as(uri).isEqualTo(field);
  }

  @Test
  void aMissingPortIsDisconnected() {
    SwipeException e =
        thrown(() -> Ch9329Transport.open(DeviceUri.parse("ch9329:/dev/ttyNOPE9?baud=9600")));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_DISCONNECTED);
  }
}
