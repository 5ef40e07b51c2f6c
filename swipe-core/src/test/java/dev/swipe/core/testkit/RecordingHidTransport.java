package dev.swipe.core.testkit;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A HID transport for tests where no real link is involved: it records every report with its time
 * and thread, and can be told to fail on a chosen report (to test release-on-failure). Not a mock
 * of a phone: it only stands in for the wire.
 */
public final class RecordingHidTransport implements HidTransport {
  /** A report as recorded. */
  public record Sent(HidReport report, long atNanos, String thread) {}

  private final Ticker ticker;
  private final HidCapabilities capabilities;
  private final List<Sent> sent = new ArrayList<>();
  private Predicate<HidReport> failWhen = r -> false;
  private RuntimeException failure;
  private boolean closed;
  private int releaseCalls;

  /** An absolute pointer with keys and no rate limit. */
  public RecordingHidTransport(Ticker ticker) {
    this(ticker, Duration.ZERO);
  }

  /** An absolute pointer with keys and the given minimum report interval. */
  public RecordingHidTransport(Ticker ticker, Duration minReportInterval) {
    this.ticker = ticker;
    this.capabilities =
        HidCapabilities.builder()
            .addPointerKinds(PointerKind.ABSOLUTE)
            .activePointer(PointerKind.ABSOLUTE)
            .range(HidCapabilities.Range.USB_ABSOLUTE)
            .minReportInterval(minReportInterval)
            .keyboard(true)
            .consumerKeys(true)
            .build();
  }

  /** Makes the first report matching {@code when} throw {@code failure} (once). */
  public synchronized RecordingHidTransport failOn(
      Predicate<HidReport> when, RuntimeException failure) {
    this.failWhen = when;
    this.failure = failure;
    return this;
  }

  @Override
  public HidCapabilities capabilities() {
    return capabilities;
  }

  @Override
  public synchronized void send(HidReport report) {
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "transport closed");
    }
    if (report instanceof HidReport.Touch t && t.contacts().size() > capabilities().contacts()) {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "this recording link holds " + capabilities().contacts() + " finger(s)");
    }
    if (failure != null && failWhen.test(report)) {
      RuntimeException f = failure;
      failure = null;
      throw f;
    }
    sent.add(new Sent(report, ticker.read(), Thread.currentThread().getName()));
  }

  @Override
  public synchronized void releaseAll() {
    releaseCalls++;
    NormPoint at = lastPointer().map(HidReport.Pointer::at).orElse(NormPoint.CENTER);
    sent.add(
        new Sent(
            new HidReport.Pointer(at, false), ticker.read(), Thread.currentThread().getName()));
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      releaseAll();
      closed = true;
    }
  }

  /** Everything sent so far. */
  public synchronized List<Sent> sent() {
    return List.copyOf(sent);
  }

  /** How often {@link #releaseAll()} ran. */
  public synchronized int releaseCalls() {
    return releaseCalls;
  }

  /** Pointer states as a peer would see them. */
  public synchronized List<ObservedPointer> observed() {
    List<ObservedPointer> out = new ArrayList<>();
    for (Sent s : sent) {
      if (s.report() instanceof HidReport.Pointer p) {
        out.add(new ObservedPointer(p.at().x(), p.at().y(), p.pressed()));
      }
    }
    return out;
  }

  private java.util.Optional<HidReport.Pointer> lastPointer() {
    for (int i = sent.size() - 1; i >= 0; i--) {
      if (sent.get(i).report() instanceof HidReport.Pointer p) {
        return java.util.Optional.of(p);
      }
    }
    return java.util.Optional.empty();
  }

  /** Key reports sent so far. */
  public synchronized List<HidReport.Keyboard> keys() {
    List<HidReport.Keyboard> out = new ArrayList<>();
    for (Sent s : sent) {
      if (s.report() instanceof HidReport.Keyboard k) {
        out.add(k);
      }
    }
    return out;
  }

  /** Whether any key is still down after the last report. */
  public synchronized Set<String> keysDown() {
    java.util.Set<String> down = new java.util.HashSet<>();
    for (HidReport.Keyboard k : keys()) {
      if (k.down()) {
        down.add(k.key().name());
      } else {
        down.remove(k.key().name());
      }
    }
    return down;
  }
}
