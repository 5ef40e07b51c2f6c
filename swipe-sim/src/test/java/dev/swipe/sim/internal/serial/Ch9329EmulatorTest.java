package dev.swipe.sim.internal.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.spi.HidReport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The chip emulator fed with byte streams. Expected replies were summed by hand and cross-checked
 * with an independent Python computation (e.g. 57+AB+00+84+01+00 = 0x187, sum byte 0x87).
 */
class Ch9329EmulatorTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
  private final List<HidReport> sink = new ArrayList<>();

  private String serve(Ch9329Emulator chip, String requests) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    chip.serve(new ByteArrayInputStream(HEX.parseHex(requests.replace("  ", " "))), out);
    return HEX.formatHex(out.toByteArray());
  }

  @Test
  void theHostBaudAndTheRelativeMouseAreEachSetOnce() throws IOException {
    Ch9329Emulator.Builder b =
        Ch9329Emulator.builder(sink::add)
            .hostBaud(() -> 9600)
            .relativeMouse((dx, dy, pressed) -> {});
    for (Runnable again :
        List.<Runnable>of(
            () -> b.hostBaud(() -> 115200), () -> b.relativeMouse((dx, dy, p) -> {}))) {
      assertThatThrownBy(again::run)
          .isInstanceOfSatisfying(
              SwipeException.class,
              e -> assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT));
    }
    assertThatThrownBy(() -> b.hostBaud(() -> 1))
        .hasMessageStartingWith("host_baud: was already set");
    assertThatThrownBy(() -> b.relativeMouse((dx, dy, p) -> {}))
        .hasMessageStartingWith("relative_mouse: was already set");
    // the chip settings are values: the last one given is the one GET_INFO reports (0x30)
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).version(0x31).version(0x30).build();
    assertThat(serve(chip, "57 AB 00 01 00 03"))
        .isEqualTo("57 AB 00 81 08 30 01 00 00 00 00 00 00 BC");
  }

  @Test
  void aChipSettingOutOfRangeIsAnInvalidArgumentNamingIt() {
    Ch9329Emulator.Builder b = Ch9329Emulator.builder(sink::add);
    Map<String, Runnable> bad =
        Map.of(
            "address", () -> b.address(0xFF),
            "baud", () -> b.baud(9601),
            "counts_per_unit", () -> b.countsPerUnit(1.0, 0.0));
    bad.forEach(
        (field, call) ->
            assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                    SwipeException.class,
                    e -> {
                      assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
                      assertThat(e.field()).isEqualTo(field);
                    }));
    // the limits themselves are settings a chip takes
    assertThat(b.address(0xFE).baud(115200).countsPerUnit(0.5, 2.0).build()).isNotNull();
  }

  @Test
  void getInfoAnswersVersionAndUsbState() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    assertThat(serve(chip, "57 AB 00 01 00 03"))
        .isEqualTo("57 AB 00 81 08 30 01 00 00 00 00 00 00 BC");
  }

  @Test
  void absoluteReportIsAcknowledgedAndDecoded() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    assertThat(serve(chip, "57 AB 00 04 07 02 01 00 04 FF 0B 00 1E"))
        .isEqualTo("57 AB 00 84 01 00 87");
    assertThat(sink).hasSize(1);
    HidReport.Pointer p = (HidReport.Pointer) sink.get(0);
    assertThat(p.pressed()).isTrue();
    assertThat(p.at().x()).isCloseTo(1024 * 1000.0 / 4095, within(1e-9));
    assertThat(p.at().y()).isCloseTo(3071 * 1000.0 / 4095, within(1e-9));
  }

  @Test
  void badChecksumUnknownCommandAndBadParameterAreRefused() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    assertThat(serve(chip, "57 AB 00 04 07 02 01 00 04 FF 0B 00 1F"))
        .isEqualTo("57 AB 00 C4 01 E4 AB");
    assertThat(serve(chip, "57 AB 00 04 07 03 01 00 04 FF 0B 00 1F"))
        .isEqualTo("57 AB 00 C4 01 E5 AC");
    assertThat(serve(chip, "57 AB 00 0A 00 0C")).isEqualTo("57 AB 00 CA 01 E3 B0");
    assertThat(sink).isEmpty();
  }

  @Test
  void framesForAnotherAddressAndNoiseAreIgnored() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    assertThat(serve(chip, "FF 00 57 57 AB 01 01 00 04 57 AB 00 01 00 03"))
        .isEqualTo("57 AB 00 81 08 30 01 00 00 00 00 00 00 BC");
  }

  @Test
  void relativeCountsMoveACursorThatStopsAtTheEdges() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).countsPerUnit(2, 2).build();
    // dx=+10, dy=-5 with the button down: from (0,0) the cursor goes right 5 units and stays at y=0
    assertThat(serve(chip, "57 AB 00 05 05 01 01 0A FB 00 13")).isEqualTo("57 AB 00 85 01 00 88");
    HidReport.Pointer p = (HidReport.Pointer) sink.get(0);
    assertThat(p.at().x()).isEqualTo(5.0);
    assertThat(p.at().y()).isEqualTo(0.0);
    assertThat(p.pressed()).isTrue();
  }

  @Test
  void mediaBitsBecomeConsumerKeys() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    serve(
        chip,
        "57 AB 00 03 04 02 00 10 00 1B  57 AB 00 03 04 02 00 00 00 0B  57 AB 00 03 04 02 00 08 00 13");
    assertThat(sink)
        .containsExactly(
            new HidReport.Keyboard(Key.BACK, Set.of(), true),
            new HidReport.Keyboard(Key.BACK, Set.of(), false),
            new HidReport.Keyboard(Key.HOME, Set.of(), true));
  }

  @Test
  void parameterBlockCarriesTheBaudAndAResetAppliesIt() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    String block = serve(chip, "57 AB 00 08 00 0A");
    assertThat(block).startsWith("57 AB 00 88 32 80 80 00 00 00 25 80"); // 9600 = 0x2580
    byte[] params = chip.parameters();
    params[5] = (byte) 0xC2; // 0x0001C200 = 115200
    params[4] = 0x01;
    params[6] = 0x00;
    byte[] set = new byte[6 + 50];
    set[0] = 0x57;
    set[1] = (byte) 0xAB;
    set[3] = 0x09;
    set[4] = 50;
    System.arraycopy(params, 0, set, 5, 50);
    int sum = 0;
    for (int i = 0; i < set.length - 1; i++) {
      sum += set[i] & 0xFF;
    }
    set[set.length - 1] = (byte) sum;
    assertThat(serve(chip, HEX.formatHex(set))).isEqualTo("57 AB 00 89 01 00 8C");
    assertThat(chip.baud()).isEqualTo(9600); // not before the reset
    assertThat(serve(chip, "57 AB 00 0F 00 11")).isEqualTo("57 AB 00 8F 01 00 92");
    assertThat(chip.baud()).isEqualTo(115200);
    assertThat(chip.resets()).isEqualTo(1);
  }

  @Test
  void rejectionAndCorruptionFaults() throws IOException {
    Ch9329Emulator chip = Ch9329Emulator.builder(sink::add).build();
    chip.rejectNextFrames(1, Ch9329Emulator.STATUS_OPERATION);
    assertThat(serve(chip, "57 AB 00 01 00 03"))
        .isEqualTo("57 AB 00 C1 01 E6 AA"); // 57+AB+C1+01+E6 = 0x2AA
    assertThat(chip.frames()).hasSize(1);
    chip.corruptNextReplies(1);
    assertThat(serve(chip, "57 AB 00 04 07 02 01 00 04 FF 0B 00 1E"))
        .isNotEqualTo("57 AB 00 84 01 00 87")
        .startsWith("57 AB 00 84 01 00");
    chip.stopAnswering();
    assertThat(serve(chip, "57 AB 00 01 00 03")).isEmpty();
    assertThat(chip.frames()).hasSize(3);
  }
}
