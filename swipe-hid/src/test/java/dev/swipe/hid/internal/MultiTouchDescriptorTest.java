package dev.swipe.hid.internal;

import static dev.swipe.hid.internal.ReportDescriptor.CONTACT_COUNT;
import static dev.swipe.hid.internal.ReportDescriptor.CONTACT_COUNT_MAX;
import static dev.swipe.hid.internal.ReportDescriptor.CONTACT_ID;
import static dev.swipe.hid.internal.ReportDescriptor.FINGER;
import static dev.swipe.hid.internal.ReportDescriptor.TIP_SWITCH;
import static dev.swipe.hid.internal.ReportDescriptor.TOUCH_SCREEN;
import static dev.swipe.hid.internal.ReportDescriptor.X;
import static dev.swipe.hid.internal.ReportDescriptor.Y;
import static org.assertj.core.api.Assertions.assertThat;

import dev.swipe.core.spi.HidCapabilities;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The multi-touch screen's report descriptor, read by a descriptor parser written from the HID
 * spec: what a host's {@code hid-multitouch} keys on is there, and the input report it describes is
 * exactly what the transport writes.
 */
class MultiTouchDescriptorTest {
  private static final int APPLICATION = 1;
  private static final int LOGICAL = 2;

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 5, 10})
  void aTouchScreenWithOneFingerCollectionPerContact(int contacts) {
    ReportDescriptor d = ReportDescriptor.parse(MultiTouchDigitizer.descriptor(contacts));

    assertThat(d.collections.get(0).type()).as("the top collection").isEqualTo(APPLICATION);
    assertThat(d.collections.get(0).usage()).as("Digitizer / Touch Screen").isEqualTo(TOUCH_SCREEN);
    assertThat(d.collections(APPLICATION, TOUCH_SCREEN)).hasSize(1);
    assertThat(d.usesReportIds).as("one report per function: no report IDs").isFalse();

    List<ReportDescriptor.Collection> fingers = d.collections(LOGICAL, FINGER);
    assertThat(fingers).as("one Finger logical collection per contact").hasSize(contacts);
    for (ReportDescriptor.Collection f : fingers) {
      assertThat(f.parent()).isZero();
      for (int usage : new int[] {TIP_SWITCH, CONTACT_ID, X, Y}) {
        assertThat(d.fieldsWith("input", usage, f.index()))
            .as("finger %d has input usage %x", f.index(), usage)
            .hasSize(1);
      }
      ReportDescriptor.Field xy = d.fieldsWith("input", X, f.index()).get(0);
      assertThat(xy.logicalMin()).isEqualTo(HidCapabilities.Range.USB_ABSOLUTE.min());
      assertThat(xy.logicalMax()).isEqualTo(HidCapabilities.Range.USB_ABSOLUTE.max());
      assertThat(d.fieldsWith("input", CONTACT_ID, f.index()).get(0).logicalMax())
          .as("finger ids 0..9")
          .isEqualTo(9);
    }

    List<ReportDescriptor.Field> count = d.fieldsWith("input", CONTACT_COUNT, 0);
    assertThat(count).as("Contact Count is an input of the application").hasSize(1);
    assertThat(count.get(0).logicalMax()).isEqualTo(contacts);

    List<ReportDescriptor.Field> max = d.fieldsWith("feature", CONTACT_COUNT_MAX, 0);
    assertThat(max).as("Contact Count Maximum is a feature of the application").hasSize(1);
    // the gadget answers GET_REPORT with zeros; hid-multitouch then takes the logical maximum
    assertThat(max.get(0).logicalMax()).isEqualTo(contacts);
    assertThat(d.fields).filteredOn(f -> f.kind().equals("feature")).hasSize(1);
    assertThat(d.fields).filteredOn(f -> f.kind().equals("output")).isEmpty();

    MultiTouchDigitizer screen = new MultiTouchDigitizer(contacts);
    assertThat(d.inputBits() % 8).isZero();
    assertThat(d.inputBits() / 8)
        .as("the input report the descriptor describes is the one the transport writes")
        .isEqualTo(screen.reportLength())
        .isEqualTo(screen.release().bytes().length);
  }

  @Test
  void slotsAreLaidOutAsTheTransportFillsThem() {
    ReportDescriptor d = ReportDescriptor.parse(MultiTouchDigitizer.descriptor(3));
    List<ReportDescriptor.Collection> fingers = d.collections(LOGICAL, FINGER);
    for (int i = 0; i < fingers.size(); i++) {
      int c = fingers.get(i).index();
      int base = i * MultiTouchDigitizer.SLOT_BYTES * 8;
      assertThat(d.inputSlot(TIP_SWITCH, c)).isEqualTo(new ReportDescriptor.Slot(base, 1));
      assertThat(d.inputSlot(CONTACT_ID, c)).isEqualTo(new ReportDescriptor.Slot(base + 8, 8));
      assertThat(d.inputSlot(X, c)).isEqualTo(new ReportDescriptor.Slot(base + 16, 16));
      assertThat(d.inputSlot(Y, c)).isEqualTo(new ReportDescriptor.Slot(base + 32, 16));
    }
    assertThat(d.inputSlot(CONTACT_COUNT, 0)).isEqualTo(new ReportDescriptor.Slot(3 * 48, 8));
  }

  @Test
  void theParserReadsTheSingleFingerScreenOfTheDocsToo() {
    // the parser is not tuned to one descriptor: the doc's 5-byte touch screen parses to 5 bytes
    ReportDescriptor d =
        ReportDescriptor.parse(
            HexFormat.of()
                .parseHex(
                    "050D0904A1010922A1020942093215002501750195028102750695018103"
                        + "050109300931150026FF7F751095028102C0C0"));
    assertThat(d.inputBits()).isEqualTo(5 * 8);
    assertThat(d.collections(LOGICAL, FINGER)).hasSize(1);
  }

  /**
   * The descriptor docs/hid-gadget.md lists for {@code report_desc}: head, the finger slot repeated
   * {@code contacts} times, tail with {@code NN} = contacts; and its bytes for contacts=2.
   */
  @Test
  void theDocsListTheDescriptorTheTransportWrites() throws IOException {
    String doc = Files.readString(repoRoot().resolve("docs/hid-gadget.md"));
    int section = doc.indexOf("### Multi-touch screen");
    assertThat(section).as("the doc's multi-touch descriptor section").isNotNegative();
    int open = doc.indexOf("```\n", section) + 4;
    String listing = doc.substring(open, doc.indexOf("```", open));
    List<String> head = new ArrayList<>();
    List<String> finger = new ArrayList<>();
    List<String> tail = new ArrayList<>();
    List<String> into = head;
    for (String line : listing.split("\n", -1)) {
      if (line.contains("once per finger")) {
        into = finger;
        continue;
      }
      if (line.contains("end of the finger slot")) {
        into = tail;
        continue;
      }
      for (String token : line.strip().split("\\s+", -1)) {
        if (!token.matches("[0-9A-F]{2}|NN")) {
          break;
        }
        into.add(token);
      }
    }
    assertThat(finger).as("the doc marks the repeated finger slot").isNotEmpty();
    for (int n = 2; n <= 10; n++) {
      List<String> all = new ArrayList<>(head);
      for (int i = 0; i < n; i++) {
        all.addAll(finger);
      }
      for (String t : tail) {
        all.add(t.equals("NN") ? String.format("%02X", n) : t);
      }
      assertThat(String.join(" ", all))
          .as("contacts=%d", n)
          .isEqualTo(
              HexFormat.ofDelimiter(" ")
                  .withUpperCase()
                  .formatHex(MultiTouchDigitizer.descriptor(n)));
    }
    int two = doc.indexOf("contacts=2 descriptor:", section);
    assertThat(two).as("the doc's bytes for contacts=2").isNotNegative();
    int from = doc.indexOf("```\n", two) + 4;
    String bytes = doc.substring(from, doc.indexOf("```", from)).replaceAll("[\\s\\\\]+", "");
    assertThat(bytes)
        .isEqualTo(HexFormat.of().withUpperCase().formatHex(MultiTouchDigitizer.descriptor(2)));
  }

  static Path repoRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("docs/hid-gadget.md"))) {
      p = p.getParent();
    }
    assertThat(p).as("the repository root").isNotNull();
    return p;
  }
}
