package dev.swipe.core.internal;

import dev.swipe.core.NormRegion;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageDiff;
import dev.swipe.diff.PrimaryAxis;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The last few pairs of consecutive frames that differed while the settling gate watched, kept
 * so that the direction of a move too large for the before/after pair can still be seen.
 *
 * <p>Why: a carousel page switch or a scroll of most of the viewport leaves no overlap between
 * the frame before the action and the settled one, so no translation is measurable there and
 * {@code primary_axis} can only say {@code none}. Between two consecutive frames of the same
 * motion the content moved a little, which the estimator reads reliably. The axis is computed
 * only when asked, so an action whose before/after pair already shows it pays nothing.
 */
public final class MotionTrail {
  /** Pairs kept: the newest ones, from the slow end of the motion where shifts are small. */
  static final int PAIRS = 4;
  /** Agreeing pairs needed before the trail names an axis. */
  static final int VOTES = 2;

  /** An empty trail: nothing moved (or nothing was watched). */
  public static final MotionTrail NONE = new MotionTrail();

  private final Deque<GreyRaster[]> pairs = new ArrayDeque<>(PAIRS);

  MotionTrail() {}

  /**
   * Records that {@code next} differed from {@code previous}, its immediate predecessor; a pair of
   * different sizes (the capture changed resolution) shows no motion and is skipped.
   */
  void add(GreyRaster previous, GreyRaster next) {
    if (this == NONE) {
      throw new IllegalStateException("the empty trail is shared");
    }
    if (previous.width() != next.width() || previous.height() != next.height()) {
      return;
    }
    if (pairs.size() == PAIRS) {
      pairs.removeFirst();
    }
    pairs.addLast(new GreyRaster[] {previous, next});
  }

  /** How many frame pairs are kept. */
  public int size() {
    return pairs.size();
  }

  /**
   * The axis along which content moved inside {@code region} between consecutive frames: named
   * only when at least {@link #VOTES} of the kept pairs show it and none shows the other axis;
   * otherwise {@link PrimaryAxis#NONE} (a fade, a glow, a page replaced in one frame).
   */
  public PrimaryAxis axis(NormRegion region) {
    int vertical = 0;
    int horizontal = 0;
    for (GreyRaster[] p : pairs) {
      PrimaryAxis a = region == null
          ? ImageDiff.compare(p[0], p[1]).primaryAxis()
          : ImageDiff.compare(p[0], p[1], region.x(), region.y(), region.w(), region.h()).primaryAxis();
      if (a == PrimaryAxis.VERTICAL) {
        vertical++;
      } else if (a == PrimaryAxis.HORIZONTAL) {
        horizontal++;
      }
    }
    if (vertical >= VOTES && horizontal == 0) {
      return PrimaryAxis.VERTICAL;
    }
    if (horizontal >= VOTES && vertical == 0) {
      return PrimaryAxis.HORIZONTAL;
    }
    return PrimaryAxis.NONE;
  }
}
