package dev.swipe.sim;

import dev.swipe.base.NormPoint;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.internal.TimelinePlanner;
import dev.swipe.core.internal.TimelineRunner;

/**
 * Plays gestures straight into a phone's transport on its clock, so a test can read the oracle at
 * the instant of release (a {@code Device} action returns only after a later frame).
 */
final class Play {
  private Play() {}

  /** Plays {@code g} as a device would on this phone's screen shape (a pinch's turn in pixels). */
  static void gesture(SimPhone phone, Gesture g) {
    new TimelineRunner(phone.ticker(), phone.sleeper())
        .run(
            TimelinePlanner.plan(g, 0, phone.frameHeight() / (double) phone.frameWidth()),
            phone.transport());
  }

  /** A vertical swipe along x = 500. */
  static Swipe vertical(double fromY, double toY, int durationMs, int steps, int holdAfterMs) {
    return Swipe.builder(NormPoint.of(500, fromY), NormPoint.of(500, toY))
        .durationMs(durationMs)
        .steps(steps)
        .holdBeforeMs(0)
        .holdAfterMs(holdAfterMs)
        .build();
  }

  /** A fast vertical flick (no rest before the lift). */
  static void swipe(SimPhone phone, double fromY, double toY, int durationMs) {
    gesture(phone, vertical(fromY, toY, durationMs, 16, 0));
  }

  /** A drag through the given points with a dwell at the end. */
  static Drag drag(int durationMs, int holdAfterMs, NormPoint... points) {
    Drag.Builder b = Drag.builder(points[0], points[1]);
    for (int i = 2; i < points.length; i++) {
      b.then(points[i]);
    }
    return b.durationMs(durationMs).holdAfterMs(holdAfterMs).holdBeforeMs(0).build();
  }

  static void sleepMs(SimPhone phone, long ms) {
    try {
      phone.sleeper().sleep(ms * 1_000_000L);
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }
}
