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
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The finger as a Linux board in USB gadget mode: each report is one {@code write} to a {@code
 * /dev/hidgN} character device created by configfs (see {@code docs/hid-gadget.md} for the set-up
 * script and the report descriptors these reports match).
 *
 * <p>URI: {@code hidg:/dev/hidg1?pointer=touch}. Options:
 *
 * <ul>
 *   <li>{@code pointer} {@code abs} (default): absolute mouse report, 6 bytes {@code buttons, X lo,
 *       X hi, Y lo, Y hi, wheel} with X/Y 0..32767; {@code touch}: single-finger touch digitizer, 5
 *       bytes {@code flags (bit 0 tip switch, bit 1 in range), X lo, X hi, Y lo, Y hi}, the profile
 *       Android accepts as a touchscreen;
 *   <li>{@code contacts} (default 1, with {@code pointer=touch} up to 10): how many fingers the
 *       touch screen holds at once. 2 or more makes it a multi-touch screen whose every report
 *       carries that many finger slots ({@code 6 x contacts + 1} bytes, see {@link
 *       MultiTouchDigitizer}), so pinches and several-finger gestures play on it; 1 keeps the
 *       single-finger report;
 *   <li>{@code keyboard}: the gadget's boot keyboard device (8-byte reports), e.g. {@code
 *       /dev/hidg0}; keys are refused without it;
 *   <li>{@code consumer}: the gadget's consumer-control device (2-byte reports: one usage, little
 *       endian, 0 = released) for Back, Home and volume;
 *   <li>{@code interval_ms} (default 1): the interrupt endpoint's polling interval, the fastest
 *       report rate the host reads;
 *   <li>{@code write_timeout_ms} (default 500): how long one report may wait for the USB host to
 *       take the previous one.
 * </ul>
 *
 * <p>The kernel takes one report per write and blocks the next write until the host has read the
 * previous report; a host that stopped polling (phone asleep, cable to the phone pulled) would
 * block it for good. Each report is therefore written whole within {@code write_timeout_ms}, or
 * fails with {@code hid_rejected} (reason {@code write_stalled}); a report the device takes only in
 * part (its report descriptor is shorter) fails with reason {@code short_write} and is never
 * followed by its rest. The report that ends a gesture (the last finger lifted, the last key
 * released) is written twice: the second write returns only once the host has read the first, so
 * the gesture returns after the phone has its release (the repeat changes no state). {@link
 * #linkHealth()} counts stalled, busy and short writes.
 *
 * <p>A write that fails (gadget unbound, cable pulled: {@code ESHUTDOWN}, or a closed FIFO in
 * tests) is {@code hid_disconnected}, after a release was attempted.
 */
public final class HidGadgetTransport implements HidTransport {
  static final Set<String> KEYS =
      Set.of("pointer", "contacts", "keyboard", "consumer", "interval_ms", "write_timeout_ms");

  private final String path;
  private final PointerKind pointer;
  private final Duration interval;
  private final long writeTimeoutNanos;
  private final LinkFaults faults;
  private final GadgetWriter pointerOut;
  private final @Nullable GadgetWriter keyboardOut;
  private final @Nullable GadgetWriter consumerOut;

  /** The multi-touch screen's fingers; null unless {@code contacts} is 2 or more. */
  private final @Nullable MultiTouchDigitizer multiTouch;

  private boolean closed;
  private boolean broken;
  private int lastX;
  private int lastY;
  private boolean pressed;
  private final List<Integer> keysDown = new ArrayList<>();
  private int consumerDown;

  private HidGadgetTransport(
      String path,
      PointerKind pointer,
      Duration interval,
      Duration writeTimeout,
      LinkFaults faults,
      GadgetWriter pointerOut,
      @Nullable GadgetWriter keyboardOut,
      @Nullable GadgetWriter consumerOut,
      int contacts) {
    this.path = path;
    this.pointer = pointer;
    this.multiTouch = contacts > 1 ? new MultiTouchDigitizer(contacts) : null;
    this.interval = interval;
    this.writeTimeoutNanos = writeTimeout.toNanos();
    this.faults = faults;
    this.pointerOut = pointerOut;
    this.keyboardOut = keyboardOut;
    this.consumerOut = consumerOut;
  }

  /**
   * Opens the gadget devices named by a {@code hidg:} URI and releases every button and key.
   * (Opening a FIFO blocks until its reader opens it.)
   *
   * @throws SwipeException {@code invalid_argument} naming a bad option, {@code hid_disconnected}
   *     when a device cannot be opened or written
   */
  public static HidGadgetTransport open(DeviceUri uri) {
    uri.requireKnownKeys(KEYS);
    if (uri.path().isBlank()) {
      throw SwipeException.invalidArgument(
          "path", "a hidg: URI needs the gadget device, e.g. hidg:/dev/hidg1");
    }
    PointerKind pointer =
        uri.pointerParam(PointerKind.ABSOLUTE, EnumSet.of(PointerKind.ABSOLUTE, PointerKind.TOUCH));
    int contacts = uri.intParam("contacts", 1, 1, HidReport.Contact.MAX_ID + 1);
    if (contacts > 1 && pointer != PointerKind.TOUCH) {
      throw SwipeException.invalidArgument(
          "contacts",
          "contacts="
              + contacts
              + " needs pointer=touch: an absolute mouse holds one finger, was pointer="
              + pointer.id());
    }
    int intervalMs = uri.intParam("interval_ms", 1, 1, 255);
    int writeTimeoutMs = uri.intParam("write_timeout_ms", 500, 1, 60_000);
    String keyboard = uri.param("keyboard").map(String::strip).orElse(null);
    String consumer = uri.param("consumer").map(String::strip).orElse(null);
    if (keyboard != null && keyboard.isEmpty()) {
      throw SwipeException.invalidArgument(
          "keyboard", "must name the keyboard gadget device, e.g. /dev/hidg0");
    }
    if (consumer != null && consumer.isEmpty()) {
      throw SwipeException.invalidArgument(
          "consumer", "must name the consumer-control gadget device, e.g. /dev/hidg2");
    }
    LinkFaults faults = new LinkFaults();
    List<GadgetWriter> opened = new ArrayList<>();
    try {
      GadgetWriter p = openDevice(uri.path(), faults, opened);
      GadgetWriter k = keyboard == null ? null : openDevice(keyboard, faults, opened);
      GadgetWriter c = consumer == null ? null : openDevice(consumer, faults, opened);
      HidGadgetTransport t =
          new HidGadgetTransport(
              uri.path(),
              pointer,
              Duration.ofMillis(intervalMs),
              Duration.ofMillis(writeTimeoutMs),
              faults,
              p,
              k,
              c,
              contacts);
      if (!t.releaseEverything()) {
        throw new SwipeException(
            ErrorCode.HID_DISCONNECTED,
            "cannot write to the gadget device " + uri.path(),
            Map.of("path", uri.path()),
            null);
      }
      return t;
    } catch (RuntimeException e) {
      for (GadgetWriter o : opened) {
        o.close();
      }
      throw e;
    }
  }

  private static GadgetWriter openDevice(
      String path, LinkFaults faults, List<GadgetWriter> opened) {
    try {
      // Append: a regular file standing in for the device collects every report.
      GadgetWriter out =
          new GadgetWriter(path, new FileOutputStream(path, true).getChannel(), faults);
      opened.add(out);
      return out;
    } catch (FileNotFoundException e) {
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED,
          "cannot open the gadget device "
              + path
              + " (is the gadget configured and bound? see docs/hid-gadget.md): "
              + e.getMessage(),
          Map.of("path", path),
          e);
    }
  }

  /**
   * What the link has been through since it was opened: reports the device took, and the writes
   * that stalled, were refused for now, or were taken in part.
   */
  public synchronized LinkHealth linkHealth() {
    return faults.snapshot();
  }

  @Override
  public HidCapabilities capabilities() {
    return HidCapabilities.builder()
        .pointerKinds(EnumSet.of(PointerKind.ABSOLUTE, PointerKind.TOUCH))
        .activePointer(pointer)
        .range(HidCapabilities.Range.USB_ABSOLUTE)
        .minReportInterval(interval)
        .contacts(multiTouch == null ? 1 : multiTouch.contacts())
        .keyboard(keyboardOut != null)
        .consumerKeys(consumerOut != null)
        .rig(true) // a real phone, which may ignore the input
        .build();
  }

  /** The absolute-mouse report: buttons, X and Y (u16 little endian), wheel. */
  static byte[] mouseReport(int x, int y, boolean pressed) {
    return new byte[] {
      (byte) (pressed ? 1 : 0), (byte) x, (byte) (x >> 8), (byte) y, (byte) (y >> 8), 0
    };
  }

  /** The touch report: tip switch and in-range bits, X and Y (u16 little endian). */
  static byte[] touchReport(int x, int y, boolean touching) {
    return new byte[] {
      (byte) (touching ? 0x03 : 0x00), (byte) x, (byte) (x >> 8), (byte) y, (byte) (y >> 8)
    };
  }

  private byte[] pointerReport(int x, int y, boolean down) {
    return pointer == PointerKind.TOUCH ? touchReport(x, y, down) : mouseReport(x, y, down);
  }

  @Override
  public synchronized void send(HidReport report) {
    SwipeException.requireArgument(report, "report");
    if (report instanceof HidReport.Touch t && multiTouch == null) {
      int fingers = (int) t.contacts().stream().mapToInt(HidReport.Contact::id).distinct().count();
      if (pointer != PointerKind.TOUCH || fingers > 1) {
        throw MultiTouchRefusal.gadget(fingers, 1, pointer == PointerKind.TOUCH);
      }
    }
    if (closed) {
      throw new SwipeException(
          ErrorCode.DEVICE_CLOSED, "the gadget transport on " + path + " is closed");
    }
    if (broken) {
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED,
          "the gadget link on " + path + " failed earlier; reopen the device",
          Map.of("path", path),
          null);
    }
    try {
      if (multiTouch != null && report instanceof HidReport.Touch t) {
        writeFingers(multiTouch, multiTouch.touch(t.contacts()));
      } else if (multiTouch != null && report instanceof HidReport.Pointer p) {
        writeFingers(multiTouch, multiTouch.pointer(p.at(), p.pressed()));
      } else if (report instanceof HidReport.Touch t) {
        // at most one finger on the one-finger screen (more were refused above); none lifts it
        for (HidReport.Contact c : t.contacts()) {
          sendPointer(c.at(), c.touching());
        }
        if (t.contacts().isEmpty()) {
          sendPointer(lastX, lastY, false);
        }
      } else if (report instanceof HidReport.Pointer p) {
        sendPointer(p.at(), p.pressed());
      } else {
        sendKey((HidReport.Keyboard) report);
      }
    } catch (IOException e) {
      broken = true;
      boolean released = releaseEverything();
      throw new SwipeException(
          ErrorCode.HID_DISCONNECTED,
          "writing to the gadget device failed: "
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
    } catch (GadgetWriter.Refused e) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("path", path);
      details.put("reason", e.reason);
      details.put("link_faults", faults.details());
      throw new SwipeException(
          ErrorCode.HID_REJECTED,
          Objects.requireNonNull(e.getMessage(), "a refusal's message"),
          details,
          null);
    }
  }

  private void sendPointer(NormPoint at, boolean down) throws IOException, GadgetWriter.Refused {
    sendPointer(
        HidCapabilities.Range.USB_ABSOLUTE.toLogical(at.x()),
        HidCapabilities.Range.USB_ABSOLUTE.toLogical(at.y()),
        down);
  }

  private void sendPointer(int x, int y, boolean down) throws IOException, GadgetWriter.Refused {
    boolean lift = pressed && !down;
    write(pointerOut, pointerReport(x, y, down), lift);
    lastX = x;
    lastY = y;
    pressed = down;
  }

  private void writeFingers(MultiTouchDigitizer fingers, MultiTouchDigitizer.Frame frame)
      throws IOException, GadgetWriter.Refused {
    write(pointerOut, frame.bytes(), frame.endsGesture());
    fingers.written(frame);
  }

  /**
   * Writes one report; one that ends a gesture ({@code last}) is written again, and that write
   * returns only once the host has read the first.
   */
  private void write(GadgetWriter out, byte[] report, boolean last)
      throws IOException, GadgetWriter.Refused {
    out.write(report, writeTimeoutNanos);
    if (last) {
      out.write(report, writeTimeoutNanos);
    }
    faults.confirmed();
  }

  private void sendKey(HidReport.Keyboard k) throws IOException, GadgetWriter.Refused {
    Key key = k.key();
    if (key.page() == Key.Page.CONSUMER) {
      if (consumerOut == null) {
        throw unsupported(
            key,
            "consumer keys need a consumer-control gadget device (option consumer=/dev/hidgN)");
      }
      int usage = k.down() ? key.usage() : 0;
      write(
          consumerOut,
          new byte[] {(byte) usage, (byte) (usage >> 8)},
          !k.down() && consumerDown != 0);
      consumerDown = usage;
      return;
    }
    if (keyboardOut == null) {
      throw unsupported(key, "keys need a keyboard gadget device (option keyboard=/dev/hidgN)");
    }
    List<Integer> keys = new ArrayList<>(keysDown);
    int mods = 0;
    for (Modifier m : k.modifiers()) {
      mods |= m.bit();
    }
    int usage = key.usage();
    if (usage >= 0xE0 && usage <= 0xE7) {
      int bit = 1 << (usage - 0xE0);
      mods = k.down() ? mods | bit : mods & ~bit;
    } else if (k.down()) {
      if (!keys.contains(usage)) {
        if (keys.size() == 6) {
          throw unsupported(key, "a boot keyboard report holds at most 6 keys");
        }
        keys.add(usage);
      }
    } else {
      keys.remove(Integer.valueOf(usage));
    }
    byte[] r = new byte[8];
    r[0] = (byte) mods;
    for (int i = 0; i < keys.size(); i++) {
      r[2 + i] = (byte) (int) keys.get(i);
    }
    write(keyboardOut, r, !k.down() && keys.isEmpty() && mods == 0);
    keysDown.clear();
    keysDown.addAll(keys);
  }

  private static SwipeException unsupported(Key key, String why) {
    return new SwipeException(
        ErrorCode.UNSUPPORTED_INPUT, key.name() + ": " + why, Map.of("key", key.name()), null);
  }

  /**
   * Writes a release on every device, each once and within the write bound; behind a write the host
   * has not taken, the release is queued instead. Never throws.
   *
   * @return whether every release was written
   */
  private boolean releaseEverything() {
    boolean ok = true;
    if (multiTouch != null) {
      MultiTouchDigitizer.Frame lift = multiTouch.release();
      ok &= writeQuietly(pointerOut, lift.bytes());
      multiTouch.written(lift);
    } else {
      ok &= writeQuietly(pointerOut, pointerReport(lastX, lastY, false));
    }
    pressed = false;
    if (keyboardOut != null) {
      ok &= writeQuietly(keyboardOut, new byte[8]);
      keysDown.clear();
    }
    if (consumerOut != null) {
      ok &= writeQuietly(consumerOut, new byte[2]);
      consumerDown = 0;
    }
    return ok;
  }

  private boolean writeQuietly(GadgetWriter out, byte[] report) {
    if (out.stalled()) {
      out.queue(report);
      return false;
    }
    try {
      out.write(report, writeTimeoutNanos);
      return true;
    } catch (IOException | GadgetWriter.Refused e) {
      return false;
    }
  }

  @Override
  public synchronized void releaseAll() {
    if (!closed) {
      releaseEverything();
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    try {
      releaseEverything();
    } finally {
      closed = true;
      for (GadgetWriter o : new GadgetWriter[] {pointerOut, keyboardOut, consumerOut}) {
        if (o != null) {
          o.close();
        }
      }
    }
  }

  @Override
  public String toString() {
    return "HidGadgetTransport["
        + path
        + ", pointer="
        + pointer.id()
        + (multiTouch == null ? "" : ", contacts=" + multiTouch.contacts())
        + "]";
  }
}
