package dev.swipe.hid.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.core.spi.RelativePointing;
import java.util.ArrayList;
import java.util.List;

/**
 * Dead reckoning for a relative mouse: the phone's pointer can only be pushed by counts, so the
 * position is made known by homing (large moves into the top-left corner, where the pointer stops
 * at the screen edge) and then tracked in counts from there. A calibration factor (counts per
 * normalized unit, per axis) turns normalized targets into counts.
 *
 * <p>Plans the relative reports for one pointer state; moves larger than a report can carry (int8,
 * at most 127 counts) are split into equal steps along the straight line.
 */
final class RelativePointer {
  /** Largest count one report carries. */
  static final int MAX_STEP = 127;

  /** One relative report: signed counts and the button. */
  record Step(int dx, int dy, boolean pressed) {}

  private double countsPerUnitX;
  private double countsPerUnitY;
  private final double homeMargin;
  private final boolean homeOnPress;
  private boolean homed;

  /** Largest count per report while anchored by the device; 0 when not anchored. */
  private int anchorStep;

  private long countX;
  private long countY;

  /** The latest anchored target, counts: the same again means the finger rests there. */
  private long lastTargetX;

  private long lastTargetY;
  private boolean pressed;

  /**
   * @param homeMargin how far beyond the screen (first homing) or beyond the believed position (a
   *     re-homing) to push, as a fraction of the screen: covers calibration error and drift
   * @param homeOnPress re-home before every press (else only first and after uncertain outcomes)
   */
  RelativePointer(
      double countsPerUnitX, double countsPerUnitY, double homeMargin, boolean homeOnPress) {
    this.countsPerUnitX = countsPerUnitX;
    this.countsPerUnitY = countsPerUnitY;
    this.homeMargin = homeMargin;
    this.homeOnPress = homeOnPress;
  }

  /** The steps that bring the pointer to {@code target} in state {@code press}. */
  List<Step> plan(NormPoint target, boolean press) {
    List<Step> steps = new ArrayList<>();
    boolean pressing = press && !pressed;
    if (anchorStep == 0 && (!homed || (pressing && homeOnPress))) {
      if (pressed) {
        // Never home with the button down: that would drag across the screen. Lift first.
        steps.add(new Step(0, 0, false));
        pressed = false;
      }
      home(steps);
    }
    long tx = Math.round(target.x() * countsPerUnitX);
    long ty = Math.round(target.y() * countsPerUnitY);
    if (anchorStep > 0) {
      boolean resting = tx == lastTargetX && ty == lastTargetY;
      lastTargetX = tx;
      lastTargetY = ty;
      wholeReports(tx - countX, ty - countY, steps);
      if (press != pressed || (resting && (tx != countX || ty != countY))) {
        // what is left, under one report, goes when the finger rests or the button changes
        steps.add(new Step((int) (tx - countX), (int) (ty - countY), press));
        countX = tx;
        countY = ty;
      } else if (steps.isEmpty()) {
        steps.add(new Step(0, 0, press));
      }
      pressed = press;
      return steps;
    }
    // Travel with the button as it was; change the button only at the target.
    moveBy(tx - countX, ty - countY, pressed, steps);
    if (press != pressed || steps.isEmpty()) {
      steps.add(new Step(0, 0, press));
    }
    pressed = press;
    return steps;
  }

  /** Forgets the position (after an uncertain outcome): the next report homes again. */
  void invalidate() {
    homed = false;
    anchorStep = 0;
  }

  /**
   * Takes the position and the factors the device found from its frames: the pointer is at {@code
   * at}; until {@link #invalidate()} no homing, and moves go in whole reports of {@code maxStep} (a
   * remainder under one report waits, and goes when the finger rests or the button changes).
   */
  void anchor(NormPoint at, double countsPerUnitX, double countsPerUnitY, int maxStep) {
    this.countsPerUnitX = countsPerUnitX;
    this.countsPerUnitY = countsPerUnitY;
    this.anchorStep = maxStep;
    this.homed = true;
    this.countX = Math.round(at.x() * countsPerUnitX);
    this.countY = Math.round(at.y() * countsPerUnitY);
    this.lastTargetX = countX;
    this.lastTargetY = countY;
  }

  /** Marks the button released (after a release was sent). */
  void released() {
    pressed = false;
  }

  double countsPerUnitX() {
    return countsPerUnitX;
  }

  double countsPerUnitY() {
    return countsPerUnitY;
  }

  boolean pressed() {
    return pressed;
  }

  /**
   * Pushes into the top-left corner far enough to be sure to arrive: the whole screen plus the
   * margin when the position is unknown, else the believed position plus the margin (a shorter
   * trip, so a press waits less).
   */
  private void home(List<Step> steps) {
    long screenX = Math.round(1000 * countsPerUnitX);
    long screenY = Math.round(1000 * countsPerUnitY);
    long needX = (long) Math.ceil((homed ? countX : screenX) + screenX * homeMargin);
    long needY = (long) Math.ceil((homed ? countY : screenY) + screenY * homeMargin);
    long reports = Math.max(1, (Math.max(needX, needY) + MAX_STEP - 1) / MAX_STEP);
    for (long i = 0; i < reports; i++) {
      steps.add(new Step(-MAX_STEP, -MAX_STEP, false));
    }
    homed = true;
    countX = 0;
    countY = 0;
  }

  /**
   * While anchored: {@code dx, dy} counts in whole reports of the anchor's step along the longer
   * axis, the button as it is (the device learned the gain of that size); what is left, under one
   * report, waits for the next plan.
   */
  private void wholeReports(long dx, long dy, List<Step> steps) {
    for (RelativePointing.Counts c : RelativePointing.wholeReports(dx, dy, anchorStep)) {
      steps.add(new Step(c.dx(), c.dy(), pressed));
      countX += c.dx();
      countY += c.dy();
    }
  }

  private void moveBy(long dx, long dy, boolean button, List<Step> steps) {
    int step = anchorStep > 0 ? anchorStep : MAX_STEP;
    long n = Math.max((Math.abs(dx) + step - 1) / step, (Math.abs(dy) + step - 1) / step);
    long doneX = 0;
    long doneY = 0;
    for (long i = 1; i <= n; i++) {
      long cx = Math.round((double) dx * i / n);
      long cy = Math.round((double) dy * i / n);
      steps.add(new Step((int) (cx - doneX), (int) (cy - doneY), button));
      doneX = cx;
      doneY = cy;
    }
    countX += dx;
    countY += dy;
  }
}
