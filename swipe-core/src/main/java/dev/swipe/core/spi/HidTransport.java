package dev.swipe.core.spi;

import dev.swipe.base.Api;
import java.util.Optional;

/**
 * The finger: a link that sends HID reports to the phone.
 *
 * <p>Implementations are used from one thread at a time (the device serializes gestures). They
 * throw {@link dev.swipe.base.SwipeException} with {@code hid_disconnected} when the link fails,
 * {@code hid_rejected} when the device refuses a report, {@code unsupported_input} for reports they
 * cannot carry, and {@code device_closed} after {@link #close()}.
 */
@Api(status = Api.Status.STABLE)
public interface HidTransport extends AutoCloseable {
  /** What this link can do. */
  HidCapabilities capabilities();

  /**
   * Sends one report now.
   *
   * <p>Returns once the device has taken the report as far as the link can tell: a link with
   * acknowledgements waits for the device's answer to this very report (a late or duplicated answer
   * to an earlier report never counts); a link without them returns once the report is written. A
   * report that ends a gesture (the pointer lifted, the last key released) returns only after the
   * device has consumed it, so an observation taken after the gesture sees its end. When that
   * cannot be established within the transport's bounded timeouts, it throws ({@code hid_rejected}
   * or {@code hid_disconnected}) instead of returning, and the caller releases with {@link
   * #releaseAll()}.
   */
  void send(HidReport report);

  /**
   * Lifts the finger and releases every key. Called after any failure and on close, so it must be
   * safe to call at any time and must not throw when the link is already gone (best effort).
   */
  void releaseAll();

  /**
   * The raw relative side of this link, present when it presents the finger as a relative mouse and
   * lets the device steer it from the frames ({@link RelativePointing}); empty otherwise, and by
   * default.
   */
  default Optional<RelativePointing> relativePointing() {
    return Optional.empty();
  }

  /** Releases everything and frees the link; calling it twice is harmless. */
  @Override
  void close();
}
