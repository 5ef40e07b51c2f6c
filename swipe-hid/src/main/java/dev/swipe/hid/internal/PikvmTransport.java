package dev.swipe.hid.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The finger as a microcontroller (Arduino, Raspberry Pi Pico) running PiKVM's serial HID firmware,
 * driven over its serial port with jSerialComm.
 *
 * <p>URI: {@code pikvm:/dev/ttyACM0?baud=115200}. Options: {@code baud} (default 115200, the
 * firmware's), {@code pointer} (only {@code abs}), {@code ack_timeout_ms} (default 50, beyond the
 * wire time), {@code sync_timeout_ms} (default 1000: how long firmware that missed that timeout may
 * take to show what it did with the request), {@code retries} (default 2), {@code turnaround_ms}
 * (default 1: the firmware's and the USB-serial path's latency beyond the wire time, added to the
 * report interval the planner sees).
 *
 * <p>Every request is 8 bytes {@code 33 cmd a b c d crc16} (CRC-16/MODBUS over the first six bytes,
 * big endian) and is answered with 8 bytes: code 0x80 ok, 0x40 CRC error and 0x48 timeout (the
 * request arrived damaged or incomplete: resent), 0x45 invalid command ({@code hid_rejected}). A
 * pointer report becomes an absolute move (0x12, signed int16 X and Y) and, when the finger goes
 * down or up, a button request (0x13, left select bit 0x80 with state bit 0x08). Keys use the
 * firmware's own key codes; consumer keys (Back, Home) are not carried.
 *
 * <p>Responses carry neither the command nor a sequence number, so they are matched to requests in
 * order; a late or duplicated response is never taken for a newer request's, and a response stream
 * broken by line noise is re-synchronized on the magic byte and the CRC. When a response misses its
 * timeout, a request with a command the firmware does not know (answered 0x45 without acting) is
 * queued behind it to learn whether the firmware took the request late or never read it; every
 * request carries a whole state (position, button, key), so one the firmware did not take, or whose
 * response was damaged, can be resent. The request that ends a gesture (the button or the last key
 * released) returns only after a probe behind it was answered. {@link #linkHealth()} counts the
 * faults met on the way; errors carry them in {@code link_faults}.
 */
public final class PikvmTransport implements HidTransport {
  static final Set<String> KEYS =
      Set.of("baud", "pointer", "ack_timeout_ms", "sync_timeout_ms", "retries", "turnaround_ms");

  private static final int FRAME = 8;
  private static final int CMD_PING = 0x01;
  private static final int CMD_CLEAR_HID = 0x10;
  private static final int CMD_KEY = 0x11;
  private static final int CMD_MOUSE_MOVE = 0x12;
  private static final int CMD_MOUSE_BUTTON = 0x13;

  /** A command no firmware defines: answered 0x45 (invalid command) without acting. */
  private static final int CMD_PROBE = 0x7F;

  private static final int LEFT_SELECT = 0x80;
  private static final int LEFT_STATE = 0x08;
  private static final int MAGIC_RESPONSE = 0x34;
  private static final int RESPONSE_INVALID = 0x45;

  /** Matching keys: a response to a report request, or to the probe. */
  private static final int KEY_REPORT = 0;

  private static final int KEY_PROBE = 1;

  private final String path;
  private final long ackSlackNanos;
  private final long turnaroundNanos;
  private final int retries;
  private final SerialLink link;
  private final LinkFaults faults = new LinkFaults();
  private final AckedLink wire;
  private boolean closed;
  private boolean broken;
  private int lastX = Integer.MIN_VALUE;
  private int lastY = Integer.MIN_VALUE;
  private boolean pressed;
  private final Set<Modifier> modifiersDown = EnumSet.noneOf(Modifier.class);
  private final Set<Integer> keysDown = new HashSet<>();

  private PikvmTransport(
      String path,
      SerialLink link,
      Duration ackTimeout,
      Duration syncTimeout,
      int retries,
      long turnaroundNanos) {
    this.path = path;
    this.turnaroundNanos = turnaroundNanos;
    this.link = link;
    this.ackSlackNanos = ackTimeout.toNanos();
    this.retries = retries;
    this.wire = new AckedLink(link, new Responses(), faults, syncTimeout.toNanos());
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
      throw SwipeException.invalidArgument(
          "path", "a pikvm: URI needs the serial port, e.g. pikvm:/dev/ttyACM0");
    }
    int baud = uri.intParam("baud", 115200, 1200, 4_000_000);
    uri.choice("pointer", "abs", Set.of("abs"));
    int ackTimeoutMs = uri.intParam("ack_timeout_ms", 50, 1, 5000);
    int syncTimeoutMs = uri.intParam("sync_timeout_ms", 1000, 1, 10_000);
    int retries = uri.intParam("retries", 2, 0, 10);
    double turnaroundMs = uri.doubleParam("turnaround_ms", 1.0, 0, 100);
    SerialLink link = SerialLink.open(uri.path(), baud);
    PikvmTransport t =
        new PikvmTransport(
            uri.path(),
            link,
            Duration.ofMillis(ackTimeoutMs),
            Duration.ofMillis(syncTimeoutMs),
            retries,
            Math.round(turnaroundMs * 1_000_000));
    try {
      try {
        t.exchange(request(CMD_PING, 0, 0, 0, 0));
      } catch (SwipeException e) {
        throw new SwipeException(
            ErrorCode.HID_REJECTED,
            "no PiKVM HID firmware answered on "
                + uri.path()
                + " at "
                + baud
                + " baud: "
                + e.getMessage(),
            Map.of("path", uri.path(), "baud", baud),
            e);
      }
      t.exchange(request(CMD_CLEAR_HID, 0, 0, 0, 0));
    } catch (IOException e) {
      link.close();
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED,
          "the PiKVM link on " + uri.path() + " failed: " + e.getMessage(),
          Map.of("path", uri.path()),
          e);
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

  /**
   * What the link has been through since it was opened: requests the firmware confirmed, and the
   * faults met on the way (late, stale, damaged or missing responses, resends).
   */
  public synchronized LinkHealth linkHealth() {
    return faults.snapshot();
  }

  @Override
  public synchronized HidCapabilities capabilities() {
    return HidCapabilities.builder()
        .pointerKinds(EnumSet.of(PointerKind.ABSOLUTE))
        .activePointer(PointerKind.ABSOLUTE)
        .range(HidCapabilities.Range.SIGNED_INT16)
        // One 8-byte request and its 8-byte response, 10 bits per byte, and the turnaround.
        .minReportInterval(Duration.ofNanos(wireNanos(2 * FRAME) + turnaroundNanos))
        .keyboard(true)
        .consumerKeys(false)
        .rig(true) // a real phone, which may ignore the input
        .build();
  }

  private long wireNanos(int bytes) {
    return bytes * 10L * 1_000_000_000L / link.baud();
  }

  @Override
  public synchronized void send(HidReport report) {
    if (report instanceof HidReport.Touch t) {
      throw MultiTouchRefusal.of("pikvm:", t);
    }
    SwipeException.requireArgument(report, "report");
    if (closed) {
      throw new SwipeException(
          ErrorCode.DEVICE_CLOSED, "the PiKVM transport on " + path + " is closed");
    }
    if (broken) {
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED,
          "the PiKVM link on " + path + " failed earlier; reopen the device",
          Map.of("path", path),
          null);
    }
    try {
      if (report instanceof HidReport.Pointer p) {
        sendPointer(p);
      } else {
        sendKey((HidReport.Keyboard) report);
      }
    } catch (IOException e) {
      throw disconnected(e);
    }
  }

  private void sendPointer(HidReport.Pointer p) throws IOException {
    int x = HidCapabilities.Range.SIGNED_INT16.toLogical(p.at().x());
    int y = HidCapabilities.Range.SIGNED_INT16.toLogical(p.at().y());
    if (x != lastX || y != lastY || p.pressed() == pressed) {
      exchange(request(CMD_MOUSE_MOVE, x >> 8, x, y >> 8, y));
      lastX = x;
      lastY = y;
    }
    if (p.pressed() != pressed) {
      AckedLink.Request r =
          exchange(
              request(CMD_MOUSE_BUTTON, LEFT_SELECT | (p.pressed() ? LEFT_STATE : 0), 0, 0, 0));
      pressed = p.pressed();
      if (!pressed) {
        confirmConsumed(r);
      }
    }
  }

  private void sendKey(HidReport.Keyboard k) throws IOException {
    Key key = k.key();
    int code = key.page() == Key.Page.KEYBOARD ? keyCode(key.usage()) : 0;
    if (code == 0) {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "the PiKVM serial protocol has no key code for "
              + key.page()
              + " usage 0x"
              + Integer.toHexString(key.usage())
              + " ("
              + key.name()
              + ")",
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
      keysDown.add(code);
    } else {
      AckedLink.Request last = exchange(request(CMD_KEY, code, 0, 0, 0));
      keysDown.remove(code);
      for (Modifier m : EnumSet.copyOf(modifiersDown)) {
        if (!k.modifiers().contains(m)) {
          last = exchange(request(CMD_KEY, modifierCode(m), 0, 0, 0));
          modifiersDown.remove(m);
        }
      }
      if (keysDown.isEmpty() && modifiersDown.isEmpty()) {
        confirmConsumed(last);
      }
    }
  }

  private static int modifierCode(Modifier m) {
    return switch (m) {
      case CTRL -> keyCode(0xE0);
      case SHIFT -> keyCode(0xE1);
      case ALT -> keyCode(0xE2);
      default -> keyCode(0xE3);
    };
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
    return switch (usage) {
      case 0x48 -> 85; // Pause
      case 0x47 -> 86; // ScrollLock
      case 0x53 -> 87; // NumLock
      case 0x65 -> 88; // ContextMenu
      case 0x66 -> 105; // Power
      case 0x64 -> 106; // IntlBackslash
      case 0x89 -> 107; // IntlYen
      case 0x87 -> 108; // IntlRo
      case 0x88 -> 109; // KanaMode
      case 0x8A -> 110; // Convert
      case 0x8B -> 111; // NonConvert
      default -> 0;
    };
  }

  /**
   * Sends a request and waits for its response. When none comes in time, finds out what the
   * firmware did with the request before anything else: answered late (it stands), refused it, or
   * never read it. Every request carries a whole state, so one the firmware did not take (a CRC or
   * timeout response, a request it never read, a damaged response) is resent, up to the bound.
   */
  private AckedLink.Request exchange(byte[] request) throws IOException {
    int cmd = request[1] & 0xFF;
    settleBacklog();
    long wait = wireNanos(2 * FRAME) + ackSlackNanos;
    SwipeException last = null;
    for (int attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        faults.count(LinkFaults.RESEND);
      }
      wire.drain();
      AckedLink.Request r = wire.send(KEY_REPORT, request);
      long deadline = r.writtenAt + wait;
      wire.await(() -> r.resolved() || wire.noiseSince(r), deadline);
      if (!r.resolved() && !wire.sync(r)) {
        faults.count(LinkFaults.NO_REPLY);
        boolean noise = wire.noiseSince(r);
        throw withAttempts(
            failure(
                cmd,
                noise ? "only corrupt responses" : "no response",
                noise ? "corrupt_response" : "ack_timeout",
                true),
            attempt + 1);
      }
      if (r.ok()) {
        if (r.answeredAt() - deadline > 0) {
          faults.count(LinkFaults.LATE_ACK);
        }
        faults.confirmed();
        return r;
      }
      if (r.refusal() > 0) {
        faults.count(LinkFaults.REFUSED);
        last = refusal(cmd, r.refusal());
        if (!Boolean.TRUE.equals(last.details().get("retryable"))) {
          throw last;
        }
        continue;
      }
      last =
          r.uncertain()
              ? failure(cmd, "a corrupt response", "corrupt_response", true)
              : failure(
                  cmd, "no response (the firmware answered a later request)", "lost_frame", true);
    }
    // retries is at least zero, and each attempt that did not return or throw set last
    throw withAttempts(Objects.requireNonNull(last, "the last attempt's failure"), retries + 1);
  }

  /**
   * Before a new request: if an earlier failure left requests unanswered, waits until the firmware
   * has finished with them, so their late responses cannot be taken for the new request's.
   */
  private void settleBacklog() throws IOException {
    wire.drain();
    if (!wire.settle()) {
      faults.count(LinkFaults.NO_REPLY);
      throw failure(-1, "no response to earlier requests, nor now", "ack_timeout", false);
    }
  }

  /**
   * Waits until the firmware has answered a probe queued behind everything written so far, so it
   * has consumed the request that ends a gesture; fails if the last response to a report (in order,
   * that request's true answer) was a refusal.
   */
  private void confirmConsumed(AckedLink.Request last) throws IOException {
    if (!wire.barrier(last)) {
      faults.count(LinkFaults.NO_REPLY);
      throw failure(
          -1,
          "no confirmation that the firmware consumed the request that ends the gesture",
          "release_unconfirmed",
          false);
    }
  }

  private SwipeException refusal(int cmd, int code) {
    return switch (code) {
      case 0x40 -> failure(cmd, "response 0x40 (the firmware saw a bad CRC)", "crc_error", true);
      case 0x48 ->
          failure(
              cmd, "response 0x48 (the firmware timed out reading the request)", "timeout", true);
      case RESPONSE_INVALID ->
          failure(cmd, "response 0x45 (invalid command)", "invalid_command", false);
      default ->
          failure(
              cmd, String.format("unknown response code 0x%02X", code), "unknown_response", true);
    };
  }

  private SwipeException failure(int cmd, String what, String reason, boolean retryable) {
    Map<String, Object> details = new LinkedHashMap<>();
    if (cmd >= 0) {
      details.put("command", String.format("0x%02X", cmd));
    }
    details.put("reason", reason);
    details.put("retryable", retryable);
    details.put("link_faults", faults.details());
    String request =
        cmd >= 0 ? "PiKVM request 0x" + String.format("%02X", cmd) : "PiKVM firmware on " + path;
    return new SwipeException(ErrorCode.HID_REJECTED, request + " got " + what, details, null);
  }

  private SwipeException withAttempts(SwipeException last, int attempts) {
    Map<String, Object> details = new LinkedHashMap<>(last.details());
    details.remove("retryable");
    details.put("attempts", attempts);
    details.put("link_faults", faults.details());
    return new SwipeException(
        last.code(),
        last.getMessage() + " (after " + attempts + " attempt" + (attempts == 1 ? "" : "s") + ")",
        details,
        last);
  }

  private SwipeException disconnected(IOException e) {
    broken = true;
    boolean released = releaseOnce();
    return new SwipeException(
        ErrorCode.HID_DISCONNECTED,
        "the PiKVM link on "
            + path
            + " failed: "
            + e.getMessage()
            + "; a release was attempted"
            + (released ? " and sent" : " but could not be sent"),
        Map.of(
            "path",
            path,
            "release_attempted",
            true,
            "release_sent",
            released,
            "link_faults",
            faults.details()),
        e);
  }

  /**
   * One CLEAR_HID (every button and key up), without resends or sync (a dead firmware must not
   * stall the release); never throws.
   */
  private boolean releaseOnce() {
    try {
      byte[] clear = request(CMD_CLEAR_HID, 0, 0, 0, 0);
      if (broken) {
        link.write(clear);
      } else {
        wire.drain();
        AckedLink.Request r = wire.send(KEY_REPORT, clear);
        wire.await(r::resolved, r.writtenAt + wireNanos(2 * FRAME) + ackSlackNanos);
      }
      pressed = false;
      modifiersDown.clear();
      keysDown.clear();
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

  /**
   * How PiKVM responses look to the matcher: eight bytes {@code 34 code o1 o2 00 00 crc16}, found
   * in the byte stream by the magic byte and a valid CRC (so noise or a torn response costs at most
   * the bytes it spans); 0x45 answers the probe unless none is waiting, an error answers a report
   * unless none is waiting.
   */
  private static final class Responses implements AckedLink.Protocol {
    private final byte[] window = new byte[FRAME];
    private int len;
    private boolean inNoise;

    @Override
    public byte[] probe() {
      return request(CMD_PROBE, 0, 0, 0, 0);
    }

    @Override
    public int probeKey() {
      return KEY_PROBE;
    }

    @Override
    public int probeRoundTripBytes() {
      return 2 * FRAME;
    }

    @Override
    public void feed(byte[] buf, int n, AckedLink.Replies replies) {
      for (int i = 0; i < n; i++) {
        window[len++] = buf[i];
        if ((window[0] & 0xFF) != MAGIC_RESPONSE) {
          skip(1, replies);
        } else if (len == FRAME) {
          if (crc16(window, 6) == ((window[6] & 0xFF) << 8 | (window[7] & 0xFF))) {
            len = 0;
            inNoise = false;
            int code = window[1] & 0xFF;
            byte[] data = Arrays.copyOfRange(window, 2, 4);
            if ((code & 0x80) != 0) {
              replies.reply(KEY_REPORT, 0, data);
            } else if (code == RESPONSE_INVALID) {
              replies.reply(KEY_PROBE, KEY_REPORT, code, data);
            } else {
              // A CRC or timeout error answers a damaged report, or a damaged probe.
              replies.reply(KEY_REPORT, KEY_PROBE, code, data);
            }
          } else {
            skip(1, replies);
          }
        }
      }
    }

    /** Drops the first bytes of the window and looks for the magic byte in the rest. */
    private void skip(int count, AckedLink.Replies replies) {
      if (!inNoise) {
        inNoise = true;
        replies.noise();
      }
      System.arraycopy(window, count, window, 0, len - count);
      len -= count;
      while (len > 0 && (window[0] & 0xFF) != MAGIC_RESPONSE) {
        System.arraycopy(window, 1, window, 0, len - 1);
        len--;
      }
    }
  }
}
