package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;

/**
 * A HID logical coordinate range and the mapping from normalized space onto it. Values outside the
 * range are clamped, never wrapped: a wrapped coordinate would teleport the finger to the opposite
 * edge.
 *
 * @param min logical value of normalized 0
 * @param max logical value of normalized 1000
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record HidRange(int min, int max) {
  /** CH9329 absolute mouse: 0..4095. */
  public static final HidRange CH9329_ABSOLUTE = new HidRange(0, 4095);

  /** Linux gadget and PiKVM USB absolute reports: 0..32767. */
  public static final HidRange USB_ABSOLUTE = new HidRange(0, 32767);

  /** PiKVM serial protocol: signed int16, -32768..32767. */
  public static final HidRange SIGNED_INT16 = new HidRange(-32768, 32767);

  /** Validates that the range is non-empty. */
  public HidRange {
    if (max <= min) {
      throw SwipeException.invalidArgument("max", "must exceed min (" + min + "), was " + max);
    }
  }

  /** Normalized coordinate (clamped to [0, 1000]; NaN refused) to the nearest logical value. */
  public int toLogical(double norm) {
    if (Double.isNaN(norm)) {
      throw SwipeException.invalidArgument("norm", "must be a number, was NaN");
    }
    double clamped = Math.max(0, Math.min(NormPoint.MAX, norm));
    long v = Math.round(min + clamped / NormPoint.MAX * ((long) max - min));
    return (int) Math.max(min, Math.min(max, v));
  }

  /** Logical value (clamped to the range) back to normalized space. */
  public double toNorm(long logical) {
    long clamped = Math.max(min, Math.min(max, logical));
    return (clamped - (double) min) / ((long) max - min) * NormPoint.MAX;
  }

  /** Size of one logical unit in normalized units: the best precision the link offers. */
  public double normPerUnit() {
    return NormPoint.MAX / ((long) max - min);
  }
}
