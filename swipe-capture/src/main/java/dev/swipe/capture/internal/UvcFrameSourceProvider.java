package dev.swipe.capture.internal;

import com.github.sarxos.webcam.Webcam;
import com.github.sarxos.webcam.WebcamDriver;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.FrameSourceProvider;
import dev.swipe.core.spi.ProviderContext;
import java.awt.Dimension;
import java.util.Set;

/**
 * The {@code uvc:} scheme: {@code uvc:USB3.0 Capture?size=1920x1080}, {@code uvc:0}, or {@code
 * uvc:} for the first device. Options (defaults in brackets): {@code size=WxH} [the device's
 * default], {@code driver=<WebcamDriver class>} [whatever webcam-capture uses; setting it changes
 * webcam-capture's JVM-wide driver], {@code discovery_timeout_ms} [5000], plus the shared {@code
 * latency_ms} [80], {@code crop} [auto], {@code rotate} [0], {@code quality} [0.9], {@code
 * black_level} [40], {@code record}.
 */
public final class UvcFrameSourceProvider implements FrameSourceProvider {
  /** Made by {@link java.util.ServiceLoader}. */
  public UvcFrameSourceProvider() {}

  static final int DEFAULT_LATENCY_MS = 80;

  private static final Set<String> KEYS =
      CaptureOptions.keysWith("size", "driver", "discovery_timeout_ms");

  @Override
  public String scheme() {
    return "uvc";
  }

  @Override
  public FrameSource open(DeviceUri uri, ProviderContext context) {
    uri.requireKnownKeys(KEYS);
    CaptureOptions options =
        CaptureOptions.parse(uri, DEFAULT_LATENCY_MS, CaptureOptions.CropMode.AUTO);
    Dimension size = uri.sizeParam("size").map(s -> new Dimension(s[0], s[1])).orElse(null);
    long discovery = uri.intParam("discovery_timeout_ms", 5000, 1, 600_000);
    uri.param("driver").ifPresent(UvcFrameSourceProvider::useDriver);
    return RecordingFrameSource.wrapIfAsked(
        UvcFrameSource.open(uri.path(), size, discovery, options, context.ticker()), options);
  }

  private static void useDriver(String className) {
    String name = className.strip();
    WebcamDriver current = Webcam.getDriver();
    if (current != null && current.getClass().getName().equals(name)) {
      return;
    }
    Class<?> type;
    try {
      type = Class.forName(name, true, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw SwipeException.invalidArgument("driver", "class " + name + " is not on the class path");
    }
    if (!WebcamDriver.class.isAssignableFrom(type)) {
      throw SwipeException.invalidArgument(
          "driver", name + " is not a com.github.sarxos.webcam.WebcamDriver");
    }
    try {
      Webcam.setDriver((WebcamDriver) type.getDeclaredConstructor().newInstance());
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw SwipeException.invalidArgument("driver", "cannot create " + name + ": " + e);
    }
  }
}
