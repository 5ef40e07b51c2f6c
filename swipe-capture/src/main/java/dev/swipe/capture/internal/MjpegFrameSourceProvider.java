package dev.swipe.capture.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.FrameSourceProvider;
import dev.swipe.core.spi.ProviderContext;
import java.util.Set;

/**
 * The {@code mjpeg:} scheme: {@code mjpeg:http://127.0.0.1:8080/stream?latency_ms=120}.
 *
 * <p>The path is the HTTP URL; options start at the first {@code ?}, so a URL that has its own
 * query must write that {@code ?} as {@code %3F} (e.g. {@code
 * mjpeg:http://cam/video.cgi%3Fres=hd?mode=stream}). Options (defaults in brackets): {@code
 * mode=auto|stream|snapshot} [auto: from the content type], {@code connect_timeout_ms} [2000],
 * {@code read_timeout_ms} [2000: a stream silent this long is reopened], {@code max_part_bytes}
 * [8388608], {@code reconnect_min_ms} [100], {@code reconnect_max_ms} [2000], {@code
 * snapshot_interval_ms} [50], plus the shared {@code latency_ms} [120], {@code crop} [auto], {@code
 * rotate} [0], {@code quality} [0.9], {@code black_level} [40], {@code record}.
 */
public final class MjpegFrameSourceProvider implements FrameSourceProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public MjpegFrameSourceProvider() {}

  static final int DEFAULT_LATENCY_MS = 120;

  private static final Set<String> KEYS =
      CaptureOptions.keysWith(
          "mode",
          "connect_timeout_ms",
          "read_timeout_ms",
          "max_part_bytes",
          "reconnect_min_ms",
          "reconnect_max_ms",
          "snapshot_interval_ms");

  @Override
  public String scheme() {
    return "mjpeg";
  }

  @Override
  public FrameSource open(DeviceUri uri, ProviderContext context) {
    uri.requireKnownKeys(KEYS);
    CaptureOptions options =
        CaptureOptions.parse(uri, DEFAULT_LATENCY_MS, CaptureOptions.CropMode.AUTO);
    int reconnectMin = uri.intParam("reconnect_min_ms", 100, 1, 60_000);
    MjpegHttpFrameSource.Settings settings =
        new MjpegHttpFrameSource.Settings(
            MjpegHttpFrameSource.parseUrl(uri.path()),
            MjpegHttpFrameSource.Mode.valueOf(
                uri.choice("mode", "auto", Set.of("auto", "stream", "snapshot"))
                    .toUpperCase(java.util.Locale.ROOT)),
            uri.intParam("connect_timeout_ms", 2000, 1, 600_000),
            uri.intParam("read_timeout_ms", 2000, 1, 600_000),
            uri.intParam("max_part_bytes", 8 * 1024 * 1024, 1024, 256 * 1024 * 1024),
            reconnectMin,
            uri.intParam("reconnect_max_ms", Math.max(2000, reconnectMin), reconnectMin, 600_000),
            uri.intParam("snapshot_interval_ms", 50, 0, 600_000));
    return RecordingFrameSource.wrapIfAsked(
        new MjpegHttpFrameSource(settings, options, context.ticker()), options);
  }
}
