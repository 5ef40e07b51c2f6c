package dev.swipe.sim;

import dev.swipe.base.Api;
import java.time.Duration;

/**
 * How this simulated phone takes HID input, as drawn for its device: for tests and benchmarks that
 * must know what the phone does with a report (SDK policies learn it from pixels). Lengths are in
 * frame pixels.
 *
 * @param model whether input arrives as it says or as a real phone takes it from a rig
 * @param absoluteMouse what the phone does with an absolute mouse
 * @param takesDigitizer whether a touch digitizer touches (false on iOS with {@code input=rig})
 * @param acceleratedPointer whether relative reports follow {@link #curve()} (iOS with {@code
 *     input=rig}); otherwise one count moves one frame pixel
 * @param curve the relative pointer's gain, points per count
 * @param pxPerPoint frame pixels per point (the panel's density times the frame scale)
 * @param cursorShape how the pointer is drawn on iOS with {@code input=rig}
 * @param cursorSizePx the drawn pointer's size (a circle's diameter, an arrow's height)
 * @param cursorAlpha the drawn pointer's opacity, 0-1
 * @param cursorHideAfter how long after the last move the drawn pointer hides
 * @param tapOffsetPx how far above the drawn tip (or the circle's centre) a tap lands
 * @param cornerRadiusPx the display corners' radius, which clamps the pointer
 * @param captureLag how far behind the phone its captured frames are: a frame captured at a time
 *     shows the phone as it was this long before
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record SimInput(
    SimConfig.InputModel model,
    SimConfig.AbsoluteMouse absoluteMouse,
    boolean takesDigitizer,
    boolean acceleratedPointer,
    IosPointerCurve curve,
    double pxPerPoint,
    SimConfig.CursorShape cursorShape,
    double cursorSizePx,
    double cursorAlpha,
    Duration cursorHideAfter,
    double tapOffsetPx,
    double cornerRadiusPx,
    Duration captureLag) {

  /**
   * Frame pixels one relative report of {@code counts} (its length) moves the pointer, {@code
   * sincePreviousNanos} after the previous report (negative for the first).
   */
  public double pxPerCount(double counts, long sincePreviousNanos) {
    return acceleratedPointer ? curve.gain(counts, sincePreviousNanos) * pxPerPoint : 1.0;
  }
}
