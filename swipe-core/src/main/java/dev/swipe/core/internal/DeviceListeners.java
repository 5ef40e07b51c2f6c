package dev.swipe.core.internal;

import dev.swipe.base.Ticker;
import dev.swipe.core.Device;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.RelativePointing;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The listeners of one device (shared by its runs), and the part wrappers that tell them of frames
 * and pointer reports. With no listener the wrappers cost one list check.
 */
final class DeviceListeners {
  private final List<Device.Listener> listeners = new CopyOnWriteArrayList<>();
  private final Ticker ticker;

  DeviceListeners(Ticker ticker) {
    this.ticker = ticker;
  }

  Device.Listener.Registration add(Device.Listener l) {
    listeners.add(l);
    return () -> listeners.remove(l);
  }

  void stepStarted(String action, long atNanos) {
    for (Device.Listener l : listeners) {
      try {
        l.stepStarted(action, atNanos);
      } catch (RuntimeException e) {
        // a listener must not break the run
      }
    }
  }

  private void frame(Frame f) {
    for (Device.Listener l : listeners) {
      try {
        l.frameCaptured(f);
      } catch (RuntimeException e) {
        // see above
      }
    }
  }

  private void pointer(HidReport.Pointer r) {
    if (listeners.isEmpty()) {
      return;
    }
    long at = ticker.read();
    for (Device.Listener l : listeners) {
      try {
        l.pointerSent(r, at);
      } catch (RuntimeException e) {
        // see above
      }
    }
  }

  private void touch(HidReport.Touch r) {
    if (listeners.isEmpty()) {
      return;
    }
    long at = ticker.read();
    for (Device.Listener l : listeners) {
      try {
        l.touchSent(r, at);
      } catch (RuntimeException e) {
        // see above
      }
    }
  }

  /** The capture part, telling the listeners of every frame it returns. */
  FrameSource capture(FrameSource source) {
    return new Capture(source);
  }

  /** The HID part, telling the listeners of every pointer report it sent. */
  HidTransport hid(HidTransport transport) {
    return new Hid(transport);
  }

  /** The part a wrapper stands for (for {@code unwrap}), or {@code part} itself. */
  static Object unwrapped(Object part) {
    if (part instanceof MeasuredLagSource m) {
      return unwrapped(m.delegate());
    }
    if (part instanceof Capture c) {
      return c.delegate;
    }
    if (part instanceof Hid h) {
      return h.delegate;
    }
    return part;
  }

  private final class Capture implements FrameSource {
    private final FrameSource delegate;

    Capture(FrameSource delegate) {
      this.delegate = delegate;
    }

    @Override
    public Frame grab(long notBeforeNanos, Duration timeout) {
      Frame f = delegate.grab(notBeforeNanos, timeout);
      if (!listeners.isEmpty()) {
        frame(f);
      }
      return f;
    }

    @Override
    public Duration latency() {
      return delegate.latency();
    }

    @Override
    public void close() {
      delegate.close();
    }
  }

  private final class Hid implements HidTransport {
    private final HidTransport delegate;

    Hid(HidTransport delegate) {
      this.delegate = delegate;
    }

    @Override
    public HidCapabilities capabilities() {
      return delegate.capabilities();
    }

    @Override
    public void send(HidReport report) {
      delegate.send(report);
      if (report instanceof HidReport.Pointer p) {
        pointer(p);
      } else if (report instanceof HidReport.Touch t) {
        touch(t);
      }
    }

    @Override
    public void releaseAll() {
      delegate.releaseAll();
    }

    @Override
    public Optional<RelativePointing> relativePointing() {
      return delegate.relativePointing();
    }

    @Override
    public void close() {
      delegate.close();
    }
  }
}
