package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ActionResult;
import dev.swipe.core.AttachmentRegistry;
import dev.swipe.core.Cost;
import dev.swipe.core.Device;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.PinchResult;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.Key;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.MultiTouch;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.TraceSink;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.PrimaryAxis;
import dev.swipe.diff.ZoomChange;
import dev.swipe.diff.internal.RowPitch;
import dev.swipe.diff.internal.ZoomEstimator;
import dev.swipe.memory.MemoryStore;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import dev.swipe.text.TextReader;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelRunGuard;
import dev.swipe.wheel.WheelSet;
import dev.swipe.wheel.internal.RunGuard;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The {@link Device} implementation: one run on a device's {@link DeviceParts}. It serializes the
 * run's actions on the device's lock, plays gestures and records them in the trace; the actions
 * built on that (text, waits, scrolls, wheels, golden screens) are in their own classes, which it
 * delegates to. The device itself is its first run; {@link #newRun()} makes more on the same parts,
 * and only the first run's {@link #close()} closes them.
 */
public final class DefaultDevice implements Device {

  /** Everything the builder collected. */
  public record Config(
      @Nullable String deviceUri,
      @Nullable String hidUri,
      @Nullable HidTransport hid,
      @Nullable String captureUri,
      @Nullable FrameSource capture,
      @Nullable Ticker ticker,
      @Nullable Sleeper sleeper,
      Duration captureTimeout,
      Duration settleBound,
      AttachmentRegistry attachments,
      @Nullable Path trace,
      long traceMaxBytes,
      @Nullable String memoryUri,
      @Nullable MemoryStore memory,
      @Nullable String textReaderUri,
      @Nullable TextReader textReader) {
    Config withTrace(Path dir) {
      return new Config(
          deviceUri,
          hidUri,
          hid,
          captureUri,
          capture,
          ticker,
          sleeper,
          captureTimeout,
          settleBound,
          attachments,
          dir,
          traceMaxBytes,
          memoryUri,
          memory,
          textReaderUri,
          textReader);
    }
  }

  /** What the device owns: shared by all its runs, closed by the device. */
  final DeviceParts parts;

  private final HidTransport hid;
  private final FrameSource capture;
  final Ticker ticker;
  final Sleeper sleeper;
  private final TimelineRunner runner;
  private final FrameSettler settler;
  final ScrollExecutor scroller;
  final RunGuard wheelGuard = new RunGuard();
  final Duration settleBound;
  final AttachmentRegistry attachments;

  /** The device that owns the parts, for a run view; null for the device itself. */
  private final @Nullable DefaultDevice owner;

  /**
   * Records this run's actions when tracing is on (the device's trace, or the run's own); null
   * otherwise.
   */
  final @Nullable TraceWriter traceWriter;

  final @Nullable ActionTracer tracer;

  /** Whether this run view opened {@link #traceWriter} itself (and so closes it). */
  private boolean ownsTrace;

  /** When the current step of this run began (device time), for its trace record. */
  private long stepStart;

  /** What the settling gate saw for this run's latest played gesture, for its trace record. */
  private FrameSettler.@Nullable Settled lastSettled;

  /**
   * A frame of the latest played swipe's dwell before release, showing the content where the finger
   * let it go (null: none was captured that late); see {@link WheelActions}.
   */
  private @Nullable Frame lastRelease;

  /** The latest screen this run saw: the "before" of its next action in traces. */
  private @Nullable Observation lastSeen;

  /** The wheel nudge under way in this run (under the device lock), for its trace record. */
  private @Nullable WheelRequest nudgeRequest;

  private volatile boolean closed;
  private final TextActions text;
  private final Waits waits;
  private final ScrollActions scrolls;
  private final WheelActions wheels;
  private final ScreenAssertions screens;

  private DefaultDevice(
      DeviceParts parts,
      AttachmentRegistry attachments,
      @Nullable DefaultDevice owner,
      @Nullable TraceWriter traceWriter,
      @Nullable ActionTracer tracer) {
    this.parts = parts;
    this.hid = parts.hid;
    this.capture = parts.capture;
    this.ticker = parts.ticker;
    this.sleeper = parts.sleeper;
    this.settleBound = parts.settleBound;
    this.attachments = attachments;
    this.owner = owner;
    this.traceWriter = traceWriter;
    this.tracer = tracer;
    this.runner = new TimelineRunner(ticker, sleeper, parts.pointerLoop, parts.inputCheck);
    if (parts.pointerLoop != null) {
      attachments.markPointerWith(parts.pointerLoop.track());
    }
    if (owner == null) {
      parts.lag.onMeasured(
          m ->
              traceNote(
                  "capture_lag",
                  Map.of(
                      "lag_ms", m.lag().toMillis(),
                      "frame_interval_ms", m.frameInterval().toMillis(),
                      "stated_ms", parts.lag.delegate().latency().toMillis())));
      if (parts.recalled != null) {
        traceNote("rig_recalled", rigDetails(parts.recalled));
      }
    }
    this.settler =
        new FrameSettler(capture, attachments, ticker, parts.captureTimeout, parts.motionLog);
    this.scroller =
        new ScrollExecutor(
                hid,
                capture,
                ticker,
                runner,
                settler,
                attachments,
                parts.captureTimeout,
                settleBound,
                wheelGuard)
            .checkingInputWith(parts.inputCheck);
    this.text = new TextActions(this);
    this.waits = new Waits(this);
    this.scrolls = new ScrollActions(this);
    this.wheels = new WheelActions(this);
    this.screens = new ScreenAssertions(this);
  }

  /**
   * Opens the parts named in {@code config} (see {@link DeviceParts#open}) and returns the device.
   */
  public static Device open(Config config) {
    DeviceParts parts = DeviceParts.open(config);
    DefaultDevice device =
        new DefaultDevice(parts, config.attachments(), null, parts.traceWriter, parts.tracer);
    try {
      Map<String, Object> input = parts.inputCheck.atOpen();
      if (!input.isEmpty()) {
        device.traceNote("input_check", input);
      }
    } catch (RuntimeException e) {
      try {
        device.close();
      } catch (RuntimeException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
    return device;
  }

  public Device newRun() {
    ensureOpen();
    DefaultDevice root = owner == null ? this : owner;
    return new DefaultDevice(parts, new AttachmentRegistry(), root, root.traceWriter, root.tracer);
  }

  public Device newRun(Path traceDir, long traceMaxBytes) {
    return newRun(new AttachmentRegistry(), traceDir, traceMaxBytes);
  }

  public Device newRun(AttachmentRegistry registry, @Nullable Path traceDir, long traceMaxBytes) {
    SwipeException.requireArgument(registry, "attachments");
    ensureOpen();
    DefaultDevice root = owner == null ? this : owner;
    if (traceDir == null) {
      return new DefaultDevice(parts, registry, root, root.traceWriter, root.tracer);
    }
    TraceWriter own = TraceWriter.open(traceDir, traceMaxBytes);
    DefaultDevice run =
        new DefaultDevice(parts, registry, root, own, new ActionTracer(own, ticker));
    run.ownsTrace = true;
    return run;
  }

  /**
   * A run traced into {@code sink} (untraced when null); the run owns the sink, and closes it when
   * it ends or now when it cannot start.
   */
  public Device newRunTracedTo(
      AttachmentRegistry registry, @Nullable TraceSink sink, long traceMaxBytes) {
    if (sink == null) {
      return newRun(registry, null, traceMaxBytes);
    }
    try {
      SwipeException.requireArgument(registry, "attachments");
      ensureOpen();
    } catch (RuntimeException e) {
      try {
        sink.close();
      } catch (RuntimeException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
    DefaultDevice root = owner == null ? this : owner;
    TraceWriter own = TraceWriter.open(sink, traceMaxBytes);
    DefaultDevice run =
        new DefaultDevice(parts, registry, root, own, new ActionTracer(own, ticker));
    run.ownsTrace = true;
    return run;
  }

  public Optional<MemoryStore> memory() {
    return Optional.ofNullable(parts.memory).map(this::tracedMemory);
  }

  public MemoryStore tracedMemory(MemoryStore store) {
    SwipeException.requireArgument(store, "store");
    return tracer == null ? store : new TracedMemoryStore(store, tracer, attachments.runId());
  }

  public Device.Listener.Registration listen(Device.Listener listener) {
    SwipeException.requireArgument(listener, "listener");
    ensureOpen();
    return parts.listeners.add(listener);
  }

  public void traceNote(String event, Map<String, ?> details) {
    if (event == null || !event.matches("[a-z][a-z0-9_]{0,63}")) {
      throw SwipeException.invalidArgument("event", "must be snake_case, was " + event);
    }
    if (tracer == null || closed) {
      return;
    }
    tracer.call(
        attachments.runId(),
        event,
        ticker.read(),
        null,
        ActionTracer.decision(details == null ? Map.of() : details),
        null,
        null);
  }

  public HidCapabilities hidCapabilities() {
    ensureOpen();
    return hid.capabilities();
  }

  public AttachmentRegistry attachments() {
    return attachments;
  }

  public Ticker ticker() {
    return ticker;
  }

  @Override
  public Observation screenshot() {
    return look(null);
  }

  /**
   * The screen now, without waiting for it to rest: the first frame that shows everything sent (a
   * nudge on the way to a target reads a column that rests while the wheel still crawls).
   */
  Observation glance() {
    return look((f, g) -> true);
  }

  /** A screenshot, settled unless {@code stop} (may be null) ends the wait at a frame. */
  private Observation look(FrameSettler.@Nullable Watcher stop) {
    return locked(
        "screenshot",
        null,
        null,
        before -> {
          FrameSettler.Settled settled = settler.settle(ticker.read(), settleBound, stop);
          Observation o = settled.observation();
          lastSeen = o;
          if (tracer != null) {
            tracer.screenshot(
                attachments.runId(), o, stepStart, ScrollExecutor.settledEvidence(settled));
          }
          return o;
        });
  }

  @Override
  public ActionResult perform(Gesture gesture) {
    boolean coasts = FrameSettler.Quiet.after(gesture).equals(FrameSettler.Quiet.COAST);
    return perform(
        gesture,
        coasts ? settleBound.multipliedBy(FrameSettler.Quiet.COAST_BOUND_FACTOR) : settleBound);
  }

  public ActionResult perform(Gesture gesture, Duration bound) {
    SwipeException.requireArgument(gesture, "gesture");
    SwipeException.requireArgument(bound, "settle_bound");
    if (bound.isNegative()) {
      throw SwipeException.invalidArgument("settle_bound", "must not be negative, was " + bound);
    }
    return locked(
        gesture.kind(),
        gesture,
        null,
        before -> {
          checkNotAimedAtAWheel(gesture);
          ActionResult r = play(gesture, bound, FrameSettler.Quiet.after(gesture));
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
  <T> T locked(
      String action,
      @Nullable Gesture gesture,
      @Nullable Observation before,
      Function<Observation, T> body) {
    return locked(action, gesture, null, before, body);
  }

  /**
   * {@link #locked(String, Gesture, Observation, Function)} for an action whose gesture is only
   * known once the body ran (a tap on text found first): a failure's record carries {@code args},
   * which the body may fill in as it learns more.
   *
   * @param args what was asked, for the record of a failure (may be null)
   */
  <T> T locked(
      String action,
      @Nullable Gesture gesture,
      @Nullable ObjectNode args,
      @Nullable Observation before,
      Function<Observation, T> body) {
    parts.lock.lock();
    long outerStart = stepStart;
    try {
      ensureOpen();
      stepStart = ticker.read();
      parts.listeners.stepStarted(action, stepStart);
      Observation start = before != null ? before : lastSeen;
      try {
        return body.apply(start);
      } catch (SwipeException e) {
        if (tracer != null) {
          tracer.failure(attachments.runId(), action, gesture, args, start, e, stepStart);
        }
        throw e;
      }
    } finally {
      stepStart = outerStart;
      parts.lock.unlock();
    }
  }

  /**
   * Moves the steered pointer to {@code to}, without pressing, when {@code o} may show it inside
   * {@code clear} (a picker's selected row it rested on after a drag hides the label under it).
   * Without a drawn, steered pointer, or with one elsewhere in {@code o}, nothing moves.
   *
   * @return whether the pointer moved
   */
  boolean pointerAside(Observation o, NormRegion clear, NormPoint to) {
    PointerLoop loop = parts.pointerLoop;
    if (loop == null) {
      return false;
    }
    dev.swipe.diff.PixelRect area = dev.swipe.diff.PixelRect.covering(clear, o.width(), o.height());
    boolean covers =
        loop.track().apply(o.captureNanos()).stream()
            .anyMatch(
                m ->
                    m.x() < area.right()
                        && area.x() < m.right()
                        && m.y() < area.bottom()
                        && area.y() < m.bottom());
    if (!covers) {
      return false;
    }
    return locked(
        "pointer_aside",
        null,
        o,
        start -> {
          try {
            return loop.place(to);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            loop.lost();
            throw new SwipeException(
                dev.swipe.base.CommonCode.INTERRUPTED,
                "interrupted moving the pointer aside",
                java.util.Map.of(),
                e);
          }
        });
  }

  /**
   * {@link #pointerAside} for a picker column at {@code x}, {@code halfWidth} wide each way, whose
   * selected row is at {@code y} with rows {@code pitch} apart: wherever the pointer rests on the
   * rows a reading uses (three and a half each way, as many as an iOS wheel shows, and the band
   * whose rhythm gives the pitch), it goes past them, down (up near the bottom). Off the selected
   * row alone was not enough: resting on the rows beside it, the pointer hid the labels that tell a
   * column's first option from a cut one, and broke the rows' rhythm that gives their pitch.
   */
  boolean pointerOffRows(Observation o, double x, double halfWidth, double y, double pitch) {
    double half = Math.max(halfWidth, 1.2 * pitch);
    double reach = Math.max(3.5 * pitch, RowPitch.DEFAULT_HALF_HEIGHT);
    NormRegion rows =
        NormRegion.fromCorners(
            Math.max(0, x - half),
            Math.max(0, y - reach),
            Math.min(1000, x + half),
            Math.min(1000, y + reach));
    double away = reach + pitch;
    double toY = y + away <= 900 ? y + away : y - away;
    return pointerAside(o, rows, NormPoint.of(x, Math.max(100, Math.min(900, toY))));
  }

  /**
   * {@code to} was taken after {@link #pointerAside} moved the pointer off {@code from}, the screen
   * an action returned: the content motion that action watched still leads to {@code to}.
   */
  void pointerMovedOnly(Observation from, Observation to) {
    parts.motionLog.carried(from, to);
  }

  /** Plays a gesture without the generic-input check (the wheel policy's own drags). */
  ActionResult play(Gesture gesture, Duration bound) {
    return play(gesture, bound, FrameSettler.Quiet.DEFAULT);
  }

  /**
   * The screen a coasting gesture starts from, for the settling gate to tell a screen the motion
   * emptied: the latest one seen, or, before any, one captured now.
   */
  private GreyRaster startScreen(@Nullable Observation prior) {
    if (prior != null) {
      return prior.greyForDiff();
    }
    return FrameSettler.decode(capture.grab(ticker.read(), parts.captureTimeout));
  }

  /**
   * The screen's height over its width, from the latest screen seen, or from a frame captured now
   * before any: two fingers turning on a tall screen keep their distance only when the plan knows
   * its shape.
   */
  private double screenAspect(@Nullable Observation prior) {
    Observation known = prior != null ? prior : lastSeen;
    if (known != null) {
      return known.height() / (double) known.width();
    }
    GreyRaster now = FrameSettler.decode(capture.grab(ticker.read(), parts.captureTimeout));
    return now.height() / (double) now.width();
  }

  /** {@link #play(Gesture, Duration)} with the quiet window to require once motion was seen. */
  ActionResult play(Gesture gesture, Duration bound, FrameSettler.Quiet quiet) {
    return play(gesture, bound, quiet, false);
  }

  /**
   * {@link #play(Gesture, Duration, FrameSettler.Quiet)}, also capturing frames during a swipe's
   * slow tail when {@code watchTail} (a wheel nudge: its content moves only while the finger does).
   */
  ActionResult play(Gesture gesture, Duration bound, FrameSettler.Quiet quiet, boolean watchTail) {
    return play(gesture, bound, quiet, watchTail, null);
  }

  /**
   * {@link #play(Gesture, Duration, FrameSettler.Quiet, boolean)} whose wait {@code watcher} (may
   * be null) may end early, unsettled.
   */
  ActionResult play(
      Gesture gesture,
      Duration bound,
      FrameSettler.Quiet quiet,
      boolean watchTail,
      FrameSettler.@Nullable Watcher watcher) {
    HidCapabilities caps = hid.capabilities();
    checkSupported(gesture, caps);
    Observation prior = parts.motionLog.latest();
    Timeline timeline =
        TimelinePlanner.plan(
            gesture,
            caps.minReportInterval().toNanos(),
            gesture instanceof Pinch ? screenAspect(prior) : 1);
    TailWatch tail =
        watchTail && gesture instanceof Swipe s
            ? new TailWatch(s, timeline, capture, ticker, parts.captureTimeout)
            : null;
    GreyRaster startScreen = quiet.equals(FrameSettler.Quiet.COAST) ? startScreen(prior) : null;
    long start = ticker.read();
    ExecutedTimeline executed =
        tail == null
            ? runner.run(timeline, hid)
            : runner.run(timeline, hid, tail.lookBefore(), tail::look);
    long lastReport = start + executed.actualOffsetNanos(executed.reportCount() - 1);
    FrameSettler.Settled after =
        settler.settle(lastReport, bound, watcher, quiet, null, startScreen);
    lastSettled = after;
    lastRelease = tail == null ? null : tail.release();
    MotionTrail watched = tail == null ? after.motion() : tail.trail().then(after.motion());
    parts.motionLog.acted(prior, after.observation(), watched);
    long wallMs = (ticker.read() - start) / 1_000_000L;
    int frames = after.frames() + (tail == null ? 0 : tail.frames());
    return ActionResult.builder()
        .gesture(gesture)
        .timeline(executed)
        .observation(after.observation())
        .cost(new Cost(wallMs, 1, executed.reportCount(), frames, after.waitNanos() / 1_000_000L))
        .build();
  }

  /** {@link #lastRelease}. */
  @Nullable Frame lastRelease() {
    return lastRelease;
  }

  void checkNotAimedAtAWheel(Gesture gesture) {
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
      } else if (gesture instanceof Pinch p) {
        for (int finger = 0; finger < 2; finger++) {
          NormPoint a = p.fingerAt(finger, 0);
          NormPoint b = p.fingerAt(finger, 1);
          wheelGuard.checkGenericTouch(a.x(), a.y(), b.x(), b.y());
        }
      } else if (gesture instanceof MultiTouch m) {
        for (MultiTouch.Stroke s : m.strokes()) {
          for (int i = 1; i < s.path().size(); i++) {
            NormPoint a = s.path().get(i - 1);
            NormPoint b = s.path().get(i);
            wheelGuard.checkGenericTouch(a.x(), a.y(), b.x(), b.y());
          }
        }
      } else if (gesture instanceof KeyPress) {
        wheelGuard.checkKeyboardInput();
      }
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /**
   * Where a nudge's rows turn: the selected row and one and a half rows either side, a row's reach
   * either side of the column (at least 40). The nudge's result judges {@code moved} there; the
   * trace judges its diff there too. In the guard's wider band (seven rows, 240 wide) a one-row
   * turn of a column's thin digits changes under 1% of the pixels, so every nudge read "unchanged".
   */
  static NormRegion nudgeRows(WheelRequest request, double pitch) {
    double spacing = pitch > 0 ? pitch : request.rowSpacing();
    double x1 = Math.max(0, request.columnX() - Math.max(spacing, 40));
    double x2 = Math.min(1000, request.columnX() + Math.max(spacing, 40));
    double y1 = Math.max(0, request.centerY() - 1.5 * spacing);
    double y2 = Math.min(1000, request.centerY() + 1.5 * spacing);
    return NormRegion.of(x1, y1, Math.max(x2 - x1, 1), Math.max(y2 - y1, 1));
  }

  void traced(String action, ActionResult r, Observation before, @Nullable ObjectNode decision) {
    traced(action, r, before, decision, null, null);
  }

  /**
   * Records a played gesture whose diff is judged in {@code focus} (null: the whole screen). A
   * wheel nudge's diff is judged where its rows turned (see {@link #nudgeRows}), not in the wide
   * band passed as {@code focus}.
   */
  void traced(
      String action,
      ActionResult r,
      Observation before,
      @Nullable ObjectNode decision,
      @Nullable NormRegion focus,
      @Nullable DiffResult focusDiff) {
    lastSeen = r.observation();
    if (tracer != null) {
      WheelRequest nudging = nudgeRequest;
      if (nudging != null && "wheel_nudge".equals(action) && before != null) {
        focus = nudgeRows(nudging, decision == null ? 0 : decision.path("pitch").asDouble(0));
        focusDiff = diff(before, r.observation(), focus);
      }
      ObjectNode evidence = TraceWriter.object();
      if (lastSettled != null && lastSettled.observation() == r.observation()) {
        evidence.put("settled", ScrollExecutor.settledEvidence(lastSettled));
      }
      tracer.action(
          attachments.runId(), action, r, before, decision, stepStart, focus, focusDiff, evidence);
    }
  }

  /**
   * Starts a composite step of this run in the trace (a strategy, a search); null when not tracing.
   * Actions of this run until it ends are its sub-steps.
   */
  ActionTracer.@Nullable Composite beginStep(String action, ObjectNode goal) {
    ensureOpen();
    parts.listeners.stepStarted(action, ticker.read());
    return tracer == null ? null : tracer.begin(attachments.runId(), action, goal, lastSeen);
  }

  public RunGuard wheelGuard() {
    return wheelGuard;
  }

  /** The fingers the simulator's digitizer and {@code chrome:} hold, named in refusals. */
  private static final int FINGERS_OF_SIM_AND_CHROME = 5;

  private static void checkSupported(Gesture gesture, HidCapabilities caps) {
    int fingers =
        gesture instanceof Pinch ? 2 : gesture instanceof MultiTouch m ? m.strokes().size() : 1;
    if (fingers > caps.contacts()) {
      throw new SwipeException(
          ErrorCode.UNSUPPORTED_INPUT,
          "a "
              + gesture.kind()
              + " needs "
              + fingers
              + " fingers and this HID link holds "
              + caps.contacts()
              + "; play it on a multi-touch digitizer (hidg: with pointer=touch&contacts="
              + Math.max(fingers, 2)
              + ")"
              + (fingers <= FINGERS_OF_SIM_AND_CHROME ? " or on sim: or chrome:" : ""),
          Map.of("fingers", fingers, "contacts", caps.contacts()),
          null);
    }
    if (gesture instanceof KeyPress k) {
      boolean ok = k.key().page() == Key.Page.KEYBOARD ? caps.keyboard() : caps.consumerKeys();
      if (!ok) {
        throw new SwipeException(
            ErrorCode.UNSUPPORTED_INPUT,
            "this HID link cannot send "
                + k.key().page().name().toLowerCase(java.util.Locale.ROOT)
                + " keys such as "
                + k.key().name(),
            Map.of("key", k.key().name()),
            null);
      }
    }
  }

  /** The latest screen this run saw. */
  @Nullable Observation lastSeen() {
    return lastSeen;
  }

  /** Notes {@code o} as the latest screen this run saw (the "before" of its next action). */
  void saw(Observation o) {
    lastSeen = o;
  }

  @Override
  public ScrollResult scroll(Scroll scroll) {
    return scrolls.scroll(scroll);
  }

  @Override
  public ScrollUntilResult scrollUntil(
      Scroll scroll, Predicate<Observation> until, ScrollSearch search) {
    return scrolls.scrollUntil(scroll, until, search);
  }

  public Predicate<Observation> textCondition(TextQuery query, Scroll scroll) {
    return text.textCondition(query, scroll);
  }

  public List<ScreenText> readText(Observation observation, @Nullable NormRegion region) {
    return text.readText(observation, region);
  }

  public TextSearchResult findText(Observation observation, TextQuery query) {
    return text.findText(observation, query);
  }

  public ActionResult tapText(Observation observation, TextQuery query) {
    return text.tapText(observation, query);
  }

  public TextSearchResult waitForText(TextQuery query, Duration timeout) {
    return waits.waitForText(query, timeout);
  }

  public WaitResult waitUntil(ScreenCondition condition, Duration timeout) {
    return waits.waitUntil(condition, timeout);
  }

  public WaitResult waitForStable(Duration timeout) {
    return waits.waitForStable(timeout);
  }

  public GoldenScreen.Comparison assertScreen(GoldenScreen golden) {
    return screens.assertScreen(golden);
  }

  public WheelNudgeResult wheelNudge(Observation screenshot, WheelRequest request) {
    return wheelNudge(screenshot, request, false);
  }

  /**
   * {@link #wheelNudge(Observation, WheelRequest)}; {@code toRead} returns as soon as the column's
   * rows rest long enough to be read, unsettled if the screen still crawls (see {@link
   * ColumnRest}): {@code setWheel}'s nudges on the way to a target, whose readings plan the next
   * nudge and are confirmed on later screenshots.
   */
  WheelNudgeResult wheelNudge(Observation screenshot, WheelRequest request, boolean toRead) {
    SwipeException.requireArgument(request, "request");
    attachments.requireOwn(screenshot, "screenshot_attachment_id");
    parts.lock.lock(); // reentrant: the nudge's own step takes it again
    WheelRequest outer = nudgeRequest;
    try {
      ensureOpen();
      // a nudge off any picker is refused before input is played (and before the guard takes the
      // "column"); the refusal is recorded as the nudge's step
      long start = ticker.read();
      try {
        PickerCheck.confirm(
            new WheelReader(parts.screenReader),
            parts.screenReader,
            wheelGuard,
            screenshot,
            request);
      } catch (SwipeException e) {
        parts.listeners.stepStarted("wheel_nudge", start);
        if (tracer != null) {
          ObjectNode asked =
              TraceWriter.object()
                  .put("column_x", request.columnX())
                  .put("center_y", request.centerY())
                  .put("current_value", request.currentValue())
                  .put("target_value", request.targetValue());
          tracer.failure(attachments.runId(), "wheel_nudge", null, asked, screenshot, e, start);
        }
        throw e;
      }
      nudgeRequest = request; // for the trace: where its rows turn (see traced)
      return wheels.wheelNudge(screenshot, request, toRead);
    } finally {
      nudgeRequest = outer;
      parts.lock.unlock();
    }
  }

  public WheelReading readWheels(Observation observation, @Nullable NormRegion region) {
    return wheels.readWheels(observation, region);
  }

  public WheelSetResult setWheel(WheelSet request) {
    return wheels.setWheel(request);
  }

  public List<WheelSetResult> setWheels(List<WheelSet> requests) {
    return wheels.setWheels(requests);
  }

  public DiffResult diff(Observation before, Observation after, @Nullable NormRegion region) {
    attachments.requireOwn(before, "before");
    attachments.requireOwn(after, "after");
    try {
      DiffResult pair = ScreenDiff.compareNoticingShifts(before, after, region);
      if (pair.changed() && pair.primaryAxis() == PrimaryAxis.NONE) {
        PrimaryAxis watched = parts.motionLog.between(before, after).axis(region);
        if (watched != PrimaryAxis.NONE) {
          return pair.withAxisFromMotionBetween(watched);
        }
      }
      return pair;
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  public ZoomChange zoom(Observation before, Observation after) {
    attachments.requireOwn(before, "before");
    attachments.requireOwn(after, "after");
    try {
      return ZoomEstimator.estimate(before.greyForDiff(), after.greyForDiff());
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  /** The zoom {@code pinch} made, from the pixels, its fingers' path guiding where corners fail. */
  private ZoomChange zoomOf(Pinch pinch, Observation before, Observation after) {
    try {
      return ZoomEstimator.estimate(
          before.greyForDiff(),
          after.greyForDiff(),
          pinch.centre().x(),
          pinch.centre().y(),
          pinch.endCentre().x(),
          pinch.endCentre().y(),
          pinch.scale());
    } catch (RuntimeException e) {
      throw SwipeException.orInternal(e);
    }
  }

  @Override
  public PinchResult pinch(Pinch pinch) {
    SwipeException.requireArgument(pinch, "pinch");
    FrameSettler.Quiet quiet = FrameSettler.Quiet.after(pinch);
    Duration bound =
        quiet.equals(FrameSettler.Quiet.COAST)
            ? settleBound.multipliedBy(FrameSettler.Quiet.COAST_BOUND_FACTOR)
            : settleBound;
    return locked(
        pinch.kind(),
        pinch,
        null,
        latest -> {
          checkSupported(pinch, hid.capabilities());
          checkNotAimedAtAWheel(pinch);
          // judged against a screen at rest: the latest one when it settled, else one seen now
          Observation before =
              latest != null && latest.settled()
                  ? latest
                  : settler.settle(ticker.read(), settleBound).observation();
          ActionResult r = play(pinch, bound, quiet);
          ZoomChange zoom = zoomOf(pinch, before, r.observation());
          ObjectNode decision = TraceWriter.object();
          decision
              .putObject("zoom")
              .put("observed", zoom.observed())
              .put("direction", zoom.direction().id())
              .put("scale", zoom.scale())
              .put("rotation_deg", zoom.rotationDegrees())
              .put("support", zoom.support());
          traced(pinch.kind(), r, before, decision);
          return new PinchResult(r, before, zoom);
        });
  }

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
    parts.lock.lock();
    try {
      if (closed) {
        return;
      }
      wheelGuard.endRun();
      if (owner == null) {
        keepLearned();
      }
      closed = true;
      if (owner != null) {
        attachments.close(); // give the screenshots' bytes back (to a server's budget too)
        if (ownsTrace && traceWriter != null) {
          traceWriter.close();
        }
        return; // a run view: the parts belong to the device
      }
      parts.close();
    } finally {
      parts.lock.unlock();
    }
  }

  /**
   * Keeps what the device learned about its rig in the memory store. A store that fails here does
   * not keep the device from closing: the failure goes to the trace, and the next session learns
   * again.
   */
  private void keepLearned() {
    try {
      RigMemory.Learned kept = parts.keepLearned();
      if (kept != null) {
        traceNote("rig_kept", rigDetails(kept));
      }
    } catch (RuntimeException e) {
      traceNote("rig_not_kept", Map.of("error", String.valueOf(e.getMessage())));
    }
  }

  private static Map<String, Object> rigDetails(RigMemory.Learned l) {
    Map<String, Object> d = new LinkedHashMap<>();
    if (l.hasGain()) {
      d.put("frame_height", l.frameHeight());
      d.put("travel_px", Math.round(l.travel() * 100) / 100.0);
      if (Double.isFinite(l.approach())) {
        d.put("approach_px", Math.round(l.approach() * 100) / 100.0);
      }
    }
    if (l.lag() != null) {
      d.put("capture_lag_ms", l.lag().toMillis());
    }
    return d;
  }

  private final Device.Text textView = new TextView();
  private final Device.Wheels wheelsView = new WheelsView();
  private final Device.Screen screenView = new ScreenView();
  private final Device.Run runView = new RunView();
  private final Device.Rig rigView = new RigView();

  @Override
  public Device.Text text() {
    return textView;
  }

  @Override
  public Device.Wheels wheels() {
    return wheelsView;
  }

  @Override
  public Device.Screen screen() {
    return screenView;
  }

  @Override
  public Device.Run run() {
    return runView;
  }

  @Override
  public Device.Rig rig() {
    return rigView;
  }

  private final class TextView implements Device.Text {
    @Override
    public List<ScreenText> read(Observation observation, @Nullable NormRegion region) {
      return readText(observation, region);
    }

    @Override
    public TextSearchResult find(Observation observation, TextQuery query) {
      return findText(observation, query);
    }

    @Override
    public TextSearchResult find(TextQuery query) {
      SwipeException.requireArgument(query, "query");
      return findText(screenshot(), query);
    }

    @Override
    public ActionResult tap(TextQuery query) {
      SwipeException.requireArgument(query, "query");
      return tapText(screenshot(), query);
    }

    @Override
    public ActionResult tap(Observation observation, TextQuery query) {
      return tapText(observation, query);
    }

    @Override
    public TextSearchResult waitFor(TextQuery query, Duration timeout) {
      return waitForText(query, timeout);
    }

    @Override
    public ScrollUntilResult scrollUntil(Scroll scroll, TextQuery query, ScrollSearch search) {
      return DefaultDevice.this.scrollUntil(scroll, textCondition(query, scroll), search);
    }

    @Override
    public Predicate<Observation> condition(TextQuery query, Scroll scroll) {
      return textCondition(query, scroll);
    }
  }

  private final class WheelsView implements Device.Wheels {
    @Override
    public WheelReading read(Observation observation, @Nullable NormRegion region) {
      return readWheels(observation, region);
    }

    @Override
    public WheelReading read() {
      return readWheels(screenshot(), null);
    }

    @Override
    public WheelSetResult set(WheelSet request) {
      return setWheel(request);
    }

    @Override
    public List<WheelSetResult> setAll(List<WheelSet> requests) {
      return setWheels(requests);
    }

    @Override
    public WheelNudgeResult nudge(Observation screenshot, WheelRequest request) {
      return wheelNudge(screenshot, request);
    }

    @Override
    public WheelRunGuard guard() {
      return wheelGuard();
    }
  }

  private final class ScreenView implements Device.Screen {
    @Override
    public DiffResult diff(Observation before, Observation after, @Nullable NormRegion region) {
      return DefaultDevice.this.diff(before, after, region);
    }

    @Override
    public ZoomChange zoom(Observation before, Observation after) {
      return DefaultDevice.this.zoom(before, after);
    }

    @Override
    public WaitResult waitUntil(ScreenCondition condition, Duration timeout) {
      return DefaultDevice.this.waitUntil(condition, timeout);
    }

    @Override
    public WaitResult waitForStable(Duration timeout) {
      return DefaultDevice.this.waitForStable(timeout);
    }

    @Override
    public GoldenScreen.Comparison assertMatches(GoldenScreen golden) {
      return assertScreen(golden);
    }
  }

  private final class RunView implements Device.Run {
    @Override
    public AttachmentRegistry attachments() {
      return DefaultDevice.this.attachments();
    }

    @Override
    public void note(String event, Map<String, ?> details) {
      traceNote(event, details);
    }

    @Override
    public MemoryStore traced(MemoryStore store) {
      return tracedMemory(store);
    }

    @Override
    public Device fork() {
      return newRun();
    }

    @Override
    public Device fork(Path traceDir, long traceMaxBytes) {
      return newRun(traceDir, traceMaxBytes);
    }

    @Override
    public Device fork(AttachmentRegistry registry, @Nullable Path traceDir, long traceMaxBytes) {
      return newRun(registry, traceDir, traceMaxBytes);
    }

    @Override
    public Device forkTracedTo(
        AttachmentRegistry registry, @Nullable TraceSink trace, long traceMaxBytes) {
      return newRunTracedTo(registry, trace, traceMaxBytes);
    }
  }

  private final class RigView implements Device.Rig {
    @Override
    public HidCapabilities capabilities() {
      return hidCapabilities();
    }

    @Override
    public Ticker ticker() {
      return DefaultDevice.this.ticker();
    }

    @Override
    public Optional<Duration> captureLag() {
      return Optional.ofNullable(parts.lag.measured()).map(MeasuredLagSource.Measured::lag);
    }

    @Override
    public Optional<MemoryStore> memory() {
      return DefaultDevice.this.memory();
    }

    @Override
    public Device.Listener.Registration listen(Device.Listener listener) {
      return DefaultDevice.this.listen(listener);
    }

    @Override
    public ActionResult perform(Gesture gesture, Duration settleBound) {
      return DefaultDevice.this.perform(gesture, settleBound);
    }

    @Override
    public <T> Optional<T> unwrap(Class<T> type) {
      return DefaultDevice.this.unwrap(type);
    }
  }

  void ensureOpen() {
    if (closed) {
      throw new SwipeException(
          ErrorCode.DEVICE_CLOSED, owner == null ? "the device is closed" : "the run is closed");
    }
    if (owner != null && owner.closed) {
      throw new SwipeException(ErrorCode.DEVICE_CLOSED, "the device of this run is closed");
    }
  }
}
