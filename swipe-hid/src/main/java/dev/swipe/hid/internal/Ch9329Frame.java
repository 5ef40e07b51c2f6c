package dev.swipe.hid.internal;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.Consumer;

/**
 * One CH9329 serial frame: {@code 57 AB addr cmd len data sum}, where sum is the low byte of the
 * sum of every preceding byte. Requests and replies share the format; a reply's command is the
 * request's with bit 7 set (ok) or bits 7 and 6 set (error, one status byte).
 *
 * @param address the chip address (0x00 by default)
 * @param command the command byte
 * @param data the payload (at most 64 bytes)
 */
@SuppressWarnings("ArrayRecordComponent")
// a wire frame built or parsed once and encoded or read; its payload is never compared by equals
record Ch9329Frame(int address, int command, byte[] data) {
  static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
  static final int HEAD1 = 0x57;
  static final int HEAD2 = 0xAB;
  static final int MAX_DATA = 64;

  /** Bytes around the payload: head (2), address, command, length, sum. */
  static final int OVERHEAD = 6;

  static final int CMD_GET_INFO = 0x01;
  static final int CMD_KEYBOARD = 0x02;
  static final int CMD_MEDIA = 0x03;
  static final int CMD_MOUSE_ABSOLUTE = 0x04;
  static final int CMD_MOUSE_RELATIVE = 0x05;
  static final int CMD_GET_PARA_CFG = 0x08;
  static final int CMD_SET_PARA_CFG = 0x09;
  static final int CMD_RESET = 0x0F;

  Ch9329Frame {
    if (data.length > MAX_DATA) {
      throw new IllegalArgumentException("CH9329 payload is at most 64 bytes, was " + data.length);
    }
    data = data.clone();
  }

  /** The frame on the wire. */
  byte[] encode() {
    byte[] f = new byte[OVERHEAD + data.length];
    f[0] = (byte) HEAD1;
    f[1] = (byte) HEAD2;
    f[2] = (byte) address;
    f[3] = (byte) command;
    f[4] = (byte) data.length;
    System.arraycopy(data, 0, f, 5, data.length);
    f[f.length - 1] = (byte) checksum(f, f.length - 1);
    return f;
  }

  /** Low byte of the sum of the first {@code length} bytes. */
  static int checksum(byte[] bytes, int length) {
    int sum = 0;
    for (int i = 0; i < length; i++) {
      sum += bytes[i] & 0xFF;
    }
    return sum & 0xFF;
  }

  /** Whether this reply says the command succeeded ({@code cmd|0x80}). */
  boolean isOkReplyTo(int requestCommand) {
    return command == (requestCommand | 0x80);
  }

  /** Whether this reply says the command failed ({@code cmd|0xC0}). */
  boolean isErrorReplyTo(int requestCommand) {
    return command == (requestCommand | 0xC0);
  }

  /** The status byte of a one-byte reply, or -1. */
  int status() {
    return data.length == 1 ? data[0] & 0xFF : -1;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Ch9329Frame f
        && f.address == address
        && f.command == command
        && Arrays.equals(f.data, data);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * address + command) + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "Ch9329Frame[" + HEX.formatHex(encode()) + "]";
  }

  /**
   * Assembles replies from received bytes: skips anything before a {@code 57 AB} head, marks a
   * frame whose sum does not match as corrupt instead of dropping it silently, and then looks for a
   * head again inside that frame's bytes, so line noise that looked like a head cannot swallow the
   * real reply behind it. A "frame" whose command is not a reply's (bit 7 clear) or whose length is
   * impossible is noise and is searched the same way.
   */
  static final class Reader {
    private final byte[] buf = new byte[OVERHEAD + MAX_DATA];
    private int len;

    /** A frame that arrived, or a corrupt one. */
    record Received(Ch9329Frame frame, boolean corrupt) {}

    /** Feeds one byte; hands every frame it completes (valid or corrupt) to {@code out}. */
    void feed(int b, Consumer<Received> out) {
      if (len == 0) {
        if (b == HEAD1) {
          buf[len++] = (byte) b;
        }
        return;
      }
      if (len == 1 && b != HEAD2) {
        len = 0;
        feed(b, out);
        return;
      }
      buf[len++] = (byte) b;
      if ((len == 4 && (b & 0x80) == 0) || (len == 5 && (b & 0xFF) > MAX_DATA)) {
        rescan(out);
        return;
      }
      if (len >= 5 && len == OVERHEAD + (buf[4] & 0xFF)) {
        int dataLen = buf[4] & 0xFF;
        boolean corrupt = checksum(buf, len - 1) != (buf[len - 1] & 0xFF);
        Ch9329Frame frame =
            new Ch9329Frame(buf[2] & 0xFF, buf[3] & 0xFF, Arrays.copyOfRange(buf, 5, 5 + dataLen));
        if (corrupt) {
          out.accept(new Received(frame, true));
          rescan(out);
        } else {
          len = 0;
          out.accept(new Received(frame, false));
        }
      }
    }

    /** Drops the head byte of what was assembled and feeds the rest again. */
    private void rescan(Consumer<Received> out) {
      byte[] rest = Arrays.copyOfRange(buf, 1, len);
      len = 0;
      for (byte x : rest) {
        feed(x & 0xFF, out);
      }
    }

    void reset() {
      len = 0;
    }
  }
}
