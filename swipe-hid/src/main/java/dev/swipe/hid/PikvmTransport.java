package dev.swipe.hid;

import dev.swipe.core.ErrorCode;
import dev.swipe.core.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidRange;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.KeyReport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.core.spi.PointerReport;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The finger as a microcontroller (Arduino, Raspberry Pi Pico) running PiKVM's serial HID
 * firmware, driven over its serial port with jSerialComm.
 *
 * <p>URI: {@code pikvm:/dev/ttyACM0?baud=115200}. Options: {@code baud} (default 115200, the
 * firmware's), {@code pointer} (only {@code abs}), {@code ack_timeout_ms} (default 50, beyond the
 * wire time), {@code retries} (default 2), {@code turnaround_ms} (default 1: the firmware's and the
 * USB-serial path's latency beyond the wire time, added to the report interval the planner sees).
 *
 * <p>Every request is 8 bytes {@code 33 cmd a b c d crc16} (CRC-16/MODBUS over the first six
 * bytes, big endian) and is answered with 8 bytes: code 0x80 ok, 0x40 CRC error and 0x48 timeout
 * (the request arrived damaged or incomplete: resent), 0x45 invalid command ({@code
 * hid_rejected}). A pointer report becomes an absolute move (0x12, signed int16 X and Y) and, when
 * the finger goes down or up, a button request (0x13, left select bit 0x80 with state bit 0x08).
 * Keys use the firmware's own key codes; consumer keys (Back, Home) are not carried.
 */
public final class PikvmTransport implements HidTransport {
  static final Set<String> KEYS = Set.of("baud", "pointer", "ack_timeout_ms", "retries", "turnaround_ms");

  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
  private static final int FRAME = 8;
  private static final int CMD_PING = 0x01;
  private static final int CMD_CLEAR_HID = 0x10;
  private static final int CMD_KEY = 0x11;
  private static final int CMD_MOUSE_MOVE = 0x12;
  private static final int CMD_MOUSE_BUTTON = 0x13;
  private static final int LEFT_SELECT = 0x80;
  private static final int LEFT_STATE = 0x08;

  private final String path;
  private final long ackSlackNanos;
  private final long turnaroundNanos;
  private final int retries;
  private final SerialLink link;
  private boolean closed;
  private boolean broken;
  private int lastX = Integer.MIN_VALUE;
  private int lastY = Integer.MIN_VALUE;
  private boolean pressed;
  private final Set<Modifier> modifiersDown = EnumSet.noneOf(Modifier.class);

  private PikvmTransport(String path, SerialLink link, Duration ackTimeout, int retries, long turnaroundNanos) {
    this.path = path;
    this.turnaroundNanos = turnaroundNanos;
    this.link = link;
    this.ackSlackNanos = ackTimeout.toNanos();
    this.retries = retries;
  }

  /**
   * Opens the firmware named by a {@code pikvm:} URI: pings it, then clears every button and key.
   *
   * @throws SwipeException {@code invalid_argument} naming a bad option, {@code hid_disconnected}
   *     when the port cannot be opened, {@code hid_rejected} when the firmware does not answer
   */
  public static PikvmTransport open(DeviceUri uri) {
    uri.requireKnownKeys(KEYS);
    if (uri.path().isBlank()) {
      throw SwipeException.invalidArgument("path", "a pikvm: URI needs the serial port, e.g. pikvm:/dev/ttyACM0");
    }
    int baud = uri.intParam("baud", 115200, 1200, 4_000_000);
    uri.choice("pointer", "abs", Set.of("abs"));
    int ackTimeoutMs = uri.intParam("ack_timeout_ms", 50, 1, 5000);
    int retries = uri.intParam("retries", 2, 0, 10);
    double turnaroundMs = uri.doubleParam("turnaround_ms", 1.0, 0, 100);
    SerialLink link = SerialLink.open(uri.path(), baud);
    PikvmTransport t = new PikvmTransport(
        uri.path(), link, Duration.ofMillis(ackTimeoutMs), retries, Math.round(turnaroundMs * 1_000_000));
    try {
      try {
        t.exchange(request(CMD_PING, 0, 0, 0, 0));
      } catch (SwipeException e) {
        throw new SwipeException(
            ErrorCode.HID_REJECTED,
            "no PiKVM HID firmware answered on " + uri.path() + " at " + baud + " baud: " + e.getMessage(),
            Map.of("path", uri.path(), "baud", baud),
            e);
      }
      t.exchange(request(CMD_CLEAR_HID, 0, 0, 0, 0));
    } catch (IOException e) {
      link.close();
      throw new SwipeException(ErrorCode.HID_DISCONNECTED, "the PiKVM link on " + uri.path() + " failed: " + e.getMessage(), Map.of("path", uri.path()), e);
    } catch (RuntimeException e) {
      link.close();
      throw e;
    }
    return t;
  }

  /** One request: magic 0x33, command, four data bytes, CRC-16/MODBUS of those six, big endian. */
  static byte[] request(int cmd, int a, int b, int c, int d) {
    byte[] r = {0x33, (byte) cmd, (byte) a, (byte) b, (byte) c, (byte) d, 0, 0};
    int crc = crc16(r, 6);
    r[6] = (byte) (crc >>> 8);
    r[7] = (byte) crc;
    return r;
  }

  /** CRC-16/MODBUS: reflected polynomial 0xA001, initial value 0xFFFF, no final xor. */
  static int crc16(byte[] bytes, int length) {
    int crc = 0xFFFF;
    for (int i = 0; i < length; i++) {
      crc ^= bytes[i] & 0xFF;
      for (int bit = 0; bit < 8; bit++) {
        boolean low = (crc & 1) != 0;
        crc >>>= 1;
        if (low) {
          crc ^= 0xA001;
        }
      }
    }
    return crc & 0xFFFF;
  }

  @Override
  public synchronized HidCapabilities capabilities() {
    return HidCapabilities.builder()
        .pointerKinds(EnumSet.of(PointerKind.ABSOLUTE))
        .activePointer(PointerKind.ABSOLUTE)
        .range(HidRange.SIGNED_INT16)
        // One 8-byte request and its 8-byte response, 10 bits per byte, and the turnaround.
        .minReportInterval(Duration.ofNanos(wireNanos(2 * FRAME) + turnaroundNanos))
        .keyboard(true)
        .consumerKeys(false)
        .build();
  }

  private long wireNanos(int bytes) {
    return bytes * 10L * 1_000_000_000L / link.baud();
  }

  @Override
  public synchronized void send(HidReport report) {
    SwipeException.requireArgument(report, "report");
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the PiKVM transport on " + path + " is closed");
    }
    if (broken) {
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED, "the PiKVM link on " + path + " failed earlier; reopen the device", Map.of("path", path), null);
    }
    try {
      if (report instanceof PointerReport p) {
        sendPointer(p);
      } else {
        sendKey((KeyReport) report);
      }
    } catch (IOException e) {
      throw disconnected(e);
    }
  }

  private void sendPointer(PointerReport p) throws IOException {
    int x = HidRange.SIGNED_INT16.toLogical(p.at().x());
    int y = HidRange.SIGNED_INT16.toLogical(p.at().y());
    if (x != lastX || y != lastY || p.pressed() == pressed) {
      exchange(request(CMD_MOUSE_MOVE, x >> 8, x, y >> 8, y));
      lastX = x;
      lastY = y;
    }
    if (p.pressed() != pressed) {
      exchange(request(CMD_MOUSE_BUTTON, LEFT_SELECT | (p.pressed() ? LEFT_STATE : 0), 0, 0, 0));
      pressed = p.pressed();
    }
  }

  private void sendKey(KeyReport k) throws IOException {
    Key key = k.key();
    int code = key.page() == Key.Page.KEYBOARD ? keyCode(key.usage()) : 0;
    if (code == 0) {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "the PiKVM serial protocol has no key code for " + key.page() + " usage 0x" + Integer.toHexString(key.usage())
              + " (" + key.name() + ")",
          Map.of("key", key.name(), "usage", key.usage()),
          null);
    }
    if (k.down()) {
      for (Modifier m : k.modifiers()) {
        if (modifiersDown.add(m)) {
          exchange(request(CMD_KEY, modifierCode(m), 1, 0, 0));
        }
      }
      exchange(request(CMD_KEY, code, 1, 0, 0));
    } else {
      exchange(request(CMD_KEY, code, 0, 0, 0));
      for (Modifier m : EnumSet.copyOf(modifiersDown)) {
        if (!k.modifiers().contains(m)) {
          exchange(request(CMD_KEY, modifierCode(m), 0, 0, 0));
          modifiersDown.remove(m);
        }
      }
    }
  }

  private static int modifierCode(Modifier m) {
    switch (m) {
      case CTRL: return keyCode(0xE0);
      case SHIFT: return keyCode(0xE1);
      case ALT: return keyCode(0xE2);
      default: return keyCode(0xE3);
    }
  }

  /** The firmware's key code for a keyboard-page usage, or 0 when it has none. */
  static int keyCode(int usage) {
    if (usage >= 0x04 && usage <= 0x31) {
      return usage - 3; // letters, digits, Enter .. Backslash
    }
    if (usage >= 0x33 && usage <= 0x38) {
      return usage - 4; // Semicolon .. Slash (0x32, non-US hash, has no code)
    }
    if (usage >= 0x39 && usage <= 0x45) {
      return usage - 4; // CapsLock, F1 .. F12
    }
    if (usage == 0x46) {
      return 66; // PrintScreen
    }
    if (usage >= 0x49 && usage <= 0x52) {
      return usage - 6; // Insert .. ArrowUp
    }
    if (usage >= 0xE0 && usage <= 0xE7) {
      return usage - 147; // modifiers
    }
    if (usage >= 0x54 && usage <= 0x63) {
      return usage + 5; // keypad
    }
    switch (usage) {
      case 0x48: return 85; // Pause
      case 0x47: return 86; // ScrollLock
      case 0x53: return 87; // NumLock
      case 0x65: return 88; // ContextMenu
      case 0x66: return 105; // Power
      case 0x64: return 106; // IntlBackslash
      case 0x89: return 107; // IntlYen
      case 0x87: return 108; // IntlRo
      case 0x88: return 109; // KanaMode
      case 0x8A: return 110; // Convert
      case 0x8B: return 111; // NonConvert
      default: return 0;
    }
  }

  /** Sends a request and waits for an ok response, resending after damage or silence. */
  private void exchange(byte[] request) throws IOException {
    SwipeException last = null;
    for (int attempt = 0; attempt <= retries; attempt++) {
      try {
        exchangeOnce(request);
        return;
      } catch (SwipeException e) {
        last = e;
        if (!Boolean.TRUE.equals(e.details().get("retryable"))) {
          throw e;
        }
      }
    }
    Map<String, Object> details = new LinkedHashMap<>(last.details());
    details.remove("retryable");
    details.put("attempts", retries + 1);
    throw new SwipeException(last.code(), last.getMessage() + " (after " + (retries + 1) + " attempts)", details, last);
  }

  private void exchangeOnce(byte[] request) throws IOException {
    link.discardInput();
    link.write(request);
    long deadline = System.nanoTime() + wireNanos(2 * FRAME) + ackSlackNanos;
    byte[] response = new byte[FRAME];
    int got = 0;
    byte[] buf = new byte[FRAME];
    while (got < FRAME && System.nanoTime() < deadline) {
      int n = link.read(buf);
      int take = Math.min(n, FRAME - got);
      System.arraycopy(buf, 0, response, got, take);
      got += take;
    }
    int cmd = request[1] & 0xFF;
    if (got < FRAME) {
      throw failure(cmd, got == 0 ? "no response" : "an incomplete response", got == 0 ? "ack_timeout" : "incomplete_response", true);
    }
    if ((response[0] & 0xFF) != 0x34 || crc16(response, 6) != ((response[6] & 0xFF) << 8 | (response[7] & 0xFF))) {
      throw failure(cmd, "a corrupt response " + HEX.formatHex(response), "corrupt_response", true);
    }
    int code = response[1] & 0xFF;
    if ((code & 0x80) != 0) {
      return;
    }
    switch (code) {
      case 0x40:
        throw failure(cmd, "response 0x40 (the firmware saw a bad CRC)", "crc_error", true);
      case 0x48:
        throw failure(cmd, "response 0x48 (the firmware timed out reading the request)", "timeout", true);
      case 0x45:
        throw failure(cmd, "response 0x45 (invalid command)", "invalid_command", false);
      default:
        throw failure(cmd, String.format("unknown response code 0x%02X", code), "unknown_response", true);
    }
  }

  private static SwipeException failure(int cmd, String what, String reason, boolean retryable) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("command", String.format("0x%02X", cmd));
    details.put("reason", reason);
    details.put("retryable", retryable);
    return new SwipeException(
        ErrorCode.HID_REJECTED, "PiKVM request 0x" + String.format("%02X", cmd) + " got " + what, details, null);
  }

  private SwipeException disconnected(IOException e) {
    broken = true;
    boolean released = releaseOnce();
    return new SwipeException(
        ErrorCode.HID_DISCONNECTED,
        "the PiKVM link on " + path + " failed: " + e.getMessage() + "; a release was attempted"
            + (released ? " and sent" : " but could not be sent"),
        Map.of("path", path, "release_attempted", true, "release_sent", released),
        e);
  }

  /** One CLEAR_HID (every button and key up), without retries; never throws. */
  private boolean releaseOnce() {
    try {
      if (broken) {
        link.write(request(CMD_CLEAR_HID, 0, 0, 0, 0));
      } else {
        try {
          exchangeOnce(request(CMD_CLEAR_HID, 0, 0, 0, 0));
        } catch (SwipeException refused) {
          // written; the firmware's complaint does not make the release less attempted
        }
      }
      pressed = false;
      modifiersDown.clear();
      return true;
    } catch (IOException e) {
      broken = true;
      return false;
    }
  }

  @Override
  public synchronized void releaseAll() {
    if (!closed) {
      releaseOnce();
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    try {
      releaseOnce();
    } finally {
      closed = true;
      link.close();
    }
  }

  @Override
  public String toString() {
    return "PikvmTransport[" + path + ", " + link.baud() + " baud]";
  }
}
