package dev.swipe.sim.internal;

/**
 * A position (pixels or rows) as a pure function of time. Animations are closed-form, so the
 * phone's state at any instant since the last input is exact whatever the capture grid or step
 * size, and a frame can show the state at capture time minus latency.
 */
public interface Motion {
  /** The position at {@code t} (nanoseconds on the phone's clock). */
  double at(long t);

  /** When the motion comes to rest; {@link Long#MIN_VALUE} when it never moved. */
  long end();

  /** Whether it is still moving at {@code t}. */
  default boolean moving(long t) {
    return t < end();
  }

  /** A motion that does not move. */
  static Motion still(double x) {
    return new Still(x);
  }

  /** This motion, and from {@code next}'s start on, {@code next}. */
  default Motion then(long nextStart, Motion next) {
    return new Chain(this, nextStart, next);
  }

  /** A position that stays put. */
  record Still(double x) implements Motion {
    @Override
    public double at(long t) {
      return x;
    }

    @Override
    public long end() {
      return Long.MIN_VALUE;
    }
  }

  /** One motion until {@code switchAt}, another from then on. */
  record Chain(Motion first, long switchAt, Motion second) implements Motion {
    @Override
    public double at(long t) {
      return t < switchAt ? first.at(t) : second.at(t);
    }

    @Override
    public long end() {
      return Math.max(Math.min(first.end(), switchAt), second.end());
    }
  }

  /**
   * Android's OverScroller spline fling: {@code start + distance * spline(t / duration)}, clamped
   * to [lo, hi] (a RecyclerView stops at its edge; the glow does not move content).
   */
  record SplineFling(
      double start, long t0, double distance, long durationNanos, double lo, double hi)
      implements Motion {
    @Override
    public double at(long t) {
      if (t <= t0) {
        return clamp(start);
      }
      double tau = durationNanos <= 0 ? 1 : (double) (t - t0) / durationNanos;
      return clamp(start + distance * AndroidSpline.position(tau));
    }

    @Override
    public long end() {
      double target = start + distance;
      if (target >= lo && target <= hi) {
        return t0 + durationNanos;
      }
      double edge = target < lo ? lo : hi;
      long a = t0;
      long b = t0 + durationNanos;
      for (int i = 0; i < 40 && b - a > 1000; i++) {
        long m = (a + b) >>> 1;
        double x = start + distance * AndroidSpline.position((double) (m - t0) / durationNanos);
        boolean past = target < lo ? x <= edge : x >= edge;
        if (past) {
          b = m;
        } else {
          a = m;
        }
      }
      return b;
    }

    private double clamp(double x) {
      return Math.max(lo, Math.min(hi, x));
    }
  }

  /**
   * iOS deceleration: the remaining distance shrinks by {@code rate} every millisecond, so it ends
   * at {@code start + total} ({@code total = v/1000 * rate/(1-rate)}, UIKit's projection). Once the
   * remainder is below {@code epsilon} it is at rest exactly on the end.
   */
  final class Decay implements Motion {
    private final double start;
    private final long t0;
    private final double total;
    private final double rate;
    private final long end;

    Decay(double start, long t0, double total, double rate, double epsilon) {
      this.start = start;
      this.t0 = t0;
      this.total = total;
      this.rate = rate;
      this.end =
          Math.abs(total) <= epsilon
              ? t0
              : t0 + (long) (Math.log(epsilon / Math.abs(total)) / Math.log(rate) * 1e6);
    }

    @Override
    public double at(long t) {
      // end first: a decay shorter than its epsilon ends where it starts in time (end == t0), and
      // a still wheel must then read the target, not the fraction of a row it started from
      if (t >= end) {
        return start + total;
      }
      if (t <= t0) {
        return start;
      }
      double ms = (t - t0) / 1e6;
      return start + total * (1 - Math.pow(rate, ms));
    }

    @Override
    public long end() {
      return end;
    }

    /** Velocity (units per second) at {@code t}. */
    public double velocityAt(long t) {
      double ms = Math.max(0, (t - t0) / 1e6);
      return -total * Math.log(rate) * Math.pow(rate, ms) * 1000.0;
    }

    /** When the motion reaches {@code x}, or {@link Long#MAX_VALUE} if it never does. */
    public long reaches(double x) {
      double f = (x - start) / total;
      if (total == 0 || f <= 0 || f >= 1) {
        return Long.MAX_VALUE;
      }
      double ms = Math.log(1 - f) / Math.log(rate);
      return t0 + (long) Math.ceil(ms * 1e6);
    }
  }

  /**
   * A critically damped spring towards {@code rest}: iOS's bounce back to an edge. Starts {@code
   * x0} away from rest moving at {@code v0} units per second; once within {@code epsilon} it is at
   * rest exactly.
   */
  final class Spring implements Motion {
    private final double rest;
    private final long t0;
    private final double x0;
    private final double v0;
    private final double omega;
    private final long end;

    Spring(double rest, long t0, double x0, double v0, double omega, double epsilon) {
      this.rest = rest;
      this.t0 = t0;
      this.x0 = x0;
      this.v0 = v0;
      this.omega = omega;
      // The envelope (|x0| + |v0 + omega x0| s) e^{-omega s} bounds the displacement.
      double a = Math.abs(x0);
      double b = Math.abs(v0 + omega * x0);
      double s = 0;
      while (s < 5 && (a + b * s) * Math.exp(-omega * s) > epsilon) {
        s += 0.001;
      }
      this.end = t0 + (long) (s * 1e9);
    }

    @Override
    public double at(long t) {
      if (t >= end) {
        return rest;
      }
      if (t <= t0) {
        return rest + x0;
      }
      double s = (t - t0) / 1e9;
      return rest + (x0 + (v0 + omega * x0) * s) * Math.exp(-omega * s);
    }

    @Override
    public long end() {
      return end;
    }
  }

  /**
   * iOS's bounce back to an edge: a critically damped spring while the content still moves outwards
   * (released past the edge with outward velocity, or hitting it mid-deceleration), then a return
   * to the edge in a fixed time that never crawls slower than {@code minSpeed}. The floor keeps the
   * last frames of the return distinct until the edge is reached: two equal frames short of the
   * edge would look settled while it is still moving.
   */
  static Motion bounceBack(
      double edge, long t0, double x0, double v0, double omega, long returnNanos, double minSpeed) {
    double c = v0 + omega * x0;
    double peakS =
        (c != 0 && Math.signum(v0) == Math.signum(x0 == 0 ? v0 : x0)) ? v0 / (omega * c) : 0;
    if (peakS > 0) {
      Spring out = new Spring(edge, t0, x0, v0, omega, 0.5);
      long peak = t0 + (long) (peakS * 1e9);
      return out.then(peak, new Approach(out.at(peak), edge, peak, returnNanos, minSpeed));
    }
    return new Approach(edge + x0, edge, t0, returnNanos, minSpeed);
  }

  /**
   * A cubic ease-out from one position to another over a fixed time, blended with a linear move so
   * its speed never drops below {@code minSpeed} (units per second) before it arrives.
   */
  record Approach(double from, double to, long t0, long maxDurationNanos, double minSpeed)
      implements Motion {
    /** A short way is covered at the minimum speed, sooner than the full duration. */
    private long duration() {
      return Math.min(maxDurationNanos, (long) (Math.abs(to - from) / minSpeed * 1e9));
    }

    @Override
    public double at(long t) {
      long duration = duration();
      if (t >= t0 + duration || from == to) {
        return to;
      }
      if (t <= t0) {
        return from;
      }
      double u = (double) (t - t0) / duration;
      double alpha = Math.min(1, minSpeed * (duration / 1e9) / Math.abs(to - from));
      double eased = 1 - (1 - u) * (1 - u) * (1 - u);
      return from + (to - from) * ((1 - alpha) * eased + alpha * u);
    }

    @Override
    public long end() {
      return from == to ? Long.MIN_VALUE : t0 + duration();
    }
  }

  /** An eased move from one position to another over a fixed duration. */
  record Eased(double from, double to, long t0, long durationNanos, Easing easing)
      implements Motion {
    @Override
    public double at(long t) {
      if (t >= t0 + durationNanos || durationNanos <= 0) {
        return to;
      }
      if (t <= t0) {
        return from;
      }
      return from + (to - from) * easing.apply((double) (t - t0) / durationNanos);
    }

    @Override
    public long end() {
      return from == to ? Long.MIN_VALUE : t0 + durationNanos;
    }
  }

  /**
   * Android 12's EdgeEffect stretch spring (AOSP {@code EdgeEffect.updateSpring}: NATURAL_FREQUENCY
   * 24.657, DAMPING_RATIO 0.98): the stretch distance in pixels, from {@code x0} moving at {@code
   * v0} pixels per second, held at {@code cap} when it would pass it (the source clamps the
   * distance to 1), at rest once it returns to 0 (isAtEquilibrium).
   */
  final class EdgeSpring implements Motion {
    static final double NATURAL_FREQUENCY = 24.657;
    static final double DAMPING_RATIO = 0.98;
    private final long t0;
    private final double x0;
    private final double v0;
    private final long end;

    EdgeSpring(long t0, double x0, double v0) {
      this.t0 = t0;
      this.x0 = x0;
      this.v0 = v0;
      long stop = t0 + 5_000_000_000L;
      for (long t = t0 + 1_000_000L; t <= t0 + 5_000_000_000L; t += 1_000_000L) {
        if (raw(t) <= 0) {
          stop = t;
          break;
        }
      }
      this.end = x0 == 0 && v0 == 0 ? Long.MIN_VALUE : stop;
    }

    private double raw(long t) {
      double s = (t - t0) / 1e9;
      double wd = NATURAL_FREQUENCY * Math.sqrt(1 - DAMPING_RATIO * DAMPING_RATIO);
      double sinCoeff = (DAMPING_RATIO * NATURAL_FREQUENCY * x0 + v0) / wd;
      return Math.exp(-DAMPING_RATIO * NATURAL_FREQUENCY * s)
          * (x0 * Math.cos(wd * s) + sinCoeff * Math.sin(wd * s));
    }

    /**
     * The spring as drawn: from a release, or an absorb that is held at {@code cap} and released
     * from it.
     */
    static Motion of(long t0, double x0, double v0, double cap) {
      EdgeSpring free = new EdgeSpring(t0, x0, v0);
      if (v0 <= 0) {
        return free;
      }
      for (long t = t0; t < free.end; t += 1_000_000L) {
        if (free.raw(t) >= cap) {
          return free.then(t, new EdgeSpring(t, cap, 0));
        }
      }
      return free;
    }

    @Override
    public double at(long t) {
      if (t <= t0) {
        return x0;
      }
      return t >= end ? 0 : Math.max(0, raw(t));
    }

    @Override
    public long end() {
      return end;
    }
  }

  /**
   * Flutter's ClampingScrollSimulation (scroll_simulation.dart: friction 0.015, the cubic 1.2t^3 -
   * 3.27t^2 + 3.065t), in pixels of a screen with {@code density} pixels per logical pixel, stopped
   * at [lo, hi] like a clamped list.
   */
  record FlutterFling(double start, long t0, double velocity, double density, double lo, double hi)
      implements Motion {
    /** Flutter's _decelerationForFriction factor (9.80665 * 39.37 * 160). */
    static final double DECELERATION_PER_FRICTION = 61774.04968;

    static final double FRICTION = 0.015;
    static final double INITIAL_VELOCITY_PENETRATION = 3.065;

    /** Duration in seconds for a velocity in logical pixels per second. */
    static double durationSeconds(double lpPerS) {
      double scaledFriction = FRICTION * DECELERATION_PER_FRICTION * 0.84;
      double deceleration = Math.log(0.35 * Math.abs(lpPerS) / scaledFriction);
      return Math.exp(deceleration / (AndroidSpline.DECELERATION_RATE - 1.0));
    }

    private double lp() {
      return velocity / density;
    }

    private double distance() {
      return Math.abs(lp())
          * durationSeconds(lp())
          / INITIAL_VELOCITY_PENETRATION
          * density
          * Math.signum(velocity);
    }

    private long durationNanos() {
      return (long) (durationSeconds(lp()) * 1e9);
    }

    /** Where it would stop without edges. */
    double target() {
      return start + distance();
    }

    /** Velocity in pixels per second at {@code t} (ClampingScrollSimulation.dx). */
    double velocityAt(long t) {
      double u = Math.min(1, Math.max(0, (double) (t - t0) / durationNanos()));
      return distance()
          * (3.6 * u * u - 6.54 * u + INITIAL_VELOCITY_PENETRATION)
          / durationSeconds(lp());
    }

    private double free(long t) {
      double u = Math.min(1, Math.max(0, (double) (t - t0) / durationNanos()));
      return start
          + distance() * (1.2 * u * u * u - 3.27 * u * u + INITIAL_VELOCITY_PENETRATION * u);
    }

    @Override
    public double at(long t) {
      return Math.max(lo, Math.min(hi, free(t)));
    }

    @Override
    public long end() {
      if (velocity == 0) {
        return Long.MIN_VALUE;
      }
      long a = t0;
      long b = t0 + durationNanos();
      double target = free(b);
      if (target >= lo && target <= hi) {
        return b;
      }
      for (int i = 0; i < 60 && b - a > 1000; i++) {
        long m = (a + b) >>> 1;
        double x = free(m);
        if (x <= lo || x >= hi) {
          b = m;
        } else {
          a = m;
        }
      }
      return b;
    }
  }

  /**
   * Flutter's FrictionSimulation.through (friction_simulation.dart): from {@code start} at {@code
   * v0} to {@code stop}, the velocity decaying exponentially until it is {@code vEnd}.
   */
  record FrictionThrough(double start, double stop, double v0, double vEnd, long t0)
      implements Motion {
    private double dragLog() {
      return (v0 - vEnd) / (start - stop);
    }

    private long durationNanos() {
      return (long) (Math.log(vEnd / v0) / dragLog() * 1e9);
    }

    @Override
    public double at(long t) {
      if (t <= t0) {
        return start;
      }
      if (t >= end()) {
        return stop;
      }
      double s = (t - t0) / 1e9;
      return start + v0 * (Math.exp(dragLog() * s) - 1) / dragLog();
    }

    @Override
    public long end() {
      return start == stop ? Long.MIN_VALUE : t0 + durationNanos();
    }
  }

  /**
   * Flutter's default scroll spring (ScrollPhysics.spring: mass 0.5, stiffness 100, damping ratio
   * 1.1, so overdamped) from {@code from} at {@code v0} to {@code to}; at rest within {@code
   * tolerance}.
   */
  final class OverdampedSpring implements Motion {
    private static final double MASS = 0.5;
    private static final double STIFFNESS = 100;
    private static final double RATIO = 1.1;
    private final double from;
    private final double to;
    private final double v0;
    private final long t0;
    private final long end;

    OverdampedSpring(double from, double to, double v0, long t0, double tolerance) {
      this.from = from;
      this.to = to;
      this.v0 = v0;
      this.t0 = t0;
      long e = t0 + 5_000_000_000L;
      if (from == to && v0 == 0) {
        e = Long.MIN_VALUE;
      } else {
        for (long ms = 1; ms < 5000; ms++) {
          if (Math.abs(displacement(ms / 1000.0)) < tolerance) {
            e = t0 + ms * 1_000_000L;
            break;
          }
        }
      }
      this.end = e;
    }

    private double displacement(double s) {
      double c = RATIO * 2 * Math.sqrt(MASS * STIFFNESS);
      double d = Math.sqrt(c * c - 4 * MASS * STIFFNESS);
      double r1 = (-c + d) / (2 * MASS);
      double r2 = (-c - d) / (2 * MASS);
      double x0 = from - to;
      double c2 = (v0 - r1 * x0) / (r2 - r1);
      double c1 = x0 - c2;
      return c1 * Math.exp(r1 * s) + c2 * Math.exp(r2 * s);
    }

    @Override
    public double at(long t) {
      if (t <= t0) {
        return from;
      }
      return t >= end ? to : to + displacement((t - t0) / 1e9);
    }

    @Override
    public long end() {
      return end;
    }
  }

  /** Interpolators. */
  enum Easing {
    /**
     * Android DecelerateInterpolator(2.5): NumberPicker's 800 ms adjustment; equals ViewPager's
     * quintic.
     */
    DECELERATE_2_5,
    /** A cubic ease-out, as UIKit's default scroll animations. */
    EASE_OUT_CUBIC,
    /** Android DecelerateInterpolator(1.0): PagerSnapHelper's snap after a fling. */
    DECELERATE_1;

    double apply(double x) {
      double u = 1 - x;
      return switch (this) {
        case DECELERATE_2_5 -> 1 - u * u * u * u * u;
        case EASE_OUT_CUBIC -> 1 - u * u * u;
        case DECELERATE_1 -> 1 - u * u;
      };
    }
  }
}
