package dev.swipe.sim.internal.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.HidReport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The PiKVM firmware emulator; CRCs were cross-checked with an independent Python CRC-16/MODBUS.
 */
class PikvmEmulatorTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
  private final List<HidReport> sink = new ArrayList<>();

  private String serve(PikvmEmulator mcu, String requests) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    mcu.serve(new ByteArrayInputStream(HEX.parseHex(requests)), out);
    return HEX.formatHex(out.toByteArray());
  }

  @Test
  void crcIsModbus() {
    assertThat(PikvmEmulator.crc16("123456789".getBytes(StandardCharsets.US_ASCII), 9))
        .isEqualTo(0x4B37);
  }

  @Test
  void pingAndMovesAreAnsweredOk() throws IOException {
    PikvmEmulator mcu = PikvmEmulator.create(sink::add);
    assertThat(serve(mcu, "33 01 00 00 00 00 18 38")).isEqualTo("34 80 09 01 00 00 ED 57");
    assertThat(serve(mcu, "33 12 80 00 7F FF 6B F4")).isEqualTo("34 80 09 01 00 00 ED 57");
    HidReport.Pointer p = (HidReport.Pointer) sink.get(0);
    assertThat(p.at().x()).isEqualTo(0.0);
    assertThat(p.at().y()).isEqualTo(1000.0);
  }

  @Test
  void buttonSelectAndStateBits() throws IOException {
    PikvmEmulator mcu = PikvmEmulator.create(sink::add);
    serve(mcu, "33 12 00 00 00 00 DB BD 33 13 88 00 00 00 BB AB 33 13 80 00 00 00 DB A9");
    assertThat(sink)
        .extracting(r -> ((HidReport.Pointer) r).pressed())
        .containsExactly(false, true, false);
    assertThat(((HidReport.Pointer) sink.get(1)).at().x()).isCloseTo(500, within(0.01));
  }

  @Test
  void badCrcAndUnknownCommandsAreAnsweredWithTheirCodes() throws IOException {
    PikvmEmulator mcu = PikvmEmulator.create(sink::add);
    assertThat(serve(mcu, "33 12 00 00 00 00 DB BE")).isEqualTo("34 40 00 00 00 00 A0 05");
    assertThat(serve(mcu, "33 7F 00 00 00 00 00 00").substring(0, 5)).isEqualTo("34 40");
    byte[] unknown = HEX.parseHex("33 7F 00 00 00 00 00 00");
    int crc = PikvmEmulator.crc16(unknown, 6);
    unknown[6] = (byte) (crc >> 8);
    unknown[7] = (byte) crc;
    assertThat(serve(mcu, HEX.formatHex(unknown)).substring(0, 5)).isEqualTo("34 45");
    assertThat(sink).isEmpty();
  }

  @Test
  void keyCodesFollowTheFirmwareKeymap() throws IOException {
    PikvmEmulator mcu = PikvmEmulator.create(sink::add);
    // code 77 = ControlLeft, 37 = Enter
    StringBuilder reqs = new StringBuilder();
    for (int[] k : new int[][] {{77, 1}, {37, 1}, {37, 0}, {77, 0}}) {
      byte[] r = {0x33, 0x11, (byte) k[0], (byte) k[1], 0, 0, 0, 0};
      int crc = PikvmEmulator.crc16(r, 6);
      r[6] = (byte) (crc >> 8);
      r[7] = (byte) crc;
      reqs.append(HEX.formatHex(r)).append(' ');
    }
    serve(mcu, reqs.toString().strip());
    assertThat(sink)
        .containsExactly(
            new HidReport.Keyboard(Key.ENTER, Set.of(Modifier.CTRL), true),
            new HidReport.Keyboard(Key.ENTER, Set.of(Modifier.CTRL), false));
  }

  @Test
  void clearReleasesTheButton() throws IOException {
    PikvmEmulator mcu = PikvmEmulator.create(sink::add);
    serve(mcu, "33 13 88 00 00 00 BB AB 33 10 00 00 00 00 1B C4");
    assertThat(mcu.pointer().pressed()).isFalse();
    assertThat(sink)
        .extracting(r -> ((HidReport.Pointer) r).pressed())
        .containsExactly(true, false);
  }
}
