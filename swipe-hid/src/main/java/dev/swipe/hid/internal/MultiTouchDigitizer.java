package dev.swipe.hid.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import java.io.ByteArrayOutputStream;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The gadget as a touch screen that holds several fingers: its report descriptor, and the reports
 * that move its fingers.
 *
 * <p>Every report carries all {@code contacts} slots (parallel mode) and the Contact Count. The
 * fingers of a report fill the first slots, lowest finger id first, because Linux {@code
 * hid-multitouch} reads exactly Contact Count slots from the start of the report; a finger is told
 * apart by its Contact Identifier, not by its slot. A finger the report lifts is in it once more,
 * tip switch off, where it lifts, and counted: without a driver quirk that drops unseen fingers,
 * leaving it out would leave it down. Slots past the count are all zero (tip switch off).
 *
 * <p>A report with no finger (before any touch, after a release) has Contact Count 0 and only slot
 * 0 filled, tip switch off, with the last position. {@code hid-multitouch} takes a zero count as
 * the rest of a frame split over several reports and reads as many slots as the last non-zero count
 * said; those slots all say "not touching" here, so such a report changes nothing on the phone.
 */
final class MultiTouchDigitizer {
  /** Bytes per finger slot: flags (bit 0 tip switch), contact id, X lo, X hi, Y lo, Y hi. */
  static final int SLOT_BYTES = 6;

  private static final HidCapabilities.Range RANGE = HidCapabilities.Range.USB_ABSOLUTE;

  /** Usage Page (Digitizer), Usage (Touch Screen), Collection (Application). */
  private static final String HEAD = "05 0D 09 04 A1 01";

  /** One finger slot, its globals set anew so every slot is the same bytes. */
  private static final String FINGER =
      "05 0D 09 22 A1 02 09 42 15 00 25 01 75 01 95 01 81 02 75 07 81 03 09 51 25 09 75 08 81 02"
          + " 05 01 09 30 09 31 26 FF 7F 75 10 95 02 81 02 C0";

  /**
   * Contact Count (input) and Contact Count Maximum (feature), both 0..NN; the collection's end.
   */
  private static final String TAIL = "05 0D 09 54 15 00 25 NN 75 08 95 01 81 02 09 55 B1 02 C0";

  private final int contacts;

  /** Fingers down after the last report written, by id: logical {x, y}. */
  private SortedMap<Integer, int[]> down = new TreeMap<>();

  private int lastX;
  private int lastY;

  MultiTouchDigitizer(int contacts) {
    if (contacts < 2 || contacts > HidReport.Contact.MAX_ID + 1) {
      throw SwipeException.invalidArgument(
          "contacts", "a multi-touch digitizer holds 2 to 10 fingers, was " + contacts);
    }
    this.contacts = contacts;
  }

  int contacts() {
    return contacts;
  }

  /** Bytes of one input report: every slot, then the Contact Count. */
  int reportLength() {
    return contacts * SLOT_BYTES + 1;
  }

  /** One report about to be written, and the fingers down once the host has it. */
  static final class Frame {
    private final byte[] bytes;
    private final SortedMap<Integer, int[]> downAfter;
    private final boolean endsGesture;

    private Frame(byte[] bytes, SortedMap<Integer, int[]> downAfter, boolean endsGesture) {
      this.bytes = bytes;
      this.downAfter = downAfter;
      this.endsGesture = endsGesture;
    }

    /** The report as written. */
    byte[] bytes() {
      return bytes.clone();
    }

    /** Whether it lifts the last finger down: the gesture's end, written so the host has it. */
    boolean endsGesture() {
      return endsGesture;
    }
  }

  /**
   * The report for the fingers of a {@link dev.swipe.core.spi.HidReport.Touch}: those that touch,
   * those it lifts, and those still down that it leaves out (lifted here, where they were).
   *
   * @throws SwipeException {@code invalid_argument} (field {@code contacts}) when a finger id
   *     appears twice, {@code unsupported_input} when the fingers need more slots than the
   *     digitizer has
   */
  Frame touch(List<HidReport.Contact> fingers) {
    SortedMap<Integer, int[]> slots = new TreeMap<>();
    for (HidReport.Contact c : fingers) {
      int[] slot = {RANGE.toLogical(c.at().x()), RANGE.toLogical(c.at().y()), c.touching() ? 1 : 0};
      if (slots.put(c.id(), slot) != null) {
        throw SwipeException.invalidArgument(
            "contacts", "finger " + c.id() + " appears twice in one touch report");
      }
    }
    for (Map.Entry<Integer, int[]> d : down.entrySet()) {
      slots.putIfAbsent(d.getKey(), new int[] {d.getValue()[0], d.getValue()[1], 0});
    }
    if (slots.size() > contacts) {
      throw MultiTouchRefusal.gadget(slots.size(), contacts, true);
    }
    return frame(slots);
  }

  /**
   * The report for a one-finger {@link dev.swipe.core.spi.HidReport.Pointer}: finger 0 at {@code
   * at}; not pressed and no finger down, it only moves slot 0 (nothing touches).
   */
  Frame pointer(NormPoint at, boolean pressed) {
    if (pressed || !down.isEmpty()) {
      return touch(List.of(new HidReport.Contact(0, at, pressed)));
    }
    return idle(RANGE.toLogical(at.x()), RANGE.toLogical(at.y()));
  }

  /** The report that lifts every finger down, where it is; with none down, a report of none. */
  Frame release() {
    return down.isEmpty() ? idle(lastX, lastY) : touch(List.of());
  }

  /** Records that {@code frame} was written. */
  void written(Frame frame) {
    down = frame.downAfter;
    byte[] b = frame.bytes;
    lastX = (b[2] & 0xFF) | (b[3] & 0xFF) << 8;
    lastY = (b[4] & 0xFF) | (b[5] & 0xFF) << 8;
  }

  private Frame frame(SortedMap<Integer, int[]> slots) {
    byte[] b = new byte[reportLength()];
    SortedMap<Integer, int[]> after = new TreeMap<>();
    int i = 0;
    for (Map.Entry<Integer, int[]> e : slots.entrySet()) {
      int[] s = e.getValue();
      putSlot(b, i++, e.getKey(), s[0], s[1], s[2] == 1);
      if (s[2] == 1) {
        after.put(e.getKey(), new int[] {s[0], s[1]});
      }
    }
    b[b.length - 1] = (byte) slots.size();
    return new Frame(
        b, Collections.unmodifiableSortedMap(after), !down.isEmpty() && after.isEmpty());
  }

  private Frame idle(int x, int y) {
    byte[] b = new byte[reportLength()];
    putSlot(b, 0, 0, x, y, false);
    return new Frame(b, Collections.unmodifiableSortedMap(new TreeMap<>()), false);
  }

  private static void putSlot(byte[] b, int slot, int id, int x, int y, boolean tip) {
    int at = slot * SLOT_BYTES;
    b[at] = (byte) (tip ? 1 : 0);
    b[at + 1] = (byte) id;
    b[at + 2] = (byte) x;
    b[at + 3] = (byte) (x >> 8);
    b[at + 4] = (byte) y;
    b[at + 5] = (byte) (y >> 8);
  }

  /**
   * The HID report descriptor the gadget's {@code report_desc} must hold for these reports: a
   * Digitizer / Touch Screen application with one Finger logical collection per slot (Tip Switch, 7
   * bits padding, Contact Identifier 0..9, X and Y 0..32767), then Contact Count (input) and
   * Contact Count Maximum (feature), both 0..contacts. No report IDs.
   *
   * <p>The feature's logical maximum is the finger count on purpose: the kernel's HID gadget
   * answers a GET_REPORT with zeros, and {@code hid-multitouch} then takes the logical maximum as
   * the number of fingers the screen holds.
   */
  static byte[] descriptor(int contacts) {
    ByteArrayOutputStream d = new ByteArrayOutputStream();
    d.writeBytes(hex(HEAD));
    for (int i = 0; i < contacts; i++) {
      d.writeBytes(hex(FINGER));
    }
    d.writeBytes(
        hex(TAIL.replace("NN", HexFormat.of().withUpperCase().toHexDigits((byte) contacts))));
    return d.toByteArray();
  }

  private static byte[] hex(String spaced) {
    return HexFormat.of().parseHex(spaced.replace(" ", ""));
  }
}
