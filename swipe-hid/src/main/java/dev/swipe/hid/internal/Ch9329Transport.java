package dev.swipe.hid.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.Modifier;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.core.spi.RelativePointing;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The finger as a WCH CH9329 serial-to-HID chip (the heart of many USB KVM cables), driven over a
 * serial port with jSerialComm.
 *
 * <p>URI: {@code ch9329:/dev/ttyUSB0?baud=9600&pointer=abs&ack=true}. Options:
 *
 * <ul>
 *   <li>{@code baud} (default 9600, the factory setting): the chip's current baud rate;
 *   <li>{@code set_baud}: change the chip's baud rate at open (parameter block, reset, reopen);
 *   <li>{@code pointer} {@code abs} (absolute mouse, 0..4095) or {@code rel} (relative mouse with
 *       dead reckoning, for Android, which ignores an absolute mouse);
 *   <li>{@code counts_per_unit}, {@code counts_per_unit_x}, {@code counts_per_unit_y} (rel only,
 *       default 1): relative counts per normalized unit, the calibration factor;
 *   <li>{@code home} (rel only) {@code press} (default: push the pointer into the top-left corner
 *       before every press, from its believed position plus a quarter screen, so drift never
 *       accumulates) or {@code once} (only at first use and after an uncertain outcome);
 *   <li>{@code steer} (rel only) {@code frames} (default: the device finds the pointer the phone
 *       draws, learns its gain and anchors each press there, so neither homing nor the factor is
 *       used while the pointer is seen; a phone that draws none falls back to them) or {@code
 *       counts} (dead reckoning only);
 *   <li>{@code ack} (default true): wait for the chip's reply to every report; without it only the
 *       report that ends a gesture (the finger lifted, the last key released) is waited for;
 *   <li>{@code ack_timeout_ms} (default 50): how long a reply may take beyond its wire time;
 *   <li>{@code sync_timeout_ms} (default 1000): how long a chip that missed that timeout may take
 *       to show what it did with the report (see below);
 *   <li>{@code retries} (default 2): resends of a report the chip provably did not act on (it never
 *       read it, or answered E1, E2 or E4), or of an absolute or key report whose reply was
 *       damaged;
 *   <li>{@code addr} (default 0): the chip's serial address;
 *   <li>{@code turnaround_ms} (default 1): time beyond the wire time that an acknowledged report
 *       takes (the chip's processing, the USB-serial adapter's and the OS's latency), added to the
 *       report interval the planner sees.
 * </ul>
 *
 * <p>The link's report rate is what the baud carries: a 13-byte absolute frame plus its 7-byte
 * reply is 200 bits, 20.8 ms at 9600 baud and 1.74 ms at 115200, plus the turnaround, so the
 * planner merges steps that come faster ({@link HidCapabilities#minReportInterval()}).
 *
 * <p>Acknowledgements are matched to the frames they answer by command and order (the chip answers
 * in order, without sequence numbers), so a late or duplicated reply is never taken for a newer
 * report's. A report whose reply misses its timeout is not resent blindly: a GET_INFO request
 * queued behind it shows whether the chip took it (late: counted, and the report stands), refused
 * it, or never read it (then it is resent, even a relative one). A report whose reply arrived
 * damaged is resent only when sending it twice changes nothing (absolute position, key state); a
 * relative move is not, so that case fails and the next press homes again. The report that ends a
 * gesture returns only after a GET_INFO behind it was answered, so the chip has consumed it; {@link
 * #linkHealth()} counts every fault met on the way.
 *
 * <p>Errors: a failed write or a hung-up port is {@code hid_disconnected} (a release is attempted
 * first); an error status, or no answer within the acknowledgement and sync timeouts, is {@code
 * hid_rejected} (the device then releases the pointer). Both carry the link's fault counts in their
 * details ({@code link_faults}).
 */
public final class Ch9329Transport implements HidTransport {
  /** Baud rates the chip supports. */
  public static final Set<Integer> SUPPORTED_BAUDS =
      Set.of(1200, 2400, 4800, 9600, 14400, 19200, 38400, 57600, 115200);

  static final Set<String> KEYS =
      Set.of(
          "baud",
          "set_baud",
          "pointer",
          "counts_per_unit",
          "counts_per_unit_x",
          "counts_per_unit_y",
          "home",
          "steer",
          "ack",
          "ack_timeout_ms",
          "sync_timeout_ms",
          "retries",
          "addr",
          "turnaround_ms");

  private static final int REPLY_STATUS_BYTES = Ch9329Frame.OVERHEAD + 1;
  private static final int ABSOLUTE_FRAME_BYTES = Ch9329Frame.OVERHEAD + 7;
  private static final int RELATIVE_FRAME_BYTES = Ch9329Frame.OVERHEAD + 5;
  private static final int PARAMETER_BLOCK = 50;
  private static final int INFO_ATTEMPTS_AFTER_RESET = 10;

  /** Media-key bit (0..15 over data bytes 1 and 2) by consumer usage. */
  private static final Map<Integer, Integer> MEDIA_BIT = mediaBits();

  private final String path;
  private final int address;
  private final PointerKind pointer;
  private final boolean ack;
  private final long ackSlackNanos;
  private final long syncTimeoutNanos;
  private final long turnaroundNanos;
  private final int retries;

  /** The relative pointer's state; null unless {@code pointer=rel}. */
  private final @Nullable RelativePointer relative;

  /** Whether the device may steer the relative pointer from its frames ({@code steer=frames}). */
  private boolean steerByFrames;

  private final LinkFaults faults = new LinkFaults();

  /** Reports written without waiting (ack=false) whose replies are still to be checked. */
  private final ArrayDeque<AckedLink.Request> unchecked = new ArrayDeque<>();

  private SerialLink link;
  private AckedLink wire;
  private @Nullable Ch9329ChipInfo info;
  private boolean closed;
  private boolean broken;
  private int lastX = -1;
  private int lastY = -1;
  private boolean pointerDown;
  private final List<Integer> keysDown = new ArrayList<>();
  private int mediaBits;

  private Ch9329Transport(
      String path,
      int address,
      PointerKind pointer,
      boolean ack,
      Duration ackTimeout,
      Duration syncTimeout,
      int retries,
      @Nullable RelativePointer relative,
      long turnaroundNanos,
      SerialLink port) {
    this.path = path;
    this.address = address;
    this.pointer = pointer;
    this.ack = ack;
    this.ackSlackNanos = ackTimeout.toNanos();
    this.syncTimeoutNanos = syncTimeout.toNanos();
    this.retries = retries;
    this.relative = relative;
    this.turnaroundNanos = turnaroundNanos;
    attach(port);
  }

  /**
   * Opens the chip named by a {@code ch9329:} URI: opens the port, reads the chip info (which
   * proves the chip answers at this baud), changes the baud if asked, and releases every button and
   * key (a previous session may have died with the finger down).
   *
   * @throws SwipeException {@code invalid_argument} naming a bad option, {@code hid_disconnected}
   *     when the port cannot be opened, {@code hid_rejected} when no chip answers
   */
  public static Ch9329Transport open(DeviceUri uri) {
    uri.requireKnownKeys(KEYS);
    String path = uri.path();
    if (path.isBlank()) {
      throw SwipeException.invalidArgument(
          "path", "a ch9329: URI needs the serial port, e.g. ch9329:/dev/ttyUSB0");
    }
    int baud = baudParam(uri, "baud", 9600);
    int setBaud = uri.param("set_baud").isPresent() ? baudParam(uri, "set_baud", baud) : baud;
    PointerKind pointer =
        uri.pointerParam(
            PointerKind.ABSOLUTE, EnumSet.of(PointerKind.ABSOLUTE, PointerKind.RELATIVE));
    double cpu = uri.doubleParam("counts_per_unit", 1.0, 0.01, 100);
    double cpuX = uri.doubleParam("counts_per_unit_x", cpu, 0.01, 100);
    double cpuY = uri.doubleParam("counts_per_unit_y", cpu, 0.01, 100);
    boolean homeOnPress = uri.choice("home", "press", Set.of("press", "once")).equals("press");
    boolean steerByFrames =
        uri.choice("steer", "frames", Set.of("frames", "counts")).equals("frames");
    if (pointer != PointerKind.RELATIVE) {
      for (String relOnly :
          List.of("counts_per_unit", "counts_per_unit_x", "counts_per_unit_y", "home", "steer")) {
        if (uri.param(relOnly).isPresent()) {
          throw SwipeException.invalidArgument(relOnly, "only applies to pointer=rel");
        }
      }
    }
    boolean ack = uri.boolParam("ack", true);
    int ackTimeoutMs = uri.intParam("ack_timeout_ms", 50, 1, 5000);
    int syncTimeoutMs = uri.intParam("sync_timeout_ms", 1000, 1, 10_000);
    int retries = uri.intParam("retries", 2, 0, 10);
    int address = uri.intParam("addr", 0, 0, 0xFE);
    double turnaroundMs = uri.doubleParam("turnaround_ms", 1.0, 0, 100);
    RelativePointer relative =
        pointer == PointerKind.RELATIVE ? new RelativePointer(cpuX, cpuY, 0.25, homeOnPress) : null;
    Ch9329Transport t =
        new Ch9329Transport(
            path,
            address,
            pointer,
            ack,
            Duration.ofMillis(ackTimeoutMs),
            Duration.ofMillis(syncTimeoutMs),
            retries,
            relative,
            Math.round(turnaroundMs * 1_000_000),
            SerialLink.open(path, baud));
    t.steerByFrames = steerByFrames;
    try {
      t.info = t.readInfo(1 + retries);
      if (setBaud != baud) {
        t.changeBaud(setBaud);
      }
      t.releaseEverything(true);
    } catch (RuntimeException e) {
      t.link.close();
      t.closed = true;
      throw e;
    }
    return t;
  }

  private static int baudParam(DeviceUri uri, String key, int defaultValue) {
    int b = uri.intParam(key, defaultValue, 1200, 115200);
    if (!SUPPORTED_BAUDS.contains(b)) {
      throw SwipeException.invalidArgument(
          key, "must be one of " + new TreeSet<>(SUPPORTED_BAUDS) + ", was " + b);
    }
    return b;
  }

  /** The relative pointer, there when {@code pointer=rel}, the only case that uses it. */
  private RelativePointer relative() {
    return Objects.requireNonNull(relative, "the relative pointer (pointer=rel)");
  }

  private void attach(SerialLink port) {
    link = port;
    wire = new AckedLink(port, new Replies(address), faults, syncTimeoutNanos);
    unchecked.clear();
  }

  /**
   * What the link has been through since it was opened: reports the chip confirmed, and the faults
   * met on the way (late, stale, damaged or missing replies, resends).
   */
  public synchronized LinkHealth linkHealth() {
    return faults.snapshot();
  }

  /** What the chip said about itself at open (or after the last baud change). */
  public synchronized Ch9329ChipInfo chipInfo() {
    return Objects.requireNonNull(info, "chip info, read at open");
  }

  /** The baud rate the link talks at now. */
  public synchronized int baud() {
    return link.baud();
  }

  @Override
  public synchronized HidCapabilities capabilities() {
    HidCapabilities.Range range =
        pointer == PointerKind.ABSOLUTE
            ? HidCapabilities.Range.CH9329_ABSOLUTE
            : new HidCapabilities.Range(
                0,
                Math.max(
                    1,
                    (int)
                        Math.round(
                            1000
                                * Math.min(
                                    relative().countsPerUnitX(), relative().countsPerUnitY()))));
    return HidCapabilities.builder()
        .pointerKinds(EnumSet.of(PointerKind.ABSOLUTE, PointerKind.RELATIVE))
        .activePointer(pointer)
        .range(range)
        .minReportInterval(minReportInterval())
        .keyboard(true)
        .consumerKeys(true)
        .rig(true) // a real phone, which may ignore the input
        .build();
  }

  /**
   * The smallest spacing between pointer reports the link carries at its baud: one frame at 10 bits
   * per byte (8N1), plus its reply and the turnaround when acknowledgements are awaited.
   */
  Duration minReportInterval() {
    int frame = pointer == PointerKind.ABSOLUTE ? ABSOLUTE_FRAME_BYTES : RELATIVE_FRAME_BYTES;
    if (!ack) {
      return Duration.ofNanos(wireNanos(frame));
    }
    return Duration.ofNanos(wireNanos(frame + REPLY_STATUS_BYTES) + turnaroundNanos);
  }

  private long wireNanos(int bytes) {
    return bytes * 10L * 1_000_000_000L / link.baud();
  }

  @Override
  public synchronized void send(HidReport report) {
    if (report instanceof HidReport.Touch t) {
      throw MultiTouchRefusal.of("ch9329:", t);
    }
    SwipeException.requireArgument(report, "report");
    ensureUsable();
    try {
      if (report instanceof HidReport.Pointer p) {
        sendPointer(p);
      } else {
        sendKey((HidReport.Keyboard) report);
      }
    } catch (IOException e) {
      throw disconnected(e);
    } catch (SwipeException e) {
      if (relative != null) {
        relative.invalidate();
      }
      throw e;
    }
  }

  @Override
  public Optional<RelativePointing> relativePointing() {
    if (relative == null || !steerByFrames) {
      return Optional.empty();
    }
    return Optional.of(
        new RelativePointing() {
          @Override
          public void move(int dx, int dy) {
            moveRelative(dx, dy);
          }

          @Override
          public void anchor(
              NormPoint at, double countsPerUnitX, double countsPerUnitY, int maxStep) {
            anchorRelative(at, countsPerUnitX, countsPerUnitY, maxStep);
          }
        });
  }

  private synchronized void moveRelative(int dx, int dy) {
    RelativePointing.checkMove(dx, dy);
    ensureUsable();
    relative().invalidate();
    try {
      byte[] data = {0x01, 0, (byte) dx, (byte) dy, 0};
      report(Ch9329Frame.CMD_MOUSE_RELATIVE, data, dx == 0 && dy == 0, false);
    } catch (IOException e) {
      throw disconnected(e);
    }
  }

  private synchronized void anchorRelative(
      NormPoint at, double countsPerUnitX, double countsPerUnitY, int maxStep) {
    RelativePointing.checkAnchor(at, countsPerUnitX, countsPerUnitY, maxStep);
    relative().anchor(at, countsPerUnitX, countsPerUnitY, maxStep);
  }

  private void sendPointer(HidReport.Pointer p) throws IOException {
    boolean lift = pointerDown && !p.pressed();
    if (pointer == PointerKind.ABSOLUTE) {
      int x = HidCapabilities.Range.CH9329_ABSOLUTE.toLogical(p.at().x());
      int y = HidCapabilities.Range.CH9329_ABSOLUTE.toLogical(p.at().y());
      byte[] data = {
        0x02, (byte) (p.pressed() ? 1 : 0), (byte) x, (byte) (x >> 8), (byte) y, (byte) (y >> 8), 0
      };
      // An absolute report carries the whole pointer state: sending it twice changes nothing.
      report(Ch9329Frame.CMD_MOUSE_ABSOLUTE, data, true, lift);
      lastX = x;
      lastY = y;
      pointerDown = p.pressed();
      return;
    }
    List<RelativePointer.Step> steps = relative().plan(p.at(), p.pressed());
    for (int i = 0; i < steps.size(); i++) {
      RelativePointer.Step s = steps.get(i);
      byte[] data = {0x01, (byte) (s.pressed() ? 1 : 0), (byte) s.dx(), (byte) s.dy(), 0};
      // A relative move acts again if sent twice: resent only when the chip provably did not act.
      report(
          Ch9329Frame.CMD_MOUSE_RELATIVE,
          data,
          s.dx() == 0 && s.dy() == 0,
          lift && i == steps.size() - 1);
    }
    pointerDown = p.pressed();
  }

  private void sendKey(HidReport.Keyboard k) throws IOException {
    Key key = k.key();
    if (key.page() == Key.Page.CONSUMER) {
      Integer bit = MEDIA_BIT.get(key.usage());
      if (bit == null) {
        throw new SwipeException(
            ErrorCode.UNSUPPORTED_INPUT,
            "the CH9329 media report has no bit for consumer usage 0x"
                + Integer.toHexString(key.usage())
                + " ("
                + key.name()
                + "); supported: "
                + new TreeSet<>(MEDIA_BIT.keySet()),
            Map.of("usage", key.usage()),
            null);
      }
      if (!k.modifiers().isEmpty()) {
        throw new SwipeException(
            ErrorCode.UNSUPPORTED_INPUT,
            "consumer keys carry no modifiers on a CH9329",
            Map.of("key", key.name()),
            null);
      }
      int bits = k.down() ? mediaBits | (1 << bit) : mediaBits & ~(1 << bit);
      report(Ch9329Frame.CMD_MEDIA, mediaData(bits), true, !k.down() && bits == 0);
      mediaBits = bits;
      return;
    }
    int usage = key.usage();
    List<Integer> keys = new ArrayList<>(keysDown);
    int mods = 0;
    for (Modifier m : k.modifiers()) {
      mods |= m.bit();
    }
    if (usage >= 0xE0 && usage <= 0xE7) {
      // A modifier sent as a key lives in the modifier byte.
      int bit = 1 << (usage - 0xE0);
      mods = k.down() ? mods | bit : mods & ~bit;
    } else if (k.down()) {
      if (!keys.contains(usage)) {
        if (keys.size() == 6) {
          throw new SwipeException(
              ErrorCode.UNSUPPORTED_INPUT,
              "a CH9329 keyboard report holds at most 6 keys",
              Map.of("key", key.name()),
              null);
        }
        keys.add(usage);
      }
    } else {
      keys.remove(Integer.valueOf(usage));
    }
    report(
        Ch9329Frame.CMD_KEYBOARD,
        keyboardData(mods, keys),
        true,
        !k.down() && keys.isEmpty() && mods == 0);
    keysDown.clear();
    keysDown.addAll(keys);
  }

  private static byte[] keyboardData(int mods, List<Integer> keys) {
    byte[] d = new byte[8];
    d[0] = (byte) mods;
    for (int i = 0; i < keys.size(); i++) {
      d[2 + i] = (byte) (int) keys.get(i);
    }
    return d;
  }

  private static byte[] mediaData(int bits) {
    return new byte[] {0x02, (byte) bits, (byte) (bits >> 8), 0x00};
  }

  /**
   * Sends one report frame. With acknowledgements it returns once the chip answered it; without, at
   * once, after failing on a refusal of an earlier report. A report that ends a gesture ({@code
   * last}) returns only after the chip has consumed it.
   *
   * @param idempotent whether sending the frame twice acts like sending it once
   */
  private void report(int cmd, byte[] data, boolean idempotent, boolean last) throws IOException {
    if (ack) {
      AckedLink.Request r = exchange(cmd, data, idempotent, 1);
      if (last) {
        confirmConsumed(r);
        if (r.refusal() > 0) {
          // A reply matched to it earlier was a late duplicate; its own, in order the last one
          // before the chip answered behind it, is a refusal.
          faults.count(LinkFaults.REFUSED);
          throw statusError(cmd, r.refusal());
        }
      }
      faults.confirmed();
      return;
    }
    checkUnacknowledged();
    AckedLink.Request r = wire.send(cmd, new Ch9329Frame(address, cmd, data).encode());
    if (!last) {
      unchecked.addLast(r);
      return;
    }
    confirmConsumed(r);
    checkUnacknowledged();
    if (r.ok()) {
      faults.confirmed();
      return;
    }
    if (r.refusal() > 0 && !retryable(r.refusal())) {
      faults.count(LinkFaults.REFUSED);
      throw statusError(cmd, r.refusal());
    }
    // The chip finished with it without taking it: send it again, this time acknowledged (a
    // frame that ends a gesture releases something, so sending it twice is harmless).
    exchange(cmd, data, true, 1);
    faults.confirmed();
  }

  /**
   * Waits until the chip has answered a GET_INFO queued behind everything written so far, so it has
   * consumed the report that ends a gesture.
   */
  private void confirmConsumed(AckedLink.Request last) throws IOException {
    if (!wire.barrier(last)) {
      faults.count(LinkFaults.NO_REPLY);
      throw rejected(
          "the chip did not confirm that it consumed the report that ends the gesture (command "
              + hex(last.key)
              + ")",
          reason(last.key, "release_unconfirmed"));
    }
  }

  /** E1, E2 and E4 say the frame was damaged on the way: the chip did not act on it. */
  private static boolean retryable(int status) {
    return status == 0xE1 || status == 0xE2 || status == 0xE4;
  }

  /** Without acknowledgements, refusals of earlier reports fail the next report. */
  private void checkUnacknowledged() throws IOException {
    if (ack) {
      return;
    }
    wire.drain();
    while (!unchecked.isEmpty() && unchecked.peekFirst().resolved()) {
      AckedLink.Request r = unchecked.removeFirst();
      if (r.ok()) {
        faults.confirmed();
      } else if (r.refusal() > 0) {
        faults.count(LinkFaults.REFUSED);
        SwipeException e = statusError(r.key, r.refusal());
        Map<String, Object> details = new LinkedHashMap<>(e.details());
        details.remove("retryable");
        throw new SwipeException(
            ErrorCode.HID_REJECTED,
            "an earlier report was refused: " + e.getMessage(),
            details,
            null);
      }
    }
  }

  /**
   * Changes the chip's baud rate: reads the parameter block, writes it back with the new baud,
   * resets the chip (the new baud takes effect after a reset), reopens the port at the new baud and
   * reads the chip info again to prove the chip answers there. The setting persists in the chip.
   *
   * @throws SwipeException {@code invalid_argument} for an unsupported baud, {@code hid_rejected}
   *     when the chip refuses or does not answer at the new baud
   */
  public synchronized void changeBaud(int newBaud) {
    if (!SUPPORTED_BAUDS.contains(newBaud)) {
      throw SwipeException.invalidArgument(
          "baud", "must be one of " + new TreeSet<>(SUPPORTED_BAUDS) + ", was " + newBaud);
    }
    ensureUsable();
    try {
      byte[] block =
          exchange(Ch9329Frame.CMD_GET_PARA_CFG, new byte[0], true, PARAMETER_BLOCK).reply();
      if (block.length != PARAMETER_BLOCK) {
        throw rejected("the parameter block has " + block.length + " bytes, expected 50", Map.of());
      }
      block[3] = (byte) (newBaud >>> 24);
      block[4] = (byte) (newBaud >>> 16);
      block[5] = (byte) (newBaud >>> 8);
      block[6] = (byte) newBaud;
      exchange(Ch9329Frame.CMD_SET_PARA_CFG, block, true, 1);
      try {
        exchangeOnce(Ch9329Frame.CMD_RESET, new byte[0], 1);
      } catch (SwipeException e) {
        // A chip may restart before its reply is out; the chip info read at the new baud below is
        // the proof that counts. A refusal status is still a refusal.
        if (!Boolean.TRUE.equals(e.details().get("silence"))) {
          throw e;
        }
      }
    } catch (IOException e) {
      throw disconnected(e);
    }
    link.close();
    attach(SerialLink.open(path, newBaud));
    info = readInfo(INFO_ATTEMPTS_AFTER_RESET);
    if (relative != null) {
      relative.invalidate();
    }
  }

  /** Reads GET_INFO, trying up to {@code attempts} times (a chip may still be restarting). */
  private Ch9329ChipInfo readInfo(int attempts) {
    SwipeException last = null;
    for (int i = 0; i < attempts; i++) {
      try {
        wire.abandonProbes(); // any GET_INFO reply will do, also a late one to an earlier try
        byte[] d = exchangeOnce(Ch9329Frame.CMD_GET_INFO, new byte[0], 8).reply();
        if (d.length < 3) {
          throw rejected("GET_INFO answered " + d.length + " bytes, expected 8", Map.of());
        }
        return new Ch9329ChipInfo(d[0] & 0xFF, (d[1] & 0xFF) == 0x01, d[2] & 0xFF);
      } catch (IOException e) {
        throw disconnected(e);
      } catch (SwipeException e) {
        last = e;
      }
    }
    // attempts is at least one, and each failed one set last
    SwipeException failure = Objects.requireNonNull(last, "the last attempt's failure");
    throw new SwipeException(
        ErrorCode.HID_REJECTED,
        "no CH9329 answered on "
            + path
            + " at "
            + link.baud()
            + " baud (factory setting 9600; check baud and wiring): "
            + failure.getMessage(),
        Map.of("path", path, "baud", link.baud()),
        failure);
  }

  /**
   * Sends a frame and waits for its reply. When none comes in time, finds out what the chip did
   * with the frame before doing anything else: answered late (the frame stands), refused it, or
   * never read it (resent). Refusals that say the frame was damaged on the way (E1, E2, E4) are
   * resent; a damaged reply is resent only for an idempotent frame.
   *
   * @param idempotent whether sending the frame twice acts like sending it once
   * @return the request, answered ok
   */
  private AckedLink.Request exchange(int cmd, byte[] data, boolean idempotent, int replyDataBytes)
      throws IOException {
    settleBacklog();
    long wait =
        wire.wireNanos(2 * Ch9329Frame.OVERHEAD + data.length + replyDataBytes) + ackSlackNanos;
    SwipeException last = null;
    for (int attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        faults.count(LinkFaults.RESEND);
      }
      wire.drain();
      AckedLink.Request r = wire.send(cmd, new Ch9329Frame(address, cmd, data).encode());
      long deadline = r.writtenAt + wait;
      wire.await(() -> r.resolved() || wire.noiseSince(r), deadline);
      if (!r.resolved() && !wire.sync(r)) {
        faults.count(LinkFaults.NO_REPLY);
        throw withAttempts(silence(cmd, wire.noiseSince(r)), attempt + 1);
      }
      if (r.ok()) {
        if (r.answeredAt() - deadline > 0) {
          faults.count(LinkFaults.LATE_ACK);
        }
        return r;
      }
      if (r.refusal() > 0) {
        faults.count(LinkFaults.REFUSED);
        SwipeException e = statusError(cmd, r.refusal());
        if (!Boolean.TRUE.equals(e.details().get("retryable"))) {
          throw e;
        }
        last = e;
        continue;
      }
      if (r.uncertain()) {
        last = silence(cmd, true);
        if (!idempotent) {
          // The damaged bytes may have been its reply: the chip may have acted. Sending a
          // relative move again could move the pointer twice.
          throw withAttempts(last, attempt + 1);
        }
        continue;
      }
      // The chip answered a later request but not this one: it never read this frame.
      last = lost(cmd);
    }
    // retries is at least zero, and each attempt that did not return or throw set last
    throw withAttempts(Objects.requireNonNull(last, "the last attempt's failure"), retries + 1);
  }

  /**
   * Before a new request: if an earlier failure left reports unanswered, waits until the chip has
   * finished with them, so their late replies cannot be taken for the new request's.
   */
  private void settleBacklog() throws IOException {
    wire.drain();
    if (!wire.settle()) {
      faults.count(LinkFaults.NO_REPLY);
      throw rejected(
          "the chip has not answered earlier reports and does not answer now",
          reason(-1, "ack_timeout"));
    }
  }

  /**
   * One try without resends or sync (for GET_INFO while a chip may be restarting, and RESET, whose
   * reply a chip may not send).
   */
  private AckedLink.Request exchangeOnce(int cmd, byte[] data, int replyDataBytes)
      throws IOException {
    wire.drain();
    AckedLink.Request r = wire.send(cmd, new Ch9329Frame(address, cmd, data).encode());
    long deadline =
        r.writtenAt
            + wire.wireNanos(2 * Ch9329Frame.OVERHEAD + data.length + replyDataBytes)
            + ackSlackNanos;
    wire.await(r::resolved, deadline);
    if (r.ok()) {
      return r;
    }
    if (r.refusal() > 0) {
      throw statusError(cmd, r.refusal());
    }
    throw silence(cmd, false);
  }

  private SwipeException silence(int cmd, boolean corrupt) {
    Map<String, Object> details = reason(cmd, corrupt ? "corrupt_reply" : "ack_timeout");
    details.put("retryable", true);
    details.put("silence", true);
    String what = corrupt ? "a corrupt reply (checksum mismatch)" : "no reply";
    return new SwipeException(
        ErrorCode.HID_REJECTED,
        "CH9329 command " + hex(cmd) + " got " + what + " within the acknowledgement timeout",
        details,
        null);
  }

  private SwipeException lost(int cmd) {
    Map<String, Object> details = reason(cmd, "lost_frame");
    details.put("retryable", true);
    return new SwipeException(
        ErrorCode.HID_REJECTED,
        "CH9329 command " + hex(cmd) + " never reached the chip (it answered a later request)",
        details,
        null);
  }

  private Map<String, Object> reason(int cmd, String reason) {
    Map<String, Object> details = new LinkedHashMap<>();
    if (cmd >= 0) {
      details.put("command", hex(cmd));
    }
    details.put("reason", reason);
    details.put("link_faults", faults.details());
    return details;
  }

  private static String hex(int cmd) {
    return String.format("0x%02X", cmd);
  }

  private SwipeException statusError(int cmd, int status) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("command", hex(cmd));
    details.put("status", String.format("0x%02X", status));
    details.put("reason", statusName(status));
    details.put("retryable", retryable(status));
    details.put("link_faults", faults.details());
    return new SwipeException(
        ErrorCode.HID_REJECTED,
        "CH9329 refused command "
            + hex(cmd)
            + " with status "
            + String.format("0x%02X", status)
            + " ("
            + statusName(status)
            + ")",
        details,
        null);
  }

  /** The datasheet's meaning of a status byte. */
  static String statusName(int status) {
    return switch (status) {
      case 0x00 -> "ok";
      case 0xE1 -> "receive_timeout";
      case 0xE2 -> "bad_head";
      case 0xE3 -> "unknown_command";
      case 0xE4 -> "checksum_error";
      case 0xE5 -> "bad_parameter";
      case 0xE6 -> "operation_failed";
      default -> "unknown_status";
    };
  }

  private SwipeException withAttempts(SwipeException last, int attempts) {
    Map<String, Object> details = new LinkedHashMap<>(last.details());
    details.put("attempts", attempts);
    details.remove("retryable");
    details.remove("silence");
    details.put("link_faults", faults.details());
    return new SwipeException(
        last.code(),
        last.getMessage() + " (after " + attempts + " attempt" + (attempts == 1 ? "" : "s") + ")",
        details,
        last);
  }

  private SwipeException rejected(String message, Map<String, ?> details) {
    return new SwipeException(
        ErrorCode.HID_REJECTED, "CH9329 on " + path + ": " + message, details, null);
  }

  /** Marks the link broken, attempts a release, and describes the failure. */
  private SwipeException disconnected(IOException e) {
    broken = true;
    boolean released = releaseEverything(false);
    return new SwipeException(
        ErrorCode.HID_DISCONNECTED,
        "the CH9329 link on "
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

  private void ensureUsable() {
    if (closed) {
      throw new SwipeException(
          ErrorCode.DEVICE_CLOSED, "the CH9329 transport on " + path + " is closed");
    }
    if (broken) {
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED,
          "the CH9329 link on " + path + " failed earlier; reopen the device",
          Map.of("path", path),
          null);
    }
  }

  @Override
  public synchronized void releaseAll() {
    if (!closed) {
      releaseEverything(false);
    }
  }

  /**
   * Lifts the finger and releases every key and media key, once each, without resends or sync (a
   * dead chip must not stall the release). Never throws unless {@code strict}.
   *
   * @param strict whether to wait for every answer and let a failure propagate (at open, where it
   *     means the chip is unwell)
   * @return whether every release frame was written
   */
  private boolean releaseEverything(boolean strict) {
    boolean written = true;
    try {
      if (pointer == PointerKind.ABSOLUTE) {
        int x = Math.max(lastX, 0);
        int y = Math.max(lastY, 0);
        byte[] data = {0x02, 0, (byte) x, (byte) (x >> 8), (byte) y, (byte) (y >> 8), 0};
        written &= releaseFrame(Ch9329Frame.CMD_MOUSE_ABSOLUTE, data, strict);
      } else {
        written &=
            releaseFrame(Ch9329Frame.CMD_MOUSE_RELATIVE, new byte[] {0x01, 0, 0, 0, 0}, strict);
        relative().released();
      }
      pointerDown = false;
      written &= releaseFrame(Ch9329Frame.CMD_KEYBOARD, new byte[8], strict);
      keysDown.clear();
      written &= releaseFrame(Ch9329Frame.CMD_MEDIA, mediaData(0), strict);
      mediaBits = 0;
    } catch (IOException e) {
      broken = true;
      return false;
    }
    return written;
  }

  private boolean releaseFrame(int cmd, byte[] data, boolean strict) throws IOException {
    if (broken) {
      // Still try the write: a link that failed a read may accept a write.
      try {
        link.write(new Ch9329Frame(address, cmd, data).encode());
        return true;
      } catch (IOException e) {
        return false;
      }
    }
    if (strict) {
      exchange(cmd, data, true, 1);
      return true;
    }
    wire.drain();
    AckedLink.Request r = wire.send(cmd, new Ch9329Frame(address, cmd, data).encode());
    if (ack) {
      // Wait for the answer, so the next frame is not queued behind a chip that is busy; a chip
      // that does not answer does not stop the other releases.
      long deadline =
          r.writtenAt + wire.wireNanos(2 * Ch9329Frame.OVERHEAD + data.length + 1) + ackSlackNanos;
      wire.await(r::resolved, deadline);
    } else {
      unchecked.addLast(r);
    }
    return true;
  }

  /** Releases everything and closes the port; calling it twice is harmless. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    try {
      releaseEverything(false);
    } finally {
      closed = true;
      link.close();
    }
  }

  /** How CH9329 replies look to the matcher: keyed by command, GET_INFO as the probe. */
  private static final class Replies implements AckedLink.Protocol {
    private final int address;
    private final byte[] probe;
    private final Ch9329Frame.Reader reader = new Ch9329Frame.Reader();

    Replies(int address) {
      this.address = address;
      this.probe = new Ch9329Frame(address, Ch9329Frame.CMD_GET_INFO, new byte[0]).encode();
    }

    @Override
    public byte[] probe() {
      return probe.clone();
    }

    @Override
    public int probeKey() {
      return Ch9329Frame.CMD_GET_INFO;
    }

    @Override
    public int probeRoundTripBytes() {
      return 2 * Ch9329Frame.OVERHEAD + 8;
    }

    @Override
    public void feed(byte[] buf, int n, AckedLink.Replies replies) {
      for (int i = 0; i < n; i++) {
        reader.feed(
            buf[i] & 0xFF,
            received -> {
              Ch9329Frame f = received.frame();
              if (received.corrupt() || f.address() != address) {
                replies.noise();
                return;
              }
              boolean error = (f.command() & 0xC0) == 0xC0;
              int status =
                  error ? Math.max(1, f.status()) : (f.data().length == 1 ? f.status() : 0);
              replies.reply(f.command() & 0x3F, status, f.data());
            });
      }
    }
  }

  private static Map<Integer, Integer> mediaBits() {
    Map<Integer, Integer> m = new LinkedHashMap<>();
    int[] byte1 = {0xE9, 0xEA, 0xE2, 0xCD, 0xB5, 0xB6, 0xB7, 0xB8};
    int[] byte2 = {0x018A, 0x0221, 0x022A, 0x0223, 0x0224, 0x0225, 0x0226, 0x0227};
    for (int i = 0; i < 8; i++) {
      m.put(byte1[i], i);
      m.put(byte2[i], 8 + i);
    }
    return Map.copyOf(m);
  }

  @Override
  public String toString() {
    return "Ch9329Transport["
        + path
        + ", "
        + link.baud()
        + " baud, pointer="
        + pointer.id()
        + ", ack="
        + ack
        + "]";
  }
}
