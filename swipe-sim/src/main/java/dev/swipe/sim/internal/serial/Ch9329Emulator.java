package dev.swipe.sim.internal.serial;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.HidReport;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A WCH CH9329 serial-to-HID chip as its serial port sees it. Frames are {@code 57 AB addr cmd len
 * data sum} (sum: low byte of all preceding bytes); the chip answers {@code cmd|0x80} with status
 * 0x00 (or its data), or {@code cmd|0xC0} with an error status (E1 receive timeout, E2 bad head, E3
 * unknown command, E4 bad checksum, E5 bad parameter, E6 operation failed).
 *
 * <p>Emulated commands: GET_INFO 0x01, keyboard 0x02, media/ACPI keys 0x03, absolute mouse 0x04,
 * relative mouse 0x05, GET_PARA_CFG 0x08, SET_PARA_CFG 0x09 (a 50-byte block; the baud rate, bytes
 * 3..6 big endian, takes effect at the next reset), SET_DEFAULT_CFG 0x0C and RESET 0x0F. USB string
 * commands (0x0A, 0x0B) and custom HID (0x06) are answered E3.
 *
 * <p>Decoded input reaches the sink as core {@link HidReport}s: absolute positions scaled from
 * 0..4095, a relative cursor integrated from counts (clamped at the screen edges, as a phone's
 * pointer is), keyboard and consumer keys as they go down and up.
 */
public final class Ch9329Emulator extends SerialDeviceEmulator {
  /** Status byte: success. */
  public static final int STATUS_OK = 0x00;

  /** Status: a byte did not arrive in time (incomplete frame). */
  public static final int STATUS_TIMEOUT = 0xE1;

  /** Status: bad frame head. */
  public static final int STATUS_HEAD = 0xE2;

  /** Status: unknown command. */
  public static final int STATUS_COMMAND = 0xE3;

  /** Status: checksum mismatch. */
  public static final int STATUS_CHECKSUM = 0xE4;

  /** Status: bad parameter. */
  public static final int STATUS_PARAMETER = 0xE5;

  /** Status: the operation failed (e.g. USB not enumerated). */
  public static final int STATUS_OPERATION = 0xE6;

  /** Baud rates the chip can be configured to. */
  public static final Set<Integer> SUPPORTED_BAUDS =
      Set.of(1200, 2400, 4800, 9600, 14400, 19200, 38400, 57600, 115200);

  private static final int HEAD1 = 0x57;
  private static final int HEAD2 = 0xAB;
  private static final int MAX_DATA = 64;
  private static final int PARAMETER_BLOCK = 50;

  /**
   * Consumer usages by media-key bit: data byte 1 bits 0..7 (volume up/down, mute, play/pause,
   * next, previous, stop, eject), byte 2 bits 0..7 (mail, WWW search, favourites, home, back,
   * forward, stop, refresh). Byte 3 (application launch keys) is accepted but not decoded.
   */
  private static final int[] MEDIA_USAGES = {
    0x00E9, 0x00EA, 0x00E2, 0x00CD, 0x00B5, 0x00B6, 0x00B7, 0x00B8,
    0x018A, 0x0221, 0x022A, 0x0223, 0x0224, 0x0225, 0x0226, 0x0227,
  };

  private final int address;
  private final int version;
  private final double countsPerUnitX;
  private final double countsPerUnitY;
  private final @Nullable IntSupplier hostBaud;
  private final @Nullable RelativeMouse relativeMouse;
  private final boolean replyToReset;
  private final byte[] parameters = defaultParameters(9600);
  private final byte[] assembly = new byte[6 + MAX_DATA];
  private int assembled;
  private volatile int baud;
  private boolean pendingReset;
  private int resets;
  private int garbledFrames;
  private int outOfRangeCoordinates;
  private double cursorX;
  private double cursorY;
  private boolean pressed;
  private final Set<Integer> keysDown = new LinkedHashSet<>();
  private int mediaBits;

  private Ch9329Emulator(Builder b) {
    super(b.sink, b.lineTiming);
    this.address = b.address;
    this.version = b.version;
    this.countsPerUnitX = b.countsPerUnitX;
    this.countsPerUnitY = b.countsPerUnitY;
    this.hostBaud = b.hostBaud;
    this.relativeMouse = b.relativeMouse;
    this.replyToReset = b.replyToReset;
    this.baud = b.baud;
    writeBaud(parameters, b.baud);
    parameters[2] = (byte) b.address;
    this.cursorX = 0;
    this.cursorY = 0;
  }

  /** A builder; the sink receives every decoded report. */
  public static Builder builder(Consumer<HidReport> sink) {
    return new Builder(sink);
  }

  /**
   * Receives relative-mouse reports as raw counts, e.g. to drive a simulated phone's own pointer
   * (which applies its own pointer speed) instead of the emulator's calibrated cursor.
   */
  @FunctionalInterface
  public interface RelativeMouse {
    /** One relative report: signed counts and the left button. */
    void move(int dx, int dy, boolean pressed);
  }

  /**
   * Configures a {@link Ch9329Emulator}. Its parts, the host's baud and the relative mouse, are set
   * once: a second set fails with {@code invalid_argument} naming {@code host_baud} or {@code
   * relative_mouse}. The chip's settings take the last value given; a setting out of range fails
   * with {@code invalid_argument} naming it.
   */
  public static final class Builder {
    private final Consumer<HidReport> sink;
    private int address = 0x00;
    private int baud = 9600;
    private int version = 0x30;
    private boolean lineTiming;
    private double countsPerUnitX = 1.0;
    private double countsPerUnitY = 1.0;
    private @Nullable IntSupplier hostBaud;
    private @Nullable RelativeMouse relativeMouse;
    private boolean replyToReset = true;

    private Builder(Consumer<HidReport> sink) {
      this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** The chip's serial address (default 0x00). */
    public Builder address(int address) {
      if (address < 0 || address > 0xFE) {
        throw SwipeException.invalidArgument("address", "must be in [0, 0xFE], was " + address);
      }
      this.address = address;
      return this;
    }

    /** The baud rate the chip starts at (default 9600, the factory setting). */
    public Builder baud(int baud) {
      if (!SUPPORTED_BAUDS.contains(baud)) {
        throw SwipeException.invalidArgument(
            "baud", "must be one of " + SUPPORTED_BAUDS + ", was " + baud);
      }
      this.baud = baud;
      return this;
    }

    /** The version byte GET_INFO reports (default 0x30, "V1.0"). */
    public Builder version(int version) {
      this.version = version & 0xFF;
      return this;
    }

    /** Keep a real UART's pace at the current baud (default off: answer at once). */
    public Builder lineTiming(boolean enabled) {
      this.lineTiming = enabled;
      return this;
    }

    /**
     * How many relative-mouse counts move the phone's pointer by one normalized unit, per axis
     * (default 1.0): the phone's pointer speed as the relative mode's calibration sees it.
     */
    public Builder countsPerUnit(double x, double y) {
      if (!(x > 0) || !(y > 0)) {
        throw SwipeException.invalidArgument(
            "counts_per_unit", "must be positive, was " + x + ", " + y);
      }
      this.countsPerUnitX = x;
      this.countsPerUnitY = y;
      return this;
    }

    /**
     * Reports the host side's configured baud (0 when unknown). When it differs from the chip's,
     * the chip receives garbage, as a real UART would, and answers nothing.
     */
    public Builder hostBaud(IntSupplier hostBaud) {
      SwipeException.requireArgument(hostBaud, "host_baud");
      SwipeException.requireNotSet(this.hostBaud != null, "host_baud");
      this.hostBaud = hostBaud;
      return this;
    }

    /** Also hands every relative report's raw counts to {@code mouse} (after the sink). */
    public Builder relativeMouse(RelativeMouse mouse) {
      SwipeException.requireArgument(mouse, "relative_mouse");
      SwipeException.requireNotSet(this.relativeMouse != null, "relative_mouse");
      this.relativeMouse = mouse;
      return this;
    }

    /**
     * Whether RESET is acknowledged before the chip restarts (default true); false emulates a chip
     * that restarts without a word.
     */
    public Builder replyToReset(boolean reply) {
      this.replyToReset = reply;
      return this;
    }

    /** Builds the emulator (not yet serving). */
    public Ch9329Emulator build() {
      return new Ch9329Emulator(this);
    }
  }

  /** The baud rate the chip currently talks at. */
  @Override
  public int baud() {
    return baud;
  }

  /** How many RESET commands the chip executed. */
  public synchronized int resets() {
    return resets;
  }

  /** Frames dropped because the host talked at another baud rate. */
  public synchronized int garbledFrames() {
    return garbledFrames;
  }

  /**
   * Absolute reports whose coordinates exceeded 4095 (a transport that wraps or fails to clamp).
   */
  public synchronized int outOfRangeCoordinates() {
    return outOfRangeCoordinates;
  }

  /** A copy of the 50-byte parameter block. */
  public synchronized byte[] parameters() {
    return parameters.clone();
  }

  /** The pointer as the phone sees it (normalized), and whether the button is down. */
  public synchronized HidReport.Pointer pointer() {
    return new HidReport.Pointer(NormPoint.of(cursorX, cursorY), pressed);
  }

  @Override
  byte @Nullable [] assemble(int b) {
    if (assembled == 0 && b != HEAD1) {
      return null;
    }
    if (assembled == 1 && b != HEAD2) {
      assembled = b == HEAD1 ? 1 : 0;
      return null;
    }
    assembly[assembled++] = (byte) b;
    if (assembled == 5 && (assembly[4] & 0xFF) > MAX_DATA) {
      assembled = 0;
      return null;
    }
    if (assembled >= 5 && assembled == 6 + (assembly[4] & 0xFF)) {
      byte[] frame = java.util.Arrays.copyOf(assembly, assembled);
      assembled = 0;
      return frame;
    }
    return null;
  }

  @Override
  byte @Nullable [] handle(byte[] frame) {
    List<HidReport> out = new ArrayList<>();
    byte[] reply;
    synchronized (this) {
      if (hostBaud != null) {
        int host = hostBaud.getAsInt();
        if (host != 0 && host != baud) {
          garbledFrames++;
          return null;
        }
      }
      int addr = frame[2] & 0xFF;
      if (addr != address) {
        return null;
      }
      int cmd = frame[3] & 0xFF;
      int len = frame[4] & 0xFF;
      int sum = 0;
      for (int i = 0; i < frame.length - 1; i++) {
        sum += frame[i] & 0xFF;
      }
      if ((sum & 0xFF) != (frame[frame.length - 1] & 0xFF)) {
        return status(cmd, STATUS_CHECKSUM);
      }
      byte[] data = java.util.Arrays.copyOfRange(frame, 5, 5 + len);
      reply = execute(cmd, data, out);
    }
    for (HidReport r : out) {
      deliver(r);
    }
    if (relativeMouse != null
        && reply != null
        && (frame[3] & 0xFF) == 0x05
        && (reply[3] & 0xFF) == 0x85) {
      try {
        relativeMouse.move(frame[7], frame[8], (frame[6] & 0x01) != 0);
      } catch (RuntimeException e) {
        recordSinkFailure(e);
      }
    }
    return reply;
  }

  private byte[] execute(int cmd, byte[] data, List<HidReport> out) {
    switch (cmd) {
      case 0x01 -> {
        if (data.length != 0) {
          return status(cmd, STATUS_PARAMETER);
        }
        return reply(cmd, new byte[] {(byte) version, 0x01, 0x00, 0, 0, 0, 0, 0});
      }
      case 0x02 -> {
        if (data.length != 8) {
          return status(cmd, STATUS_PARAMETER);
        }
        keyboard(data, out);
        return status(cmd, STATUS_OK);
      }
      case 0x03 -> {
        if (data.length == 4 && data[0] == 0x02) {
          media(data, out);
          return status(cmd, STATUS_OK);
        }
        if (data.length == 2 && data[0] == 0x01) {
          return status(cmd, STATUS_OK); // ACPI power/sleep/wake: accepted, no phone input
        }
        return status(cmd, STATUS_PARAMETER);
      }
      case 0x04 -> {
        if (data.length != 7 || data[0] != 0x02) {
          return status(cmd, STATUS_PARAMETER);
        }
        absolute(data, out);
        return status(cmd, STATUS_OK);
      }
      case 0x05 -> {
        if (data.length != 5 || data[0] != 0x01) {
          return status(cmd, STATUS_PARAMETER);
        }
        relative(data, out);
        return status(cmd, STATUS_OK);
      }
      case 0x08 -> {
        if (data.length != 0) {
          return status(cmd, STATUS_PARAMETER);
        }
        return reply(cmd, parameters.clone());
      }
      case 0x09 -> {
        if (data.length != PARAMETER_BLOCK || !SUPPORTED_BAUDS.contains(readBaud(data))) {
          return status(cmd, STATUS_PARAMETER);
        }
        System.arraycopy(data, 0, parameters, 0, PARAMETER_BLOCK);
        return status(cmd, STATUS_OK);
      }
      case 0x0C -> {
        byte[] defaults = defaultParameters(9600);
        System.arraycopy(defaults, 0, parameters, 0, PARAMETER_BLOCK);
        return status(cmd, STATUS_OK);
      }
      case 0x0F -> {
        pendingReset = true;
        return replyToReset ? status(cmd, STATUS_OK) : new byte[0];
      }
      default -> {
        return status(cmd, STATUS_COMMAND);
      }
    }
  }

  @Override
  void afterReply(byte[] frame) {
    List<HidReport> out = new ArrayList<>();
    synchronized (this) {
      if (!pendingReset) {
        return;
      }
      pendingReset = false;
      resets++;
      baud = readBaud(parameters);
      // A reset chip re-enumerates: the phone sees every button and key released.
      if (pressed) {
        pressed = false;
        out.add(new HidReport.Pointer(NormPoint.of(cursorX, cursorY), false));
      }
      for (int usage : keysDown) {
        out.add(new HidReport.Keyboard(keyboardKey(usage), Set.of(), false));
      }
      keysDown.clear();
      for (int bit = 0; bit < MEDIA_USAGES.length; bit++) {
        if ((mediaBits & (1 << bit)) != 0 && MEDIA_USAGES[bit] != 0) {
          out.add(new HidReport.Keyboard(consumerKey(MEDIA_USAGES[bit]), Set.of(), false));
        }
      }
      mediaBits = 0;
    }
    for (HidReport r : out) {
      deliver(r);
    }
  }

  private void absolute(byte[] d, List<HidReport> out) {
    int x = (d[2] & 0xFF) | (d[3] & 0xFF) << 8;
    int y = (d[4] & 0xFF) | (d[5] & 0xFF) << 8;
    if (x > 4095 || y > 4095) {
      outOfRangeCoordinates++;
    }
    cursorX = Math.min(x, 4095) * 1000.0 / 4095;
    cursorY = Math.min(y, 4095) * 1000.0 / 4095;
    pressed = (d[1] & 0x01) != 0;
    out.add(new HidReport.Pointer(NormPoint.of(cursorX, cursorY), pressed));
  }

  private void relative(byte[] d, List<HidReport> out) {
    int dx = d[2]; // signed
    int dy = d[3];
    cursorX = Math.max(0, Math.min(1000, cursorX + dx / countsPerUnitX));
    cursorY = Math.max(0, Math.min(1000, cursorY + dy / countsPerUnitY));
    pressed = (d[1] & 0x01) != 0;
    out.add(new HidReport.Pointer(NormPoint.of(cursorX, cursorY), pressed));
  }

  private void keyboard(byte[] d, List<HidReport> out) {
    int mods = d[0] & 0xFF;
    Set<Integer> now = new LinkedHashSet<>();
    for (int i = 2; i < 8; i++) {
      int usage = d[i] & 0xFF;
      if (usage != 0) {
        now.add(usage);
      }
    }
    Set<Modifier> modifiers = modifiers(mods);
    for (int usage : keysDown) {
      if (!now.contains(usage)) {
        out.add(new HidReport.Keyboard(keyboardKey(usage), modifiers, false));
      }
    }
    for (int usage : now) {
      if (!keysDown.contains(usage)) {
        out.add(new HidReport.Keyboard(keyboardKey(usage), modifiers, true));
      }
    }
    keysDown.clear();
    keysDown.addAll(now);
  }

  private void media(byte[] d, List<HidReport> out) {
    int bits = (d[1] & 0xFF) | (d[2] & 0xFF) << 8 | (d[3] & 0xFF) << 16;
    for (int bit = 0; bit < MEDIA_USAGES.length; bit++) {
      int mask = 1 << bit;
      if ((bits & mask) != (mediaBits & mask) && MEDIA_USAGES[bit] != 0) {
        out.add(
            new HidReport.Keyboard(consumerKey(MEDIA_USAGES[bit]), Set.of(), (bits & mask) != 0));
      }
    }
    mediaBits = bits;
  }

  private static Set<Modifier> modifiers(int bits) {
    Set<Modifier> set = EnumSet.noneOf(Modifier.class);
    for (Modifier m : Modifier.values()) {
      // Left modifiers in bits 0..3, right ones in bits 4..7: both count.
      if ((bits & m.bit()) != 0 || (bits & (m.bit() << 4)) != 0) {
        set.add(m);
      }
    }
    return set;
  }

  static Key keyboardKey(int usage) {
    for (Key k :
        List.of(
            Key.ENTER,
            Key.ESCAPE,
            Key.BACKSPACE,
            Key.TAB,
            Key.SPACE,
            Key.RIGHT,
            Key.LEFT,
            Key.DOWN,
            Key.UP)) {
      if (k.usage() == usage) {
        return k;
      }
    }
    return Key.keyboard(usage, String.format("usage_0x%02x", usage));
  }

  static Key consumerKey(int usage) {
    for (Key k : List.of(Key.HOME, Key.BACK, Key.VOLUME_UP, Key.VOLUME_DOWN)) {
      if (k.usage() == usage) {
        return k;
      }
    }
    return Key.consumer(usage, String.format("consumer_0x%04x", usage));
  }

  private byte[] status(int cmd, int status) {
    int replyCmd = status == STATUS_OK ? cmd | 0x80 : cmd | 0xC0;
    return frame(replyCmd, new byte[] {(byte) status});
  }

  private byte[] reply(int cmd, byte[] data) {
    return frame(cmd | 0x80, data);
  }

  @Override
  byte[] errorReply(byte[] frame, int code) {
    return status(frame[3] & 0xFF, code);
  }

  private byte[] frame(int cmd, byte[] data) {
    byte[] f = new byte[6 + data.length];
    f[0] = (byte) HEAD1;
    f[1] = (byte) HEAD2;
    f[2] = (byte) address;
    f[3] = (byte) cmd;
    f[4] = (byte) data.length;
    System.arraycopy(data, 0, f, 5, data.length);
    int sum = 0;
    for (int i = 0; i < f.length - 1; i++) {
      sum += f[i] & 0xFF;
    }
    f[f.length - 1] = (byte) sum;
    return f;
  }

  /**
   * The chip's parameter block at factory settings with the given baud: mode bytes, address, baud
   * (bytes 3..6, big endian), packet interval, USB VID 0x1A86 / PID 0xE129 (little endian),
   * keyboard timing, and reserved zeros.
   */
  static byte[] defaultParameters(int baud) {
    byte[] p = new byte[PARAMETER_BLOCK];
    p[0] = (byte) 0x80; // work mode: set by the MODE pins (software mode 0: keyboard + mice)
    p[1] = (byte) 0x80; // serial mode: set by the CFG pins (protocol mode)
    p[2] = 0x00; // address
    writeBaud(p, baud);
    p[9] = 0x00;
    p[10] = 0x03; // packet end interval, ms
    p[11] = (byte) 0x86;
    p[12] = 0x1A; // VID 0x1A86
    p[13] = 0x29;
    p[14] = (byte) 0xE1; // PID 0xE129
    p[15] = 0x00;
    p[16] = 0x00; // keyboard upload interval
    p[17] = 0x00;
    p[18] = 0x01; // keyboard release delay
    p[20] = 0x0D; // auto-enter character
    return p;
  }

  static int readBaud(byte[] block) {
    return (block[3] & 0xFF) << 24
        | (block[4] & 0xFF) << 16
        | (block[5] & 0xFF) << 8
        | (block[6] & 0xFF);
  }

  private static void writeBaud(byte[] block, int baud) {
    block[3] = (byte) (baud >>> 24);
    block[4] = (byte) (baud >>> 16);
    block[5] = (byte) (baud >>> 8);
    block[6] = (byte) baud;
  }
}
