package dev.swipe.core.spi;

/**
 * The finger: a link that sends HID reports to the phone.
 *
 * <p>Implementations are used from one thread at a time (the device serializes gestures). They
 * throw {@link dev.swipe.core.SwipeException} with {@code hid_disconnected} when the link fails,
 * {@code hid_rejected} when the device refuses a report, {@code unsupported_input} for reports
 * they cannot carry, and {@code device_closed} after {@link #close()}.
 */
public interface HidTransport extends AutoCloseable {
  /** What this link can do. */
  HidCapabilities capabilities();

  /** Sends one report now. */
  void send(HidReport report);

  /**
   * Lifts the finger and releases every key. Called after any failure and on close, so it must be
   * safe to call at any time and must not throw when the link is already gone (best effort).
   */
  void releaseAll();

  /** Releases everything and frees the link; calling it twice is harmless. */
  @Override
  void close();
}
