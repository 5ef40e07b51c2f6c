package dev.swipe.sim.internal;

import dev.swipe.core.ErrorCode;
import dev.swipe.core.NormPoint;
import dev.swipe.core.SwipeException;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidRange;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.KeyReport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.core.spi.PointerReport;

/**
 * The simulator's HID link. Absolute and touch reports are quantized to the USB logical range
 * (0..32767) as a real report would be; a relative mouse is dead-reckoned: the transport first
 * homes the cursor into the top-left corner, then sends whole-count deltas of at most 127 per
 * report (a HID mouse report's range) and keeps the rounding remainder, so it never drifts.
 */
public final class SimTransport implements HidTransport {
  private static final HidRange RANGE = HidRange.USB_ABSOLUTE;
  private static final int MAX_COUNTS = 127;

  private final VirtualPhone phone;
  private final PointerKind kind;
  private final HidCapabilities capabilities;
  private final Object owner;
  private final Runnable onClose;
  private boolean closed;
  private boolean homed;
  private long cursorX;
  private long cursorY;
  private boolean pressed;
  private NormPoint lastAt = NormPoint.CENTER;

  /**
   * A transport into {@code phone} presenting the finger as {@code kind}.
   *
   * @param owner the public phone object this transport belongs to (for unwrapping)
   * @param onClose run once when the transport closes
   */
  public SimTransport(VirtualPhone phone, PointerKind kind, Object owner, Runnable onClose) {
    this.phone = phone;
    this.kind = kind;
    this.owner = owner;
    this.onClose = onClose;
    this.capabilities =
        HidCapabilities.builder()
            .addPointerKinds(PointerKind.ABSOLUTE, PointerKind.TOUCH, PointerKind.RELATIVE)
            .activePointer(kind)
            .range(RANGE)
            .keyboard(true)
            .consumerKeys(true)
            .build();
  }

  /** The public phone object this transport belongs to. */
  public Object owner() {
    return owner;
  }

  @Override
  public HidCapabilities capabilities() {
    return capabilities;
  }

  @Override
  public synchronized void send(HidReport report) {
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the sim HID transport is closed");
    }
    SwipeException.requireArgument(report, "report");
    deliver(report);
  }

  /** Delivers a report without the closed check (the phone's direct input path). */
  public synchronized void deliver(HidReport report) {
    if (report instanceof KeyReport k) {
      phone.key(k.key(), k.down());
      return;
    }
    PointerReport p = (PointerReport) report;
    if (kind == PointerKind.RELATIVE) {
      relative(p);
    } else {
      NormPoint q =
          NormPoint.of(
              RANGE.toNorm(RANGE.toLogical(p.at().x())), RANGE.toNorm(RANGE.toLogical(p.at().y())));
      phone.pointer(kind, q, p.pressed());
    }
    pressed = p.pressed();
    lastAt = p.at();
  }

  private void relative(PointerReport p) {
    if (!homed) {
      for (int i = 0; i < 2 * Math.max(phone.width(), phone.height()) / MAX_COUNTS + 2; i++) {
        phone.relative(-MAX_COUNTS, -MAX_COUNTS, false);
      }
      cursorX = 0;
      cursorY = 0;
      homed = true;
    }
    long tx = Math.round(NormPoint.toPixel(p.at().x(), phone.width()));
    long ty = Math.round(NormPoint.toPixel(p.at().y(), phone.height()));
    long dx = tx - cursorX;
    long dy = ty - cursorY;
    boolean sent = false;
    while (dx != 0 || dy != 0) {
      int sx = (int) Math.max(-MAX_COUNTS, Math.min(MAX_COUNTS, dx));
      int sy = (int) Math.max(-MAX_COUNTS, Math.min(MAX_COUNTS, dy));
      boolean last = sx == dx && sy == dy;
      // Intermediate chunks keep the old button state; the button changes with the last chunk.
      phone.relative(sx, sy, last ? p.pressed() : pressed);
      dx -= sx;
      dy -= sy;
      cursorX += sx;
      cursorY += sy;
      sent = true;
    }
    if (!sent) {
      phone.relative(0, 0, p.pressed());
    }
  }

  @Override
  public synchronized void releaseAll() {
    if (pressed) {
      deliver(new PointerReport(lastAt, false));
    }
    phone.releaseAll();
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      releaseAll();
      closed = true;
    }
    onClose.run();
  }
}
