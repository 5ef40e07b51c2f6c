package dev.swipe.core.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.internal.DefaultDevice.Config;
import dev.swipe.core.spi.DeviceConnection;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.memory.MemoryStore;
import dev.swipe.text.TextReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * What a device owns and its runs share: the finger, the eyes, the lock, the trace, the memory and
 * the text reader. Opened from a {@link DefaultDevice.Config} (a part that fails to open closes the
 * parts already open) and closed with the device.
 */
final class DeviceParts {
  /** The HID link, as the listeners hear it. */
  final HidTransport hid;

  /** The capture source, as the listeners hear it. */
  final FrameSource capture;

  final Ticker ticker;
  final Sleeper sleeper;
  final Duration captureTimeout;
  final Duration settleBound;

  /** Serializes the actions of the device and all its runs. */
  final ReentrantLock lock = new ReentrantLock(true);

  /** The device's trace when tracing is on (a run may have its own); null otherwise. */
  final @Nullable TraceWriter traceWriter;

  /** Records actions in {@link #traceWriter}; null when not tracing. */
  final @Nullable ActionTracer tracer;

  /** Who hears of frames, pointer reports and steps. */
  final DeviceListeners listeners;

  /** The memory store, or null. */
  final @Nullable MemoryStore memory;

  /** Reads text with the device's engine (opened on first use). */
  final ScreenReader screenReader;

  /** The motion watched during the device's latest actions. */
  final MotionLog motionLog = new MotionLog();

  /**
   * Steers a relative pointer from the frames when the link offers its raw side; null otherwise.
   * Shared by the device and its runs, as the pointer is.
   */
  final @Nullable PointerLoop pointerLoop;

  /** The capture with the lag the device measured: {@link #capture} itself. */
  final MeasuredLagSource lag;

  /** Tells a phone that ignores the rig's input from a screen that did not change. */
  final InputCheck inputCheck;

  /**
   * The rig's name in the memory store ({@link RigMemory}); null when nothing is kept: no store, no
   * steered pointer, or no URI to name the rig by.
   */
  final @Nullable String rigName;

  /** What an earlier session on this rig learned and this one starts from; null for nothing. */
  final RigMemory.@Nullable Learned recalled;

  private DeviceParts(
      HidTransport hid,
      FrameSource capture,
      Ticker ticker,
      Sleeper sleeper,
      Config config,
      @Nullable TraceWriter trace,
      boolean checkInput) {
    this.listeners = new DeviceListeners(ticker);
    this.hid = listeners.hid(hid);
    this.lag = new MeasuredLagSource(listeners.capture(capture));
    this.capture = lag;
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.captureTimeout = config.captureTimeout();
    this.settleBound = config.settleBound();
    this.traceWriter = trace;
    this.tracer = trace == null ? null : new ActionTracer(trace, ticker);
    this.screenReader = screenReader(config); // checks the reader's URI before a store opens
    this.memory = openMemory(config);
    this.pointerLoop =
        this.hid.capabilities().activePointer() == PointerKind.RELATIVE
            ? this.hid
                .relativePointing()
                .map(r -> new PointerLoop(r, lag, ticker, sleeper, config.captureTimeout()))
                .orElse(null)
            : null;
    this.inputCheck =
        new InputCheck(
            this.hid,
            lag,
            ticker,
            sleeper,
            config.captureTimeout(),
            pointerLoop,
            checkInput && this.hid.capabilities().rig());
    this.rigName =
        memory == null || pointerLoop == null
            ? null
            : RigMemory.name(
                    config.deviceUri() == null
                        ? null
                        : DeviceUri.parse(config.deviceUri())
                            .without("trace")
                            .without(CHECK_INPUT)
                            .raw(),
                    config.hidUri(),
                    config.captureUri())
                .orElse(null);
    this.recalled =
        rigName == null || memory == null ? null : RigMemory.recall(memory, rigName).orElse(null);
    if (recalled != null && pointerLoop != null) {
      pointerLoop.recall(recalled);
      if (recalled.lag() != null) {
        lag.measured(
            recalled.lag(),
            recalled.frameInterval() == null ? Duration.ZERO : recalled.frameInterval());
      }
    }
  }

  /**
   * Keeps what the steered pointer learned for the next session on this rig; returns it, or null
   * when nothing was kept.
   */
  RigMemory.@Nullable Learned keepLearned() {
    if (rigName == null || memory == null || pointerLoop == null) {
      return null;
    }
    RigMemory.Learned learned = pointerLoop.learned();
    if (!learned.any()) {
      return null;
    }
    RigMemory.keep(memory, rigName, learned);
    return learned;
  }

  /**
   * Opens the trace before any part, so a directory that cannot be written fails before the run
   * starts (and before a rig's ports are taken).
   */
  private static @Nullable TraceWriter openTrace(Config config) {
    if (config.trace() == null) {
      return null;
    }
    return TraceWriter.open(
        config.trace(),
        config.traceMaxBytes() > 0 ? config.traceMaxBytes() : TraceReader.DEFAULT_MAX_BYTES);
  }

  private static ScreenReader screenReader(Config config) {
    if (config.textReader() != null && config.textReaderUri() != null) {
      throw SwipeException.invalidArgument(
          "text_reader", "give either a text reader URI or a reader instance, not both");
    }
    if (config.textReader() != null) {
      return ScreenReader.of(config.textReader());
    }
    if (config.textReaderUri() != null) {
      // the engine opens on the first text call; a typo in its URI fails here, when it is built
      try {
        TextReader.check(config.textReaderUri());
      } catch (RuntimeException e) {
        throw SwipeException.orInternal(e);
      }
    }
    return ScreenReader.of(config.textReaderUri());
  }

  private static @Nullable MemoryStore openMemory(Config config) {
    if (config.memory() != null) {
      return new TranslatingMemoryStore(config.memory());
    }
    if (config.memoryUri() == null) {
      return null;
    }
    try {
      return new TranslatingMemoryStore(MemoryStore.open(config.memoryUri()));
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /**
   * The HID or device URI option that turns a rig's input check off ({@code check_input=false}):
   * for a set-up whose capture can never show the phone's pointer, such as replayed frames.
   */
  static final String CHECK_INPUT = "check_input";

  private static boolean checkInput(DeviceUri uri) {
    return uri.boolParam(CHECK_INPUT, true);
  }

  /**
   * Opens the parts named in {@code config}; parts already open are closed if a later one fails.
   */
  static DeviceParts open(Config config) {
    ProviderRegistry providers = ProviderRegistry.load();
    Ticker ticker = config.ticker() != null ? config.ticker() : Ticker.system();
    Sleeper sleeper = config.sleeper() != null ? config.sleeper() : Sleeper.system();
    if (config.deviceUri() != null) {
      if (config.hidUri() != null
          || config.hid() != null
          || config.captureUri() != null
          || config.capture() != null) {
        throw SwipeException.invalidArgument(
            "device",
            "give either a combined device URI or separate hid and capture parts, not both");
      }
      DeviceUri uri = DeviceUri.parse(config.deviceUri());
      Config effective = config;
      if (uri.param("trace").isPresent()) {
        String dir = uri.param("trace").get();
        if (dir.isBlank()) {
          throw SwipeException.invalidArgument(
              "trace", "must name a directory, e.g. trace=/tmp/swipe-trace");
        }
        effective = config.withTrace(Path.of(dir));
        uri = uri.without("trace");
      }
      boolean checkInput = checkInput(uri);
      uri = uri.without(CHECK_INPUT);
      var provider = providers.device(uri.scheme());
      TraceWriter trace = openTrace(effective);
      DeviceConnection c;
      try {
        c = provider.open(uri, new ProviderContext(ticker, sleeper));
      } catch (RuntimeException e) {
        closeQuietly(trace, e);
        throw e;
      }
      Ticker t = config.ticker() != null ? config.ticker() : c.ticker();
      Sleeper s = config.sleeper() != null ? config.sleeper() : c.sleeper();
      try {
        return new DeviceParts(c.hid(), c.capture(), t, s, effective, trace, checkInput);
      } catch (RuntimeException e) {
        closeQuietly(c.hid(), e);
        closeQuietly(c.capture(), e);
        closeQuietly(trace, e);
        throw e;
      }
    }
    if (config.hidUri() == null && config.hid() == null) {
      throw SwipeException.invalidArgument(
          "hid",
          "a device needs a HID part: call hid(uri) or hid(transport), or device(uri) for a combined device");
    }
    if (config.captureUri() == null && config.capture() == null) {
      throw SwipeException.invalidArgument(
          "capture", "a device needs a capture part: call capture(uri) or capture(source)");
    }
    ProviderContext context = new ProviderContext(ticker, sleeper);
    TraceWriter trace;
    try {
      trace = openTrace(config);
    } catch (RuntimeException e) {
      closeQuietly(config.hid(), e);
      closeQuietly(config.capture(), e);
      throw e;
    }
    HidTransport hid = config.hid();
    boolean checkInput = true;
    try {
      if (hid == null) {
        DeviceUri uri = DeviceUri.parse(config.hidUri());
        checkInput = checkInput(uri);
        uri = uri.without(CHECK_INPUT);
        hid = providers.hid(uri.scheme()).open(uri, context);
      }
    } catch (RuntimeException e) {
      closeQuietly(trace, e);
      throw e;
    }
    FrameSource capture = config.capture();
    try {
      if (capture == null) {
        DeviceUri uri = DeviceUri.parse(config.captureUri());
        capture = providers.capture(uri.scheme()).open(uri, context);
      }
    } catch (RuntimeException e) {
      closeQuietly(hid, e);
      closeQuietly(trace, e);
      throw e;
    }
    try {
      return new DeviceParts(hid, capture, ticker, sleeper, config, trace, checkInput);
    } catch (RuntimeException e) {
      closeQuietly(hid, e);
      closeQuietly(capture, e);
      closeQuietly(trace, e);
      throw e;
    }
  }

  /**
   * Closes every part, even when one fails: the trace, the text reader, the memory, then the finger
   * (releasing the pointer and keys first) and the eyes. The first failure is thrown with the
   * others suppressed.
   */
  void close() {
    if (traceWriter != null) {
      traceWriter.close();
    }
    RuntimeException failure = null;
    List<Runnable> steps =
        List.of(
            screenReader::close, this::closeMemory, hid::releaseAll, hid::close, capture::close);
    for (Runnable step : steps) {
      try {
        step.run();
      } catch (RuntimeException e) {
        failure = add(failure, e);
      }
    }
    if (failure != null) {
      throw failure instanceof SwipeException s
          ? s
          : new SwipeException(
              CommonCode.INTERNAL, "closing the device failed: " + failure, Map.of(), failure);
    }
  }

  private void closeMemory() {
    if (memory != null) {
      memory.close();
    }
  }

  private static RuntimeException add(@Nullable RuntimeException first, RuntimeException next) {
    if (first == null) {
      return next;
    }
    first.addSuppressed(next);
    return first;
  }

  private static void closeQuietly(@Nullable AutoCloseable c, Throwable primary) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (Exception e) {
      primary.addSuppressed(e);
    }
  }
}
