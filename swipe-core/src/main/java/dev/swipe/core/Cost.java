package dev.swipe.core;

import dev.swipe.base.Api;

/**
 * What an action cost: time, gestures, HID reports, frames grabbed, and how much of the time was
 * spent waiting for the screen to settle.
 *
 * @param wallMs elapsed time on the device clock, in milliseconds
 * @param gestures gestures played
 * @param hidReports HID reports sent
 * @param framesGrabbed frames captured
 * @param settleWaitMs time spent in the settling gate, in milliseconds
 */
@Api(status = Api.Status.STABLE)
public record Cost(
    long wallMs, int gestures, int hidReports, int framesGrabbed, long settleWaitMs) {
  /** No cost at all. */
  public static final Cost ZERO = new Cost(0, 0, 0, 0, 0);

  /** The sum of two costs (for multi-pass actions). */
  public Cost plus(Cost o) {
    return new Cost(
        wallMs + o.wallMs,
        gestures + o.gestures,
        hidReports + o.hidReports,
        framesGrabbed + o.framesGrabbed,
        settleWaitMs + o.settleWaitMs);
  }
}
