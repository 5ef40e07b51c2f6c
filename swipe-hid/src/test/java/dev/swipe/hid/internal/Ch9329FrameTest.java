package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Worked examples. Each checksum was added up by hand (e.g. 57+AB+00+04+07+02+01+00+04+FF+0B+00 =
 * 542 = 0x21E, low byte 0x1E) and cross-checked with an independent Python computation.
 */
class Ch9329FrameTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

  private static String encode(int cmd, int... data) {
    byte[] d = new byte[data.length];
    for (int i = 0; i < data.length; i++) {
      d[i] = (byte) data[i];
    }
    return HEX.formatHex(new Ch9329Frame(0, cmd, d).encode());
  }

  @Test
  void absoluteMouseAtAQuarterAndThreeQuartersPressed() {
    // x = round(0.25 * 4095) = 1024 = 0x0400, y = round(0.75 * 4095) = 3071 = 0x0BFF
    assertThat(encode(0x04, 0x02, 0x01, 0x00, 0x04, 0xFF, 0x0B, 0x00))
        .isEqualTo("57 AB 00 04 07 02 01 00 04 FF 0B 00 1E");
  }

  @Test
  void commandsWithoutData() {
    assertThat(encode(0x01)).isEqualTo("57 AB 00 01 00 03"); // GET_INFO
    assertThat(encode(0x08)).isEqualTo("57 AB 00 08 00 0A"); // GET_PARA_CFG
    assertThat(encode(0x0F)).isEqualTo("57 AB 00 0F 00 11"); // RESET
  }

  @Test
  void keyboardMediaAndRelativeFrames() {
    assertThat(encode(0x02, 0x01, 0, 0x28, 0, 0, 0, 0, 0))
        .isEqualTo("57 AB 00 02 08 01 00 28 00 00 00 00 00 35");
    assertThat(encode(0x03, 0x02, 0x00, 0x08, 0x00))
        .isEqualTo("57 AB 00 03 04 02 00 08 00 13"); // Home
    assertThat(encode(0x03, 0x02, 0x00, 0x10, 0x00))
        .isEqualTo("57 AB 00 03 04 02 00 10 00 1B"); // Back
    assertThat(encode(0x05, 0x01, 0x01, 0x0A, 0xFB, 0x00))
        .isEqualTo("57 AB 00 05 05 01 01 0A FB 00 13");
  }

  @Test
  void readerFindsRepliesAfterNoiseAndFlagsBadSums() {
    Ch9329Frame.Reader reader = new Ch9329Frame.Reader();
    byte[] stream =
        HEX.parseHex("00 57 57 AB 00 84 01 00 87 57 AB 00 C4 01 E5 AC 57 AB 00 84 01 00 88");
    java.util.List<Ch9329Frame.Reader.Received> got = new java.util.ArrayList<>();
    for (byte b : stream) {
      reader.feed(b & 0xFF, got::add);
    }
    assertThat(got).hasSize(3);
    assertThat(got.get(0).corrupt()).isFalse();
    assertThat(got.get(0).frame().isOkReplyTo(0x04)).isTrue();
    assertThat(got.get(0).frame().status()).isZero();
    assertThat(got.get(1).frame().isErrorReplyTo(0x04)).isTrue();
    assertThat(got.get(1).frame().status()).isEqualTo(0xE5);
    assertThat(got.get(2).corrupt()).isTrue();
  }

  @Test
  void aFalseHeadInNoiseDoesNotSwallowTheReplyBehindIt() {
    Ch9329Frame.Reader reader = new Ch9329Frame.Reader();
    // Noise "57 AB 00 84 05" claims five data bytes and would take the real reply as its own.
    byte[] stream = HEX.parseHex("57 AB 00 84 05 57 AB 00 84 01 00 87");
    java.util.List<Ch9329Frame.Reader.Received> got = new java.util.ArrayList<>();
    for (byte b : stream) {
      reader.feed(b & 0xFF, got::add);
    }
    assertThat(got).hasSize(2);
    assertThat(got.get(0).corrupt()).isTrue();
    assertThat(got.get(1).corrupt()).isFalse();
    assertThat(got.get(1).frame().isOkReplyTo(0x04)).isTrue();
  }

  @Test
  void aHeadFollowedByARequestCommandIsNoise() {
    Ch9329Frame.Reader reader = new Ch9329Frame.Reader();
    byte[] stream = HEX.parseHex("57 AB 00 04 57 AB 00 81 08 30 01 00 00 00 00 00 00 BC");
    java.util.List<Ch9329Frame.Reader.Received> got = new java.util.ArrayList<>();
    for (byte b : stream) {
      reader.feed(b & 0xFF, got::add);
    }
    assertThat(got).hasSize(1);
    assertThat(got.get(0).corrupt()).isFalse();
    assertThat(got.get(0).frame().isOkReplyTo(0x01)).isTrue();
  }

  @Test
  void statusNamesFollowTheDatasheet() {
    assertThat(Ch9329Transport.statusName(0xE1)).isEqualTo("receive_timeout");
    assertThat(Ch9329Transport.statusName(0xE4)).isEqualTo("checksum_error");
    assertThat(Ch9329Transport.statusName(0xE5)).isEqualTo("bad_parameter");
    assertThat(Ch9329Transport.statusName(0xE6)).isEqualTo("operation_failed");
  }
}
