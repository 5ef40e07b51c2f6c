package dev.swipe.sim.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.core.spi.RelativePointing;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The simulator's HID link. Absolute and touch reports are quantized to the USB logical range
 * (0..32767) as a real report would be; a relative mouse is dead-reckoned: the transport first
 * homes the cursor into the top-left corner, then sends whole-count deltas of at most 127 per
 * report (a HID mouse report's range) and keeps the rounding remainder, so it never drifts, taking
 * one count for one frame pixel. A device that steers the pointer from its frames ({@link
 * RelativePointing}) replaces the homing and the factor with its anchor.
 */
public final class SimTransport implements HidTransport, RelativePointing {
  private static final HidCapabilities.Range RANGE = HidCapabilities.Range.USB_ABSOLUTE;
  private static final int MAX_COUNTS = 127;

  /** Fingers the simulated digitizer holds at once. */
  static final int MAX_FINGERS = 5;

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

  /** Counts per normalized unit and the largest report while anchored; 0 when not anchored. */
  private double anchorCountsX;

  private double anchorCountsY;
  private int anchorStep;

  /** The latest anchored target, counts: the same again means the finger rests there. */
  private long lastTargetX;

  private long lastTargetY;

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
            .contacts(kind == PointerKind.TOUCH ? MAX_FINGERS : 1)
            .rig(phone.takesInputAsARig())
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
    ensureOpen();
    SwipeException.requireArgument(report, "report");
    deliver(report);
  }

  /** Delivers a report without the closed check (the phone's direct input path). */
  public synchronized void deliver(HidReport report) {
    if (report instanceof HidReport.Keyboard k) {
      phone.key(k.key(), k.down());
      return;
    }
    if (report instanceof HidReport.Touch t) {
      touches(t);
      return;
    }
    HidReport.Pointer p = (HidReport.Pointer) report;
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

  private void touches(HidReport.Touch t) {
    if (kind != PointerKind.TOUCH || t.contacts().size() > MAX_FINGERS) {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "this simulated link holds "
              + capabilities.contacts()
              + " finger(s); a multi-touch report needs pointer=touch and at most "
              + MAX_FINGERS
              + " fingers");
    }
    List<HidReport.Contact> quantized = new ArrayList<>(t.contacts().size());
    for (HidReport.Contact c : t.contacts()) {
      NormPoint q =
          NormPoint.of(
              RANGE.toNorm(RANGE.toLogical(c.at().x())), RANGE.toNorm(RANGE.toLogical(c.at().y())));
      quantized.add(new HidReport.Contact(c.id(), q, c.touching()));
    }
    phone.touches(quantized);
    pressed = t.contacts().stream().anyMatch(HidReport.Contact::touching);
  }

  @Override
  public Optional<RelativePointing> relativePointing() {
    return kind == PointerKind.RELATIVE ? Optional.of(this) : Optional.empty();
  }

  @Override
  public synchronized void move(int dx, int dy) {
    ensureOpen();
    RelativePointing.checkMove(dx, dy);
    homed = false;
    anchorStep = 0;
    phone.relative(dx, dy, false);
  }

  @Override
  public synchronized void anchor(
      NormPoint at, double countsPerUnitX, double countsPerUnitY, int maxStep) {
    RelativePointing.checkAnchor(at, countsPerUnitX, countsPerUnitY, maxStep);
    anchorCountsX = countsPerUnitX;
    anchorCountsY = countsPerUnitY;
    anchorStep = maxStep;
    cursorX = Math.round(at.x() * countsPerUnitX);
    cursorY = Math.round(at.y() * countsPerUnitY);
    lastTargetX = cursorX;
    lastTargetY = cursorY;
    homed = true;
  }

  private void relative(HidReport.Pointer p) {
    if (anchorStep > 0) {
      wholeReports(
          Math.round(p.at().x() * anchorCountsX),
          Math.round(p.at().y() * anchorCountsY),
          p.pressed());
      return;
    }
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
    travel(tx - cursorX, ty - cursorY, MAX_COUNTS, p.pressed());
  }

  /**
   * Sends {@code dx, dy} counts in reports of at most {@code step} per axis; intermediate reports
   * keep the old button state, the button changes with the last one.
   */
  private void travel(long dx, long dy, int step, boolean press) {
    boolean sent = false;
    while (dx != 0 || dy != 0) {
      int sx = (int) Math.max(-step, Math.min(step, dx));
      int sy = (int) Math.max(-step, Math.min(step, dy));
      boolean last = sx == dx && sy == dy;
      phone.relative(sx, sy, last ? press : pressed);
      dx -= sx;
      dy -= sy;
      cursorX += sx;
      cursorY += sy;
      sent = true;
    }
    if (!sent) {
      phone.relative(0, 0, press);
    }
  }

  /**
   * While anchored: the move to {@code tx, ty} counts in whole reports of the anchor's step along
   * the longer axis (the learned gain is that size's); what is left, under one report, waits for
   * the next report unless the finger rests (the same target again) or the button changes now.
   */
  private void wholeReports(long tx, long ty, boolean press) {
    long dx = tx - cursorX;
    long dy = ty - cursorY;
    boolean resting = tx == lastTargetX && ty == lastTargetY;
    lastTargetX = tx;
    lastTargetY = ty;
    boolean sent = false;
    for (RelativePointing.Counts c : RelativePointing.wholeReports(dx, dy, anchorStep)) {
      phone.relative(c.dx(), c.dy(), pressed);
      dx -= c.dx();
      dy -= c.dy();
      cursorX += c.dx();
      cursorY += c.dy();
      sent = true;
    }
    if ((press != pressed || resting) && (dx != 0 || dy != 0)) {
      travel(dx, dy, anchorStep, press);
    } else if (press != pressed || !sent) {
      phone.relative(0, 0, press);
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the sim HID transport is closed");
    }
  }

  @Override
  public synchronized void releaseAll() {
    if (pressed) {
      deliver(new HidReport.Pointer(lastAt, false));
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
