package dev.swipe.sim;

import dev.swipe.base.Api;
import java.util.SplittableRandom;

/**
 * How far iOS moves its pointer for one relative-mouse report, in points per count. iOS accelerates
 * per report: the gain depends on the report's size, not only on the total distance, so a fixed
 * factor holds only while every report has the same size and pace.
 *
 * <p>The nominal curve is an iPad measured against an on-device tap log (pt per count by report
 * size): 0.58 at 5 counts, 0.74 at 8, 0.82 at 12, 0.87 at 16, 0.90 at 20, 1.47 at 40, 1.79 at 60,
 * 1.81 at 80, 1.64 at 100, 1.49 at 127, the same in every direction. Between the points it is
 * interpolated linearly (so it rises and falls where the table does); below 5 counts the first
 * segment's slope is extended; beyond 127 (a diagonal report) it stays at the last value.
 *
 * <p>A device scales the curve by its Tracking Speed setting (0.5-2x), bends its shape by 10-20% (a
 * smooth ripple over the report size, since the measured points come from one iPad) and moves
 * reports that come 10-30 ms after the previous one farther than isolated ones, by 5-25% (the
 * measurement gives the size of the pacing effect, not its sign; the simulator takes the faster
 * pace as the larger gain, as pointer acceleration does).
 *
 * @param trackingSpeed the Tracking Speed factor, 1 for the measured iPad
 * @param jitter the largest relative bend of the curve's shape, 0 for the measured shape
 * @param jitterPhase where the ripple starts, radians
 * @param jitterCycles ripples over the table's range (5 to 127 counts)
 * @param paceBoost how much farther a paced report moves than an isolated one (0.15 is 15%)
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record IosPointerCurve(
    double trackingSpeed,
    double jitter,
    double jitterPhase,
    double jitterCycles,
    double paceBoost) {

  /** Report sizes of the measured table, counts. */
  private static final double[] COUNTS = {5, 8, 12, 16, 20, 40, 60, 80, 100, 127};

  /** Measured gain at each size, pt per count. */
  private static final double[] PT_PER_COUNT = {
    0.58, 0.74, 0.82, 0.87, 0.90, 1.47, 1.79, 1.81, 1.64, 1.49
  };

  /** Reports this close after the previous one are paced (measured at 10-30 ms cadence). */
  private static final long PACED_NANOS = 30_000_000L;

  /** Reports this far after the previous one (or the first) are isolated. */
  private static final long ISOLATED_NANOS = 100_000_000L;

  /** The measured iPad: Tracking Speed 1, the measured shape, paced reports 15% farther. */
  public static IosPointerCurve nominal() {
    return new IosPointerCurve(1.0, 0.0, 0.0, 1.0, 0.15);
  }

  /** One device's curve, drawn from {@code r}. */
  public static IosPointerCurve draw(SplittableRandom r) {
    double tracking = Math.pow(2, -1 + 2 * r.nextDouble()); // 0.5..2, log-uniform
    double jitter = 0.10 + 0.10 * r.nextDouble();
    double phase = r.nextDouble() * 2 * Math.PI;
    double cycles = 0.5 + r.nextDouble();
    double pace = 0.05 + 0.20 * r.nextDouble();
    return new IosPointerCurve(tracking, jitter, phase, cycles, pace);
  }

  /** The report sizes of the measured table, counts. */
  public static double[] measuredCounts() {
    return COUNTS.clone();
  }

  /** The measured gains at {@link #measuredCounts()}, pt per count. */
  public static double[] measuredGains() {
    return PT_PER_COUNT.clone();
  }

  /** The measured table at {@code counts} (interpolated), pt per count. */
  public static double measured(double counts) {
    double c = Math.max(0, counts);
    int last = COUNTS.length - 1;
    if (c >= COUNTS[last]) {
      return PT_PER_COUNT[last];
    }
    if (c <= COUNTS[0]) {
      double slope = (PT_PER_COUNT[1] - PT_PER_COUNT[0]) / (COUNTS[1] - COUNTS[0]);
      return PT_PER_COUNT[0] - slope * (COUNTS[0] - c);
    }
    int i = 1;
    while (COUNTS[i] < c) {
      i++;
    }
    double f = (c - COUNTS[i - 1]) / (COUNTS[i] - COUNTS[i - 1]);
    return PT_PER_COUNT[i - 1] + f * (PT_PER_COUNT[i] - PT_PER_COUNT[i - 1]);
  }

  /** This device's bend of the measured shape at {@code counts}: a factor within 1 +- jitter. */
  public double shape(double counts) {
    if (jitter == 0) {
      return 1.0;
    }
    double c = Math.max(1, Math.min(COUNTS[COUNTS.length - 1], counts));
    double span = Math.log(COUNTS[COUNTS.length - 1] / COUNTS[0]);
    double u = Math.log(c / COUNTS[0]) / span;
    return 1 + jitter * Math.sin(jitterPhase + 2 * Math.PI * jitterCycles * u);
  }

  /**
   * How much a report's pace adds: 1 for an isolated report, {@code 1 + paceBoost} for one at most
   * 30 ms after the previous, linear in between.
   *
   * @param sincePreviousNanos time since the previous report, negative for the first report
   */
  public double pace(long sincePreviousNanos) {
    if (sincePreviousNanos < 0 || sincePreviousNanos >= ISOLATED_NANOS) {
      return 1.0;
    }
    if (sincePreviousNanos <= PACED_NANOS) {
      return 1.0 + paceBoost;
    }
    double f = (double) (ISOLATED_NANOS - sincePreviousNanos) / (ISOLATED_NANOS - PACED_NANOS);
    return 1.0 + paceBoost * f;
  }

  /**
   * Points per count for a report of {@code counts} (its length: the curve is the same in every
   * direction) that came {@code sincePreviousNanos} after the previous report.
   */
  public double gain(double counts, long sincePreviousNanos) {
    return measured(counts) * shape(counts) * trackingSpeed * pace(sincePreviousNanos);
  }
}
