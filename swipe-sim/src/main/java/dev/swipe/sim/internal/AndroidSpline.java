package dev.swipe.sim.internal;

/**
 * Android's OverScroller/Scroller spline fling (AOSP {@code OverScroller.SplineOverScroller}):
 * distance and duration from the release velocity, and the normalized position curve. The fling
 * distance grows as {@code v^(DR/(DR-1))}, about {@code v^1.736}.
 */
public final class AndroidSpline {
  /** AOSP DECELERATION_RATE = ln(0.78) / ln(0.9). */
  public static final double DECELERATION_RATE = Math.log(0.78) / Math.log(0.9);

  /** AOSP INFLEXION: the tension lines cross at (INFLEXION, 1). */
  public static final float INFLEXION = 0.35f;

  private static final float START_TENSION = 0.5f;
  private static final float END_TENSION = 1.0f;
  private static final float P1 = START_TENSION * INFLEXION;
  private static final float P2 = 1.0f - END_TENSION * (1.0f - INFLEXION);
  private static final int NB_SAMPLES = 100;
  private static final float[] SPLINE_POSITION = new float[NB_SAMPLES + 1];

  static {
    float xMin = 0.0f;
    for (int i = 0; i < NB_SAMPLES; i++) {
      final float alpha = (float) i / NB_SAMPLES;
      float xMax = 1.0f;
      float x;
      float tx;
      float coef;
      while (true) {
        x = xMin + (xMax - xMin) / 2.0f;
        coef = 3.0f * x * (1.0f - x);
        tx = coef * ((1.0f - x) * P1 + x * P2) + x * x * x;
        if (Math.abs(tx - alpha) < 1E-5) {
          break;
        }
        if (tx > alpha) {
          xMax = x;
        } else {
          xMin = x;
        }
      }
      SPLINE_POSITION[i] = coef * ((1.0f - x) * START_TENSION + x) + x * x * x;
    }
    SPLINE_POSITION[NB_SAMPLES] = 1.0f;
  }

  private final double friction;
  private final double physicalCoeff;

  /**
   * A spline for a screen of the given density (pixels per dp) and friction (ViewConfiguration's
   * scroll friction, 0.015).
   */
  public AndroidSpline(double density, double friction) {
    double ppi = density * 160.0;
    this.physicalCoeff = 9.80665 /* g */ * 39.37 /* inch per meter */ * ppi * 0.84;
    this.friction = friction;
  }

  private double deceleration(double velocity) {
    return Math.log(INFLEXION * Math.abs(velocity) / (friction * physicalCoeff));
  }

  /** Fling distance in pixels for a release velocity in pixels per second (unsigned). */
  public double distance(double velocity) {
    if (velocity == 0) {
      return 0;
    }
    double l = deceleration(velocity);
    return friction * physicalCoeff * Math.exp(DECELERATION_RATE / (DECELERATION_RATE - 1.0) * l);
  }

  /** Fling duration in nanoseconds (AOSP truncates to whole milliseconds). */
  public long durationNanos(double velocity) {
    if (velocity == 0) {
      return 0;
    }
    double l = deceleration(velocity);
    return ((long) (1000.0 * Math.exp(l / (DECELERATION_RATE - 1.0)))) * 1_000_000L;
  }

  /**
   * d(position)/dt at the fraction {@code t} of the duration (OverScroller's getCurrVelocity is
   * this times distance over duration).
   */
  public static double slope(double t) {
    if (t >= 1 || t < 0) {
      return 0;
    }
    int index = (int) (NB_SAMPLES * t);
    return (SPLINE_POSITION[index + 1] - SPLINE_POSITION[index]) * NB_SAMPLES;
  }

  /** The fraction of the distance covered after the fraction {@code t} of the duration. */
  public static double position(double t) {
    if (t >= 1) {
      return 1;
    }
    if (t <= 0) {
      return 0;
    }
    int index = (int) (NB_SAMPLES * t);
    double tInf = (double) index / NB_SAMPLES;
    double tSup = (double) (index + 1) / NB_SAMPLES;
    double dInf = SPLINE_POSITION[index];
    double dSup = SPLINE_POSITION[index + 1];
    double velocityCoef = (dSup - dInf) / (tSup - tInf);
    return dInf + (t - tInf) * velocityCoef;
  }
}
