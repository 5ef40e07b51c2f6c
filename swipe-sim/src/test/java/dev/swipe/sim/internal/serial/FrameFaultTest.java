package dev.swipe.sim.internal.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.swipe.core.spi.HidReport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The per-frame fault schedule of the serial device emulators, fed with byte streams. */
class FrameFaultTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

  /** An absolute press at (1024, 3071) and the chip's ok reply to it. */
  private static final String PRESS = "57 AB 00 04 07 02 01 00 04 FF 0B 00 1E";

  private static final String OK = "57 AB 00 84 01 00 87";
  private static final String GET_INFO = "57 AB 00 01 00 03";

  private final List<HidReport> sink = new ArrayList<>();

  private static String serve(SerialDeviceEmulator device, String requests) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    device.serve(new ByteArrayInputStream(HEX.parseHex(requests.replace("  ", " "))), out);
    return HEX.formatHex(out.toByteArray());
  }

  private Ch9329Emulator chip(FrameFault... schedule) {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    chip.injectFaults(n -> n < schedule.length ? schedule[n] : FrameFault.NONE, null);
    return chip;
  }

  @Test
  void aLateFrameIsActedOnItsDelayAfterItArrivedAndLaterFramesWaitBehindIt() throws IOException {
    Ch9329Emulator chip = chip(FrameFault.late(Duration.ofMillis(150)));
    long start = System.nanoTime();
    assertThat(serve(chip, PRESS + " " + GET_INFO)).startsWith(OK + " 57 AB 00 81");
    List<Long> acted = chip.reportTimes();
    assertThat(acted).hasSize(1);
    assertThat(acted.get(0) - start).isGreaterThanOrEqualTo(150_000_000L);
    assertThat(chip.frameTimes().get(1))
        .as("in order: the second frame is read after the late one")
        .isGreaterThanOrEqualTo(chip.frameTimes().get(0));
    assertThat(chip.faultCounts()).isEqualTo(Map.of(FrameFault.Kind.LATE, 1));
  }

  @Test
  void aDroppedFrameIsNeitherActedOnNorAnswered() throws IOException {
    Ch9329Emulator chip = chip(FrameFault.of(FrameFault.Kind.DROP));
    assertThat(serve(chip, PRESS + " " + GET_INFO)).startsWith("57 AB 00 81");
    assertThat(sink).isEmpty();
    assertThat(chip.frames()).hasSize(2);
  }

  @Test
  void aDuplicatedReplyArrivesTwiceButActsOnce() throws IOException {
    Ch9329Emulator chip = chip(FrameFault.of(FrameFault.Kind.DUPLICATE_REPLY));
    assertThat(serve(chip, PRESS)).isEqualTo(OK + " " + OK);
    assertThat(sink).hasSize(1);
  }

  @Test
  void aCorruptReplyHasABrokenSumAndTheFrameStillActs() throws IOException {
    Ch9329Emulator chip = chip(FrameFault.of(FrameFault.Kind.CORRUPT_REPLY));
    assertThat(serve(chip, PRESS)).isEqualTo("57 AB 00 84 01 00 DD"); // 0x87 ^ 0x5A
    assertThat(sink).hasSize(1);
  }

  @Test
  void noiseComesBeforeAnIntactReply() throws IOException {
    Ch9329Emulator chip = chip(FrameFault.of(FrameFault.Kind.GARBAGE));
    String wire = serve(chip, PRESS);
    assertThat(wire).endsWith(OK).isNotEqualTo(OK);
    assertThat(sink).hasSize(1);
  }

  @Test
  void aDamagedRequestIsRefusedWithABadChecksumStatusAndDoesNotAct() throws IOException {
    Ch9329Emulator chip = chip(FrameFault.of(FrameFault.Kind.DAMAGED_REQUEST));
    assertThat(serve(chip, PRESS)).isEqualTo("57 AB 00 C4 01 E4 AB");
    assertThat(sink).isEmpty();
  }

  @Test
  void vanishingHangsUpInsteadOfActingAndNothingAfterIsActedOn() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    AtomicInteger hangUps = new AtomicInteger();
    chip.injectFaults(
        n -> n == 1 ? FrameFault.of(FrameFault.Kind.VANISH) : FrameFault.NONE,
        hangUps::incrementAndGet);
    assertThat(serve(chip, PRESS + " " + PRESS + " " + PRESS)).isEqualTo(OK);
    assertThat(hangUps).hasValue(1);
    assertThat(sink).hasSize(1);
    assertThat(chip.faultCounts()).isEqualTo(Map.of(FrameFault.Kind.VANISH, 1));
  }

  @Test
  void thePikvmFirmwareSuffersTheSameSchedule() throws IOException {
    PikvmEmulator mcu = PikvmEmulator.create(sink::add);
    mcu.injectFaults(
        n ->
            n == 0
                ? FrameFault.of(FrameFault.Kind.DAMAGED_REQUEST)
                : FrameFault.of(FrameFault.Kind.DUPLICATE_REPLY),
        null);
    String ping = "33 01 00 00 00 00 18 38";
    String wire = serve(mcu, ping + " " + ping);
    assertThat(wire).startsWith("34 40"); // the damaged request: CRC error
    assertThat(wire.split(" ")).hasSize(24); // then the ok response, twice
  }

  @Test
  void onlyALateFrameHasADelay() {
    assertThatThrownBy(() -> new FrameFault(FrameFault.Kind.DROP, Duration.ofMillis(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FrameFault.late(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
