package dev.swipe.sim.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.sim.SimConfig;
import java.awt.AlphaComposite;
import java.awt.Color;
import java.awt.Composite;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import org.jspecify.annotations.Nullable;

/**
 * One picker column. Its position is measured in rows (row {@code i} is centred when the position
 * is {@code i}; unwrapped on cyclic wheels, so it can pass the cycle many times). Values increase
 * downwards: dragging the finger down brings smaller values to the centre.
 *
 * <p>Android follows NumberPicker: the move that crosses the slop does not scroll; release velocity
 * above 50 dp/s flings with the Scroller spline (maximum velocity divided by 8), then an 800 ms
 * DecelerateInterpolator(2.5) adjustment snaps to the nearest row; a tap (under 100 ms) on the
 * selected row or a 400 ms press on it opens the inline editor and keyboard; a tap on the row above
 * or below steps by one (also on a wheel the touch stopped), a long press there keeps stepping; a
 * touch on a flinging wheel stops it and snaps it to a row while the finger is down. iOS follows
 * UIPickerView: the content follows the finger, the release projects with 0.998/ms deceleration
 * onto the nearest row, the ends rubber-band, a tap on a visible row centres it, and the rows are
 * drawn on a cylinder. Flutter's ListWheelScrollView clamps its ends and settles with
 * FixedExtentScrollPhysics.
 *
 * <p>Sources, one per behaviour: NumberPicker.java DEFAULT_LONG_PRESS_UPDATE_INTERVAL (300 ms);
 * TimePickerSpinnerDelegate.java setOnLongPressUpdateInterval(100) on its hour and minute spinners;
 * NumberPicker.java onInterceptTouchEvent (a finished fling scroller runs
 * ensureScrollWheelAdjusted, SELECTOR_ADJUSTMENT_DURATION_MILLIS 800) and onTouchEvent ACTION_UP
 * (changeValueByOne on a tap under getTapTimeout); list_wheel_scroll_view.dart
 * FixedExtentScrollPhysics.createBallisticSimulation (the item where the parent's clamping
 * simulation stops, reached by FrictionSimulation.through or the default spring).
 */
final class Wheel {
  private static final long SAMPLE_NANOS = 4_000_000L;
  private static final long ADJUST_NANOS = 800_000_000L;

  /** NumberPicker SNAP_SCROLL_DURATION: one step's scroll. */
  private static final long STEP_NANOS = 300_000_000L;

  /** NumberPicker DEFAULT_LONG_PRESS_UPDATE_INTERVAL. */
  static final long NUMBER_PICKER_REPEAT_NANOS = 300_000_000L;

  /** TimePickerSpinnerDelegate's setOnLongPressUpdateInterval(100). */
  static final long TIME_PICKER_REPEAT_NANOS = 100_000_000L;

  final String name;
  final String[] labels;
  final int[] values;
  final int valueStep;
  final int valueCycle;
  final boolean cyclic;
  final double centerX;
  final double width;
  final double centerY;
  final double pitch;

  /**
   * Rows visible on each side of the selected one (fractional: the window's half height in rows).
   */
  final double halfWindowRows;

  private final DeviceProfile profile;
  private final AndroidSpline spline;
  private final VirtualPhone phone;
  private final TextField editor;
  private final dev.swipe.sim.SimConfig.PickerKind kind;

  /**
   * Rows added to this wheel's own position by a linked wheel (TimePicker's hour follows minute
   * wraps).
   */
  private java.util.function.LongToDoubleFunction carry = t -> 0;

  private Motion motion;

  /** When the fling scroller (a fling or a one-row step) of the current motion finishes. */
  private long flingScrollerEnd = Long.MIN_VALUE;

  private @Nullable Touch touch;
  private boolean scrolling;
  private double lastY;
  private double anchorPos;
  private double anchorY;
  private boolean performClickOnTap;
  private boolean caught;
  private int pressRow;
  private long longPressAt = Long.MAX_VALUE;
  private long editorSince = Long.MAX_VALUE;

  private @Nullable Integer targetIndex;
  private long lastRow;
  private int enteredDir;
  private boolean passing;
  private int passDir;
  private long passOrigin;
  private int overshoots;

  /** See {@link #liftOffsetRows()}. */
  private double liftOffsetRows;

  private int maxRowsPast;

  Wheel(
      VirtualPhone phone,
      String name,
      String[] labels,
      int[] values,
      int valueStep,
      int valueCycle,
      boolean cyclic,
      double centerX,
      double width,
      double centerY,
      int initialIndex) {
    this.phone = phone;
    this.profile = phone.profile();
    this.spline = new AndroidSpline(profile.density(), profile.friction());
    this.name = name;
    this.labels = labels;
    this.values = values;
    this.valueStep = valueStep;
    this.valueCycle = valueCycle;
    this.cyclic = cyclic;
    this.centerX = centerX;
    this.width = width;
    this.centerY = centerY;
    this.pitch = profile.wheelPitchPx();
    this.kind = phone.config().effectivePicker();
    this.halfWindowRows =
        profile.platform() == dev.swipe.sim.SimConfig.Platform.ANDROID ? 1.5 : 324.0 / pitch;
    this.motion = Motion.still(initialIndex);
    this.lastRow = initialIndex;
    this.editor = new TextField(centerX - width / 2, centerY - pitch / 2, width, pitch, "");
  }

  private boolean android() {
    return kind == dev.swipe.sim.SimConfig.PickerKind.TIMEPICKER
        || kind == dev.swipe.sim.SimConfig.PickerKind.NUMBERPICKER;
  }

  private boolean listWheel() {
    return kind == dev.swipe.sim.SimConfig.PickerKind.LISTWHEEL;
  }

  /** Whether rows are drawn on a cylinder (UIPickerView, ListWheelScrollView). */
  private boolean cylinder() {
    return !android();
  }

  private long repeatNanos() {
    return kind == dev.swipe.sim.SimConfig.PickerKind.TIMEPICKER
        ? TIME_PICKER_REPEAT_NANOS
        : NUMBER_PICKER_REPEAT_NANOS;
  }

  /** Links this wheel to another: its shown position is its own plus {@code carry} rows. */
  void carry(java.util.function.LongToDoubleFunction carry) {
    this.carry = carry;
  }

  /** The shown position: own motion plus what a linked wheel carried in. */
  private double shown(long t) {
    return motion.at(t) + carry.applyAsDouble(t);
  }

  int rows() {
    return Math.min(labels.length, shownRows.getAsInt());
  }

  /** How many of the labels the wheel has now (a day column follows its month and year). */
  private java.util.function.IntSupplier shownRows = () -> Integer.MAX_VALUE;

  void rowsFrom(java.util.function.IntSupplier rows) {
    this.shownRows = rows;
  }

  double top() {
    return centerY - halfWindowRows * pitch;
  }

  double bottom() {
    return centerY + halfWindowRows * pitch;
  }

  boolean contains(double x, double y) {
    return Math.abs(x - centerX) <= width / 2 && y >= top() && y <= bottom();
  }

  double position(long t) {
    return shown(t);
  }

  boolean moving(long t) {
    return t < endOfShown();
  }

  int index(long t) {
    long r = Math.round(shown(t));
    return cyclic ? Math.floorMod(r, rows()) : (int) Math.max(0, Math.min(rows() - 1, r));
  }

  boolean editorOpen(long t) {
    return t >= editorSince;
  }

  TextField editor() {
    return editor;
  }

  private double lo() {
    return cyclic ? Double.NEGATIVE_INFINITY : 0;
  }

  private double hi() {
    return cyclic ? Double.POSITIVE_INFINITY : rows() - 1;
  }

  private double clamp(double p) {
    return Math.max(lo(), Math.min(hi(), p));
  }

  /** Row offset (-1, 0, +1 or more) of a y coordinate relative to the selected row. */
  private int rowOffsetAt(double y) {
    return (int) Math.round((y - centerY) / pitch);
  }

  // ---- touch ----------------------------------------------------------------------------------

  void down(Touch t) {
    long now = t.downTime;
    track(now);
    touch = t;
    boolean wasMoving = motion.moving(now);
    double at = motion.at(now);
    if (android() && now < flingScrollerEnd) {
      // NumberPicker: the fling scroller is force-finished and ensureScrollWheelAdjusted snaps to a
      // row.
      double target = clamp((double) Math.round(at));
      motion =
          target == at
              ? Motion.still(at)
              : new Motion.Eased(at, target, now, ADJUST_NANOS, Motion.Easing.DECELERATE_2_5);
    } else {
      motion = Motion.still(at);
    }
    flingScrollerEnd = Long.MIN_VALUE;
    scrolling = false;
    lastY = t.downY;
    caught = wasMoving;
    performClickOnTap = false;
    longPressAt = Long.MAX_VALUE;
    pressRow = rowOffsetAt(t.downY);
    if (android() && !wasMoving && Math.abs(pressRow) <= 1) {
      performClickOnTap = pressRow == 0;
      longPressAt = now + DeviceProfile.LONG_PRESS_NANOS;
    }
  }

  void move(Touch t, boolean crossedSlop) {
    long now = t.time;
    if (!scrolling) {
      if (crossedSlop) {
        scrolling = true;
        longPressAt = Long.MAX_VALUE;
        lastY = t.y;
        anchorPos = motion.at(now);
        anchorY = t.y;
      }
      return;
    }
    if (android()) {
      double p = clamp(motion.at(now) - (t.y - lastY) / pitch);
      motion = Motion.still(p);
      lastY = t.y;
    } else if (listWheel()) {
      motion = Motion.still(clamp(anchorPos - (t.y - anchorY) / pitch));
    } else {
      double raw = anchorPos - (t.y - anchorY) / pitch;
      double shown = cyclic ? raw : ScrollAxis.rubberBand(raw, 0, rows() - 1, 2 * halfWindowRows);
      motion = Motion.still(shown);
    }
    track(now);
  }

  void up(Touch t, double vy) {
    long now = t.time;
    touch = null;
    longPressAt = Long.MAX_VALUE;
    double pos = motion.at(now);
    if (scrolling) {
      liftOffsetRows = pos - Math.round(pos);
    }
    if (android()) {
      androidUp(t, now, pos, vy);
    } else if (listWheel()) {
      listWheelUp(now, pos, vy);
    } else {
      iosUp(t, now, pos, vy);
    }
    track(now);
  }

  private void androidUp(Touch t, long now, double pos, double vy) {
    double maxFling = profile.maxFlingPxPerS() / DeviceProfile.PICKER_FLING_DIVISOR;
    if (scrolling && Math.abs(vy) > profile.minFlingPxPerS()) {
      double speed = Math.min(Math.abs(vy), maxFling);
      double rows = -Math.signum(vy) * spline.distance(speed) / pitch;
      Motion.SplineFling fling =
          new Motion.SplineFling(pos, now, rows, spline.durationNanos(speed), lo(), hi());
      long end = Math.max(now, fling.end());
      double rest = fling.at(end);
      motion =
          fling.then(
              end,
              new Motion.Eased(
                  rest,
                  clamp((double) Math.round(rest)),
                  end,
                  ADJUST_NANOS,
                  Motion.Easing.DECELERATE_2_5));
      flingScrollerEnd = end;
      return;
    }
    if (!scrolling && now - t.downTime < DeviceProfile.TAP_TIMEOUT_NANOS) {
      if (performClickOnTap) {
        openEditor(now);
        return;
      }
      int offset = rowOffsetAt(t.y);
      if (offset != 0 && Math.abs(offset) <= 1) {
        stepBy(offset, now);
        return;
      }
    }
    adjust(now, pos);
  }

  private void iosUp(Touch t, long now, double pos, double vy) {
    if (scrolling) {
      if (pos < lo() || pos > hi()) {
        double edge = pos < lo() ? lo() : hi();
        motion = new Motion.Spring(edge, now, pos - edge, 0, profile.bounceOmega(), 0.5 / pitch);
        return;
      }
      double r = DeviceProfile.IOS_DECELERATION;
      double vRows = -vy / pitch;
      double projected = vRows / 1000.0 * r / (1 - r);
      double target = clamp((double) Math.round(pos + projected));
      motion =
          new Motion.Decay(pos, now, target - pos, r, Math.min(0.002, profile.iosStopPx() / pitch));
      return;
    }
    if (caught || !t.withinSlop()) {
      // A stopped wheel, or a pointer drag the platform did not scroll with: settle, no tap.
      motion =
          new Motion.Eased(
              pos,
              clamp((double) Math.round(pos)),
              now,
              200_000_000L,
              Motion.Easing.EASE_OUT_CUBIC);
      return;
    }
    long tapped = Math.round(pos + (t.y - centerY) / pitch);
    if (tapped != Math.round(pos) && tapped >= lo() && tapped <= hi()) {
      motion = new Motion.Eased(pos, tapped, now, 300_000_000L, Motion.Easing.EASE_OUT_CUBIC);
    }
  }

  /**
   * FixedExtentScrollPhysics: the row where the clamping simulation would stop, reached by a
   * friction simulation through it, or by the default spring when that is the row it is on.
   */
  private void listWheelUp(long now, double pos, double vy) {
    double density = profile.density();
    double toleranceRows = 1.0 / pitch;
    double tolVelocityRows = 1.0 / (0.050 * density) * density / pitch;
    double vRows = scrolling ? -vy / pitch : 0;
    double finalPos = pos;
    if (Math.abs(vRows) >= tolVelocityRows) {
      Motion.FlutterFling sim =
          new Motion.FlutterFling(
              pos * pitch, now, vRows * pitch, density, lo() * pitch, hi() * pitch);
      finalPos = clamp(sim.target() / pitch);
    }
    double settle = clamp((double) Math.round(finalPos));
    if (Math.abs(vRows) < tolVelocityRows && Math.abs(settle - pos) < toleranceRows) {
      motion = Motion.still(settle);
    } else if (settle == Math.round(pos) || Math.signum(settle - pos) != Math.signum(vRows)) {
      motion = new Motion.OverdampedSpring(pos, settle, vRows, now, toleranceRows);
    } else {
      motion =
          new Motion.FrictionThrough(pos, settle, vRows, tolVelocityRows * Math.signum(vRows), now);
    }
  }

  /** NumberPicker's ensureScrollWheelAdjusted: 800 ms to the nearest row. */
  private void adjust(long now, double pos) {
    double target = clamp((double) Math.round(pos));
    motion =
        target == pos
            ? Motion.still(pos)
            : new Motion.Eased(pos, target, now, ADJUST_NANOS, Motion.Easing.DECELERATE_2_5);
  }

  /** NumberPicker's changeValueByOne: a 300 ms scroll of one row. */
  private void stepBy(int rows, long now) {
    // moveToFinalScrollerPosition: a running step or adjustment jumps to its end first.
    double base = Math.round(motion.at(Long.MAX_VALUE / 2));
    double target = clamp(base + rows);
    motion =
        motion.then(
            now, new Motion.Eased(base, target, now, STEP_NANOS, Motion.Easing.DECELERATE_2_5));
    flingScrollerEnd = now + STEP_NANOS;
  }

  private void openEditor(long at) {
    editorSince = at;
    editor.text("");
    phone.focus(editor, at);
  }

  /** The editor closed (Back); nothing changes. */
  void closeEditor() {
    editorSince = Long.MAX_VALUE;
  }

  /** Enter in the editor: a typed value (or label) becomes the selection. */
  void commitEditor(long now) {
    String typed = editor.text().strip();
    editorSince = Long.MAX_VALUE;
    for (int i = 0; i < rows(); i++) {
      boolean match = labels[i].equalsIgnoreCase(typed);
      if (!match && !typed.isEmpty() && typed.chars().allMatch(Character::isDigit)) {
        match = Integer.parseInt(typed) == values[i];
      }
      if (match) {
        double pos = shown(now);
        long base = Math.round(pos);
        long target = cyclic ? base + Math.floorMod(i - Math.floorMod(base, rows()), rows()) : i;
        if (cyclic && target - base > rows() / 2) {
          target -= rows();
        }
        motion = Motion.still(target - carry.applyAsDouble(now));
        track(now);
        return;
      }
    }
  }

  // ---- time -----------------------------------------------------------------------------------

  /** Long presses fire and overshoots are counted as time passes. */
  void advance(long from, long to) {
    while (touch != null && longPressAt <= to) {
      long at = longPressAt;
      trackUntil(from, at);
      from = at;
      if (pressRow == 0) {
        longPressAt = Long.MAX_VALUE;
        performClickOnTap = false;
        openEditor(at);
      } else {
        stepBy(pressRow, at);
        longPressAt = at + repeatNanos();
      }
    }
    trackUntil(from, to);
  }

  private void trackUntil(long from, long to) {
    if (targetIndex == null) {
      lastRow = Math.round(shown(to));
      return;
    }
    long end = Math.min(to, Math.max(from, endOfShown()));
    for (long t = from; t < end; t += SAMPLE_NANOS) {
      track(t);
    }
    track(to);
  }

  /** When the shown position stops moving (its own motion, or a linked wheel's). */
  long endOfShown() {
    return Math.max(motion.end(), carryEnd.getAsLong());
  }

  private java.util.function.LongSupplier carryEnd = () -> Long.MIN_VALUE;

  /** When the linked wheel that carries into this one stops. */
  void carryEnd(java.util.function.LongSupplier end) {
    this.carryEnd = end;
  }

  private void track(long t) {
    long r = Math.round(shown(t));
    while (lastRow != r) {
      int dir = r > lastRow ? 1 : -1;
      long next = lastRow + dir;
      rowChanged(lastRow, next, dir);
      lastRow = next;
    }
  }

  private boolean isTarget(long row) {
    return targetIndex != null
        && (cyclic ? Math.floorMod(row, rows()) == targetIndex : row == targetIndex);
  }

  private void rowChanged(long from, long to, int dir) {
    if (targetIndex == null) {
      return;
    }
    if (isTarget(from) && !isTarget(to)) {
      if (enteredDir == dir) {
        overshoots++;
        passing = true;
        passDir = dir;
        passOrigin = from;
        maxRowsPast = Math.max(maxRowsPast, 1);
      } else {
        passing = false;
      }
    } else if (passing) {
      if (dir == passDir) {
        maxRowsPast = (int) Math.max(maxRowsPast, Math.abs(to - passOrigin));
      } else {
        passing = false;
      }
    }
    if (isTarget(to)) {
      enteredDir = dir;
    }
  }

  /** Puts the wheel at rest on {@code value}, without counting it as movement past a target. */
  void jumpTo(int value, long now) {
    int index = indexOf(value);
    // a cyclic wheel stays in its current cycle, so a linked wheel does not see a wrap
    long cycleBase = cyclic ? Math.floorDiv(Math.round(shown(now)), (long) rows()) * rows() : 0;
    motion = Motion.still(cycleBase + index - carry.applyAsDouble(now));
    flingScrollerEnd = Long.MIN_VALUE;
    lastRow = Math.round(shown(now));
    enteredDir = 0;
    passing = false;
  }

  private int indexOf(int value) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == value) {
        return i;
      }
    }
    throw SwipeException.invalidArgument("value", "the " + name + " wheel has no value " + value);
  }

  /** Starts counting overshoots against {@code value} (null clears); resets the counts. */
  void target(@Nullable Integer value, long now) {
    if (value == null) {
      targetIndex = null;
    } else {
      targetIndex = indexOf(value);
    }
    overshoots = 0;
    maxRowsPast = 0;
    passing = false;
    enteredDir = 0;
    lastRow = Math.round(shown(now));
  }

  @Nullable Integer targetValue() {
    return targetIndex == null ? null : values[targetIndex];
  }

  /** How far from its nearest row the wheel was when a drag last lifted off it, in rows. */
  double liftOffsetRows() {
    return liftOffsetRows;
  }

  int overshoots() {
    return overshoots;
  }

  int maxRowsPast() {
    return maxRowsPast;
  }

  // ---- painting -------------------------------------------------------------------------------

  /** The position as drawn: the wheel's offset rounded (half up) to whole device pixels. */
  private double shownPosition(long t) {
    return Math.floor(0.5 + shown(t) * pitch) / pitch;
  }

  void paint(Graphics2D g, Look look, long t, boolean caret) {
    SimConfig.PickerStyle style = phone.config().pickerStyle();
    double pos = shownPosition(t);
    Shape clip = g.getClip();
    g.clip(new Rectangle2D.Double(centerX - width / 2, top(), width, bottom() - top()));
    Composite composite = g.getComposite();
    long first = (long) Math.floor(pos - halfWindowRows) - 1;
    long last = (long) Math.ceil(pos + halfWindowRows) + 1;
    double size = android() ? 60 : 64;
    boolean editing = editorOpen(t);
    for (long row = first; row <= last; row++) {
      if (!cyclic && (row < 0 || row >= rows())) {
        continue;
      }
      double y = centerY + (row - pos) * pitch;
      double squash = 1;
      if (cylinder()) {
        // UIPickerView and ListWheelScrollView: rows sit on a cylinder whose radius is the window's
        // half height.
        double radius = halfWindowRows * pitch;
        double theta = (row - pos) * pitch / radius;
        if (Math.abs(theta) >= Math.PI / 2) {
          continue;
        }
        y = centerY + radius * Math.sin(theta);
        squash = Math.cos(theta);
      }
      double d = Math.abs(y - centerY) / pitch;
      if (d > halfWindowRows + 0.5) {
        continue;
      }
      int index = (int) Math.floorMod(row, (long) rows());
      if (editing && d < 0.5) {
        continue;
      }
      float alpha = (float) Math.max(0.12, 1 - d / (halfWindowRows + 0.6));
      if (cylinder()) {
        alpha = (float) Math.max(0.08, Math.min(alpha, squash * squash));
      }
      if (style != SimConfig.PickerStyle.PLATFORM) {
        alpha = 1f; // every row in the same ink: only the band, the lines or the bold face mark it
      }
      g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, d < 0.5 ? 1f : alpha));
      // NumberPicker paints every row alike (the fading edge dims the outer ones); iOS darkens the
      // band.
      Color c = look.text;
      java.awt.geom.AffineTransform flat = g.getTransform();
      if (squash < 1) {
        g.translate(0, y);
        g.scale(1, squash);
        g.translate(0, -y);
      }
      boolean platformLook = style == SimConfig.PickerStyle.PLATFORM;
      look.centred(
          g,
          labels[index],
          centerX,
          y,
          d < 0.5 && !android() && platformLook ? size * 1.05 : size,
          d < 0.5 && style == SimConfig.PickerStyle.BOLD,
          c);
      g.setTransform(flat);
    }
    g.setComposite(composite);
    if (editing) {
      editor.paint(g, look, caret, 0);
    }
    g.setClip(clip);
    if ((style == SimConfig.PickerStyle.PLATFORM && android())
        || style == SimConfig.PickerStyle.LINES) {
      g.setColor(look.accent);
      g.fill(
          new Rectangle2D.Double(centerX - width / 2 + 12, centerY - pitch / 2 - 3, width - 24, 6));
      g.fill(
          new Rectangle2D.Double(centerX - width / 2 + 12, centerY + pitch / 2 - 3, width - 24, 6));
    }
  }

  Object viewKey(long t) {
    return java.util.List.of(shownPosition(t), editorOpen(t), editor.text());
  }
}
