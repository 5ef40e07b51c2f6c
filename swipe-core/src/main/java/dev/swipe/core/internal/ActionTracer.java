package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.ActionResult;
import dev.swipe.core.Cost;
import dev.swipe.core.NormPoint;
import dev.swipe.core.Observation;
import dev.swipe.core.SwipeException;
import dev.swipe.core.Ticker;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.ExecutedTimeline;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.KeyEvent;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.PointerEvent;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.gesture.TimelineEvent;
import dev.swipe.core.trace.TraceWriter;
import dev.swipe.diff.DiffResult;
import dev.swipe.diff.ImageDiff;
import java.util.Locale;
import java.util.Map;

/**
 * Turns actions into trace records: what was asked, the planned and actual timeline, the before
 * and after screenshots, what the diff saw, the decision, the cost, the error. Tracing never
 * changes or fails an action: problems only cost the record.
 */
final class ActionTracer {
  private final TraceWriter writer;
  private final Ticker ticker;
  private final long origin;

  ActionTracer(TraceWriter writer, Ticker ticker) {
    this.writer = writer;
    this.ticker = ticker;
    this.origin = ticker.read();
  }

  void screenshot(String runId, Observation o) {
    ObjectNode r = writer.newRecord("screenshot", now(), runId);
    writer.attachShot(r, "after", o);
    writer.append(r);
  }

  /** A played gesture (tap, swipe, scroll pass, wheel nudge...) with its outcome. */
  void action(String runId, String action, ActionResult result, Observation before, ObjectNode decision) {
    try {
      ObjectNode r = writer.newRecord(action, now(), runId);
      r.set("args", args(result.gesture()));
      timeline(r, result.timeline());
      writer.attachShot(r, "before", before);
      writer.attachShot(r, "after", result.observation());
      if (before != null && sameSize(before, result.observation())) {
        DiffResult d = ImageDiff.compare(before.greyForDiff(), result.observation().greyForDiff());
        ObjectNode diff = r.putObject("diff");
        diff.put("changed", d.changed());
        diff.put("diff_ratio", d.diffRatio());
        diff.put("primary_axis", d.primaryAxis().name().toLowerCase(Locale.ROOT));
      }
      if (decision != null) {
        r.set("decision", decision);
      }
      cost(r, result.cost());
      writer.append(r);
    } catch (RuntimeException e) {
      // a record that cannot be built is lost; the action is not
    }
  }

  /** An action that failed, with what it was asked to do. */
  void failure(String runId, String action, Gesture gesture, Observation before, SwipeException error) {
    try {
      ObjectNode r = writer.newRecord(action, now(), runId);
      if (gesture != null) {
        r.set("args", args(gesture));
      }
      writer.attachShot(r, "before", before);
      ObjectNode e = r.putObject("error");
      e.put("code", error.code().id());
      e.put("message", error.getMessage());
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

  private double now() {
    return (ticker.read() - origin) / 1e6;
  }

  private static boolean sameSize(Observation a, Observation b) {
    return a.width() == b.width() && a.height() == b.height();
  }

  private static ObjectNode args(Gesture g) {
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
    for (int i = 0; i < t.reportCount(); i++) {
      TimelineEvent e = t.planned().events().get(i);
      ArrayNode row = planned.addArray().add(e.offsetNanos() / 1e6);
      if (e instanceof PointerEvent p) {
        row.add(p.phase().name().toLowerCase(Locale.ROOT)).add(p.point().x()).add(p.point().y());
      } else if (e instanceof KeyEvent k) {
        row.add(k.down() ? "key_down" : "key_up").add(k.key().name());
      }
      actual.add(t.actualOffsetNanos(i) / 1e6);
    }
    r.put("merged_steps", t.planned().mergedSteps());
  }

  private static void cost(ObjectNode r, Cost c) {
    r.putObject("cost")
        .put("wall_ms", c.wallMs())
        .put("gestures", c.gestures())
        .put("hid_reports", c.hidReports())
        .put("frames_grabbed", c.framesGrabbed())
        .put("settle_wait_ms", c.settleWaitMs());
  }
}
