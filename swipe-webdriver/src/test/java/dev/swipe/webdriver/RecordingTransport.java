package dev.swipe.webdriver;

import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The simulator's real HID transport with a log in front: every report that reaches the phone and
 * every release, so a test can tell whether a request touched the rig at all, and in what state it
 * left the finger.
 */
final class RecordingTransport implements HidTransport {
  private final HidTransport phone;
  private final HidCapabilities capabilities;
  private final List<HidReport> sent = new ArrayList<>();
  private final List<Long> sentAtNanos = new ArrayList<>();
  private final AtomicInteger releases = new AtomicInteger();

  RecordingTransport(HidTransport phone) {
    this(phone, true);
  }

  /**
   * With {@code keyboard} false the link presents itself as a pointer-only link (a gadget without a
   * keyboard).
   */
  RecordingTransport(HidTransport phone, boolean keyboard) {
    this.phone = phone;
    this.capabilities =
        keyboard
            ? phone.capabilities()
            : HidCapabilities.builder().from(phone.capabilities()).keyboard(false).build();
  }

  @Override
  public HidCapabilities capabilities() {
    return capabilities;
  }

  @Override
  public void send(HidReport report) {
    phone.send(report);
    synchronized (sent) {
      sent.add(report);
      sentAtNanos.add(System.nanoTime());
    }
  }

  @Override
  public void releaseAll() {
    releases.incrementAndGet();
    phone.releaseAll();
  }

  @Override
  public void close() {
    phone.close();
  }

  /** Pulls the plug: the phone's transport closes, so every later report fails. */
  void unplug() {
    phone.close();
  }

  int reports() {
    synchronized (sent) {
      return sent.size();
    }
  }

  List<HidReport> reportsSince(int from) {
    synchronized (sent) {
      return new ArrayList<>(sent.subList(from, sent.size()));
    }
  }

  /** Whether the last pointer or touch report sent left a finger pressed. */
  boolean fingerDown() {
    synchronized (sent) {
      for (int i = sent.size() - 1; i >= 0; i--) {
        if (sent.get(i) instanceof HidReport.Pointer p) {
          return p.pressed();
        }
        if (sent.get(i) instanceof HidReport.Touch t) {
          return t.contacts().stream().anyMatch(HidReport.Contact::touching);
        }
      }
      return false;
    }
  }

  int releases() {
    return releases.get();
  }
}
