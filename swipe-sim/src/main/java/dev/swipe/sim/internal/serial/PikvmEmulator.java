package dev.swipe.sim.internal.serial;

import dev.swipe.base.NormPoint;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.HidReport;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A microcontroller running PiKVM's serial HID firmware (Arduino / Pico), as its serial port sees
 * it. Requests are 8 bytes {@code 33 cmd a b c d crcHi crcLo} (CRC-16/MODBUS over the first six
 * bytes, big endian); every request is answered with 8 bytes {@code 34 code o1 o2 00 00 crcHi
 * crcLo}: code 0x80 (ok, with status flags), 0x40 (CRC error), 0x45 (invalid command) or 0x48
 * (timeout: an incomplete request).
 *
 * <p>Emulated commands: PING 0x01, REPEAT 0x02 (answers the previous code again), SET_KEYBOARD
 * 0x03, SET_MOUSE 0x04, SET_CONNECTED 0x05, CLEAR_HID 0x10, KEY 0x11 (PiKVM key code, state),
 * MOUSE_MOVE 0x12 (signed int16 X, Y, big endian, -32768..32767 spanning the screen), MOUSE_BUTTON
 * 0x13 (select bits 0x80/0x40/0x20 for left/right/middle, state bits 0x08/0x04/0x02), MOUSE_WHEEL
 * 0x14 and MOUSE_RELATIVE 0x15 (accepted, not decoded).
 */
public final class PikvmEmulator extends SerialDeviceEmulator {
  /** Response code: ok (status flags may be or-ed in). */
  public static final int RESPONSE_OK = 0x80;

  /** Response code: the request's magic or CRC was wrong. */
  public static final int RESPONSE_CRC_ERROR = 0x40;

  /** Response code: unknown command. */
  public static final int RESPONSE_INVALID = 0x45;

  /** Response code: the request did not arrive completely in time. */
  public static final int RESPONSE_TIMEOUT = 0x48;

  /**
   * USB HID keyboard usages by PiKVM key code (index = code; 0 = none), as the firmware's keymap
   * translates them.
   */
  private static final int[] USAGE_BY_CODE = {
    0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
    29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53,
    54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 73, 74, 75, 76, 77, 78, 79,
    80, 81, 82, 224, 225, 226, 227, 228, 229, 230, 231, 72, 71, 83, 101, 84, 85, 86, 87, 88, 89, 90,
    91, 92, 93, 94, 95, 96, 97, 98, 99, 102, 100, 137, 135, 136, 138, 139,
  };

  private final byte[] assembly = new byte[8];
  private final int baud;
  private int assembled;
  private int previousCode = RESPONSE_OK;
  private double x = 500;
  private double y = 500;
  private boolean pressed;
  private int modifierBits;
  private final Set<Integer> keysDown = new LinkedHashSet<>();

  private PikvmEmulator(Consumer<HidReport> sink, int baud, boolean lineTiming) {
    super(sink, lineTiming);
    this.baud = baud;
  }

  /**
   * An emulator at {@code baud} (the firmware's default is 115200).
   *
   * @param lineTiming keep a real UART's pace at that baud
   */
  public static PikvmEmulator create(Consumer<HidReport> sink, int baud, boolean lineTiming) {
    if (baud <= 0) {
      throw new IllegalArgumentException("baud must be positive, was " + baud);
    }
    return new PikvmEmulator(Objects.requireNonNull(sink, "sink"), baud, lineTiming);
  }

  /** An emulator at 115200 baud that answers at once. */
  public static PikvmEmulator create(Consumer<HidReport> sink) {
    return create(sink, 115200, false);
  }

  @Override
  public int baud() {
    return baud;
  }

  /** The pointer as the phone sees it (normalized) and whether the left button is down. */
  public synchronized HidReport.Pointer pointer() {
    return new HidReport.Pointer(NormPoint.of(x, y), pressed);
  }

  /** CRC-16/MODBUS (reflected polynomial 0xA001, initial 0xFFFF) of {@code length} bytes. */
  public static int crc16(byte[] data, int length) {
    int crc = 0xFFFF;
    for (int i = 0; i < length; i++) {
      crc ^= data[i] & 0xFF;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 1) != 0 ? (crc >>> 1) ^ 0xA001 : crc >>> 1;
      }
    }
    return crc;
  }

  @Override
  byte @Nullable [] assemble(int b) {
    assembly[assembled++] = (byte) b;
    if (assembled == 8) {
      assembled = 0;
      return assembly.clone();
    }
    return null;
  }

  @Override
  byte[] handle(byte[] request) {
    List<HidReport> out = new ArrayList<>();
    int code;
    synchronized (this) {
      int crc = crc16(request, 6);
      int sent = (request[6] & 0xFF) << 8 | (request[7] & 0xFF);
      if ((request[0] & 0xFF) != 0x33 || crc != sent) {
        code = RESPONSE_CRC_ERROR;
      } else {
        code = execute(request[1] & 0xFF, request, out);
      }
      if (code == 0) {
        code = previousCode;
      } else {
        previousCode = code;
      }
    }
    for (HidReport r : out) {
      deliver(r);
    }
    return response(code);
  }

  private int execute(int cmd, byte[] r, List<HidReport> out) {
    switch (cmd) {
      // ping, set keyboard output, set mouse output, set connected, wheel, relative move
      case 0x01, 0x03, 0x04, 0x05, 0x14, 0x15 -> {
        return RESPONSE_OK;
      }
      case 0x02 -> { // repeat the previous response
        return 0;
      }
      case 0x10 -> {
        clear(out);
        return RESPONSE_OK;
      }
      case 0x11 -> {
        key(r[2] & 0xFF, r[3] != 0, out);
        return RESPONSE_OK;
      }
      case 0x12 -> {
        x = (((short) ((r[2] & 0xFF) << 8 | (r[3] & 0xFF))) + 32768) * 1000.0 / 65535;
        y = (((short) ((r[4] & 0xFF) << 8 | (r[5] & 0xFF))) + 32768) * 1000.0 / 65535;
        out.add(new HidReport.Pointer(NormPoint.of(x, y), pressed));
        return RESPONSE_OK;
      }
      case 0x13 -> {
        if ((r[2] & 0x80) != 0) {
          pressed = (r[2] & 0x08) != 0;
          out.add(new HidReport.Pointer(NormPoint.of(x, y), pressed));
        }
        return RESPONSE_OK;
      }
      default -> {
        return RESPONSE_INVALID;
      }
    }
  }

  private void clear(List<HidReport> out) {
    if (pressed) {
      pressed = false;
      out.add(new HidReport.Pointer(NormPoint.of(x, y), false));
    }
    for (int usage : keysDown) {
      out.add(new HidReport.Keyboard(Ch9329Emulator.keyboardKey(usage), Set.of(), false));
    }
    keysDown.clear();
    modifierBits = 0;
  }

  private void key(int code, boolean down, List<HidReport> out) {
    int usage = code < USAGE_BY_CODE.length ? USAGE_BY_CODE[code] : 0;
    if (usage == 0) {
      return;
    }
    if (usage >= 0xE0 && usage <= 0xE7) {
      int bit = 1 << (usage - 0xE0);
      modifierBits = down ? modifierBits | bit : modifierBits & ~bit;
      return;
    }
    if (down ? keysDown.add(usage) : keysDown.remove(usage)) {
      out.add(new HidReport.Keyboard(Ch9329Emulator.keyboardKey(usage), modifiers(), down));
    }
  }

  private Set<Modifier> modifiers() {
    Set<Modifier> set = EnumSet.noneOf(Modifier.class);
    for (Modifier m : Modifier.values()) {
      if ((modifierBits & m.bit()) != 0 || (modifierBits & (m.bit() << 4)) != 0) {
        set.add(m);
      }
    }
    return set;
  }

  @Override
  byte[] errorReply(byte[] request, int code) {
    synchronized (this) {
      previousCode = code;
    }
    return response(code);
  }

  private static byte[] response(int code) {
    byte[] r = new byte[8];
    r[0] = 0x34;
    r[1] = (byte) code;
    if ((code & RESPONSE_OK) != 0) {
      r[2] = 0x01 | 0x08; // outputs: USB keyboard, USB absolute mouse
      r[3] = 0x01; // has USB
    }
    int crc = crc16(r, 6);
    r[6] = (byte) (crc >>> 8);
    r[7] = (byte) crc;
    return r;
  }
}
