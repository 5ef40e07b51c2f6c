package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidReport;
import dev.swipe.sim.internal.serial.PikvmEmulator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The PiKVM serial transport against the firmware emulator over pseudo-terminals. Expected CRCs
 * were computed with an independent Python CRC-16/MODBUS; the Java CRC is checked against the
 * standard check value 0x4B37 of "123456789".
 */
class PikvmTransportTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

  /** A command the firmware does not know, queued behind a request to learn what became of it. */
  private static final String PROBE = "33 7F 00 00 00 00 12 10";

  private SerialRig<PikvmEmulator> rig;
  private PikvmTransport transport;

  @AfterEach
  void tearDown() {
    if (transport != null) {
      transport.close();
    }
    if (rig != null) {
      rig.close();
    }
  }

  private void open(String options) {
    rig = SerialRig.start(PikvmEmulator.create(r -> {}));
    transport = PikvmTransport.open(DeviceUri.parse(rig.uri("pikvm", options)));
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
  void requestsCarryCrc16ModbusBigEndian() {
    assertThat(PikvmTransport.crc16("123456789".getBytes(StandardCharsets.US_ASCII), 9))
        .isEqualTo(0x4B37);
    assertThat(HEX.formatHex(PikvmTransport.request(0x01, 0, 0, 0, 0)))
        .isEqualTo("33 01 00 00 00 00 18 38");
    // x = -32768 (normalized 0), y = 32767 (normalized 1000)
    assertThat(HEX.formatHex(PikvmTransport.request(0x12, 0x80, 0x00, 0x7F, 0xFF)))
        .isEqualTo("33 12 80 00 7F FF 6B F4");
    assertThat(HEX.formatHex(PikvmTransport.request(0x13, 0x88, 0, 0, 0)))
        .isEqualTo("33 13 88 00 00 00 BB AB");
  }

  @Test
  void keyCodesMatchTheFirmwareKeymap() {
    assertThat(PikvmTransport.keyCode(0x04)).isEqualTo(1); // KeyA
    assertThat(PikvmTransport.keyCode(0x28)).isEqualTo(37); // Enter
    assertThat(PikvmTransport.keyCode(0x33)).isEqualTo(47); // Semicolon
    assertThat(PikvmTransport.keyCode(0x3A)).isEqualTo(54); // F1
    assertThat(PikvmTransport.keyCode(0x52)).isEqualTo(76); // ArrowUp
    assertThat(PikvmTransport.keyCode(0xE0)).isEqualTo(77); // ControlLeft
    assertThat(PikvmTransport.keyCode(0x54)).isEqualTo(89); // NumpadDivide
    assertThat(PikvmTransport.keyCode(0x63)).isEqualTo(104); // NumpadDecimal
    assertThat(PikvmTransport.keyCode(0x8B)).isEqualTo(111); // NonConvert
    assertThat(PikvmTransport.keyCode(0x32)).isZero(); // non-US hash: no code
  }

  @Test
  void openPingsThenClearsAndAPressIsAMoveThenAButton() {
    open("");
    assertThat(rig.framesHex())
        .containsExactly("33 01 00 00 00 00 18 38", "33 10 00 00 00 00 1B C4");
    rig.emulator.clearRecording();
    transport.send(new HidReport.Pointer(NormPoint.CENTER, true));
    transport.send(new HidReport.Pointer(NormPoint.of(0, 1000), true));
    transport.send(new HidReport.Pointer(NormPoint.of(0, 1000), false));
    // centre: round(-32768 + 0.5 * 65535) = 0
    // The release ends the gesture: a probe behind it proves the firmware consumed it.
    assertThat(rig.framesHex())
        .containsExactly(
            "33 12 00 00 00 00 DB BD",
            "33 13 88 00 00 00 BB AB",
            "33 12 80 00 7F FF 6B F4",
            "33 13 80 00 00 00 DB A9",
            PROBE);
    HidReport.Pointer last = rig.emulator.pointer();
    assertThat(last.pressed()).isFalse();
    assertThat(last.at().y()).isCloseTo(1000, within(1e-9));
  }

  @Test
  void keysWithModifiersBecomeKeyEvents() {
    open("");
    rig.emulator.clearRecording();
    transport.send(new HidReport.Keyboard(Key.ENTER, Set.of(Modifier.SHIFT), true));
    transport.send(new HidReport.Keyboard(Key.ENTER, Set.of(), false));
    assertThat(rig.emulator.reports())
        .containsExactly(
            new HidReport.Keyboard(Key.ENTER, Set.of(Modifier.SHIFT), true),
            new HidReport.Keyboard(Key.ENTER, Set.of(Modifier.SHIFT), false));
    assertThat(rig.framesHex()).hasSize(5); // shift down, enter down, enter up, shift up, probe
    SwipeException e =
        thrown(() -> transport.send(new HidReport.Keyboard(Key.BACK, Set.of(), true)));
    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_INPUT);
    assertThat(transport.capabilities().consumerKeys()).isFalse();
  }

  @Test
  void crcAndTimeoutResponsesAreResentInvalidIsRejected() {
    open("retries=2&ack_timeout_ms=30");
    rig.emulator.clearRecording();
    rig.emulator.rejectNextFrames(1, PikvmEmulator.RESPONSE_CRC_ERROR);
    transport.send(new HidReport.Pointer(NormPoint.CENTER, false));
    assertThat(rig.framesHex())
        .containsExactly("33 12 00 00 00 00 DB BD", "33 12 00 00 00 00 DB BD");
    rig.emulator.rejectNextFrames(1, PikvmEmulator.RESPONSE_TIMEOUT);
    transport.send(new HidReport.Pointer(NormPoint.CENTER, false));
    rig.emulator.rejectNextFrames(1, PikvmEmulator.RESPONSE_INVALID);
    SwipeException e = thrown(() -> transport.send(new HidReport.Pointer(NormPoint.CENTER, false)));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.details()).containsEntry("reason", "invalid_command");
  }

  @Test
  void aCorruptResponseIsResentOnceTheFirmwareShowedItIsDoneAndSilenceIsRejected() {
    open("retries=1&ack_timeout_ms=30&sync_timeout_ms=100");
    rig.emulator.clearRecording();
    rig.emulator.corruptNextReplies(1);
    transport.send(new HidReport.Pointer(NormPoint.CENTER, false)); // resent once, then ok
    assertThat(rig.framesHex())
        .containsExactly("33 12 00 00 00 00 DB BD", PROBE, "33 12 00 00 00 00 DB BD");
    assertThat(transport.linkHealth().count("corrupt_reply")).isEqualTo(1);
    rig.emulator.clearRecording();
    rig.emulator.stopAnswering();
    SwipeException e =
        thrown(() -> transport.send(new HidReport.Pointer(NormPoint.of(10, 10), false)));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.details()).containsEntry("reason", "ack_timeout").containsEntry("attempts", 1);
    // Firmware that may be reading it late is asked (twice) what it did, not sent it again.
    assertThat(rig.framesHex()).containsExactly("33 12 82 8F 82 8F 4C 85", PROBE, PROBE);
    rig.emulator.resumeAnswering();
  }

  @Test
  void theLineHangingUpIsDisconnected() {
    open("ack_timeout_ms=2000"); // the hang-up, not a timeout, must end the wait
    rig.emulator.hangUpAfterFrames(3, rig.pair::hangUp); // a press is a move and a button request
    transport.send(new HidReport.Pointer(NormPoint.CENTER, true));
    SwipeException e =
        thrown(() -> transport.send(new HidReport.Pointer(NormPoint.of(500, 400), true)));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_DISCONNECTED);
    assertThat(e.details()).containsEntry("release_attempted", true);
  }

  @Test
  void openingWithoutFirmwareAnsweringIsRejected() {
    rig = SerialRig.start(PikvmEmulator.create(r -> {}));
    rig.emulator.stopAnswering();
    SwipeException e =
        thrown(
            () ->
                PikvmTransport.open(
                    DeviceUri.parse(
                        rig.uri("pikvm", "retries=1&ack_timeout_ms=20&sync_timeout_ms=50"))));
    assertThat(e.code()).isEqualTo(ErrorCode.HID_REJECTED);
    assertThat(e.getMessage()).contains("no PiKVM HID firmware answered");
    assertThat(rig.framesHex()).containsExactly("33 01 00 00 00 00 18 38", PROBE, PROBE);
  }

  @Test
  void linkRateIsARequestAndItsResponse() {
    open("baud=115200");
    // 16 bytes * 10 bits / 115200 baud = 1.389 ms, plus 1 ms turnaround
    assertThat(transport.capabilities().minReportInterval()).isEqualTo(Duration.ofNanos(2_388_888));
  }

  @Test
  void badOptionsNameTheirKey() {
    for (String[] c :
        new String[][] {
          {"pikvm:/dev/null?pointer=rel", "pointer"},
          {"pikvm:/dev/null?baud=0", "baud"},
          {"pikvm:/dev/null?speed=1", "speed"}
        }) {
      SwipeException e =
          thrown(() -> new PikvmTransportProvider().open(DeviceUri.parse(c[0]), null));
      assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
      assertThat(e.field()).isEqualTo(c[1]);
    }
  }
}
