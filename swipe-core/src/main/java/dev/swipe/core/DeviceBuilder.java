package dev.swipe.core;

import dev.swipe.base.Api;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.internal.DefaultDevice;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.memory.MemoryStore;
import dev.swipe.text.TextReader;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Configures and opens a {@link Device}. Give either one combined {@link #device(String)} URI, or a
 * HID part and a capture part (each as a URI or as an instance).
 *
 * <p>Each part is set once: the device or the HID and capture links, the memory, the text reader,
 * the trace, the clock, the sleeper and the attachment registry. Setting one again (by URI or by
 * instance) fails at once with {@code invalid_argument} naming the field ({@code device}, {@code
 * hid}, {@code capture}, {@code memory}, {@code text_reader}, {@code trace}, {@code ticker}, {@code
 * sleeper}, {@code attachments}); a combined device beside a HID or capture part fails naming
 * {@code device}. The two timing options ({@link #captureTimeout}, {@link #settleBound}) take the
 * last value given.
 */
@Api(status = Api.Status.STABLE)
public final class DeviceBuilder {
  private @Nullable String deviceUri;
  private @Nullable String hidUri;
  private @Nullable HidTransport hid;
  private @Nullable String captureUri;
  private @Nullable FrameSource capture;
  private @Nullable Ticker ticker;
  private @Nullable Sleeper sleeper;
  private Duration captureTimeout = Duration.ofSeconds(5);
  private Duration settleBound = Duration.ofSeconds(1);
  private @Nullable AttachmentRegistry attachments;
  private java.nio.file.@Nullable Path trace;
  private long traceMaxBytes;
  private @Nullable String memoryUri;
  private @Nullable MemoryStore memory;
  private @Nullable String textReaderUri;
  private @Nullable TextReader textReader;

  DeviceBuilder() {}

  /**
   * Opens a widget-parameter memory by URI: {@code sqlite:PATH} (the embedded default; {@code
   * sqlite:} alone is {@code ~/.swipe/memory.db}), {@code mem:}, or the scheme of a {@code
   * MemoryStoreProvider} on the class path. The device closes it. An unknown scheme fails {@link
   * #open} with {@code unknown_scheme} listing the known ones, as for the device's own parts. A
   * device that steers a relative pointer from the frames also keeps there what it learned about
   * its rig (one record of type {@code rig}), and starts from it on the same rig next time.
   */
  public DeviceBuilder memory(String uri) {
    SwipeException.requireArgument(uri, "memory");
    SwipeException.requireNotSet(memoryUri != null || memory != null, "memory");
    this.memoryUri = uri;
    return this;
  }

  /** A host's own memory store (e.g. the agent framework's memory); the device closes it. */
  public DeviceBuilder memory(MemoryStore store) {
    SwipeException.requireArgument(store, "memory");
    SwipeException.requireNotSet(memoryUri != null || memory != null, "memory");
    this.memory = store;
    return this;
  }

  /**
   * The text reader by URI (default {@code tesseract:}, opened on the first text call, so a device
   * that never reads text never loads an engine); any scheme of a {@code TextReaderProvider} on the
   * class path. The scheme is checked by {@link #open}: an unknown one fails there with {@code
   * unknown_scheme} listing the known ones, not at the first text call.
   */
  public DeviceBuilder textReader(String uri) {
    SwipeException.requireArgument(uri, "text_reader");
    SwipeException.requireNotSet(textReaderUri != null || textReader != null, "text_reader");
    this.textReaderUri = uri;
    return this;
  }

  /** A host's own text reader (another OCR engine); the device closes it. */
  public DeviceBuilder textReader(TextReader reader) {
    SwipeException.requireArgument(reader, "text_reader");
    SwipeException.requireNotSet(textReaderUri != null || textReader != null, "text_reader");
    this.textReader = reader;
    return this;
  }

  /**
   * Records every action in a JSON Lines trace in {@code dir}, with the screenshots beside it (also
   * {@code trace=DIR} in a combined device URI). Render it with swipe-report's {@code
   * dev.swipe.report.HtmlReport}.
   */
  public DeviceBuilder trace(java.nio.file.Path dir) {
    SwipeException.requireArgument(dir, "trace");
    SwipeException.requireNotSet(trace != null, "trace");
    this.trace = dir;
    return this;
  }

  /**
   * {@link #trace(java.nio.file.Path)} with a disk budget for the directory (default 512 MiB):
   * screenshots stop at three quarters of it, and the trace stops with a recorded reason when the
   * next record would not fit; the run goes on. Works the same for rigs and combined devices; a
   * directory that cannot be written fails {@link #open()} before any part is opened.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code trace_max_bytes}) under 4096
   */
  public DeviceBuilder trace(java.nio.file.Path dir, long maxBytes) {
    if (maxBytes < 4096) {
      throw SwipeException.invalidArgument(
          "trace_max_bytes", "must be at least 4096, was " + maxBytes);
    }
    SwipeException.requireArgument(dir, "trace");
    SwipeException.requireNotSet(trace != null, "trace");
    this.trace = dir;
    this.traceMaxBytes = maxBytes;
    return this;
  }

  /** A combined device URI such as {@code sim:}. */
  public DeviceBuilder device(String uri) {
    SwipeException.requireArgument(uri, "device");
    SwipeException.requireNotSet(deviceUri != null, "device");
    if (hidUri != null || hid != null || captureUri != null || capture != null) {
      throw notBoth();
    }
    this.deviceUri = uri;
    return this;
  }

  /** The HID link by URI, e.g. {@code ch9329:/dev/ttyUSB0?baud=115200}. */
  public DeviceBuilder hid(String uri) {
    SwipeException.requireArgument(uri, "hid");
    checkLink(hidUri != null || hid != null, "hid");
    this.hidUri = uri;
    return this;
  }

  /** A HID transport instance (a host's own transport); the device closes it. */
  public DeviceBuilder hid(HidTransport transport) {
    SwipeException.requireArgument(transport, "hid");
    checkLink(hidUri != null || hid != null, "hid");
    this.hid = transport;
    return this;
  }

  /** The capture source by URI, e.g. {@code mjpeg:http://127.0.0.1:8080/stream}. */
  public DeviceBuilder capture(String uri) {
    SwipeException.requireArgument(uri, "capture");
    checkLink(captureUri != null || capture != null, "capture");
    this.captureUri = uri;
    return this;
  }

  /** A frame source instance (a host's own source); the device closes it. */
  public DeviceBuilder capture(FrameSource source) {
    SwipeException.requireArgument(source, "capture");
    checkLink(captureUri != null || capture != null, "capture");
    this.capture = source;
    return this;
  }

  /** The clock (default: system; a simulator brings its own virtual clock). */
  public DeviceBuilder ticker(Ticker ticker) {
    SwipeException.requireArgument(ticker, "ticker");
    SwipeException.requireNotSet(this.ticker != null, "ticker");
    this.ticker = ticker;
    return this;
  }

  /** How to wait between reports (default: a precise park-then-spin sleeper). */
  public DeviceBuilder sleeper(Sleeper sleeper) {
    SwipeException.requireArgument(sleeper, "sleeper");
    SwipeException.requireNotSet(this.sleeper != null, "sleeper");
    this.sleeper = sleeper;
    return this;
  }

  /** How long to wait for a fresh frame before {@code capture_timeout} (default 5 s). */
  public DeviceBuilder captureTimeout(Duration timeout) {
    SwipeException.requireArgument(timeout, "capture_timeout");
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofMinutes(5)) > 0) {
      throw SwipeException.invalidArgument(
          "capture_timeout", "must be in (0, 5 min], was " + timeout);
    }
    this.captureTimeout = timeout;
    return this;
  }

  /**
   * How long the phone's screen may take to settle after an action (frames equal within JPEG noise
   * over a quiet window: 150 ms; after a swipe or drag that lifts while moving, 500 ms or as long
   * as the motion seen, never on a screen the motion left bare, within three times this bound when
   * the gesture is played with the default; a wheel nudge's snap, 1000 ms or longer while it
   * crawls, within twice this bound) before an unsettled observation is returned; the capture
   * source's latency is added, since the screen is seen that much later. Default 1000 ms, zero
   * disables.
   */
  public DeviceBuilder settleBound(Duration bound) {
    SwipeException.requireArgument(bound, "settle_bound");
    if (bound.isNegative() || bound.compareTo(Duration.ofMinutes(1)) > 0) {
      throw SwipeException.invalidArgument("settle_bound", "must be in [0, 1 min], was " + bound);
    }
    this.settleBound = bound;
    return this;
  }

  /** The run to register observations in (default: a new run per device). */
  public DeviceBuilder attachments(AttachmentRegistry registry) {
    SwipeException.requireArgument(registry, "attachments");
    SwipeException.requireNotSet(attachments != null, "attachments");
    this.attachments = registry;
    return this;
  }

  /** A HID or capture link is set once, and not beside a combined device. */
  private void checkLink(boolean alreadySet, String field) {
    SwipeException.requireNotSet(alreadySet, field);
    if (deviceUri != null) {
      throw notBoth();
    }
  }

  /** Names {@code device} whichever came first: the combined device is what excludes the links. */
  private static SwipeException notBoth() {
    return SwipeException.invalidArgument(
        "device", "give either a combined device URI or separate hid and capture parts, not both");
  }

  /**
   * Opens the parts and returns the device. When a part fails to open, the parts already open are
   * closed before the error is thrown.
   */
  public Device open() {
    return DefaultDevice.open(
        new DefaultDevice.Config(
            deviceUri,
            hidUri,
            hid,
            captureUri,
            capture,
            ticker,
            sleeper,
            captureTimeout,
            settleBound,
            attachments == null ? new AttachmentRegistry() : attachments,
            trace,
            traceMaxBytes,
            memoryUri,
            memory,
            textReaderUri,
            textReader));
  }
}
