package dev.swipe.wheel.internal;

import dev.swipe.base.SwipeException;
import dev.swipe.wheel.WheelErrorCode;
import dev.swipe.wheel.WheelRequest;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Pure picker-wheel arithmetic: reachability, row gap and shortest direction, rows-per-action caps,
 * per-column allowance and the pitch decision. No state, no I/O; every method is a function of its
 * arguments so it can be property-tested against brute force.
 */
public final class WheelMath {

  /**
   * A pitch measurement with at least this confidence is trusted: it replaces the caller's {@code
   * row_spacing} and unlocks the confident caps. 0.6 means the autocorrelation peak is clearly
   * prominent and repeats; below it a wrong pitch (e.g. a multiple) is too likely.
   */
  public static final double CONFIDENCE_THRESHOLD = 0.6;

  /**
   * A trusted measurement "overrides" the caller's estimate when it differs from it by more than
   * this fraction of the estimate (10%); smaller differences are measurement noise.
   */
  public static final double PITCH_OVERRIDE_TOLERANCE = 0.10;

  /**
   * A measurement within this relative distance of the caller's estimate divided by 2, 3 or 4 is
   * treated as a fraction of the true pitch (a repeat inside one row of words such as "Jan",
   * "Feb"), not as a correction of the estimate.
   */
  public static final double SUBHARMONIC_TOLERANCE = 0.15;

  /**
   * A measurement more than this many times the caller's estimate is not trusted: the band it is
   * measured in then holds too few such periods to tell a wheel's rows from other lines of the page
   * around it.
   */
  public static final double MAX_OVERRIDE_RATIO = 2.5;

  /**
   * A measurement further than this fraction from the caller's estimate is trusted only at {@link
   * #FAR_OVERRIDE_CONFIDENCE}: around a small picker (a three-row window) the measured band also
   * holds the page's own lines (the picker's frame, a field below it), whose periods are no row's.
   */
  public static final double FAR_OVERRIDE = 0.35;

  /**
   * The confidence a measurement far from the caller's estimate needs; see {@link #FAR_OVERRIDE}.
   */
  public static final double FAR_OVERRIDE_CONFIDENCE = 0.75;

  /** Hard per-action bound: no action travels more than this many rows' worth of pitch. */
  public static final int MAX_ROWS_PER_ACTION = 6;

  /** Gaps at or above this use the top tier of the caps tables (9+). */
  public static final int LARGE_GAP = 9;

  /**
   * Allowance formula {@code ALLOWANCE_FACTOR * minActions(gap, low confidence) + ALLOWANCE_SLACK}:
   * twice the actions the slowest (low-confidence) profile needs, plus slack for misreads and one
   * micro-probe retry.
   */
  public static final int ALLOWANCE_FACTOR = 2;

  /** Constant slack of the allowance formula; see {@link #ALLOWANCE_FACTOR}. */
  public static final int ALLOWANCE_SLACK = 4;

  private WheelMath() {}

  /**
   * True when {@code target} can be reached from {@code current} by whole steps: on a linear wheel
   * {@code (target - current) % step == 0}; on a cyclic wheel some {@code k} with {@code current +
   * k*step == target (mod cycle)}, i.e. {@code gcd(step, cycle)} divides the difference.
   */
  public static boolean isReachable(int current, int target, int step, OptionalInt cycle) {
    if (step < 1) {
      throw new IllegalArgumentException("step must be > 0");
    }
    long diff = (long) target - current;
    long modulus = cycle.isPresent() ? gcd(step, cycle.getAsInt()) : step;
    return diff % modulus == 0;
  }

  /**
   * Throws {@code wheel_target_unreachable} when the request's target cannot be reached by whole
   * {@code value_step}s. A probe (no {@code value_step}) is never refused here: with the step
   * unknown, every target may be reachable.
   */
  public static void requireReachable(WheelRequest request) {
    if (request.valueStep().isEmpty()) {
      return;
    }
    int step = request.valueStep().getAsInt();
    if (!isReachable(request.currentValue(), request.targetValue(), step, request.cycleSize())) {
      throw new SwipeException(
          WheelErrorCode.WHEEL_TARGET_UNREACHABLE,
          "target_value "
              + request.targetValue()
              + " cannot be reached from current_value "
              + request.currentValue()
              + " by whole value_step "
              + step
              + (request.cyclic() ? " modulo cycle_size " + request.cycleSize().getAsInt() : ""),
          Map.of(
              "current_value",
              request.currentValue(),
              "target_value",
              request.targetValue(),
              "value_step",
              step));
    }
  }

  /**
   * Row gap and shortest value direction from {@code current} to {@code target}. On a cyclic wheel
   * both ways round are compared; a tie (target exactly half a cycle away) goes {@link
   * ValueDirection#INCREASE}, a fixed documented choice so runs are reproducible.
   *
   * @throws SwipeException {@code wheel_target_unreachable} when not reachable by whole steps
   */
  public static WheelGap gap(int current, int target, int step, OptionalInt cycle) {
    if (!isReachable(current, target, step, cycle)) {
      throw new SwipeException(
          WheelErrorCode.WHEEL_TARGET_UNREACHABLE,
          "target_value "
              + target
              + " cannot be reached from current_value "
              + current
              + " by whole value_step "
              + step,
          Map.of("current_value", current, "target_value", target, "value_step", step));
    }
    if (current == target) {
      return new WheelGap(0, ValueDirection.NONE);
    }
    if (cycle.isEmpty()) {
      long diff = (long) target - current;
      return new WheelGap(
          Math.abs(diff) / step, diff > 0 ? ValueDirection.INCREASE : ValueDirection.DECREASE);
    }
    int c = cycle.getAsInt();
    // The smallest forward (k) and backward (j) step counts with current + k*step == target
    // and current - j*step == target (mod c). With step | c these are simple divisions; the
    // general form solves the congruence via the modular inverse.
    long forward = stepsForward(current, target, step, c);
    long backward = stepsForward(target, current, step, c);
    return forward <= backward
        ? new WheelGap(forward, ValueDirection.INCREASE)
        : new WheelGap(backward, ValueDirection.DECREASE);
  }

  /** Row gap and direction of a request; a probe (no {@code value_step}) uses a unit step. */
  public static WheelGap gap(WheelRequest request) {
    return gap(
        request.currentValue(),
        request.targetValue(),
        request.valueStep().orElse(1),
        request.cycleSize());
  }

  /**
   * Signed shortest value change from {@code from} to {@code to}: plain difference on a linear
   * wheel, the shorter way round on a cyclic one (exactly half a cycle counts as positive).
   */
  public static long signedDelta(int from, int to, OptionalInt cycle) {
    long diff = (long) to - from;
    if (cycle.isEmpty()) {
      return diff;
    }
    long c = cycle.getAsInt();
    long fwd = Math.floorMod(diff, c);
    return fwd <= c - fwd ? fwd : fwd - c;
  }

  /**
   * Rows per action for a remaining gap. Confident measurement: 6/4/3/2/1 for gaps 9+/5-8/3-4/2/1.
   * Low confidence: 5/3/2/1 for gaps 9+/5-8/3-4/1-2. A gap of 0 allows 0 rows. Never more than the
   * gap, so a step alone cannot overshoot.
   */
  public static int capRows(long gapRows, boolean confident) {
    if (gapRows < 0) {
      throw new IllegalArgumentException("gap must be >= 0");
    }
    if (gapRows == 0) {
      return 0;
    }
    if (gapRows >= LARGE_GAP) {
      return confident ? 6 : 5;
    }
    if (gapRows >= 5) {
      return confident ? 4 : 3;
    }
    if (gapRows >= 3) {
      return confident ? 3 : 2;
    }
    if (gapRows == 2) {
      return confident ? 2 : 1;
    }
    return 1;
  }

  /** Number of capped actions needed to close a gap when every action lands exactly. */
  public static long minActions(long gapRows, boolean confident) {
    if (gapRows < 0) {
      throw new IllegalArgumentException("gap must be >= 0");
    }
    long g = gapRows;
    long n = 0;
    if (g >= LARGE_GAP) {
      int top = capRows(LARGE_GAP, confident);
      long bulk = (g - LARGE_GAP) / top + 1;
      n += bulk;
      g -= bulk * top;
    }
    while (g > 0) {
      g -= capRows(g, confident);
      n++;
    }
    return n;
  }

  /**
   * Actions a column may use to close the gap it had when it started being worked: {@code 2 *
   * minActions(gap, low confidence) + 4}, saturated to {@code Integer.MAX_VALUE / 4}. Examples: gap
   * 1 -> 6, gap 6 -> 10, gap 12 -> 14, gap 30 -> 20. The run ceiling still applies.
   */
  public static int columnAllowance(long initialGapRows) {
    long a = ALLOWANCE_FACTOR * minActions(initialGapRows, false) + ALLOWANCE_SLACK;
    return (int) Math.min(a, Integer.MAX_VALUE / 4);
  }

  /**
   * Decides which pitch a nudge uses. A measurement is trusted when its pitch is finite and within
   * [{@link WheelRequest#MIN_ROW_SPACING}, {@link WheelRequest#MAX_ROW_SPACING}] and its confidence
   * is at least {@link #CONFIDENCE_THRESHOLD}; it then wins over the caller's estimate (callers
   * misjudge spacing on unfamiliar pickers). Otherwise the estimate is used with low-confidence
   * caps.
   *
   * <p>One exception: a confident measurement close to half, a third or a quarter of the estimate
   * is not trusted. Autocorrelation can lock onto a repeat inside a row (a wheel of month names
   * measured at a third of its pitch, seen in the policy benchmark), and trusting it makes every
   * drag a fraction of a row long, which ends in {@code wheel_no_progress}.
   *
   * <p>Nor is one more than {@link #MAX_OVERRIDE_RATIO} times the estimate. Lines of the page
   * around a picker (a hint above it, a summary below) can stand a few rows apart at even spacing;
   * with the wheel at an end, its blank side leaves them the strongest repeat in the band (a word
   * wheel in Chromium measured at three and a half rows). Trusting it drags several rows' worth
   * from outside the wheel, where the touch moves nothing. One further than {@link #FAR_OVERRIDE}
   * from the estimate needs {@link #FAR_OVERRIDE_CONFIDENCE}, for the same reason on a small
   * picker.
   */
  public static PitchChoice choosePitch(double callerEstimate, PitchMeasurement measurement) {
    return choosePitch(callerEstimate, measurement, Double.NaN);
  }

  /**
   * {@link #choosePitch(double, PitchMeasurement)}, with the pitch a previous nudge of the column
   * confirmed ({@code NaN} for none): when the measurement is not trusted and the caller's estimate
   * lies within {@link #PITCH_OVERRIDE_TOLERANCE} of it, the confirmed pitch is used with the
   * confident caps ({@link PitchSource#CONFIRMED}).
   */
  public static PitchChoice choosePitch(
      double callerEstimate, PitchMeasurement measurement, double confirmedPitch) {
    PitchMeasurement m = measurement == null ? PitchMeasurement.none() : measurement;
    boolean plausible =
        Double.isFinite(m.pitch())
            && m.pitch() >= WheelRequest.MIN_ROW_SPACING
            && m.pitch() <= WheelRequest.MAX_ROW_SPACING;
    if (plausible
        && m.confidence() >= CONFIDENCE_THRESHOLD
        && m.pitch() <= MAX_OVERRIDE_RATIO * callerEstimate
        && (m.confidence() >= FAR_OVERRIDE_CONFIDENCE
            || Math.abs(m.pitch() - callerEstimate) <= FAR_OVERRIDE * callerEstimate)
        && !looksLikeFraction(m.pitch(), callerEstimate)) {
      boolean overrode =
          Math.abs(m.pitch() - callerEstimate) > PITCH_OVERRIDE_TOLERANCE * callerEstimate;
      return new PitchChoice(
          m.pitch(), PitchSource.MEASURED, m.confidence(), true, overrode, callerEstimate);
    }
    if (Double.isFinite(confirmedPitch)
        && Math.abs(callerEstimate - confirmedPitch) <= PITCH_OVERRIDE_TOLERANCE * confirmedPitch) {
      return new PitchChoice(
          confirmedPitch, PitchSource.CONFIRMED, m.confidence(), true, false, callerEstimate);
    }
    return new PitchChoice(
        callerEstimate, PitchSource.CALLER_ESTIMATE, m.confidence(), false, false, callerEstimate);
  }

  /** Whether {@code measured} is about {@code estimate / k} for k = 2, 3 or 4. */
  static boolean looksLikeFraction(double measured, double estimate) {
    for (int k = 2; k <= 4; k++) {
      double fraction = estimate / k;
      if (Math.abs(measured - fraction) <= SUBHARMONIC_TOLERANCE * fraction) {
        return true;
      }
    }
    return false;
  }

  private static long stepsForward(int from, int to, int step, int cycle) {
    long diff = Math.floorMod((long) to - from, (long) cycle);
    if (cycle % step == 0) {
      return diff / step;
    }
    // General case: smallest k >= 0 with k*step == diff (mod cycle).
    long g = gcd(step, cycle);
    long m = cycle / g;
    long s = (step / g) % m;
    long d = (diff / g) % m;
    long inv = modInverse(s, m);
    return Math.floorMod(d * inv, m);
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return Math.abs(a);
  }

  private static long modInverse(long a, long m) {
    if (m == 1) {
      return 0;
    }
    long oldR = a;
    long r = m;
    long oldS = 1;
    long s = 0;
    while (r != 0) {
      long q = oldR / r;
      long t = oldR - q * r;
      oldR = r;
      r = t;
      t = oldS - q * s;
      oldS = s;
      s = t;
    }
    return Math.floorMod(oldS, m);
  }
}
