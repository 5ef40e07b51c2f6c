package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.swipe.base.CommonCode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.internal.TimelineEvent;
import dev.swipe.core.internal.TimelinePlanner;
import dev.swipe.core.internal.TouchEvent;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.testkit.StillFrameSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gadget as a multi-touch screen ({@code pointer=touch&contacts=N}) against files standing in
 * for /dev/hidgN; the reports are decoded with the layout the descriptor parser reads from the
 * transport's own descriptor, as the phone's kernel would.
 */
class HidGadgetMultiTouchTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
  private static final HidCapabilities.Range RANGE = HidCapabilities.Range.USB_ABSOLUTE;

  @TempDir Path dir;

  /** One finger slot as the host reads it. */
  record Finger(int id, int x, int y, boolean touching) {}

  /** A report decoded through the parsed descriptor: the Contact Count valid slots. */
  record Decoded(int count, List<Finger> slots, byte[] raw) {
    List<Finger> valid() {
      return slots.subList(0, count);
    }

    boolean anyTouching() {
      return valid().stream().anyMatch(Finger::touching);
    }
  }

  /** Reads reports with the layout a host derives from the descriptor. */
  static final class Host {
    final int length;
    private final ReportDescriptor d;
    private final List<Integer> fingerCollections;

    Host(int contacts) {
      d = ReportDescriptor.parse(MultiTouchDigitizer.descriptor(contacts));
      length = d.inputBits() / 8;
      fingerCollections =
          d.collections(2, ReportDescriptor.FINGER).stream()
              .map(ReportDescriptor.Collection::index)
              .toList();
    }

    Decoded decode(byte[] r) {
      List<Finger> slots = new ArrayList<>();
      for (int c : fingerCollections) {
        slots.add(
            new Finger(
                (int) d.inputSlot(ReportDescriptor.CONTACT_ID, c).read(r),
                (int) d.inputSlot(ReportDescriptor.X, c).read(r),
                (int) d.inputSlot(ReportDescriptor.Y, c).read(r),
                d.inputSlot(ReportDescriptor.TIP_SWITCH, c).read(r) == 1));
      }
      int count = (int) d.inputSlot(ReportDescriptor.CONTACT_COUNT, 0).read(r);
      return new Decoded(count, slots, r);
    }

    List<Decoded> decodeAll(byte[] all) {
      assertThat(all.length % length).as("whole reports only").isZero();
      List<Decoded> out = new ArrayList<>();
      for (int at = 0; at < all.length; at += length) {
        out.add(decode(Arrays.copyOfRange(all, at, at + length)));
      }
      return out;
    }
  }

  private HidGadgetTransport open(Path dev, String options) {
    return HidGadgetTransport.open(DeviceUri.parse("hidg:" + dev + "?" + options));
  }

  private static SwipeException thrown(ThrowingCallable call) {
    try {
      call.call();
    } catch (SwipeException e) {
      return e;
    } catch (Throwable t) {
      throw new AssertionError("expected a SwipeException, got " + t, t);
    }
    throw new AssertionError("expected a SwipeException, nothing was thrown");
  }

  @Test
  void aTwoFingerPinchIsWrittenAsTwoContactsThatSpreadAndLift() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    List<TouchEvent> plan = new ArrayList<>();
    for (TimelineEvent e : TimelinePlanner.plan(Pinch.zoom(NormPoint.of(500, 500), 2)).events()) {
      plan.add((TouchEvent) e);
    }
    try (HidGadgetTransport t = open(dev, "pointer=touch&contacts=2")) {
      assertThat(t.capabilities().contacts()).isEqualTo(2);
      for (TouchEvent e : plan) {
        t.send(new HidReport.Touch(e.contacts()));
      }
    }
    Host host = new Host(2);
    assertThat(host.length).isEqualTo(13);
    List<Decoded> seen = host.decodeAll(Files.readAllBytes(dev));
    // release at open, one report per planned event, the lift again (it ends the gesture: the
    // second write returns once the host read the first), release at close
    assertThat(seen).hasSize(plan.size() + 3);
    assertThat(seen.get(0).count()).as("nothing touches at open").isZero();
    assertThat(seen.get(0).anyTouching()).isFalse();

    List<Decoded> played = seen.subList(1, plan.size() + 1);
    Decoded first = played.get(0);
    assertThat(first.count()).isEqualTo(2);
    assertThat(first.valid()).allMatch(Finger::touching);
    assertThat(first.valid()).extracting(Finger::id).containsExactlyInAnyOrder(0, 1);

    double previousSpread = -1;
    for (int i = 0; i < plan.size(); i++) {
      Decoded r = played.get(i);
      Map<Integer, Finger> byId = new LinkedHashMap<>();
      r.valid().forEach(f -> byId.put(f.id(), f));
      assertThat(byId).as("report %d holds each finger once", i).hasSize(r.count());
      for (HidReport.Contact c : plan.get(i).contacts()) {
        Finger f = byId.get(c.id());
        assertThat(f).as("report %d carries finger %d", i, c.id()).isNotNull();
        assertThat(f.touching()).isEqualTo(c.touching());
        // within one logical unit of the sent normalized point, scaled onto 0..32767
        assertThat(Math.abs(f.x() - c.at().x() / 1000 * RANGE.max())).isLessThanOrEqualTo(1);
        assertThat(Math.abs(f.y() - c.at().y() / 1000 * RANGE.max())).isLessThanOrEqualTo(1);
      }
      if (r.anyTouching()) {
        double spread =
            Math.hypot(byId.get(0).x() - byId.get(1).x(), byId.get(0).y() - byId.get(1).y());
        assertThat(spread)
            .as("report %d: the fingers never close in", i)
            .isGreaterThanOrEqualTo(previousSpread);
        previousSpread = spread;
      }
    }
    double firstSpread =
        Math.hypot(
            first.valid().get(0).x() - first.valid().get(1).x(),
            first.valid().get(0).y() - first.valid().get(1).y());
    assertThat(previousSpread / firstSpread)
        .as("a 2x zoom doubles the spread")
        .isCloseTo(2, within(0.05));

    Decoded lift = played.get(played.size() - 1);
    assertThat(lift.count()).as("the lift names both fingers").isEqualTo(2);
    assertThat(lift.anyTouching()).isFalse();
    assertThat(seen.get(plan.size() + 1).raw()).as("the lift, written again").isEqualTo(lift.raw());
    assertThat(seen.get(seen.size() - 1).anyTouching())
        .as("no finger touches at the end")
        .isFalse();
  }

  @Test
  void aPinchPlayedByTheDeviceReachesAReadingHostAsTwoFingers() throws InterruptedException {
    Host host = new Host(2);
    GadgetFifo fifo = GadgetFifo.create(dir, "hidg1", host.length);
    try (Device phone =
        Device.builder()
            .hid("hidg:" + fifo.path + "?pointer=touch&contacts=2")
            .capture(new StillFrameSource(Ticker.system(), Sleeper.system(), Duration.ZERO))
            .open()) {
      phone.perform(Pinch.zoom(NormPoint.of(500, 500), 0.5));
    }
    fifo.close();
    List<Decoded> seen = fifo.reports().stream().map(host::decode).toList();
    List<Decoded> touching = seen.stream().filter(Decoded::anyTouching).toList();
    assertThat(touching).hasSizeGreaterThan(10);
    assertThat(touching)
        .allMatch(r -> r.count() == 2 && r.valid().stream().allMatch(Finger::touching));
    Decoded a = touching.get(0);
    Decoded b = touching.get(touching.size() - 1);
    assertThat(spread(b)).as("a 0.5x pinch halves the spread").isLessThan(spread(a) * 0.55);
    assertThat(seen.get(seen.size() - 1).anyTouching()).isFalse();
  }

  private static double spread(Decoded r) {
    Finger p = r.valid().get(0);
    Finger q = r.valid().get(1);
    return Math.hypot(p.x() - q.x(), p.y() - q.y());
  }

  @Test
  void aPointerReportIsFingerZeroInSlotZero() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    try (HidGadgetTransport t = open(dev, "pointer=touch&contacts=2")) {
      // x = 8192 = 0x2000, y = 24575 = 0x5FFF, as the single-finger worked example
      t.send(new HidReport.Pointer(NormPoint.of(250, 750), true));
      t.send(new HidReport.Pointer(NormPoint.of(250, 750), false));
    }
    assertThat(HEX.formatHex(Files.readAllBytes(dev)))
        .isEqualTo(
            String.join(
                " ",
                "00 00 00 00 00 00 00 00 00 00 00 00 00", // release at open: no finger, count 0
                "01 00 00 20 FF 5F 00 00 00 00 00 00 01", // finger 0 down, count 1
                "00 00 00 20 FF 5F 00 00 00 00 00 00 01", // finger 0 lifted where it was
                "00 00 00 20 FF 5F 00 00 00 00 00 00 01", // the lift again: it ends the gesture
                "00 00 00 20 FF 5F 00 00 00 00 00 00 00")); // release at close: none, count 0
  }

  @Test
  void fingersFillTheFirstSlotsAndALiftedOneIsSentOnceTipUp() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    NormPoint a = NormPoint.of(0, 0);
    NormPoint b = NormPoint.of(1000, 1000);
    try (HidGadgetTransport t = open(dev, "pointer=touch&contacts=3")) {
      t.send(touch(new HidReport.Contact(4, a, true), new HidReport.Contact(7, b, true)));
      t.send(touch(new HidReport.Contact(4, a, false), new HidReport.Contact(7, b, true)));
      t.send(touch(new HidReport.Contact(7, b, true)));
      t.send(touch(new HidReport.Contact(7, b, false)));
    }
    List<Decoded> seen = new Host(3).decodeAll(Files.readAllBytes(dev));
    assertThat(seen).hasSize(7);
    assertThat(seen.get(1).valid())
        .containsExactly(new Finger(4, 0, 0, true), new Finger(7, 32767, 32767, true));
    assertThat(seen.get(2).valid())
        .as("the lifted finger once more, tip up, counted")
        .containsExactly(new Finger(4, 0, 0, false), new Finger(7, 32767, 32767, true));
    assertThat(seen.get(3).valid())
        .as("its slot is free again: finger 7 moves up to slot 0")
        .containsExactly(new Finger(7, 32767, 32767, true));
    assertThat(seen.get(4).valid()).containsExactly(new Finger(7, 32767, 32767, false));
    assertThat(seen.get(5).raw()).as("the last lift, written again").isEqualTo(seen.get(4).raw());
    for (Decoded r : seen) {
      for (Finger unused : r.slots().subList(r.count(), r.slots().size())) {
        assertThat(unused.touching()).as("slots past the count never touch").isFalse();
      }
    }
  }

  @Test
  void releaseAllLiftsEveryFingerDownByName() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    try (HidGadgetTransport t = open(dev, "pointer=touch&contacts=5")) {
      t.send(
          touch(
              new HidReport.Contact(0, NormPoint.of(100, 100), true),
              new HidReport.Contact(1, NormPoint.of(200, 200), true),
              new HidReport.Contact(2, NormPoint.of(300, 300), true)));
      t.releaseAll();
      t.releaseAll();
    }
    List<Decoded> seen = new Host(5).decodeAll(Files.readAllBytes(dev));
    assertThat(seen).hasSize(5);
    Decoded release = seen.get(2);
    assertThat(release.count())
        .as("hid-multitouch reads Contact Count slots: all three")
        .isEqualTo(3);
    assertThat(release.valid()).extracting(Finger::id).containsExactly(0, 1, 2);
    assertThat(release.valid()).noneMatch(Finger::touching);
    assertThat(seen.get(3).count()).as("a second release: nothing left down").isZero();
    assertThat(seen.get(3).anyTouching()).isFalse();
  }

  @Test
  void aPointerReportAfterSeveralFingersLiftsTheOthers() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    try (HidGadgetTransport t = open(dev, "pointer=touch&contacts=2")) {
      t.send(
          touch(
              new HidReport.Contact(0, NormPoint.of(100, 100), true),
              new HidReport.Contact(1, NormPoint.of(200, 200), true)));
      t.send(new HidReport.Pointer(NormPoint.of(150, 150), true));
    }
    Decoded r = new Host(2).decodeAll(Files.readAllBytes(dev)).get(2);
    assertThat(r.valid())
        .containsExactly(
            new Finger(0, RANGE.toLogical(150), RANGE.toLogical(150), true),
            new Finger(1, RANGE.toLogical(200), RANGE.toLogical(200), false));
  }

  @Test
  void moreFingersThanContactsAreRefusedBeforeAnyWrite() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    try (HidGadgetTransport t = open(dev, "pointer=touch&contacts=2")) {
      long before = Files.size(dev);
      SwipeException e =
          thrown(
              () ->
                  t.send(
                      touch(
                          new HidReport.Contact(0, NormPoint.of(100, 100), true),
                          new HidReport.Contact(1, NormPoint.of(200, 200), true),
                          new HidReport.Contact(2, NormPoint.of(300, 300), true))));
      assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_INPUT);
      assertThat(e.getMessage()).contains("contacts=2", "contacts= must be at least", "contacts=3");
      assertThat(e.details()).containsEntry("contacts", 2).containsEntry("fingers", 3);
      assertThat(Files.size(dev)).as("nothing written").isEqualTo(before);
      // a finger still down counts: two down, then a report with a third and only one of them
      t.send(
          touch(
              new HidReport.Contact(0, NormPoint.of(100, 100), true),
              new HidReport.Contact(1, NormPoint.of(200, 200), true)));
      SwipeException implicit =
          thrown(
              () ->
                  t.send(
                      touch(
                          new HidReport.Contact(0, NormPoint.of(100, 100), true),
                          new HidReport.Contact(2, NormPoint.of(300, 300), true))));
      assertThat(implicit.code()).isEqualTo(ErrorCode.UNSUPPORTED_INPUT);
      SwipeException twice =
          thrown(
              () ->
                  t.send(
                      touch(
                          new HidReport.Contact(0, NormPoint.of(100, 100), true),
                          new HidReport.Contact(0, NormPoint.of(300, 300), true))));
      assertThat(twice.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
      assertThat(twice.field()).isEqualTo("contacts");
    }
  }

  @Test
  void aMouseOrAOneFingerScreenRefusesSeveralFingersNamingContacts() throws IOException {
    HidReport.Touch two =
        touch(
            new HidReport.Contact(0, NormPoint.of(100, 100), true),
            new HidReport.Contact(1, NormPoint.of(200, 200), true));
    for (String options :
        new String[] {"pointer=abs", "pointer=touch", "pointer=touch&contacts=1"}) {
      Path dev = Files.createTempFile(dir, "hidg", "");
      try (HidGadgetTransport t = open(dev, options)) {
        assertThat(t.capabilities().contacts()).as(options).isEqualTo(1);
        SwipeException e = thrown(() -> t.send(two));
        assertThat(e.code()).as(options).isEqualTo(ErrorCode.UNSUPPORTED_INPUT);
        assertThat(e.getMessage()).as(options).contains("pointer=touch&contacts=2");
      }
    }
  }

  @Test
  void oneFingerOnTheOneFingerScreenIsItsSingleTouchReport() throws IOException {
    Path dev = Files.createFile(dir.resolve("hidg1"));
    try (HidGadgetTransport t = open(dev, "pointer=touch")) {
      t.send(touch(new HidReport.Contact(3, NormPoint.of(250, 750), true)));
      t.send(touch(new HidReport.Contact(3, NormPoint.of(250, 750), false)));
    }
    assertThat(HEX.formatHex(Files.readAllBytes(dev)))
        .isEqualTo("00 00 00 00 00 03 00 20 FF 5F 00 00 20 FF 5F 00 00 20 FF 5F 00 00 20 FF 5F");
  }

  @Test
  void badContactsNameTheField() {
    for (String uri :
        new String[] {
          "hidg:/dev/null?pointer=touch&contacts=0",
          "hidg:/dev/null?pointer=touch&contacts=11",
          "hidg:/dev/null?pointer=touch&contacts=two",
          "hidg:/dev/null?pointer=abs&contacts=2",
          "hidg:/dev/null?contacts=3"
        }) {
      SwipeException e =
          thrown(() -> new HidGadgetTransportProvider().open(DeviceUri.parse(uri), null));
      assertThat(e.code()).as(uri).isEqualTo(CommonCode.INVALID_ARGUMENT);
      assertThat(e.field()).as(uri).isEqualTo("contacts");
    }
  }

  private static HidReport.Touch touch(HidReport.Contact... contacts) {
    return new HidReport.Touch(List.of(contacts));
  }
}
