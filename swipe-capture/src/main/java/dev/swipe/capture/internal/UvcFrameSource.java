package dev.swipe.capture.internal;

import com.github.sarxos.webcam.Webcam;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.Frame;
import java.awt.Dimension;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Frames from a UVC capture device (an HDMI capture stick seen as a webcam) through sarxos
 * webcam-capture, so any of its drivers works: the default one (native, needs {@code libv4l-0} on
 * Linux), GStreamer, V4L4J, or one supplied by the host.
 *
 * <p>One daemon thread ({@code swipe-uvc-N}) pulls images from the device as fast as it delivers
 * them, stamps each on arrival with the device's clock and keeps only the newest. A driver that
 * hands back the same image object again has no new picture: that counts as a repeat, so a frozen
 * device shows as {@code capture_stale}; one that delivers nothing as {@code capture_timeout}.
 * Images are JPEG-encoded only when grabbed, after cropping.
 */
public final class UvcFrameSource extends LiveFrameSource {
  private static final AtomicInteger THREADS = new AtomicInteger();

  private final Webcam webcam;
  private final Thread reader;
  private volatile boolean closed;

  private UvcFrameSource(Webcam webcam, CaptureOptions options, Ticker ticker) {
    super("uvc:" + webcam.getName(), options, ticker);
    this.webcam = webcam;
    this.reader = new Thread(this::readLoop, "swipe-uvc-" + THREADS.incrementAndGet());
    reader.setDaemon(true);
  }

  /**
   * Finds the device, selects the resolution, opens it and starts reading.
   *
   * @param device a device name (exact, or a unique prefix or substring, case-insensitive), an
   *     index into webcam-capture's list, or empty for the first device
   * @param size the wanted resolution, or null for the device's default
   */
  static UvcFrameSource open(
      String device,
      @Nullable Dimension size,
      long discoveryTimeoutMs,
      CaptureOptions options,
      Ticker ticker) {
    Webcam webcam = find(device, discoveryTimeoutMs);
    if (webcam.isOpen()) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "device: " + webcam.getName() + " is already open in this JVM",
          Map.of("field", "device", "device", webcam.getName()),
          null);
    }
    if (size != null) {
      selectSize(webcam, size);
    }
    boolean opened;
    try {
      opened = webcam.open(false);
    } catch (com.github.sarxos.webcam.WebcamLockException e) {
      throw unavailable(
          "cannot open "
              + webcam.getName()
              + ": another process holds webcam-capture's lock on it"
              + " (a lock file in java.io.tmpdir, refreshed while that process has it open)",
          e);
    } catch (RuntimeException e) {
      throw unavailable("cannot open " + webcam.getName() + ": " + e.getMessage(), e);
    }
    if (!opened) {
      throw unavailable(
          "cannot open " + webcam.getName() + " (the driver refused; is another program using it?)",
          null);
    }
    UvcFrameSource source = new UvcFrameSource(webcam, options, ticker);
    source.reader.start();
    return source;
  }

  private static Webcam find(String device, long discoveryTimeoutMs) {
    List<Webcam> all;
    try {
      all = Webcam.getWebcams(discoveryTimeoutMs);
    } catch (java.util.concurrent.TimeoutException e) {
      throw unavailable("webcam-capture found no devices within " + discoveryTimeoutMs + " ms", e);
    } catch (RuntimeException e) {
      throw unavailable("webcam-capture cannot list devices: " + e.getMessage(), e);
    }
    List<String> names = new ArrayList<>();
    for (Webcam w : all) {
      names.add(w.getName());
    }
    String wanted = device.strip();
    if (wanted.isEmpty()) {
      if (all.isEmpty()) {
        throw notFound("no UVC device is connected", names);
      }
      return all.get(0);
    }
    if (wanted.chars().allMatch(Character::isDigit)) {
      int index = Integer.parseInt(wanted);
      if (index >= all.size()) {
        throw notFound("no UVC device at index " + index, names);
      }
      return all.get(index);
    }
    String lower = wanted.toLowerCase(Locale.ROOT);
    for (Webcam w : all) {
      if (w.getName().equalsIgnoreCase(wanted)) {
        return w;
      }
    }
    List<Webcam> prefix = new ArrayList<>();
    List<Webcam> contains = new ArrayList<>();
    for (Webcam w : all) {
      String n = w.getName().toLowerCase(Locale.ROOT);
      if (n.startsWith(lower)) {
        prefix.add(w);
      }
      if (n.contains(lower)) {
        contains.add(w);
      }
    }
    List<Webcam> matches = !prefix.isEmpty() ? prefix : contains;
    if (matches.size() == 1) {
      return matches.get(0);
    }
    throw notFound(
        matches.isEmpty()
            ? "no UVC device is named like '" + wanted + "'"
            : "'" + wanted + "' matches several devices",
        names);
  }

  private static void selectSize(Webcam webcam, Dimension size) {
    Dimension[] offered = webcam.getViewSizes();
    boolean listed = offered != null && Arrays.asList(offered).contains(size);
    try {
      if (!listed) {
        // webcam-capture lists only a few sizes for some drivers (the default one stops at VGA);
        // a custom size is how it asks the device for HD.
        webcam.setCustomViewSizes(size);
      }
      webcam.setViewSize(size);
    } catch (RuntimeException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "size: "
              + size.width
              + "x"
              + size.height
              + " is not offered by "
              + webcam.getName()
              + " ("
              + e.getMessage()
              + ")",
          Map.of("field", "size", "offered", describe(offered)),
          e);
    }
  }

  private static List<String> describe(Dimension[] sizes) {
    List<String> out = new ArrayList<>();
    if (sizes != null) {
      for (Dimension d : sizes) {
        out.add(d.width + "x" + d.height);
      }
    }
    return out;
  }

  private static SwipeException notFound(String message, List<String> names) {
    return new SwipeException(
        CommonCode.INVALID_ARGUMENT,
        "device: " + message + "; connected: " + (names.isEmpty() ? "none" : names),
        Map.of("field", "device", "devices", names),
        null);
  }

  /**
   * The capture path cannot work at all (driver failure, device busy). Core has no dedicated code
   * for that; from the caller's side no frame will come, so it is {@code capture_timeout}.
   */
  private static SwipeException unavailable(String message, @Nullable Throwable cause) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("reason", "device_unavailable");
    details.put(
        "hint",
        "on Linux the default webcam-capture driver needs the libv4l-0 package (apt-get install libv4l-0);"
            + " check that the capture device shows up as /dev/video*");
    return new SwipeException(ErrorCode.CAPTURE_TIMEOUT, message, details, cause);
  }

  /** The size the device was opened at. */
  public Dimension viewSize() {
    return webcam.getViewSize();
  }

  /** The name of the reader thread, so tests can see it is gone after close. */
  String readerThreadName() {
    return reader.getName();
  }

  private void readLoop() {
    BufferedImage last = null;
    while (!closed) {
      BufferedImage image;
      try {
        image = webcam.getImage();
      } catch (RuntimeException e) {
        slot.problem("webcam-capture: " + e);
        image = null;
      }
      if (closed) {
        break;
      }
      if (image == null || image == last) {
        if (image != null) {
          slot.repeat();
        } else {
          slot.problem("the device delivered no image");
        }
        try {
          TimeUnit.MILLISECONDS.sleep(5);
        } catch (InterruptedException e) {
          break;
        }
        continue;
      }
      last = image;
      slot.publish(null, image, image.getWidth(), image.getHeight());
    }
  }

  @Override
  public Frame grab(long notBeforeNanos, Duration timeout) {
    if (closed) {
      throw NewestFrameSlot.closedError(name);
    }
    return super.grab(notBeforeNanos, timeout);
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    slot.close();
    reader.interrupt();
    try {
      reader.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      webcam.close();
    } catch (RuntimeException ignored) {
      // the device is gone either way
    }
  }
}
