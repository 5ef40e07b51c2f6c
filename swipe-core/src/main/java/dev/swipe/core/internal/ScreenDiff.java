package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.diff.internal.ImageDiff;
import org.jspecify.annotations.Nullable;

/**
 * How two of a device's screens differ, with the phone's drawn pointer left out of what counts as a
 * change ({@link Observation#greyToCompareWith}).
 *
 * <p>Whether the screen changed, how much and along which axis is judged without the pointer: its
 * own move is no change, and a pointer that came in from the side would read as sideways motion.
 * When that comparison finds no axis, the axis is read from the frames as captured, provided the
 * content made most of their change: the pointer's place, patched alike on both sides, stands still
 * while the content moves, and on the honesty benchmark's pale lists that alone hid the axis of a
 * scroll (called "unobserved" although it had moved); beside such a change the pointer is too small
 * to sway the axis.
 */
final class ScreenDiff {
  /**
   * The share of the frames' change that must be the content's, not the pointer's, for the frames'
   * own axis to stand: on a one-row wheel nudge the pointer was more than half of the change and
   * its sideways approach read as a horizontal move.
   */
  static final double CONTENT_SHARE = 0.75;

  private ScreenDiff() {}

  /** {@link ImageDiff#compare} of the region (the whole screen when null). */
  static DiffResult compare(Observation before, Observation after, @Nullable NormRegion region) {
    return compare(before, after, region, false);
  }

  /** {@link ImageDiff#compareNoticingShifts} of the region (the whole screen when null). */
  static DiffResult compareNoticingShifts(
      Observation before, Observation after, @Nullable NormRegion region) {
    return compare(before, after, region, true);
  }

  private static DiffResult compare(
      Observation before, Observation after, @Nullable NormRegion region, boolean shifts) {
    try {
      GreyRaster a = before.greyForDiff();
      GreyRaster b = after.greyForDiff();
      GreyRaster pa = before.greyToCompareWith(after);
      GreyRaster pb = after.greyToCompareWith(before);
      DiffResult raw = diff(a, b, region, shifts);
      if (pa == a && pb == b) {
        return raw; // no pointer drawn where the SDK steers one
      }
      DiffResult without = diff(pa, pb, region, shifts);
      if (!without.changed()
          || !raw.changed()
          || without.primaryAxis() != PrimaryAxis.NONE
          || without.diffRatio() < CONTENT_SHARE * raw.diffRatio()) {
        return without;
      }
      return new DiffResult(true, without.diffRatio(), raw.primaryAxis());
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  private static DiffResult diff(
      GreyRaster a, GreyRaster b, @Nullable NormRegion r, boolean shifts) {
    if (shifts) {
      return ImageDiff.compareNoticingShifts(a, b, r);
    }
    return r == null ? ImageDiff.compare(a, b) : ImageDiff.compare(a, b, r);
  }
}
