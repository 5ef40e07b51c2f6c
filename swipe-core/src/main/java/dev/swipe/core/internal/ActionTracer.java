package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.NormPoint;
import dev.swipe.base.NormRegion;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Cost;
import dev.swipe.core.Observation;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.MultiTouch;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.scroll.ScrollResult;
import dev.swipe.core.spi.HidReport;
import dev.swipe.diff.DiffResult;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Turns actions into trace records: what was asked, when it started and ended, the planned and
 * actual timeline, the before and after screenshots, what the diff saw where the action acted and
 * on the whole screen, the decision, the evidence behind each claim, the cost, the error. Composite
 * actions (scroll until, strategies, waits) are records of their own whose sub-steps name them as
 * {@code parent}. Tracing never changes or fails an action: problems only cost the record.
 *
 * <p>One tracer serves a device and all its runs, so every record's time counts from one origin.
 */
final class ActionTracer {
  private final TraceWriter writer;
  private final Ticker ticker;
  private final long origin;

  /** Where this tracer's time starts in the trace: after the records of a continued trace. */
  private final double startMs;

  /** Open composite steps per run, innermost last. */
  private final Map<String, Deque<Composite>> open = new HashMap<>();

  ActionTracer(TraceWriter writer, Ticker ticker) {
    this.writer = writer;
    this.ticker = ticker;
    this.origin = ticker.read();
    this.startMs = writer.startMs();
  }

  /** A composite step under way: its record is written when it ends. */
  final class Composite {
    private final String runId;
    private final ObjectNode record;
    private final long startNanos;
    private boolean ended;

    private Composite(String runId, ObjectNode record, long startNanos) {
      this.runId = runId;
      this.record = record;
      this.startNanos = startNanos;
    }

    /**
     * Ends the step with its outcome (may be null), evidence (may be null) and cost (may be null).
     */
    void end(
        ObjectNode outcome, @Nullable ObjectNode evidence, @Nullable Cost cost, Observation after) {
      finish(outcome, evidence, cost, after, null);
    }

    /** Ends the step with a failure. */
    void fail(SwipeException error) {
      finish(null, null, null, null, error);
    }

    /** Ends the step with a failure and what was known when it failed (either may be null). */
    void fail(SwipeException error, @Nullable ObjectNode outcome, @Nullable ObjectNode evidence) {
      finish(outcome, evidence, null, null, error);
    }

    private void finish(
        @Nullable ObjectNode outcome,
        @Nullable ObjectNode evidence,
        @Nullable Cost cost,
        @Nullable Observation after,
        @Nullable SwipeException error) {
      synchronized (ActionTracer.this) {
        if (ended) {
          return;
        }
        ended = true;
        Deque<Composite> stack = open.get(runId);
        if (stack != null) {
          stack.remove(this);
        }
      }
      try {
        stamp(record, startNanos);
        if (outcome != null) {
          record.set("outcome", outcome);
        }
        if (evidence != null && !evidence.isEmpty()) {
          record.set("evidence", evidence);
        }
        if (cost != null) {
          cost(record, cost);
        }
        writer.attachShot(record, "after", after);
        if (error != null) {
          error(record, error);
        }
        writer.append(record);
      } catch (RuntimeException e) {
        // the record is lost; the action is not
      }
    }
  }

  /**
   * Starts a composite step; actions traced in the same run until it ends are its sub-steps.
   *
   * @param goal what the step is for (may be null)
   */
  synchronized Composite begin(
      String runId, String action, ObjectNode goal, @Nullable Observation before) {
    long start = ticker.read();
    ObjectNode r = newRecord(action, runId, start);
    r.put("composite", true);
    if (goal != null) {
      r.set("goal", goal);
    }
    writer.attachShot(r, "before", before);
    Composite c = new Composite(runId, r, start);
    open.computeIfAbsent(runId, k -> new ArrayDeque<>()).addLast(c);
    return c;
  }

  void screenshot(String runId, Observation o, long startNanos, String settledEvidence) {
    try {
      ObjectNode r = newRecord("screenshot", runId, startNanos);
      stamp(r, startNanos);
      writer.attachShot(r, "after", o);
      if (settledEvidence != null) {
        r.putObject("evidence").put("settled", settledEvidence);
      }
      writer.append(r);
    } catch (RuntimeException e) {
      // see above
    }
  }

  /**
   * A played gesture (tap, swipe, wheel nudge...) with its outcome.
   *
   * @param focus where the action acted (its diff is judged there), or null for the whole screen
   * @param focusDiff the diff inside {@code focus} as the API computed it, or null to compute it
   * @param evidence what decided the claims (may be null)
   */
  void action(
      String runId,
      String action,
      ActionResult result,
      Observation before,
      @Nullable ObjectNode decision,
      long startNanos,
      @Nullable NormRegion focus,
      @Nullable DiffResult focusDiff,
      @Nullable ObjectNode evidence) {
    try {
      ObjectNode r = newRecord(action, runId, startNanos);
      stamp(r, startNanos);
      r.set("args", args(result.gesture()));
      timeline(r, result.timeline());
      writer.attachShot(r, "before", before);
      writer.attachShot(r, "after", result.observation());
      diffs(r, before, result.observation(), focus, focusDiff, scopeOf(action));
      if (decision != null) {
        r.set("decision", decision);
      }
      if (evidence != null && !evidence.isEmpty()) {
        r.set("evidence", evidence);
      }
      cost(r, result.cost());
      writer.append(r);
    } catch (RuntimeException e) {
      // a record that cannot be built is lost; the action is not
    }
  }

  /** One scroll pass, with its catching drag as a sub-step when it had one. */
  void scrollPass(String runId, String action, ScrollExecutor.Played p) {
    try {
      ScrollResult s = p.result();
      ObjectNode r = newRecord(action, runId, p.startNanos());
      long passSeq = r.path("seq").asLong();
      ActionResult a = s.action();
      r.set("args", args(a.gesture()));
      timeline(r, a.timeline());
      writer.attachShot(r, "before", s.before());
      writer.attachShot(r, "after", s.observation());
      diffs(r, s.before(), s.observation(), p.band(), s.diff(), "band");
      ObjectNode d = r.putObject("decision");
      d.put("movement", s.movement().id());
      d.put("amount", s.amountRequested());
      d.put("amount_used", s.amountUsed());
      d.put("keyboard_avoided", s.keyboardAvoided());
      if (s.keyboardMinY().isPresent()) {
        d.put("keyboard_min_y", s.keyboardMinY().getAsDouble());
      }
      if (p.sightedId() != null) {
        d.put("sighted", p.sightedId());
        if (Double.isFinite(p.behind())) {
          d.put("sighted_behind", Math.round(p.behind()));
        }
      }
      ObjectNode ev = r.putObject("evidence");
      ev.put("settled", p.settledEvidence());
      ev.put("movement", p.movementEvidence());
      cost(r, s.cost());
      if (p.caught() != null) {
        ObjectNode c = newRecord("catch_drag", runId, p.catchStartNanos());
        c.put("parent", passSeq);
        stamp(
            c,
            p.catchStartNanos(),
            p.catchStartNanos() + p.caught().actualOffsetNanos(p.caught().reportCount() - 1));
        c.set("args", args(Objects.requireNonNull(p.catcher(), "a catch drag's swipe")));
        timeline(c, p.caught());
        c.putObject("evidence")
            .put(
                "why",
                "the search condition held on "
                    + p.sightedId()
                    + " while the content coasted; a short slow drag stopped it there");
        c.putObject("cost")
            .put("wall_ms", p.caught().actualOffsetNanos(p.caught().reportCount() - 1) / 1_000_000L)
            .put("gestures", 1)
            .put("hid_reports", p.caught().reportCount())
            .put("frames_grabbed", 0)
            .put("settle_wait_ms", 0);
        writer.append(c);
      }
      stamp(r, p.startNanos());
      writer.append(r);
    } catch (RuntimeException e) {
      // see above
    }
  }

  /**
   * An action that failed, with what it was asked to do.
   *
   * @param gesture the gesture it was to play, or null when it failed before one was planned
   * @param asked further arguments (a tap's text query), or null
   */
  void failure(
      String runId,
      String action,
      @Nullable Gesture gesture,
      @Nullable ObjectNode asked,
      @Nullable Observation before,
      SwipeException error,
      long startNanos) {
    try {
      ObjectNode r = newRecord(action, runId, startNanos);
      stamp(r, startNanos);
      if (gesture != null || asked != null) {
        ObjectNode a = gesture != null ? args(gesture) : TraceWriter.object();
        if (asked != null) {
          a.setAll(asked.deepCopy());
        }
        r.set("args", a);
      }
      writer.attachShot(r, "before", before);
      error(r, error);
      writer.append(r);
    } catch (RuntimeException e) {
      // see above
    }
  }

  /**
   * A call that plays no gesture (memory, text reading) with what it was asked and answered.
   *
   * @param on the screenshot it read, or null
   */
  void call(
      String runId,
      String action,
      long startNanos,
      @Nullable ObjectNode args,
      @Nullable ObjectNode outcome,
      @Nullable Observation on,
      @Nullable SwipeException error) {
    try {
      ObjectNode r = newRecord(action, runId, startNanos);
      stamp(r, startNanos);
      if (args != null) {
        r.set("args", args);
      }
      if (outcome != null) {
        r.set("outcome", outcome);
      }
      writer.attachShot(r, "after", on);
      if (error != null) {
        error(r, error);
      }
      writer.append(r);
    } catch (RuntimeException e) {
      // see above
    }
  }

  /** A decision as a JSON object (for scroll verdicts and wheel decisions). */
  static ObjectNode decision(Map<String, ?> fields) {
    ObjectNode d = TraceWriter.object();
    fields.forEach((k, v) -> d.putPOJO(k, v));
    return d;
  }

  /** The device's clock now. */
  long now() {
    return ticker.read();
  }

  /** A record stamped with its start and, as sub-step, its innermost open composite. */
  private synchronized ObjectNode newRecord(String action, String runId, long startNanos) {
    ObjectNode r = writer.newRecord(action, ms(startNanos), runId);
    r.put("clock_ms", startNanos / 1e6);
    Deque<Composite> stack = open.get(runId);
    if (stack != null && !stack.isEmpty()) {
      r.put("parent", stack.peekLast().record.path("seq").asLong());
    }
    return r;
  }

  private void stamp(ObjectNode r, long startNanos) {
    stamp(r, startNanos, ticker.read());
  }

  private void stamp(ObjectNode r, long startNanos, long endNanos) {
    r.put("t_ms", ms(startNanos));
    r.put("end_ms", ms(Math.max(startNanos, endNanos)));
  }

  private double ms(long nanos) {
    return startMs + (nanos - origin) / 1e6;
  }

  private static String scopeOf(String action) {
    return "wheel_nudge".equals(action) ? "column" : "screen";
  }

  /**
   * The diff where the action acted and, beside it, the whole screen's: a wheel turning in its
   * column is a small share of the screen, and a clock ticking elsewhere is not the action's doing.
   */
  private static void diffs(
      ObjectNode r,
      Observation before,
      Observation after,
      @Nullable NormRegion focus,
      @Nullable DiffResult focusDiff,
      String scope) {
    if (before == null
        || after == null
        || before.width() != after.width()
        || before.height() != after.height()) {
      return;
    }
    DiffResult screen = ScreenDiff.compare(before, after, null);
    if (focus == null || focus.equals(NormRegion.FULL)) {
      diff(r.putObject("diff"), focusDiff != null ? focusDiff : screen, "screen", NormRegion.FULL);
      return;
    }
    DiffResult inside = focusDiff != null ? focusDiff : ScreenDiff.compare(before, after, focus);
    diff(r.putObject("diff"), inside, scope, focus);
    diff(r.putObject("diff_screen"), screen, "screen", NormRegion.FULL);
  }

  private static void diff(ObjectNode d, DiffResult result, String scope, NormRegion region) {
    d.put("scope", scope);
    d.putArray("region").add(region.x()).add(region.y()).add(region.w()).add(region.h());
    d.put("changed", result.changed());
    d.put("diff_ratio", result.diffRatio());
    d.put("primary_axis", result.primaryAxis().name().toLowerCase(Locale.ROOT));
    d.put("axis_evidence", result.axisEvidence().id());
  }

  private static void error(ObjectNode r, SwipeException error) {
    ObjectNode e = r.putObject("error");
    e.put("code", error.code().id());
    e.put("message", error.getMessage());
  }

  static ObjectNode args(Gesture g) {
    ObjectNode a = TraceWriter.object();
    a.put("type", g.kind());
    if (g instanceof Swipe s) {
      point(a, "start", s.start());
      point(a, "end", s.end());
      a.put("duration_ms", s.durationMs());
      a.put("steps", s.steps());
      a.put("hold_before_ms", s.holdBeforeMs());
      a.put("hold_after_ms", s.holdAfterMs());
    } else if (g instanceof Tap t) {
      point(a, "at", t.at());
      a.put("hold_ms", t.holdMs());
    } else if (g instanceof LongPress p) {
      point(a, "at", p.at());
      a.put("hold_ms", p.holdMs());
    } else if (g instanceof Drag d) {
      ArrayNode path = a.putArray("path");
      for (NormPoint p : d.path()) {
        path.addArray().add(p.x()).add(p.y());
      }
      a.put("duration_ms", d.durationMs());
      a.put("hold_after_ms", d.holdAfterMs());
    } else if (g instanceof Pinch p) {
      point(a, "centre", p.centre());
      point(a, "end_centre", p.endCentre());
      a.put("start_spread", p.startSpread());
      a.put("end_spread", p.endSpread());
      a.put("angle_deg", p.angleDeg());
      a.put("rotate_deg", p.rotateDeg());
      a.put("duration_ms", p.durationMs());
      a.put("hold_after_ms", p.holdAfterMs());
    } else if (g instanceof MultiTouch m) {
      ArrayNode strokes = a.putArray("strokes");
      for (MultiTouch.Stroke s : m.strokes()) {
        ObjectNode stroke = strokes.addObject().put("start_ms", s.startMs());
        ArrayNode path = stroke.putArray("path");
        for (NormPoint p : s.path()) {
          path.addArray().add(p.x()).add(p.y());
        }
        ArrayNode legs = stroke.putArray("segment_ms");
        s.segmentMs().forEach(legs::add);
      }
    } else if (g instanceof KeyPress k) {
      a.put("key", k.key().name());
    }
    return a;
  }

  private static void point(ObjectNode a, String name, NormPoint p) {
    a.putObject(name).put("x", p.x()).put("y", p.y());
  }

  private static void timeline(ObjectNode r, ExecutedTimeline t) {
    ArrayNode planned = r.putArray("planned");
    ArrayNode actual = r.putArray("actual_ms");
    // a timeline this device played names its reports; another gives their times only
    Timeline plan = t instanceof PlayedTimeline played ? played.planned() : null;
    for (int i = 0; i < t.reportCount(); i++) {
      TimelineEvent e = plan == null ? null : plan.events().get(i);
      ArrayNode row = planned.addArray().add(t.plannedOffsetNanos(i) / 1e6);
      if (e instanceof PointerEvent p) {
        row.add(p.phase().name().toLowerCase(Locale.ROOT)).add(p.point().x()).add(p.point().y());
      } else if (e instanceof TouchEvent touch) {
        row.add("touch");
        for (HidReport.Contact c : touch.contacts()) {
          row.addArray().add(c.id()).add(c.at().x()).add(c.at().y()).add(c.touching());
        }
      } else if (e instanceof KeyEvent k) {
        row.add(k.down() ? "key_down" : "key_up").add(k.key().name());
      }
      actual.add(t.actualOffsetNanos(i) / 1e6);
    }
    r.put("merged_steps", plan == null ? 0 : plan.mergedSteps());
  }

  static void cost(ObjectNode r, Cost c) {
    r.putObject("cost")
        .put("wall_ms", c.wallMs())
        .put("gestures", c.gestures())
        .put("hid_reports", c.hidReports())
        .put("frames_grabbed", c.framesGrabbed())
        .put("settle_wait_ms", c.settleWaitMs());
  }
}
