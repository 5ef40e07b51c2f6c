package dev.swipe.core.spi;

import dev.swipe.base.Api;

/**
 * Opens {@link FrameSource}s for one URI scheme (e.g. {@code mjpeg}). Registered in {@code
 * META-INF/services/dev.swipe.core.spi.FrameSourceProvider}; the scheme must be unique.
 */
@Api(status = Api.Status.STABLE)
public interface FrameSourceProvider {
  /** The URI scheme this provider answers, lower case. */
  String scheme();

  /** Opens a source; throws {@link dev.swipe.base.SwipeException} on bad options or I/O. */
  FrameSource open(DeviceUri uri, ProviderContext context);
}
