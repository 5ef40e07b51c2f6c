package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.diff.internal.ImageDiff;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The first and the last few pairs of consecutive frames that differed while the settling gate
 * watched, kept so that the direction of a move too large for the before/after pair can still be
 * seen.
 *
 * <p>Why: a carousel page switch or a scroll of most of the viewport leaves no overlap between the
 * frame before the action and the settled one, so no translation is measurable there and {@code
 * primary_axis} can only say {@code none}. Between two consecutive frames of the same motion the
 * content moved a little, which the estimator reads reliably. The axis is computed only when asked,
 * so an action whose before/after pair already shows it pays nothing.
 */
final class MotionTrail {
  /**
   * Pairs kept at each end: the oldest ones, from just after release where content moves several
   * pixels a frame, and the newest ones, from the slow end where shifts are small. Either end can
   * be unreadable on its own: a page decelerating moves by half a diff pixel a frame at the end
   * (found by the honesty benchmark on Android carousels), a crawl's first frames can still carry
   * the drag's dwell.
   */
  static final int PAIRS = 4;

  /** Agreeing pairs needed before the trail names an axis. */
  static final int VOTES = 2;

  /** An empty trail: nothing moved (or nothing was watched). */
  public static final MotionTrail NONE = new MotionTrail();

  private final List<GreyRaster[]> first = new ArrayList<>(PAIRS);
  private final Deque<GreyRaster[]> last = new ArrayDeque<>(PAIRS);

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
    GreyRaster[] pair = {previous, next};
    if (first.size() < PAIRS) {
      first.add(pair);
      return;
    }
    if (last.size() == PAIRS) {
      last.removeFirst();
    }
    last.addLast(pair);
  }

  /** This trail followed by {@code later}'s pairs, as if both had been watched as one. */
  MotionTrail then(MotionTrail later) {
    if (later.size() == 0) {
      return this;
    }
    MotionTrail both = new MotionTrail();
    for (MotionTrail t : List.of(this, later)) {
      for (GreyRaster[] p : t.pairs()) {
        both.add(p[0], p[1]);
      }
    }
    return both;
  }

  /** The kept pairs, oldest first. */
  private List<GreyRaster[]> pairs() {
    List<GreyRaster[]> all = new ArrayList<>(first);
    all.addAll(last);
    return all;
  }

  /** How many frame pairs are kept. */
  public int size() {
    return first.size() + last.size();
  }

  /**
   * The axis along which content moved inside {@code region} between consecutive frames: named only
   * when at least {@link #VOTES} of the kept pairs show it and none shows the other axis; otherwise
   * {@link PrimaryAxis#NONE} (a fade, a glow, a page replaced in one frame).
   */
  public PrimaryAxis axis(@Nullable NormRegion region) {
    int vertical = 0;
    int horizontal = 0;
    for (GreyRaster[] p : pairs()) {
      PrimaryAxis a = ImageDiff.motionAxis(p[0], p[1], region);
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
