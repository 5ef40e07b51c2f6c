package dev.swipe.flow.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.Ticker;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.PinchResult;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.WheelNudgeResult;
import dev.swipe.core.WheelReading;
import dev.swipe.core.WheelSetResult;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.screen.ScreenCondition;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.Scroll;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.ZoomChange;
import dev.swipe.flow.FlowStep;
import dev.swipe.memory.MemoryStore;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import dev.swipe.wheel.WheelRequest;
import dev.swipe.wheel.WheelRunGuard;
import dev.swipe.wheel.WheelSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A device that does everything the device it wraps does, and keeps each action as a flow step.
 * Looks (screenshots, reads, finds) are not steps, but a find tells the recorder what a run of
 * scrolls was looking for. A step the device refuses is not kept.
 */
public final class RecordingDevice implements Device {
  private final Device d;
  private final FlowLog log;
  private final Text text = new RecordingText();
  private final Wheels wheels = new RecordingWheels();
  private final Screen screen = new RecordingScreen();
  private final Rig rig = new RecordingRig();
  private final Run run = new RecordingRun();

  /** Conditions this device's text view made, weakly: a long session makes many. */
  private final Map<Object, TextCondition> conditions =
      Collections.synchronizedMap(new WeakHashMap<>());

  private volatile @Nullable Observation latest;

  /** What a condition made by this device's text view looks for. */
  private record TextCondition(FlowStep.TextTarget target, boolean gone) {}

  public RecordingDevice(Device device, FlowLog log) {
    this.d = device;
    this.log = log;
  }

  private Observation seen(Observation o) {
    latest = o;
    log.saw(o);
    return o;
  }

  @Override
  public Observation screenshot() {
    return seen(d.screenshot());
  }

  @Override
  public ActionResult perform(Gesture gesture) {
    return played(gesture, () -> d.perform(gesture));
  }

  private ActionResult played(Gesture gesture, java.util.function.Supplier<ActionResult> play) {
    Observation before = latest;
    Optional<FlowStep.TextTarget> dragged =
        gesture instanceof Swipe s ? log.foundAt(s.start()) : Optional.empty();
    ActionResult r = play.get();
    Observation after = seen(r.observation());
    String change = before == null ? null : change(before, after);
    FlowStep step = null;
    if (gesture instanceof Tap t) {
      step = tap(t.at(), t.holdMs(), false, before, change);
    } else if (gesture instanceof LongPress t) {
      step = tap(t.at(), t.holdMs(), true, before, change);
    } else if (gesture instanceof Swipe s) {
      step =
          dragged.isPresent()
              ? dragText(s, dragged.get(), before, after)
              : new FlowStep.Swipe(s.start(), s.end(), motion(s), change);
    } else if (gesture instanceof Drag g) {
      step =
          new FlowStep.Drag(
              g.path(),
              new FlowStep.Motion(g.durationMs(), g.steps(), g.holdBeforeMs(), g.holdAfterMs()),
              change);
    } else if (gesture instanceof KeyPress k) {
      step = new FlowStep.PressKey(k.key());
    } else if (gesture instanceof Pinch p) {
      step = new FlowStep.Pinch(p, null);
    }
    if (step != null) {
      log.add(step, before);
    }
    return r;
  }

  private static FlowStep.Motion motion(Swipe s) {
    return new FlowStep.Motion(s.durationMs(), s.steps(), s.holdBeforeMs(), s.holdAfterMs());
  }

  private String change(Observation before, Observation after) {
    DiffResult diff = d.screen().diff(before, after, NormRegion.FULL);
    return diff.changed() ? FlowStep.CHANGED : FlowStep.UNCHANGED;
  }

  /** A tap on a line of text is kept as a tap on that text; elsewhere, with the image there. */
  private FlowStep tap(
      NormPoint at,
      int holdMs,
      boolean longPress,
      @Nullable Observation before,
      @Nullable String change) {
    if (before == null) {
      return new FlowStep.Tap(at, holdMs, longPress, null, change);
    }
    if (!longPress) {
      ScreenText hit = null;
      for (ScreenText t : d.text().read(before, NormRegion.FULL)) {
        if (FlowLog.pad(t.region(), 8).contains(at)
            && (hit == null
                || t.region().w() * t.region().h() < hit.region().w() * hit.region().h())) {
          hit = t;
        }
      }
      if (hit != null && isSearchable(hit.text())) {
        FlowStep.TextTarget target = FlowStep.TextTarget.of(hit.text());
        if (d.text().find(before, target.query()).matches().size() == 1) {
          return new FlowStep.TapText(target, FlowLog.anchorOf(hit, before), change);
        }
      }
    }
    double side = 90;
    double tall = side * before.width() / (double) before.height();
    NormRegion around =
        NormRegion.fromCorners(
            Math.max(0, at.x() - side / 2),
            Math.max(0, at.y() - tall / 2),
            Math.min(1000, at.x() + side / 2),
            Math.min(1000, at.y() + tall / 2));
    FlowStep.Anchor anchor =
        CropImages.cut(before.grey(), around)
            .map(png -> FlowStep.Anchor.of(null, around, png))
            .orElse(null);
    return new FlowStep.Tap(at, holdMs, longPress, anchor, change);
  }

  private static boolean isSearchable(String s) {
    return s.codePoints().filter(Character::isLetterOrDigit).count() >= 2
        && s.length() <= TextQuery.MAX_LENGTH;
  }

  private FlowStep dragText(
      Swipe s, FlowStep.TextTarget target, @Nullable Observation before, Observation after) {
    FlowStep.TextTarget anywhere =
        new FlowStep.TextTarget(
            target.text(), target.match(), target.scope(), target.maxEdits(), null);
    Optional<ScreenText> there = d.text().find(after, anywhere.query()).best();
    boolean placed =
        there.isPresent()
            && Math.hypot(
                    there.get().center().x() - s.end().x(), there.get().center().y() - s.end().y())
                <= Replayer.DRAG_REACH;
    FlowStep.Anchor anchor = null;
    if (before != null) {
      Optional<ScreenText> start = d.text().find(before, target.query()).best();
      anchor = start.map(t -> FlowLog.anchorOf(t, before)).orElse(null);
    }
    return new FlowStep.DragText(
        target, s.end(), motion(s), anchor, placed ? FlowStep.FOUND : FlowStep.NOT_FOUND);
  }

  @Override
  public PinchResult pinch(Pinch pinch) {
    Observation before = latest;
    PinchResult r = d.pinch(pinch);
    seen(r.action().observation());
    ZoomChange z = r.zoom();
    log.add(new FlowStep.Pinch(pinch, z.observed() ? z.direction().id() : null), before);
    return r;
  }

  @Override
  public ActionResult typeText(String text) {
    Observation before = latest;
    ActionResult r = d.typeText(text);
    seen(r.observation());
    log.add(new FlowStep.TypeText(text), before);
    return r;
  }

  @Override
  public ScrollResult scroll(Scroll scroll) {
    Observation before = latest;
    ScrollResult r = d.scroll(scroll);
    seen(r.observation());
    log.add(scrollStep(scroll, r), before != null ? before : r.before());
    return r;
  }

  private static FlowStep.Scroll scrollStep(Scroll scroll, ScrollResult r) {
    Movement m = r.movement();
    return new FlowStep.Scroll(move(scroll), m == Movement.UNOBSERVED ? null : m.id());
  }

  private static FlowStep.ScrollMove move(Scroll scroll) {
    NormRegion region = scroll.region().equals(Scroll.DEFAULT_REGION) ? null : scroll.region();
    return new FlowStep.ScrollMove(scroll.direction(), scroll.amount(), region);
  }

  @Override
  public ScrollUntilResult scrollUntil(
      Scroll scroll, Predicate<Observation> until, ScrollSearch search) {
    Observation before = latest;
    ScrollUntilResult r = d.scrollUntil(scroll, until, search);
    seen(r.observation());
    if (before == null) {
      before = firstScreen(r);
    }
    TextCondition wanted = conditions.get(until);
    if (wanted != null) {
      log.add(searched(wanted.target(), scroll, search, r), before);
    } else {
      // A search for something the recorder cannot name: its passes, as played.
      Observation shown = before;
      for (ScrollResult pass : r.scrolls()) {
        log.add(scrollStep(scroll, pass), shown);
        shown = pass.observation();
      }
    }
    return r;
  }

  /** The screen a search started on: before its first pass, or the one it found at once. */
  private static Observation firstScreen(ScrollUntilResult r) {
    return r.scrolls().isEmpty() ? r.observation() : r.scrolls().get(0).before();
  }

  private FlowStep searched(
      FlowStep.TextTarget target, Scroll scroll, ScrollSearch search, ScrollUntilResult r) {
    FlowStep.Anchor anchor = null;
    if (r.found()) {
      anchor =
          d.text()
              .find(r.observation(), target.query())
              .best()
              .map(t -> FlowLog.anchorOf(t, r.observation()))
              .orElse(null);
    }
    return new FlowStep.ScrollUntil(
        target,
        move(scroll),
        search.pace(),
        search.maxPasses(),
        search.timeout().toMillis(),
        anchor,
        r.found() ? FlowStep.FOUND : FlowStep.NOT_FOUND);
  }

  @Override
  public Text text() {
    return text;
  }

  @Override
  public Wheels wheels() {
    return wheels;
  }

  @Override
  public Screen screen() {
    return screen;
  }

  @Override
  public Run run() {
    return run;
  }

  @Override
  public Rig rig() {
    return rig;
  }

  @Override
  public void close() {
    d.close();
  }

  private final class RecordingText implements Text {
    @Override
    public List<ScreenText> read(Observation observation, @Nullable NormRegion region) {
      return d.text().read(observation, region);
    }

    @Override
    public TextSearchResult find(Observation observation, TextQuery query) {
      return looked(d.text().find(observation, query));
    }

    @Override
    public TextSearchResult find(TextQuery query) {
      TextSearchResult r = d.text().find(query);
      seen(r.observation());
      return looked(r);
    }

    private TextSearchResult looked(TextSearchResult r) {
      if (r.observation() != latest) {
        return r;
      }
      FlowStep.TextTarget target = FlowStep.TextTarget.of(r.query());
      Optional<ScreenText> best = r.best();
      if (best.isPresent()) {
        log.found(target, best.get(), r.observation());
      } else {
        log.missed(target);
      }
      return r;
    }

    @Override
    public ActionResult tap(TextQuery query) {
      TextSearchResult found = d.text().find(query);
      seen(found.observation());
      return tap(found.observation(), query);
    }

    @Override
    public ActionResult tap(Observation observation, TextQuery query) {
      Optional<ScreenText> at = d.text().find(observation, query).best();
      ActionResult r = d.text().tap(observation, query);
      seen(r.observation());
      FlowStep.Anchor anchor = at.map(t -> FlowLog.anchorOf(t, observation)).orElse(null);
      log.add(
          new FlowStep.TapText(
              FlowStep.TextTarget.of(query), anchor, change(observation, r.observation())),
          observation);
      return r;
    }

    @Override
    public TextSearchResult waitFor(TextQuery query, Duration timeout) {
      Observation before = latest;
      TextSearchResult r = d.text().waitFor(query, timeout);
      seen(r.observation());
      if (r.found()) {
        log.add(
            new FlowStep.WaitText(FlowStep.TextTarget.of(query), false, timeout.toMillis()),
            before);
      }
      return r;
    }

    @Override
    public ScreenCondition visible(TextQuery query) {
      ScreenCondition c = d.text().visible(query);
      conditions.put(c, new TextCondition(FlowStep.TextTarget.of(query), false));
      return c;
    }

    @Override
    public ScreenCondition gone(TextQuery query) {
      ScreenCondition c = d.text().gone(query);
      conditions.put(c, new TextCondition(FlowStep.TextTarget.of(query), true));
      return c;
    }

    @Override
    public ScrollUntilResult scrollUntil(Scroll scroll, TextQuery query, ScrollSearch search) {
      Observation before = latest;
      ScrollUntilResult r = d.text().scrollUntil(scroll, query, search);
      seen(r.observation());
      if (before == null) {
        before = firstScreen(r);
      }
      log.add(searched(FlowStep.TextTarget.of(query), scroll, search, r), before);
      return r;
    }

    @Override
    public Predicate<Observation> condition(TextQuery query, Scroll scroll) {
      Predicate<Observation> p = d.text().condition(query, scroll);
      conditions.put(p, new TextCondition(FlowStep.TextTarget.of(query), false));
      return p;
    }
  }

  private final class RecordingWheels implements Wheels {
    @Override
    public WheelReading read(Observation observation, @Nullable NormRegion region) {
      return d.wheels().read(observation, region);
    }

    @Override
    public WheelReading read() {
      return d.wheels().read();
    }

    @Override
    public WheelSetResult set(WheelSet request) {
      Observation before = latest;
      WheelSetResult r = d.wheels().set(request);
      seen(r.observation());
      log.add(new FlowStep.SetWheel(r.column().index(), r.label()), before);
      return r;
    }

    @Override
    public List<WheelSetResult> setAll(List<WheelSet> requests) {
      Observation before = latest;
      List<WheelSetResult> rs = d.wheels().setAll(requests);
      List<FlowStep> steps = new ArrayList<>();
      for (WheelSetResult r : rs) {
        seen(r.observation());
        steps.add(new FlowStep.SetWheel(r.column().index(), r.label()));
      }
      for (FlowStep s : steps) {
        log.add(s, before);
        before = null;
      }
      return rs;
    }

    @Override
    public WheelNudgeResult nudge(Observation screenshot, WheelRequest request) {
      WheelNudgeResult r = d.wheels().nudge(screenshot, request);
      seen(r.observation());
      Optional<ActionResult> action = r.action();
      if (action.isPresent() && action.get().gesture() instanceof Swipe s) {
        // A nudge is a slow drag the wheel's policy planned: kept as played.
        log.add(new FlowStep.Swipe(s.start(), s.end(), motion(s), null), screenshot);
      }
      return r;
    }

    @Override
    public WheelRunGuard guard() {
      return d.wheels().guard();
    }
  }

  private final class RecordingScreen implements Screen {
    @Override
    public DiffResult diff(Observation before, Observation after, @Nullable NormRegion region) {
      return d.screen().diff(before, after, region);
    }

    @Override
    public ZoomChange zoom(Observation before, Observation after) {
      return d.screen().zoom(before, after);
    }

    @Override
    public WaitResult waitUntil(ScreenCondition condition, Duration timeout) {
      Observation before = latest;
      WaitResult r = d.screen().waitUntil(condition, timeout);
      TextCondition c = conditions.get(condition);
      if (c != null && r.held()) {
        log.add(new FlowStep.WaitText(c.target(), c.gone(), timeout.toMillis()), before);
      }
      return r;
    }

    @Override
    public WaitResult waitForStable(Duration timeout) {
      Observation before = latest;
      WaitResult r = d.screen().waitForStable(timeout);
      log.add(new FlowStep.WaitStable(Math.max(1, timeout.toMillis())), before);
      return r;
    }

    @Override
    public GoldenScreen.Comparison assertMatches(GoldenScreen golden) {
      return d.screen().assertMatches(golden);
    }
  }

  /** This run, whose forks are recorded into the same flow (each keeps its own latest screen). */
  private final class RecordingRun implements Run {
    @Override
    public dev.swipe.core.AttachmentRegistry attachments() {
      return d.run().attachments();
    }

    @Override
    public void note(String event, Map<String, ?> details) {
      d.run().note(event, details);
    }

    @Override
    public MemoryStore traced(MemoryStore store) {
      return d.run().traced(store);
    }

    @Override
    public Device fork() {
      return new RecordingDevice(d.run().fork(), log);
    }

    @Override
    public Device fork(java.nio.file.Path traceDir, long traceMaxBytes) {
      return new RecordingDevice(d.run().fork(traceDir, traceMaxBytes), log);
    }

    @Override
    public Device fork(
        dev.swipe.core.AttachmentRegistry attachments,
        java.nio.file.@Nullable Path traceDir,
        long traceMaxBytes) {
      return new RecordingDevice(d.run().fork(attachments, traceDir, traceMaxBytes), log);
    }

    @Override
    public Device forkTracedTo(
        dev.swipe.core.AttachmentRegistry attachments,
        dev.swipe.core.spi.@Nullable TraceSink trace,
        long traceMaxBytes) {
      return new RecordingDevice(d.run().forkTracedTo(attachments, trace, traceMaxBytes), log);
    }
  }

  private final class RecordingRig implements Rig {
    @Override
    public HidCapabilities capabilities() {
      return d.rig().capabilities();
    }

    @Override
    public Ticker ticker() {
      return d.rig().ticker();
    }

    @Override
    public Optional<Duration> captureLag() {
      return d.rig().captureLag();
    }

    @Override
    public Optional<MemoryStore> memory() {
      return d.rig().memory();
    }

    @Override
    public Device.Listener.Registration listen(Device.Listener listener) {
      return d.rig().listen(listener);
    }

    @Override
    public ActionResult perform(Gesture gesture, Duration settleBound) {
      return played(gesture, () -> d.rig().perform(gesture, settleBound));
    }

    @Override
    public <T> Optional<T> unwrap(Class<T> type) {
      if (type.isInstance(RecordingDevice.this)) {
        return Optional.of(type.cast(RecordingDevice.this));
      }
      return d.rig().unwrap(type);
    }
  }
}
