package dev.swipe.core.spi;

/**
 * Opens {@link FrameSource}s for one URI scheme (e.g. {@code mjpeg}). Registered in {@code
 * META-INF/services/dev.swipe.core.spi.FrameSourceProvider}; the scheme must be unique.
 */
public interface FrameSourceProvider {
  /** The URI scheme this provider answers, lower case. */
  String scheme();

  /** Opens a source; throws {@link dev.swipe.base.SwipeException} on bad options or I/O. */
  FrameSource open(DeviceUri uri, ProviderContext context);
}
