package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.PointerReport;
import dev.swipe.core.spi.TouchReport;

/**
 * Hears what a device does as it does it: every frame it captures, every finger report it sends,
 * every step it starts. For recorders (a video of the run) that must not change the run: callbacks
 * come on the device's thread while it works, so they must return at once (hand the work to another
 * thread) and must not call back into the device. An exception thrown by a listener is swallowed.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public interface DeviceListener {
  /** A frame the device captured (settling, probing, watching a coast); may repeat a frame. */
  default void frameCaptured(Frame frame) {}

  /** A pointer report just sent, at {@code atNanos} on the device's clock. */
  default void pointerSent(PointerReport report, long atNanos) {}

  /** A multi-touch report (several fingers) just sent, at {@code atNanos} on the device's clock. */
  default void touchSent(TouchReport report, long atNanos) {}

  /** A step (an action, a composite, a wait) began, at {@code atNanos} on the device's clock. */
  default void stepStarted(String action, long atNanos) {}

  /** Stops a listener from hearing more. */
  interface Registration extends AutoCloseable {
    /** Removes the listener; calling it twice is harmless. */
    @Override
    void close();
  }
}
