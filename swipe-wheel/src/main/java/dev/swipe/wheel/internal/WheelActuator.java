package dev.swipe.wheel.internal;

/**
 * Executes a planned drag on the device (core's HID side): press at the start, move slowly to the
 * end, dwell there, release, and return once the screen has settled. Throwing means the action
 * failed; {@link RunGuard#nudge} then charges nothing and rethrows.
 */
@FunctionalInterface
public interface WheelActuator {

  /**
   * Performs the drag.
   *
   * @param drag the drag to perform, in normalized coordinates
   * @param decision the full decision, e.g. for logging or timing by rows
   */
  void perform(WheelDrag drag, PlannedNudge decision);
}
