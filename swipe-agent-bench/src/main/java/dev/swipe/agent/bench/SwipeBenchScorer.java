package dev.swipe.agent.bench;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Scores predictions by SwipeBench's four criteria, all of which must hold for a success:
 *
 * <ol>
 *   <li>start: within {@link #DEFAULT_RADIUS} of the true start and strictly inside the true bbox;
 *   <li>end: within the radius of the true end;
 *   <li>direction: exactly the true direction;
 *   <li>speed: the same category (fast/slow, {@link SwipeBenchRecord.Speed}) as the true duration.
 * </ol>
 *
 * <p><b>The radius.</b> The benchmark states 140 "pixels", but its coordinates are normalized to
 * [0, 1000] on both axes and carry no screen size, so the only distance it can compute is in
 * normalized units: we score 140 normalized units (14% of the screen along each axis; on a portrait
 * screen that is more pixels vertically than horizontally). Scoring in real pixels would need each
 * screenshot's size and would make one prediction's score depend on the phone it came from.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class SwipeBenchScorer {
  /** The distance limit, in normalized units. */
  public static final double DEFAULT_RADIUS = 140;

  private final double radius;
  private final int fastBelowMs;

  /** A scorer with the benchmark's radius and the default speed boundary. */
  public SwipeBenchScorer() {
    this(DEFAULT_RADIUS, SwipeBenchRecord.Speed.FAST_BELOW_MS);
  }

  /** A scorer with another radius or speed boundary. */
  public SwipeBenchScorer(double radius, int fastBelowMs) {
    if (!Double.isFinite(radius) || radius <= 0) {
      throw SwipeException.invalidArgument("radius", "must be a positive number, was " + radius);
    }
    if (fastBelowMs < 1) {
      throw SwipeException.invalidArgument("fast_below_ms", "must be positive, was " + fastBelowMs);
    }
    this.radius = radius;
    this.fastBelowMs = fastBelowMs;
  }

  /**
   * The verdict on one prediction.
   *
   * @param start criterion 1
   * @param end criterion 2
   * @param direction criterion 3
   * @param speed criterion 4
   */
  public record Verdict(boolean start, boolean end, boolean direction, boolean speed) {
    /** All four hold. */
    public boolean success() {
      return start && end && direction && speed;
    }
  }

  /**
   * Rates over a set of predictions, each in [0, 1].
   *
   * @param count predictions scored
   * @param startRate share passing the start criterion
   * @param endRate share passing the end criterion
   * @param directionRate share with the right direction
   * @param speedRate share with the right speed category
   * @param successRate share passing all four
   * @param verdicts each prediction's verdict, in order
   */
  public record Score(
      int count,
      double startRate,
      double endRate,
      double directionRate,
      double speedRate,
      double successRate,
      List<Verdict> verdicts) {
    /** Copies the verdicts. */
    public Score {
      verdicts = List.copyOf(verdicts);
    }
  }

  /** Judges one prediction against the truth (the prediction's bbox is ignored). */
  public Verdict judge(SwipeBenchRecord truth, SwipeBenchRecord prediction) {
    SwipeException.requireArgument(truth, "truth");
    SwipeException.requireArgument(prediction, "prediction");
    boolean start =
        prediction.start().distanceTo(truth.start()) <= radius
            && truth.bbox().containsStrictly(prediction.start());
    boolean end = prediction.end().distanceTo(truth.end()) <= radius;
    boolean direction = prediction.direction() == truth.direction();
    boolean speed =
        SwipeBenchRecord.Speed.of(prediction.durationMs(), fastBelowMs)
            == SwipeBenchRecord.Speed.of(truth.durationMs(), fastBelowMs);
    return new Verdict(start, end, direction, speed);
  }

  /** Scores predictions against the truth, pairwise in order; both lists have the same size. */
  public Score score(List<SwipeBenchRecord> truth, List<SwipeBenchRecord> predictions) {
    SwipeException.requireArgument(truth, "truth");
    SwipeException.requireArgument(predictions, "predictions");
    if (truth.size() != predictions.size()) {
      throw SwipeException.invalidArgument(
          "predictions",
          "must pair with the truth one to one: "
              + predictions.size()
              + " predictions for "
              + truth.size()
              + " records");
    }
    List<Verdict> verdicts = new ArrayList<>();
    int s = 0;
    int e = 0;
    int d = 0;
    int v = 0;
    int ok = 0;
    for (int i = 0; i < truth.size(); i++) {
      Verdict x = judge(truth.get(i), predictions.get(i));
      verdicts.add(x);
      s += x.start() ? 1 : 0;
      e += x.end() ? 1 : 0;
      d += x.direction() ? 1 : 0;
      v += x.speed() ? 1 : 0;
      ok += x.success() ? 1 : 0;
    }
    int n = truth.size();
    return new Score(n, rate(s, n), rate(e, n), rate(d, n), rate(v, n), rate(ok, n), verdicts);
  }

  private static double rate(int k, int n) {
    return n == 0 ? 0 : (double) k / n;
  }
}
