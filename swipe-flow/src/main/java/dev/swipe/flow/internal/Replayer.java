package dev.swipe.flow.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Device;
import dev.swipe.core.Observation;
import dev.swipe.core.PinchResult;
import dev.swipe.core.TextSearchResult;
import dev.swipe.core.WheelSetResult;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.screen.GoldenScreen;
import dev.swipe.core.screen.WaitResult;
import dev.swipe.core.scroll.Movement;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.scroll.ScrollSearch;
import dev.swipe.core.scroll.ScrollUntilResult;
import dev.swipe.flow.Flow;
import dev.swipe.flow.FlowCode;
import dev.swipe.flow.FlowStep;
import dev.swipe.flow.ReplayOptions;
import dev.swipe.flow.ReplayResult;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import dev.swipe.wheel.WheelSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Plays a flow's steps on a device: each step finds its target again on a fresh screenshot (the
 * text first, the anchor's crop where reading fails), acts through the device's public verbs, and
 * compares the verdict it gets with the recorded one. The first step that cannot find its target,
 * whose verdict differs, or that the device refuses stops the replay with a coded error and a
 * report of the recorded and the current screen.
 */
public final class Replayer {
  /** How far from {@code to} a dragged text may be read and still count as placed there. */
  static final double DRAG_REACH = 120;

  /**
   * How long a step waits for its text to show before it looks for the anchor's image: settled
   * screens until then, on the device's clock (a page still loading after the step before).
   */
  static final Duration ANCHOR_WAIT = Duration.ofSeconds(5);

  /** A raw tap's crop is looked for this far around the recorded place, in 0-1000. */
  static final double TAP_SEARCH = 200;

  private final Flow flow;
  private final Device device;
  private final ReplayOptions options;
  private final List<ReplayResult.Step> done = new ArrayList<>();

  /**
   * The screen the last step ended on (its settled result), which the next step starts from: a step
   * captures anew only when it must wait for something.
   */
  private @Nullable Observation latest;

  public Replayer(Flow flow, Device device, ReplayOptions options) {
    this.flow = flow;
    this.device = device;
    this.options = options;
  }

  public ReplayResult run() {
    long start = device.rig().ticker().read();
    List<FlowStep> steps = flow.steps();
    for (int i = 0; i < steps.size(); i++) {
      FlowStep step = steps.get(i);
      long t0 = device.rig().ticker().read();
      Outcome o = play(i + 1, step);
      long ms = (device.rig().ticker().read() - t0) / 1_000_000;
      done.add(new ReplayResult.Step(i + 1, step.kind(), o.found, o.verdict, ms));
    }
    return new ReplayResult(flow.name(), done, (device.rig().ticker().read() - start) / 1_000_000);
  }

  private record Outcome(ReplayResult.Found found, @Nullable String verdict) {}

  private record Target(NormPoint at, ReplayResult.Found found, Observation seen) {}

  private Outcome play(int index, FlowStep step) {
    Observation before = null;
    try {
      Observation last = latest;
      before = last != null ? last : device.screenshot();
      latest = null;
      Outcome o = act(index, step, before);
      Optional<String> want = step.expect();
      if (want.isPresent() && o.verdict != null && !same(want.get(), o.verdict)) {
        throw diverge(
            FlowCode.FLOW_VERDICT_DIFFERS,
            index,
            step,
            "step "
                + index
                + " ("
                + step.kind()
                + ") was recorded as "
                + want.get()
                + " and now is "
                + o.verdict,
            Map.of("expected", want.get(), "actual", o.verdict),
            before,
            null);
      }
      return o;
    } catch (SwipeException e) {
      if (e.code() instanceof FlowCode) {
        throw e;
      }
      throw diverge(
          FlowCode.FLOW_STEP_FAILED,
          index,
          step,
          "step " + index + " (" + step.kind() + ") failed: " + e.getMessage(),
          Map.of("cause", e.code().id()),
          before,
          e);
    }
  }

  /** Verdicts agree as text, or as whole numbers where both are ("07" and "7" on a wheel). */
  static boolean same(String recorded, String now) {
    if (recorded.equals(now)) {
      return true;
    }
    try {
      return Integer.parseInt(recorded.strip()) == Integer.parseInt(now.strip());
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private Outcome act(int index, FlowStep step, Observation before) {
    if (step instanceof FlowStep.TapText t) {
      Target at = find(index, step, t.target(), t.anchored(), searchRegion(t.target()), before);
      ActionResult r = device.tap(at.at());
      latest = r.observation();
      return new Outcome(at.found(), change(at.seen(), r.observation()));
    }
    if (step instanceof FlowStep.Tap t) {
      Target at = tapTarget(index, step, t, before);
      ActionResult r =
          device.perform(
              t.longPress()
                  ? new LongPress(at.at(), t.holdMs())
                  : new dev.swipe.core.gesture.Tap(at.at(), t.holdMs()));
      latest = r.observation();
      return new Outcome(at.found(), change(at.seen(), r.observation()));
    }
    if (step instanceof FlowStep.Swipe w) {
      ActionResult r = device.swipe(w.motion().swipe(w.from(), w.to()));
      latest = r.observation();
      return new Outcome(ReplayResult.Found.NONE, change(before, r.observation()));
    }
    if (step instanceof FlowStep.Drag d) {
      ActionResult r = device.perform(d.gesture());
      latest = r.observation();
      return new Outcome(ReplayResult.Found.NONE, change(before, r.observation()));
    }
    if (step instanceof FlowStep.DragText d) {
      Target from = find(index, step, d.target(), d.anchored(), searchRegion(d.target()), before);
      ActionResult r = device.swipe(d.motion().swipe(from.at(), d.to()));
      latest = r.observation();
      TextQuery anywhere = withoutRegion(d.target());
      Optional<ScreenText> after = device.text().find(r.observation(), anywhere).best();
      boolean placed = after.isPresent() && distance(after.get().center(), d.to()) <= DRAG_REACH;
      return new Outcome(from.found(), placed ? FlowStep.FOUND : FlowStep.NOT_FOUND);
    }
    if (step instanceof FlowStep.Scroll s) {
      ScrollResult r = device.scroll(withBefore(s.move(), before));
      latest = r.observation();
      Movement m = r.movement();
      return new Outcome(ReplayResult.Found.NONE, m == Movement.UNOBSERVED ? null : m.id());
    }
    if (step instanceof FlowStep.ScrollToEdge e) {
      Observation shown = before;
      String verdict = "moved";
      for (int pass = 0; pass < e.maxPasses(); pass++) {
        ScrollResult r = device.scroll(withBefore(e.move(), shown));
        shown = r.observation();
        if (r.movement() == Movement.AT_EDGE || r.movement() == Movement.UNCHANGED) {
          verdict = "at-edge";
          break;
        }
      }
      latest = shown;
      return new Outcome(ReplayResult.Found.NONE, verdict);
    }
    if (step instanceof FlowStep.ScrollUntil u) {
      ScrollUntilResult r =
          device
              .text()
              .scrollUntil(
                  u.move().toScroll(),
                  u.target().query(),
                  ScrollSearch.builder()
                      .maxPasses(u.maxPasses())
                      .timeout(Duration.ofMillis(u.timeoutMs()))
                      .pace(u.pace())
                      .build());
      latest = r.observation();
      return new Outcome(ReplayResult.Found.TEXT, r.found() ? FlowStep.FOUND : FlowStep.NOT_FOUND);
    }
    if (step instanceof FlowStep.PanUntil p) {
      return new Outcome(ReplayResult.Found.TEXT, pan(p, before));
    }
    if (step instanceof FlowStep.SetWheel w) {
      WheelSetResult r = device.wheels().set(WheelSet.column(w.column()).to(w.to()));
      latest = r.observation();
      return new Outcome(ReplayResult.Found.TEXT, r.label());
    }
    if (step instanceof FlowStep.TypeText t) {
      latest = device.typeText(t.text()).observation();
      return new Outcome(ReplayResult.Found.NONE, null);
    }
    if (step instanceof FlowStep.PressKey k) {
      latest = device.key(k.key()).observation();
      return new Outcome(ReplayResult.Found.NONE, null);
    }
    if (step instanceof FlowStep.WaitText w) {
      Duration timeout = Duration.ofMillis(w.timeoutMs());
      boolean held;
      if (w.gone()) {
        WaitResult r = device.screen().waitUntil(device.text().gone(w.target().query()), timeout);
        held = r.held();
        latest = r.observation();
        return new Outcome(ReplayResult.Found.TEXT, held ? FlowStep.NOT_FOUND : FlowStep.FOUND);
      }
      if (device.text().find(before, w.target().query()).found()) {
        latest = before;
        return new Outcome(ReplayResult.Found.TEXT, FlowStep.FOUND);
      }
      TextSearchResult r = device.text().waitFor(w.target().query(), timeout);
      latest = r.observation();
      return new Outcome(ReplayResult.Found.TEXT, r.found() ? FlowStep.FOUND : FlowStep.NOT_FOUND);
    }
    if (step instanceof FlowStep.WaitStable w) {
      WaitResult r = device.screen().waitForStable(Duration.ofMillis(w.timeoutMs()));
      latest = r.observation();
      if (!r.held()) {
        throw diverge(
            FlowCode.FLOW_VERDICT_DIFFERS,
            index,
            step,
            "step "
                + index
                + " (wait_stable): the screen did not settle in "
                + w.timeoutMs()
                + " ms",
            Map.of("expected", "stable", "actual", "changing"),
            before,
            null);
      }
      return new Outcome(ReplayResult.Found.NONE, null);
    }
    if (step instanceof FlowStep.AssertScreen a) {
      GoldenScreen golden =
          GoldenScreen.load(options.baseDir().resolve(a.golden()))
              .masks(a.masks())
              .tolerance(a.tolerance());
      try {
        device.screen().assertMatches(golden);
      } catch (SwipeException e) {
        if (!e.code().id().equals("screen_mismatch")) {
          throw e;
        }
        throw diverge(
            FlowCode.FLOW_VERDICT_DIFFERS,
            index,
            step,
            "step " + index + " (assert_screen): " + e.getMessage(),
            Map.of("expected", "matches", "actual", "differs"),
            before,
            e);
      }
      return new Outcome(ReplayResult.Found.NONE, null);
    }
    if (step instanceof FlowStep.Pinch p) {
      PinchResult r = device.pinch(p.gesture());
      latest = r.action().observation();
      return new Outcome(
          ReplayResult.Found.NONE, r.zoom().observed() ? r.zoom().direction().id() : null);
    }
    throw new IllegalStateException("no step kind " + step.kind());
  }

  private String pan(FlowStep.PanUntil p, Observation start) {
    TextQuery wanted = p.target().query();
    Observation shown = start;
    latest = shown;
    if (device.text().find(shown, wanted).found()) {
      return FlowStep.FOUND;
    }
    ScrollDirection across = p.across();
    ScrollDirection down = p.down();
    boolean rowDone = false;
    for (int pans = 0; pans < p.maxPans(); pans++) {
      ScrollDirection direction = rowDone ? down : across;
      FlowStep.ScrollMove move = new FlowStep.ScrollMove(direction, p.amount(), p.region());
      ScrollResult r = device.scroll(withBefore(move, shown));
      boolean ended = r.movement() == Movement.AT_EDGE || r.movement() == Movement.UNCHANGED;
      if (rowDone) {
        rowDone = false;
        if (ended) {
          down = opposite(down);
        }
      } else if (ended) {
        rowDone = true;
        across = opposite(across);
      }
      shown = r.observation();
      latest = shown;
      if (device.text().find(shown, wanted).found()) {
        return FlowStep.FOUND;
      }
    }
    return FlowStep.NOT_FOUND;
  }

  private static ScrollDirection opposite(ScrollDirection d) {
    return switch (d) {
      case UP -> ScrollDirection.DOWN;
      case DOWN -> ScrollDirection.UP;
      case LEFT -> ScrollDirection.RIGHT;
      case RIGHT -> ScrollDirection.LEFT;
    };
  }

  private static dev.swipe.core.scroll.Scroll withBefore(
      FlowStep.ScrollMove move, Observation before) {
    dev.swipe.core.scroll.Scroll.Builder b =
        dev.swipe.core.scroll.Scroll.builder(move.direction()).amount(move.amount()).before(before);
    NormRegion r = move.region();
    if (r != null) {
      b.region(r);
    }
    return b.build();
  }

  private String change(Observation before, Observation after) {
    return device.screen().diff(before, after, NormRegion.FULL).changed()
        ? FlowStep.CHANGED
        : FlowStep.UNCHANGED;
  }

  private static NormRegion searchRegion(FlowStep.TextTarget t) {
    NormRegion within = t.within();
    return within == null ? NormRegion.FULL : within;
  }

  private static TextQuery withoutRegion(FlowStep.TextTarget t) {
    return new FlowStep.TextTarget(t.text(), t.match(), t.scope(), t.maxEdits(), null).query();
  }

  private static double distance(NormPoint a, NormPoint b) {
    return Math.hypot(a.x() - b.x(), a.y() - b.y());
  }

  /** The text's place on {@code shown}: read first, then the anchor's crop. */
  private Target find(
      int index,
      FlowStep step,
      FlowStep.TextTarget target,
      FlowStep.@Nullable Anchor anchor,
      NormRegion searchIn,
      Observation last) {
    TextSearchResult r = device.text().find(last, target.query());
    if (!r.found()) {
      r = device.text().waitFor(target.query(), ANCHOR_WAIT);
    }
    Observation shown = r.observation();
    Optional<ScreenText> read = r.best();
    if (read.isPresent()) {
      return new Target(read.get().center(), ReplayResult.Found.TEXT, shown);
    }
    Optional<NormRegion> crop = cropAt(anchor, shown, searchIn);
    if (crop.isPresent()) {
      return new Target(crop.get().center(), ReplayResult.Found.CROP, shown);
    }
    throw diverge(
        FlowCode.FLOW_ANCHOR_NOT_FOUND,
        index,
        step,
        "step "
            + index
            + " ("
            + step.kind()
            + "): \""
            + target.text()
            + "\" is not on the screen"
            + (anchor != null && anchor.crop() != null ? ", by its text or its image" : ""),
        Map.of("text", target.text()),
        shown,
        null);
  }

  private Target tapTarget(int index, FlowStep step, FlowStep.Tap t, Observation last) {
    Observation shown = last;
    FlowStep.Anchor anchor = t.anchored();
    if (anchor == null) {
      return new Target(t.at(), ReplayResult.Found.NONE, shown);
    }
    String text = anchor.text();
    if (text != null && text.codePoints().anyMatch(Character::isLetterOrDigit)) {
      // The anchor's text, read again: tap the same place within it.
      TextQuery q = FlowStep.TextTarget.of(text).query();
      TextSearchResult r = device.text().find(shown, q);
      if (!r.found()) {
        r = device.text().waitFor(q, ANCHOR_WAIT);
      }
      Optional<ScreenText> read = r.best();
      if (read.isPresent()) {
        return new Target(
            within(t.at(), anchor.region(), read.get().region()),
            ReplayResult.Found.TEXT,
            r.observation());
      }
      shown = r.observation();
    }
    if (anchor.crop() == null) {
      if (text == null) {
        return new Target(t.at(), ReplayResult.Found.NONE, shown);
      }
      throw diverge(
          FlowCode.FLOW_ANCHOR_NOT_FOUND,
          index,
          step,
          "step " + index + " (tap): \"" + text + "\", where the tap was, is not on the screen",
          Map.of("text", text),
          shown,
          null);
    }
    NormRegion around =
        NormRegion.fromCorners(
            Math.max(0, anchor.region().x() - TAP_SEARCH),
            Math.max(0, anchor.region().y() - TAP_SEARCH),
            Math.min(1000, anchor.region().x2() + TAP_SEARCH),
            Math.min(1000, anchor.region().y2() + TAP_SEARCH));
    Optional<NormRegion> found = cropAt(anchor, shown, around);
    if (found.isEmpty()) {
      throw diverge(
          FlowCode.FLOW_ANCHOR_NOT_FOUND,
          index,
          step,
          "step " + index + " (tap): what was tapped at " + t.at() + " is not on the screen",
          Map.of("at", List.of(t.at().x(), t.at().y())),
          shown,
          null);
    }
    return new Target(within(t.at(), anchor.region(), found.get()), ReplayResult.Found.CROP, shown);
  }

  /** The place within {@code now} that {@code at} had within {@code then}. */
  private static NormPoint within(NormPoint at, NormRegion then, NormRegion now) {
    double fx = (at.x() - then.x()) / then.w();
    double fy = (at.y() - then.y()) / then.h();
    return NormPoint.of(clamp(now.x() + fx * now.w()), clamp(now.y() + fy * now.h()));
  }

  private static double clamp(double v) {
    return Math.max(0, Math.min(1000, v));
  }

  private Optional<NormRegion> cropAt(
      FlowStep.@Nullable Anchor anchor, Observation shown, NormRegion searchIn) {
    byte[] png = anchor == null ? null : anchor.cropPng().orElse(null);
    if (anchor == null || png == null) {
      return Optional.empty();
    }
    return CropImages.find(shown.grey(), png, anchor.region(), flow.screenWidth(), searchIn);
  }

  private SwipeException diverge(
      FlowCode code,
      int index,
      FlowStep step,
      String message,
      Map<String, ?> more,
      @Nullable Observation current,
      @Nullable Throwable cause) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("step", index);
    details.put("kind", step.kind());
    details.put("flow", flow.name());
    details.put("passed", done.size());
    details.putAll(more);
    Observation now = current;
    try {
      Observation latest = device.screenshot();
      now = latest;
    } catch (SwipeException ignored) {
      // the screen the step saw stands in
    }
    DivergenceReport.write(flow, index, step, code, message, now, options)
        .ifPresent(p -> details.put("report", p.toString()));
    return new SwipeException(code, message, details, cause);
  }
}
