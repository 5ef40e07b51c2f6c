package dev.swipe.sim.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Android's default VelocityTracker strategy (LSQ2): a least-squares quadratic fit over the touch
 * samples of the last 100 ms, differentiated at the newest sample. A finger that rested more than
 * 40 ms before lifting has no velocity (ASSUME_POINTER_STOPPED_TIME).
 */
final class VelocityTracker {
  static final long HORIZON_NANOS = 100_000_000L;
  static final long STOPPED_NANOS = 40_000_000L;
  private static final int MAX_SAMPLES = 20;

  private record Sample(long t, double x, double y) {}

  private final ArrayDeque<Sample> samples = new ArrayDeque<>();

  void clear() {
    samples.clear();
  }

  void add(long t, double x, double y) {
    samples.addLast(new Sample(t, x, y));
    while (samples.size() > MAX_SAMPLES) {
      samples.removeFirst();
    }
  }

  /** Velocity in pixels per second {x, y} for a lift at {@code upTime}. */
  double[] velocity(long upTime) {
    if (samples.isEmpty()) {
      return new double[] {0, 0};
    }
    Sample last = samples.getLast();
    if (upTime - last.t() > STOPPED_NANOS) {
      return new double[] {0, 0};
    }
    List<Sample> window = new ArrayList<>();
    for (Sample s : samples) {
      if (last.t() - s.t() <= HORIZON_NANOS) {
        window.add(s);
      }
    }
    double[] ts = new double[window.size()];
    double[] xs = new double[window.size()];
    double[] ys = new double[window.size()];
    for (int i = 0; i < window.size(); i++) {
      ts[i] = (window.get(i).t() - last.t()) / 1e9;
      xs[i] = window.get(i).x();
      ys[i] = window.get(i).y();
    }
    return new double[] {slope(ts, xs), slope(ts, ys)};
  }

  /**
   * How far the samples behind a lift at {@code upTime} span, in pixels: Flutter's velocity
   * estimate offset (its drag recognizer drops a fling whose span is within the touch slop).
   */
  double windowSpan(long upTime) {
    if (samples.isEmpty() || upTime - samples.getLast().t() > STOPPED_NANOS) {
      return 0;
    }
    Sample last = samples.getLast();
    Sample first = last;
    for (Sample s : samples) {
      if (last.t() - s.t() <= HORIZON_NANOS) {
        first = s;
        break;
      }
    }
    return Math.hypot(last.x() - first.x(), last.y() - first.y());
  }

  /** d/dt at t = 0 of the least-squares polynomial (degree 2 when possible, else 1). */
  static double slope(double[] t, double[] v) {
    int n = t.length;
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      boolean seen = false;
      for (int j = 0; j < i; j++) {
        seen |= t[j] == t[i];
      }
      distinct += seen ? 0 : 1;
    }
    if (distinct < 2) {
      return 0;
    }
    if (distinct >= 3) {
      double s0 = n, s1 = 0, s2 = 0, s3 = 0, s4 = 0, r0 = 0, r1 = 0, r2 = 0;
      for (int i = 0; i < n; i++) {
        double a = t[i];
        double a2 = a * a;
        s1 += a;
        s2 += a2;
        s3 += a2 * a;
        s4 += a2 * a2;
        r0 += v[i];
        r1 += v[i] * a;
        r2 += v[i] * a2;
      }
      // Solve [[s0 s1 s2][s1 s2 s3][s2 s3 s4]] * [b0 b1 b2] = [r0 r1 r2] for b1 (Cramer's rule).
      double det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2);
      if (Math.abs(det) > 1e-18) {
        double det1 =
            s0 * (r1 * s4 - s3 * r2) - r0 * (s1 * s4 - s3 * s2) + s2 * (s1 * r2 - r1 * s2);
        return det1 / det;
      }
    }
    double mt = 0, mv = 0;
    for (int i = 0; i < n; i++) {
      mt += t[i];
      mv += v[i];
    }
    mt /= n;
    mv /= n;
    double num = 0, den = 0;
    for (int i = 0; i < n; i++) {
      num += (t[i] - mt) * (v[i] - mv);
      den += (t[i] - mt) * (t[i] - mt);
    }
    return den == 0 ? 0 : num / den;
  }
}
