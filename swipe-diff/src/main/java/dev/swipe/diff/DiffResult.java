package dev.swipe.diff;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.diff.internal.ImageDiff;
import dev.swipe.diff.internal.ImageFailures;

/**
 * The answer of {@code image_diff}: whether the compared area changed, how much of it changed, and
 * along which axis content moved. Deliberately no displacement (see {@link PrimaryAxis}).
 *
 * @param changed {@code diffRatio > 0.01}; from {@link ImageDiff#compareNoticingShifts} also a
 *     smaller change that is the compared content shifted by a few pixels
 * @param diffRatio fraction of the compared pixels that changed beyond JPEG noise, 0..1
 * @param primaryAxis the axis of motion; {@link PrimaryAxis#NONE} when unchanged
 * @param axisEvidence what the axis rests on: the compared frames themselves, or the motion a
 *     device watched between them
 */
@Api(status = Api.Status.STABLE)
public record DiffResult(
    boolean changed, double diffRatio, PrimaryAxis primaryAxis, AxisEvidence axisEvidence) {

  /** The {@code changed} threshold of the tool contract: more than 1% of pixels changed. */
  public static final double CHANGED_THRESHOLD = 0.01;

  /** Validates the ratio and the axis. */
  public DiffResult {
    if (!(diffRatio >= 0.0 && diffRatio <= 1.0)) {
      throw ImageFailures.invalidArgument("diffRatio must be within 0..1, got " + diffRatio);
    }
    if (primaryAxis == null) {
      throw ImageFailures.invalidArgument("primaryAxis must not be null");
    }
    if (axisEvidence == null) {
      throw ImageFailures.invalidArgument("axisEvidence must not be null");
    }
    if (axisEvidence == AxisEvidence.MOTION_BETWEEN
        && (!changed || primaryAxis == PrimaryAxis.NONE)) {
      throw ImageFailures.invalidArgument(
          "an axis from the motion between two frames needs a change and an axis");
    }
  }

  /** A result read from the compared frames alone. */
  public DiffResult(boolean changed, double diffRatio, PrimaryAxis primaryAxis) {
    this(changed, diffRatio, primaryAxis, AxisEvidence.FRAME_PAIR);
  }

  /** Builds a result whose {@code changed} flag follows the contract's threshold. */
  public static DiffResult of(double diffRatio, PrimaryAxis primaryAxis) {
    return new DiffResult(diffRatio > CHANGED_THRESHOLD, diffRatio, primaryAxis);
  }

  /**
   * This result with the axis read from the motion watched between the two frames, for a change
   * whose frames alone show no axis.
   *
   * @throws SwipeException {@code invalid_argument} when nothing changed or {@code axis} is none
   */
  public DiffResult withAxisFromMotionBetween(PrimaryAxis axis) {
    return new DiffResult(changed, diffRatio, axis, AxisEvidence.MOTION_BETWEEN);
  }

  /**
   * What a {@link DiffResult}'s {@code primary_axis} rests on. Reported because the two answers
   * differ in kind: one is read from the compared frames themselves, the other from the frames a
   * device captured between them, which an agent holding only the two screenshots cannot check.
   */
  public enum AxisEvidence {
    /** Read from the two compared frames (also the answer when the axis is {@code none}). */
    FRAME_PAIR("frame_pair"),
    /**
     * The two frames share nothing that moved (a carousel page, a wheel several rows on), so the
     * axis was read from consecutive frames the device captured between them while the content
     * moved inside the compared region.
     */
    MOTION_BETWEEN("motion_between");

    private final String id;

    AxisEvidence(String id) {
      this.id = id;
    }

    /**
     * The lowercase id used in the agent tools' JSON: {@code frame_pair} or {@code motion_between}.
     */
    public String id() {
      return id;
    }
  }
}
