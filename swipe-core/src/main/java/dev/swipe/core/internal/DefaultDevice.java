package dev.swipe.core.internal;

import dev.swipe.core.ActionResult;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Cost;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.NormRegion;
import dev.swipe.core.Observation;
import dev.swipe.core.Sleeper;
import dev.swipe.core.SwipeException;
import dev.swipe.core.Ticker;
import dev.swipe.core.NormPoint;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.wheel.WheelDrags;
import dev.swipe.core.wheel.WheelColumn;
import dev.swipe.core.wheel.WheelNudgeResult;
import dev.swipe.core.wheel.WheelReading;
import dev.swipe.core.wheel.WheelSet;
import dev.swipe.core.wheel.WheelSetResult;
import dev.swipe.diff.RowPitch;
import dev.swipe.diff.RowPitchResult;
import dev.swipe.wheel.PitchMeasurement;
import dev.swipe.wheel.WheelDecision;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelRunGuard;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.Timeline;
import dev.swipe.core.gesture.TimelinePlanner;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.scroll.SearchPace;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.spi.DeviceConnection;
import dev.swipe.core.DeviceListener;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.screen.ScreenComparison;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.core.trace.TraceWriter;
import dev.swipe.memory.MemoryStore;
import dev.swipe.memory.MemoryStores;
import dev.swipe.core.text.ScreenText;
import dev.swipe.core.text.TextSearchResult;
import dev.swipe.text.TextLine;
import dev.swipe.text.TextQuery;
import dev.swipe.text.TextReader;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.ProviderContext;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.ImageDiff;
import dev.swipe.diff.NormalizedRegion;
import dev.swipe.diff.PrimaryAxis;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Predicate;

/** The {@link Device} implementation: one lock, one runner, one capture path. */
public final class DefaultDevice implements Device {
  /** How long {@link #waitForText} rests between looks. */
  private static final Duration WAIT_POLL = Duration.ofMillis(250);

  /** Everything the builder collected. */
  public record Config(
      String deviceUri,
      String hidUri,
      HidTransport hid,
      String captureUri,
      FrameSource capture,
      Ticker ticker,
      Sleeper sleeper,
      Duration captureTimeout,
      Duration settleBound,
      AttachmentRegistry attachments,
      Path trace,
      long traceMaxBytes,
      String memoryUri,
      MemoryStore memory,
      String textReaderUri,
      TextReader textReader) {
    Config withTrace(Path dir) {
      return new Config(deviceUri, hidUri, hid, captureUri, capture, ticker, sleeper, captureTimeout, settleBound,
          attachments, dir, traceMaxBytes, memoryUri, memory, textReaderUri, textReader);
    }
  }

  private final HidTransport hid;
  private final FrameSource capture;
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final TimelineRunner runner;
  private final FrameSettler settler;
  private final ScrollExecutor scroller;
  private final WheelRunGuard wheelGuard = new WheelRunGuard();
  private final Duration settleBound;
  private final Duration captureTimeout;
  private final AttachmentRegistry attachments;
  private final ReentrantLock lock;
  /** The device that owns the parts, for a run view; null for the device itself. */
  private final DefaultDevice owner;
  /** Records actions when tracing is on (shared by the device's runs); null otherwise. */
  private final TraceWriter traceWriter;
  private final ActionTracer tracer;
  /** Whether this run view opened {@link #traceWriter} itself (and so closes it). */
  private boolean ownsTrace;
  /** Who hears of frames, pointer reports and steps (shared by the device's runs). */
  private final DeviceListeners listeners;
  /** When the current step of this run began (device time), for its trace record. */
  private long stepStart;
  /** What the settling gate saw for this run's latest played gesture, for its trace record. */
  private FrameSettler.Settled lastSettled;
  /** The memory store (shared by the device's runs), or null. */
  private final MemoryStore memory;
  /** Reads text with the device's engine (shared by the device's runs, opened on first use). */
  private final ScreenReader screenReader;
  /** Reads picker columns with {@link #screenReader}. */
  private final WheelReader wheels;
  /** The motion watched during this device's latest actions, shared by all its runs. */
  private final MotionLog motionLog;
  /** The latest screen this run saw: the "before" of its next action in traces. */
  private Observation lastSeen;
  private volatile boolean closed;

  private DefaultDevice(
      HidTransport hid, FrameSource capture, Ticker ticker, Sleeper sleeper, Config config, TraceWriter trace,
      DeviceListeners listeners) {
    this(listeners.hid(hid), listeners.capture(capture), ticker, sleeper, config.captureTimeout(),
        config.settleBound(), config.attachments(), new ReentrantLock(true), null, trace,
        trace == null ? null : new ActionTracer(trace, ticker), listeners, openMemory(config), new MotionLog(),
        screenReader(config));
  }

  /**
   * Opens the trace before any part, so a directory that cannot be written fails before the run
   * starts (and before a rig's ports are taken).
   */
  private static TraceWriter openTrace(Config config) {
    if (config.trace() == null) {
      return null;
    }
    return TraceWriter.open(config.trace(), config.traceMaxBytes() > 0 ? config.traceMaxBytes() : TraceWriter.DEFAULT_MAX_BYTES);
  }

  private static ScreenReader screenReader(Config config) {
    if (config.textReader() != null && config.textReaderUri() != null) {
      throw SwipeException.invalidArgument(
          "text_reader", "give either a text reader URI or a reader instance, not both");
    }
    return config.textReader() != null
        ? ScreenReader.of(config.textReader())
        : ScreenReader.of(config.textReaderUri());
  }

  private static MemoryStore openMemory(Config config) {
    if (config.memory() != null) {
      return new TranslatingMemoryStore(config.memory());
    }
    if (config.memoryUri() == null) {
      return null;
    }
    try {
      return new TranslatingMemoryStore(MemoryStores.open(config.memoryUri()));
    } catch (RuntimeException e) {
      throw SwipeException.translate(e);
    }
  }

  private DefaultDevice(
      HidTransport hid,
      FrameSource capture,
      Ticker ticker,
      Sleeper sleeper,
      Duration captureTimeout,
      Duration settleBound,
      AttachmentRegistry attachments,
      ReentrantLock lock,
      DefaultDevice owner,
      TraceWriter traceWriter,
      ActionTracer tracer,
      DeviceListeners listeners,
      MemoryStore memory,
      MotionLog motionLog,
      ScreenReader screenReader) {
    this.hid = hid;
    this.screenReader = screenReader;
    this.wheels = new WheelReader(screenReader);
    this.motionLog = motionLog;
    this.memory = memory;
    this.traceWriter = traceWriter;
    this.tracer = tracer;
    this.listeners = listeners;
    this.capture = capture;
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.runner = new TimelineRunner(ticker, sleeper);
    this.captureTimeout = captureTimeout;
    this.attachments = attachments;
    this.settleBound = settleBound;
    this.lock = lock;
    this.owner = owner;
    this.settler = new FrameSettler(capture, attachments, ticker, captureTimeout, motionLog);
    this.scroller = new ScrollExecutor(
        hid, capture, ticker, runner, settler, attachments, captureTimeout, settleBound, wheelGuard);
  }

  @Override
  public Device newRun() {
    ensureOpen();
    DefaultDevice root = owner == null ? this : owner;
    return new DefaultDevice(
        hid, capture, ticker, sleeper, captureTimeout, settleBound, new AttachmentRegistry(), lock, root,
        root.traceWriter, root.tracer, root.listeners, root.memory, root.motionLog, root.screenReader);
  }

  @Override
  public Device newRun(Path traceDir, long traceMaxBytes) {
    ensureOpen();
    TraceWriter own = TraceWriter.open(traceDir, traceMaxBytes);
    DefaultDevice root = owner == null ? this : owner;
    DefaultDevice run = new DefaultDevice(
        hid, capture, ticker, sleeper, captureTimeout, settleBound, new AttachmentRegistry(), lock, root,
        own, new ActionTracer(own, ticker), root.listeners, root.memory, root.motionLog, root.screenReader);
    run.ownsTrace = true;
    return run;
  }

  /** Opens the parts named in {@code config}; parts already open are closed if a later one fails. */
  public static Device open(Config config) {
    ProviderRegistry providers = ProviderRegistry.load();
    Ticker ticker = config.ticker() != null ? config.ticker() : Ticker.system();
    Sleeper sleeper = config.sleeper() != null ? config.sleeper() : Sleeper.system();
    if (config.deviceUri() != null) {
      if (config.hidUri() != null || config.hid() != null || config.captureUri() != null || config.capture() != null) {
        throw SwipeException.invalidArgument(
            "device", "give either a combined device URI or separate hid and capture parts, not both");
      }
      DeviceUri uri = DeviceUri.parse(config.deviceUri());
      Config effective = config;
      if (uri.param("trace").isPresent()) {
        String dir = uri.param("trace").get();
        if (dir.isBlank()) {
          throw SwipeException.invalidArgument("trace", "must name a directory, e.g. trace=/tmp/swipe-trace");
        }
        effective = config.withTrace(Path.of(dir));
        uri = uri.without("trace");
      }
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
        return new DefaultDevice(c.hid(), c.capture(), t, s, effective, trace, new DeviceListeners(t));
      } catch (RuntimeException e) {
        closeQuietly(c.hid(), e);
        closeQuietly(c.capture(), e);
        closeQuietly(trace, e);
        throw e;
      }
    }
    if (config.hidUri() == null && config.hid() == null) {
      throw SwipeException.invalidArgument(
          "hid", "a device needs a HID part: call hid(uri) or hid(transport), or device(uri) for a combined device");
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
    try {
      if (hid == null) {
        DeviceUri uri = DeviceUri.parse(config.hidUri());
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
      return new DefaultDevice(hid, capture, ticker, sleeper, config, trace, new DeviceListeners(ticker));
    } catch (RuntimeException e) {
      closeQuietly(hid, e);
      closeQuietly(capture, e);
      closeQuietly(trace, e);
      throw e;
    }
  }

  @Override
  public Optional<MemoryStore> memory() {
    if (memory == null) {
      return Optional.empty();
    }
    return Optional.of(tracer == null ? memory : new TracedMemoryStore(memory, tracer, attachments.runId()));
  }

  @Override
  public DeviceListener.Registration listen(DeviceListener listener) {
    SwipeException.requireArgument(listener, "listener");
    ensureOpen();
    return listeners.add(listener);
  }

  @Override
  public HidCapabilities hidCapabilities() {
    ensureOpen();
    return hid.capabilities();
  }

  @Override
  public AttachmentRegistry attachments() {
    return attachments;
  }

  @Override
  public Ticker ticker() {
    return ticker;
  }

  @Override
  public Observation screenshot() {
    return locked("screenshot", null, null, before -> {
      FrameSettler.Settled settled = settler.settle(ticker.read(), settleBound);
      Observation o = settled.observation();
      lastSeen = o;
      if (tracer != null) {
        tracer.screenshot(attachments.runId(), o, stepStart, ScrollExecutor.settledEvidence(settled));
      }
      return o;
    });
  }

  @Override
  public ActionResult perform(Gesture gesture) {
    return perform(gesture, settleBound);
  }

  @Override
  public ActionResult perform(Gesture gesture, Duration bound) {
    SwipeException.requireArgument(gesture, "gesture");
    SwipeException.requireArgument(bound, "settle_bound");
    if (bound.isNegative()) {
      throw SwipeException.invalidArgument("settle_bound", "must not be negative, was " + bound);
    }
    return locked(gesture.kind(), gesture, null, before -> {
      checkNotAimedAtAWheel(gesture);
      ActionResult r = play(gesture, bound);
      traced(gesture.kind(), r, before, null);
      return r;
    });
  }

  /**
   * Runs one action under the device lock on an open device; a failure is recorded in the trace
   * (with the screen before it) and rethrown.
   *
   * @param before the screen the action starts from, or null for the run's latest one
   */
  private <T> T locked(String action, Gesture gesture, Observation before, Function<Observation, T> body) {
    lock.lock();
    long outerStart = stepStart;
    try {
      ensureOpen();
      stepStart = ticker.read();
      listeners.stepStarted(action, stepStart);
      Observation start = before != null ? before : lastSeen;
      try {
        return body.apply(start);
      } catch (SwipeException e) {
        if (tracer != null) {
          tracer.failure(attachments.runId(), action, gesture, start, e, stepStart);
        }
        throw e;
      }
    } finally {
      stepStart = outerStart;
      lock.unlock();
    }
  }

  /** Plays a gesture without the generic-input check (the wheel policy's own drags). */
  private ActionResult play(Gesture gesture, Duration bound) {
    return play(gesture, bound, FrameSettler.Quiet.DEFAULT);
  }

  /** {@link #play(Gesture, Duration)} with the quiet window to require once motion was seen. */
  private ActionResult play(Gesture gesture, Duration bound, FrameSettler.Quiet quiet) {
    return play(gesture, bound, quiet, false);
  }

  /**
   * {@link #play(Gesture, Duration, FrameSettler.Quiet)}, also capturing frames during a swipe's
   * slow tail when {@code watchTail} (a wheel nudge: its content moves only while the finger does).
   */
  private ActionResult play(Gesture gesture, Duration bound, FrameSettler.Quiet quiet, boolean watchTail) {
    HidCapabilities caps = hid.capabilities();
      checkSupported(gesture, caps);
      Timeline timeline = TimelinePlanner.plan(gesture, caps.minReportInterval().toNanos());
      TailWatch tail = watchTail && gesture instanceof Swipe s
          ? new TailWatch(s, timeline, capture, ticker, captureTimeout)
          : null;
      Observation prior = motionLog.latest();
      long start = ticker.read();
      ExecutedTimeline executed = tail == null
          ? runner.run(timeline, hid)
          : runner.run(timeline, hid, tail.lookBefore(), tail::look);
      long lastReport = start + executed.actualOffsetNanos(executed.reportCount() - 1);
      FrameSettler.Settled after = settler.settle(lastReport, bound, quiet);
      lastSettled = after;
      MotionTrail watched = tail == null ? after.motion() : tail.trail().then(after.motion());
      motionLog.acted(prior, after.observation(), watched);
      long wallMs = (ticker.read() - start) / 1_000_000L;
      int frames = after.frames() + (tail == null ? 0 : tail.frames());
      return ActionResult.builder()
          .gesture(gesture)
          .timeline(executed)
          .observation(after.observation())
          .cost(new Cost(wallMs, 1, executed.reportCount(), frames, after.waitNanos() / 1_000_000L))
          .build();
  }

  private void checkNotAimedAtAWheel(Gesture gesture) {
    try {
      if (gesture instanceof Swipe s) {
        wheelGuard.checkGenericTouch(s.start().x(), s.start().y(), s.end().x(), s.end().y());
      } else if (gesture instanceof Drag d) {
        for (int i = 1; i < d.path().size(); i++) {
          NormPoint a = d.path().get(i - 1);
          NormPoint b = d.path().get(i);
          wheelGuard.checkGenericTouch(a.x(), a.y(), b.x(), b.y());
        }
      } else if (gesture instanceof Tap t) {
        wheelGuard.checkGenericTap(t.at().x(), t.at().y());
      } else if (gesture instanceof LongPress p) {
        wheelGuard.checkGenericTap(p.at().x(), p.at().y());
      } else if (gesture instanceof KeyPress) {
        wheelGuard.checkKeyboardInput();
      }
    } catch (RuntimeException e) {
      throw SwipeException.translate(e);
    }
  }

  @Override
  public WheelNudgeResult wheelNudge(Observation screenshot, WheelRequest request) {
    SwipeException.requireArgument(request, "request");
    attachments.requireOwn(screenshot, "screenshot_attachment_id");
    return locked("wheel_nudge", null, screenshot, before -> nudge(screenshot, request));
  }

  private WheelNudgeResult nudge(Observation screenshot, WheelRequest request) {
    long t0 = ticker.read();
    RowPitchResult measured;
    try {
      measured = RowPitch.measureColumn(screenshot.grey(), request.columnX(), request.centerY());
    } catch (RuntimeException e) {
      throw SwipeException.translate(e);
    }
    PitchMeasurement m = measured.found()
        ? PitchMeasurement.of(measured.pitchNorm(), measured.confidence())
        : PitchMeasurement.none();
    ActionResult[] played = new ActionResult[1];
    WheelDecision decision;
    try {
      decision = wheelGuard.nudge(request, m, (drag, d) -> played[0] = play(WheelDrags.toSwipe(drag, d.plan().pitch().pitch()),
          settleBound.multipliedBy(FrameSettler.Quiet.PICKER_BOUND_FACTOR), FrameSettler.Quiet.PICKER, true));
    } catch (RuntimeException e) {
      throw SwipeException.translate(e);
    }
    Cost cost = played[0] == null
        ? new Cost((ticker.read() - t0) / 1_000_000L, 0, 0, 0, 0)
        : played[0].cost();
    if (played[0] != null) {
      NormRegion column = columnBand(request.columnX(), request.centerY(), decision.pitch());
      traced("wheel_nudge", played[0], screenshot, ActionTracer.decision(decision.asMap()), column,
          diff(screenshot, played[0].observation(), column));
    }
    WheelNudgeResult.Builder result = WheelNudgeResult.builder()
        .decision(decision)
        .measuredPitch(measured)
        .action(java.util.Optional.ofNullable(played[0]))
        .observation(played[0] == null ? screenshot : played[0].observation())
        .cost(cost)
        .moved(false);
    if (played[0] != null) {
      observeNudge(screenshot, played[0].observation(), request, decision.pitch(), result);
    }
    return result.build();
  }

  /**
   * What the column shows happened: whether its pixels changed, and, when a text reader is at
   * hand, the label now selected and the rows turned as read before and after.
   */
  private void observeNudge(
      Observation before, Observation after, WheelRequest request, double pitch, WheelNudgeResult.Builder out) {
    double spacing = pitch > 0 ? pitch : request.rowSpacing();
    double x1 = Math.max(0, request.columnX() - Math.max(spacing, 40));
    double x2 = Math.min(1000, request.columnX() + Math.max(spacing, 40));
    double y1 = Math.max(0, request.centerY() - 1.5 * spacing);
    double y2 = Math.min(1000, request.centerY() + 1.5 * spacing);
    try {
      out.moved(ImageDiff.compare(before.greyForDiff(), after.greyForDiff(), x1, y1, x2 - x1, y2 - y1).changed());
    } catch (RuntimeException e) {
      throw SwipeException.translate(e);
    }
    Optional<WheelColumn> now = wheels.near(after, request.columnX(), request.centerY(), spacing);
    if (now.isEmpty()) {
      return;
    }
    now.get().selectedLabel().ifPresent(out::labelNow);
    Optional<WheelColumn> then = wheels.near(before, request.columnX(), request.centerY(), spacing);
    if (then.isPresent() && then.get().value().isPresent() && now.get().value().isPresent()
        && then.get().scale().kind() == now.get().scale().kind()) {
      int step = Math.max(1, now.get().scale().step());
      int delta = now.get().value().getAsInt() - then.get().value().getAsInt();
      if (now.get().scale().cycleSize().isPresent()) {
        int c = now.get().scale().cycleSize().getAsInt();
        delta = Math.floorMod(delta, c);
        if (delta > c / 2) {
          delta -= c;
        }
      }
      if (delta % step == 0) {
        out.rowsObserved(delta / step);
      }
    }
  }

  private void traced(String action, ActionResult r, Observation before, ObjectNode decision) {
    traced(action, r, before, decision, null, null);
  }

  /** Records a played gesture whose diff is judged in {@code focus} (null: the whole screen). */
  private void traced(String action, ActionResult r, Observation before, ObjectNode decision, NormRegion focus,
      DiffResult focusDiff) {
    lastSeen = r.observation();
    if (tracer != null) {
      ObjectNode evidence = TraceWriter.object();
      if (lastSettled != null && lastSettled.observation() == r.observation()) {
        evidence.put("settled", ScrollExecutor.settledEvidence(lastSettled));
      }
      tracer.action(attachments.runId(), action, r, before, decision, stepStart, focus, focusDiff, evidence);
    }
  }

  /**
   * Starts a composite step of this run in the trace (a strategy, a search); null when not
   * tracing. Actions of this run until it ends are its sub-steps.
   */
  ActionTracer.Composite beginStep(String action, ObjectNode goal) {
    ensureOpen();
    listeners.stepStarted(action, ticker.read());
    return tracer == null ? null : tracer.begin(attachments.runId(), action, goal, lastSeen);
  }

  /** The wheel's column where a nudge acts: the rows the guard protects, one column wide. */
  private static NormRegion columnBand(double columnX, double centerY, double pitch) {
    double x0 = Math.max(0, columnX - WheelRunGuard.REGION_HALF_WIDTH);
    double x1 = Math.min(1000, columnX + WheelRunGuard.REGION_HALF_WIDTH);
    double half = WheelRunGuard.REGION_HALF_HEIGHT_ROWS * Math.max(pitch, 1);
    double y0 = Math.max(0, centerY - half);
    double y1 = Math.min(1000, centerY + half);
    return NormRegion.of(x0, y0, Math.max(x1 - x0, 1), Math.max(y1 - y0, 1));
  }

  @Override
  public WheelRunGuard wheelGuard() {
    return wheelGuard;
  }

  private static void checkSupported(Gesture gesture, HidCapabilities caps) {
    if (gesture instanceof KeyPress k) {
      boolean ok = k.key().page() == Key.Page.KEYBOARD ? caps.keyboard() : caps.consumerKeys();
      if (!ok) {
        throw new SwipeException(
            ErrorCode.UNSUPPORTED_INPUT,
            "this HID link cannot send " + k.key().page().name().toLowerCase() + " keys such as " + k.key().name(),
            Map.of("key", k.key().name()),
            null);
      }
    }
  }

  @Override
  public ScrollResult scroll(Scroll scroll) {
    SwipeException.requireArgument(scroll, "scroll");
    return locked("scroll", null, null, before -> {
      ScrollResult r = scroller.scroll(scroll, tracer == null ? null : p -> tracer.scrollPass(attachments.runId(), "scroll", p));
      lastSeen = r.observation();
      return r;
    });
  }

  @Override
  public ScrollUntilResult scrollUntil(
      Scroll scroll, Predicate<Observation> until, int maxPasses, Duration timeout, SearchPace pace) {
    SwipeException.requireArgument(scroll, "scroll");
    SwipeException.requireArgument(until, "until");
    SwipeException.requireArgument(timeout, "timeout");
    SwipeException.requireArgument(pace, "pace");
    if (maxPasses < 1 || maxPasses > 100) {
      throw SwipeException.invalidArgument("max_passes", "must be in [1, 100], was " + maxPasses);
    }
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofHours(1)) > 0) {
      throw SwipeException.invalidArgument("timeout", "must be in (0, 1 h], was " + timeout);
    }
    return locked("scroll_until", null, null, before -> {
      ActionTracer.Composite step = null;
      if (tracer != null) {
        ObjectNode goal = TraceWriter.object();
        goal.put("until", until instanceof ScreenCondition c ? c.description() : "the caller's condition");
        goal.put("direction", scroll.direction().id());
        goal.put("amount", scroll.amount());
        goal.put("pace", pace.name().toLowerCase(java.util.Locale.ROOT));
        goal.put("max_passes", maxPasses);
        goal.put("timeout_ms", timeout.toMillis());
        step = tracer.begin(attachments.runId(), "scroll_until", goal, scroll.before().orElse(before));
      }
      ScrollUntilResult r;
      String[] sighted = new String[1];
      try {
        r = scroller.scrollUntil(scroll, until, maxPasses, timeout, pace, tracer == null ? null : p -> {
          if (p.sightedId() != null) {
            sighted[0] = p.sightedId();
          }
          tracer.scrollPass(attachments.runId(), "scroll_pass", p);
        });
      } catch (SwipeException e) {
        if (step != null) {
          step.fail(e);
        }
        throw e;
      }
      lastSeen = r.observation();
      if (step != null) {
        ObjectNode outcome = TraceWriter.object();
        outcome.put("result", r.found() ? "found" : r.edgeReached() ? "edge_reached" : r.timedOut() ? "timed_out" : "max_passes");
        outcome.put("found", r.found());
        outcome.put("passes", r.passes());
        outcome.put("edge_reached", r.edgeReached());
        outcome.put("timed_out", r.timedOut());
        ObjectNode evidence = TraceWriter.object();
        Observation last = r.observation();
        String on = last.id() + (last.settled() ? " (settled)" : " (not settled)");
        if (r.found()) {
          evidence.put("found", "the condition held on " + on
              + (sighted[0] != null ? ", after it held on " + sighted[0] + " while coasting and a drag caught it" : "")
              + (r.passes() == 0 ? ", the start screen" : ", after pass " + r.passes()));
        } else {
          evidence.put("found", "the condition did not hold on " + on + (r.edgeReached()
              ? "; the last pass reported " + r.scrolls().get(r.scrolls().size() - 1).movement().id() + ": an edge"
              : r.timedOut() ? "; the timeout ran out" : "; " + r.passes() + " passes ran"));
        }
        step.end(outcome, evidence, r.cost(), last);
      }
      return r;
    });
  }

  @Override
  public Predicate<Observation> textCondition(TextQuery text, Scroll scroll) {
    SwipeException.requireArgument(text, "text");
    SwipeException.requireArgument(scroll, "scroll");
    ensureOpen();
    return new TextCondition(screenReader, text);
  }

  @Override
  public List<ScreenText> readText(Observation observation, NormRegion region) {
    attachments.requireOwn(observation, "screenshot_attachment_id");
    ensureOpen();
    long start = ticker.read();
    List<ScreenText> out = new ArrayList<>();
    for (TextLine l : screenReader.page(observation, region).lines()) {
      out.add(new ScreenText(l.text(), ScreenReader.norm(l.box(), observation), l.confidence(), 0));
    }
    if (tracer != null) {
      ObjectNode outcome = TraceWriter.object().put("lines", out.size());
      tracer.call(attachments.runId(), "read_text", start, null, outcome, observation, null);
    }
    return out;
  }

  @Override
  public TextSearchResult findText(Observation observation, TextQuery query) {
    SwipeException.requireArgument(query, "query");
    attachments.requireOwn(observation, "screenshot_attachment_id");
    ensureOpen();
    long start = ticker.read();
    TextSearchResult found = screenReader.find(observation, query);
    if (tracer != null) {
      ObjectNode outcome = TraceWriter.object().put("found", found.found()).put("matches", found.matches().size());
      found.best().ifPresent(b -> outcome.put("best", b.text()));
      tracer.call(attachments.runId(), "find_text", start, TraceWriter.object().put("query", query.toString()),
          outcome, observation, null);
    }
    return found;
  }

  @Override
  public ActionResult tapText(Observation observation, TextQuery query) {
    SwipeException.requireArgument(query, "query");
    attachments.requireOwn(observation, "screenshot_attachment_id");
    ensureOpen();
    ScreenText target = screenReader.single(observation, query);
    Tap tap = Tap.at(target.center());
    return locked(tap.kind(), tap, observation, before -> {
      checkNotAimedAtAWheel(tap);
      ActionResult r = play(tap, settleBound);
      traced(tap.kind(), r, before, ActionTracer.decision(Map.of("text", target.text(), "query", query.toString())));
      return r;
    });
  }

  @Override
  public TextSearchResult waitForText(TextQuery query, Duration timeout) {
    SwipeException.requireArgument(query, "query");
    SwipeException.requireArgument(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofMinutes(10)) > 0) {
      throw SwipeException.invalidArgument("timeout", "must be in (0, 10 min], was " + timeout);
    }
    long deadline = ticker.read() + timeout.toNanos();
    // each look settles first, so looks are at least a capture apart; the count bounds a source
    // whose clock does not advance
    long maxLooks = Math.max(2, timeout.toMillis() / WAIT_POLL.toMillis() + 2);
    TextSearchResult last = null;
    ActionTracer.Composite step = tracer == null ? null
        : tracer.begin(attachments.runId(), "wait_for_text", TraceWriter.object().put("text", query.toString())
            .put("timeout_ms", timeout.toMillis()), lastSeen);
    for (long look = 0; look < maxLooks; look++) {
      try {
        last = findText(screenshot(), query);
      } catch (SwipeException e) {
        if (step != null) {
          step.fail(e);
        }
        throw e;
      }
      if (last.found() || ticker.read() >= deadline) {
        if (step != null) {
          step.end(TraceWriter.object().put("result", last.found() ? "found" : "timed_out").put("found", last.found()),
              TraceWriter.object().put("found", (last.found() ? "found on " : "not found on ") + last.observation().id()
                  + " after " + (look + 1) + " looks"), null, last.observation());
        }
        return last;
      }
      try {
        sleeper.sleep(Math.min(WAIT_POLL.toNanos(), Math.max(0, deadline - ticker.read())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SwipeException(ErrorCode.INTERRUPTED, "interrupted while waiting for text", Map.of(), e);
      }
    }
    if (step != null) {
      step.end(TraceWriter.object().put("result", "timed_out").put("found", false), null, null, last.observation());
    }
    return last;
  }

  @Override
  public WheelReading readWheels(Observation observation, NormRegion region) {
    attachments.requireOwn(observation, "screenshot_attachment_id");
    ensureOpen();
    return wheels.read(observation, region);
  }

  @Override
  public WheelSetResult setWheel(WheelSet request) {
    SwipeException.requireArgument(request, "request");
    ensureOpen();
    ActionTracer.Composite step = tracer == null ? null : beginStep("set_wheel", wheelGoal(request));
    WheelSetter setter = new WheelSetter(this, wheels);
    WheelSetResult r;
    try {
      r = setter.set(request);
    } catch (SwipeException e) {
      if (step != null) {
        ObjectNode outcome = TraceWriter.object().put("result", e.code().id()).put("reached", false)
            .put("nudges", setter.nudgesSoFar().size());
        if (setter.lastLabel() != null) {
          outcome.put("value", setter.lastLabel());
        }
        ObjectNode evidence = TraceWriter.object();
        evidence.put("reached", "not confirmed: " + e.code().id()
            + (setter.readings().isEmpty() ? ", nothing was read" : "; last reading " + last(setter.readings())));
        if (!setter.readings().isEmpty()) {
          evidence.put("readings", String.join("; ", setter.readings()));
        }
        step.fail(e, outcome, evidence);
      }
      throw e;
    } catch (RuntimeException e) {
      if (step != null) {
        step.fail(SwipeException.translate(e));
      }
      throw e;
    }
    if (step != null) {
      ObjectNode outcome = TraceWriter.object().put("result", "reached").put("reached", true)
          .put("value", r.label()).put("nudges", r.nudges().size()).put("drags", r.actions());
      ObjectNode evidence = TraceWriter.object();
      List<String> on = setter.confirmedOn();
      evidence.put("reached", "'" + r.label() + "' read in the selected row on " + String.join(" and ", on)
          + (on.size() > 1 ? ", two readings in a row" : ""));
      evidence.put("readings", String.join("; ", r.evidence()));
      step.end(outcome, evidence, r.cost(), r.observation());
    }
    return r;
  }

  private static String last(List<String> l) {
    return l.get(l.size() - 1);
  }

  /** What a setWheel step is for: the column as asked and the target. */
  private static ObjectNode wheelGoal(WheelSet request) {
    ObjectNode goal = TraceWriter.object();
    request.columnIndex().ifPresent(i -> goal.put("column", i));
    request.columnShowing().ifPresent(l -> goal.put("column_showing", l));
    request.columnX().ifPresent(x -> goal.put("column_x", x));
    request.targetLabel().ifPresent(t -> goal.put("target", t));
    request.targetValue().ifPresent(t -> goal.put("target", t));
    return goal;
  }

  @Override
  public List<WheelSetResult> setWheels(List<WheelSet> requests) {
    SwipeException.requireArgument(requests, "requests");
    ensureOpen();
    // each column through setWheel, so every set is a traced step of its own
    return WheelSetter.setAll(this, wheels, requests, this::setWheel);
  }

  @Override
  public WaitResult waitUntil(ScreenCondition condition, Duration timeout) {
    SwipeException.requireArgument(condition, "condition");
    return await("wait_until", condition.description(), condition, timeout);
  }

  @Override
  public WaitResult waitForStable(Duration timeout) {
    return await("wait_for_stable", "the screen is at rest", o -> true, timeout);
  }

  /**
   * Takes screenshots (each settles first) until one is settled and {@code condition} holds on it,
   * or {@code timeout} of device time passes; bounded in looks for a clock that does not advance.
   */
  private WaitResult await(String action, String description, java.util.function.Predicate<Observation> condition,
      Duration timeout) {
    SwipeException.requireArgument(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofMinutes(10)) > 0) {
      throw SwipeException.invalidArgument("timeout", "must be in (0, 10 min], was " + timeout);
    }
    ensureOpen();
    long start = ticker.read();
    long deadline = start + timeout.toNanos();
    long maxLooks = Math.max(2, timeout.toMillis() / WAIT_POLL.toMillis() + 2);
    ActionTracer.Composite step = tracer == null ? null
        : tracer.begin(attachments.runId(), action, TraceWriter.object().put("until", description)
            .put("timeout_ms", timeout.toMillis()), lastSeen);
    listeners.stepStarted(action, start);
    Observation last = null;
    int looks = 0;
    int settled = 0;
    boolean held = false;
    try {
      while (looks < maxLooks) {
        last = screenshot();
        looks++;
        if (last.settled()) {
          settled++;
          held = condition.test(last);
        }
        if (held || ticker.read() >= deadline) {
          break;
        }
        try {
          sleeper.sleep(Math.min(WAIT_POLL.toNanos(), Math.max(0, deadline - ticker.read())));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new SwipeException(ErrorCode.INTERRUPTED, "interrupted while waiting until " + description, Map.of(), e);
        }
      }
    } catch (SwipeException e) {
      if (step != null) {
        step.fail(e);
      }
      throw e;
    } catch (RuntimeException e) {
      SwipeException s = SwipeException.translate(e);
      if (step != null) {
        step.fail(s);
      }
      throw s;
    }
    WaitResult result = new WaitResult(held, description, last, looks, settled, (ticker.read() - start) / 1_000_000L);
    if (step != null) {
      step.end(TraceWriter.object().put("result", held ? "held" : "timed_out").put("held", held)
              .put("looks", looks).put("settled_looks", settled),
          TraceWriter.object().put("held", (held ? "held on " : "did not hold on ") + last.id()
              + (last.settled() ? " (settled)" : " (not settled)") + " after " + looks + " looks, " + settled + " settled"),
          null, last);
    }
    return result;
  }

  @Override
  public ScreenComparison assertScreen(GoldenScreen golden) {
    SwipeException.requireArgument(golden, "golden");
    ensureOpen();
    long start = ticker.read();
    Observation shot = screenshot();
    ScreenComparison c;
    try {
      c = golden.compare(shot);
    } catch (SwipeException e) {
      if (tracer != null) {
        tracer.call(attachments.runId(), "assert_screen", start,
            TraceWriter.object().put("baseline", golden.name()), null, shot, e);
      }
      throw e;
    }
    ObjectNode outcome = TraceWriter.object().put("matched", c.matched()).put("diff_ratio", c.diffRatio())
        .put("tolerance", c.tolerance()).put("masked_share", c.maskedShare());
    if (c.matched()) {
      if (tracer != null) {
        tracer.call(attachments.runId(), "assert_screen", start, TraceWriter.object().put("baseline", golden.name()),
            outcome, shot, null);
      }
      return c;
    }
    Path diffImage = diffImagePath(golden, shot);
    String written;
    try {
      written = c.writeDiffImage(diffImage).toString();
    } catch (SwipeException e) {
      written = "not written: " + e.getMessage();
    }
    Map<String, Object> details = new java.util.LinkedHashMap<>();
    details.put("baseline", golden.name());
    details.put("screenshot", shot.id());
    details.put("diff_ratio", c.diffRatio());
    details.put("tolerance", c.tolerance());
    details.put("diff_image", written);
    SwipeException mismatch = new SwipeException(ErrorCode.SCREEN_MISMATCH, c.summary() + "; diff image: " + written,
        details, null);
    if (tracer != null) {
      outcome.put("diff_image", traceWriter.directory().relativize(diffImage).toString());
      tracer.call(attachments.runId(), "assert_screen", start, TraceWriter.object().put("baseline", golden.name()),
          outcome, shot, mismatch);
    }
    throw mismatch;
  }

  /** Inside the trace when tracing (the report shows it), else in a temporary directory. */
  private Path diffImagePath(GoldenScreen golden, Observation shot) {
    String name = golden.name().replaceAll("[^A-Za-z0-9._-]", "_") + "-" + attachments.runId() + "-" + shot.id()
        + ".diff.png";
    if (traceWriter != null) {
      return traceWriter.directory().resolve("golden").resolve(name);
    }
    try {
      return java.nio.file.Files.createTempDirectory("swipe-golden-").resolve(name);
    } catch (java.io.IOException e) {
      return Path.of(System.getProperty("java.io.tmpdir"), name);
    }
  }

  @Override
  public DiffResult diff(Observation before, Observation after, NormRegion region) {
    attachments.requireOwn(before, "before");
    attachments.requireOwn(after, "after");
    try {
      GreyRaster a = before.greyForDiff();
      GreyRaster b = after.greyForDiff();
      DiffResult pair = ImageDiff.compareNoticingShifts(a, b,
          region == null ? null : new NormalizedRegion(region.x(), region.y(), region.w(), region.h()));
      if (pair.changed() && pair.primaryAxis() == PrimaryAxis.NONE) {
        PrimaryAxis watched = motionLog.between(before, after).axis(region);
        if (watched != PrimaryAxis.NONE) {
          return pair.withAxisFromMotionBetween(watched);
        }
      }
      return pair;
    } catch (RuntimeException e) {
      throw SwipeException.translate(e);
    }
  }

  @Override
  public <T> Optional<T> unwrap(Class<T> type) {
    SwipeException.requireArgument(type, "type");
    Object h = DeviceListeners.unwrapped(hid);
    Object c = DeviceListeners.unwrapped(capture);
    if (type.isInstance(h)) {
      return Optional.of(type.cast(h));
    }
    if (type.isInstance(c)) {
      return Optional.of(type.cast(c));
    }
    return Optional.empty();
  }

  @Override
  public void close() {
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      wheelGuard.endRun();
      if (owner != null) {
        if (ownsTrace) {
          traceWriter.close();
        }
        return; // a run view: the parts belong to the device
      }
      if (traceWriter != null) {
        traceWriter.close();
      }
      RuntimeException failure = null;
      try {
        screenReader.close();
      } catch (RuntimeException e) {
        failure = e;
      }
      if (memory != null) {
        try {
          memory.close();
        } catch (RuntimeException e) {
          failure = add(failure, e);
        }
      }
      try {
        hid.releaseAll();
      } catch (RuntimeException e) {
        failure = add(failure, e);
      }
      try {
        hid.close();
      } catch (RuntimeException e) {
        failure = add(failure, e);
      }
      try {
        capture.close();
      } catch (RuntimeException e) {
        failure = add(failure, e);
      }
      if (failure != null) {
        throw failure instanceof SwipeException s
            ? s
            : new SwipeException(ErrorCode.INTERNAL, "closing the device failed: " + failure, Map.of(), failure);
      }
    } finally {
      lock.unlock();
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, owner == null ? "the device is closed" : "the run is closed");
    }
    if (owner != null && owner.closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the device of this run is closed");
    }
  }

  private static RuntimeException add(RuntimeException first, RuntimeException next) {
    if (first == null) {
      return next;
    }
    first.addSuppressed(next);
    return first;
  }

  private static void closeQuietly(AutoCloseable c, Throwable primary) {
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
