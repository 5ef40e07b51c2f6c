package dev.swipe.core.internal;

import dev.swipe.base.NormPoint;
import dev.swipe.base.SwipeException;
import dev.swipe.core.gesture.Drag;
import dev.swipe.core.gesture.Gesture;
import dev.swipe.core.gesture.GestureShape;
import dev.swipe.core.gesture.KeyPress;
import dev.swipe.core.gesture.LongPress;
import dev.swipe.core.gesture.MultiTouch;
import dev.swipe.core.gesture.Pinch;
import dev.swipe.core.gesture.Swipe;
import dev.swipe.core.gesture.Tap;
import dev.swipe.core.internal.PointerEvent.Phase;
import dev.swipe.core.spi.HidReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compiles gestures to timelines.
 *
 * <p>A swipe of duration D, N steps, holds B and A becomes: down at 0; move i (1..N) at {@code B +
 * D*i/N} to the point {@code i/N} of the way; up at {@code B + D + A} at the end point. With a link
 * limit, a move that comes before the link is free again is dropped when the next move is also due
 * by then (merged into it: the next move goes farther along the same line), and otherwise delayed
 * until the link is free. The last move and the down, up and key reports are never dropped, only
 * delayed, so the finger always reaches the end point.
 *
 * <p>A {@link Pinch} or {@link MultiTouch} becomes {@link TouchEvent}s that carry every finger at
 * once (a pinch: both down at 0, its steps, stationary samples in the dwell, both up together; a
 * multi-touch: every finger at each finger's down, corners and lift, and every display frame while
 * one moves). Only events that move fingers already down are ever merged.
 */
public final class TimelinePlanner {
  private static final long MS = 1_000_000L;

  private TimelinePlanner() {}

  /** Plans with no link limit: every step is kept at its exact offset. */
  public static Timeline plan(Gesture gesture) {
    return plan(gesture, 0);
  }

  /**
   * Plans a gesture for a link that needs at least {@code minReportIntervalNanos} between reports.
   *
   * @throws SwipeException {@code invalid_argument} for a null gesture or a negative interval
   */
  public static Timeline plan(Gesture gesture, long minReportIntervalNanos) {
    return plan(gesture, minReportIntervalNanos, 1);
  }

  /**
   * Plans a gesture for a link that needs at least {@code minReportIntervalNanos} between reports,
   * on a screen {@code aspect} times as tall as wide: a {@link Pinch}'s fingers keep their distance
   * on the glass as they turn (see {@link Pinch#fingerAt(int, double, double)}); other gestures do
   * not depend on it.
   *
   * @throws SwipeException {@code invalid_argument} for a null gesture, a negative interval or an
   *     aspect that is not positive
   */
  public static Timeline plan(Gesture gesture, long minReportIntervalNanos, double aspect) {
    SwipeException.requireArgument(gesture, "gesture");
    if (minReportIntervalNanos < 0) {
      throw SwipeException.invalidArgument(
          "min_report_interval", "must not be negative, was " + minReportIntervalNanos);
    }
    if (!(aspect > 0) || Double.isInfinite(aspect)) {
      throw SwipeException.invalidArgument("aspect", "must be positive, was " + aspect);
    }
    List<TimelineEvent> raw = rawEvents(gesture, aspect);
    return enforceSpacing(raw, minReportIntervalNanos);
  }

  private static List<TimelineEvent> rawEvents(Gesture gesture, double aspect) {
    List<TimelineEvent> out = new ArrayList<>();
    if (gesture instanceof Tap t) {
      out.add(new PointerEvent(0, Phase.DOWN, t.at()));
      out.add(new PointerEvent(t.holdMs() * MS, Phase.UP, t.at()));
    } else if (gesture instanceof LongPress p) {
      out.add(new PointerEvent(0, Phase.DOWN, p.at()));
      out.add(new PointerEvent(p.holdMs() * MS, Phase.UP, p.at()));
    } else if (gesture instanceof Swipe s) {
      long before = s.holdBeforeMs() * MS;
      long duration = s.durationMs() * MS;
      GestureShape shape = s.shape();
      out.add(new PointerEvent(0, Phase.DOWN, s.start()));
      for (int i = 1; i <= s.steps(); i++) {
        NormPoint p =
            i == s.steps()
                ? s.end()
                : s.start().lerp(s.end(), shape.progress((double) i / s.steps()));
        out.add(new PointerEvent(before + duration * i / s.steps(), Phase.MOVE, p));
      }
      long up = before + duration + s.holdAfterMs() * MS;
      if (shape.dwellSamples()) {
        long every = GestureShape.DWELL_SAMPLE_MS * MS;
        for (long t = before + duration + every; t < up; t += every) {
          out.add(new PointerEvent(t, Phase.MOVE, s.end()));
        }
      }
      out.add(new PointerEvent(up, Phase.UP, s.end()));
    } else if (gesture instanceof Drag d) {
      planDrag(d, out);
    } else if (gesture instanceof Pinch p) {
      planPinch(p, aspect, out);
    } else if (gesture instanceof MultiTouch m) {
      planMultiTouch(m, out);
    } else if (gesture instanceof KeyPress k) {
      out.add(new KeyEvent(0, k.key(), k.modifiers(), true));
      out.add(new KeyEvent(k.holdMs() * MS, k.key(), Set.of(), false));
    } else {
      throw new SwipeException(
          dev.swipe.base.CommonCode.INTERNAL, "no plan for gesture kind " + gesture.kind());
    }
    return out;
  }

  /** Constant speed along the polyline; steps shared by segment length (largest remainder). */
  private static void planDrag(Drag d, List<TimelineEvent> out) {
    List<NormPoint> path = d.path();
    int segments = path.size() - 1;
    double[] len = new double[segments];
    double total = 0;
    for (int i = 0; i < segments; i++) {
      len[i] = path.get(i).distanceTo(path.get(i + 1));
      total += len[i];
    }
    double[] share = new double[segments];
    for (int i = 0; i < segments; i++) {
      share[i] = total > 0 ? len[i] / total : 1.0 / segments;
    }
    int[] steps = allocateSteps(share, d.steps());
    long before = d.holdBeforeMs() * MS;
    long duration = d.durationMs() * MS;
    out.add(new PointerEvent(0, Phase.DOWN, path.get(0)));
    double startFraction = 0;
    for (int s = 0; s < segments; s++) {
      double endFraction = s == segments - 1 ? 1.0 : startFraction + share[s];
      for (int j = 1; j <= steps[s]; j++) {
        double f = startFraction + (endFraction - startFraction) * j / steps[s];
        NormPoint p =
            j == steps[s]
                ? path.get(s + 1)
                : path.get(s).lerp(path.get(s + 1), (double) j / steps[s]);
        out.add(new PointerEvent(before + Math.round(duration * f), Phase.MOVE, p));
      }
      startFraction = endFraction;
    }
    out.add(
        new PointerEvent(before + duration + d.holdAfterMs() * MS, Phase.UP, path.get(segments)));
  }

  /**
   * Both fingers down at once, {@code steps} moves at constant speed, stationary samples during the
   * dwell (so velocity trackers see the fingers rest), both up at once.
   */
  private static void planPinch(Pinch p, double aspect, List<TimelineEvent> out) {
    long before = p.holdBeforeMs() * MS;
    long duration = p.durationMs() * MS;
    out.add(pinchAt(p, aspect, 0, 0, true));
    for (int i = 1; i <= p.steps(); i++) {
      out.add(pinchAt(p, aspect, before + duration * i / p.steps(), (double) i / p.steps(), true));
    }
    long up = before + duration + p.holdAfterMs() * MS;
    long every = GestureShape.DWELL_SAMPLE_MS * MS;
    for (long t = before + duration + every; t < up; t += every) {
      out.add(pinchAt(p, aspect, t, 1, true));
    }
    out.add(pinchAt(p, aspect, up, 1, false));
  }

  private static TouchEvent pinchAt(Pinch p, double aspect, long at, double t, boolean touching) {
    return new TouchEvent(
        at,
        List.of(
            new HidReport.Contact(0, p.fingerAt(0, t, aspect), touching),
            new HidReport.Contact(1, p.fingerAt(1, t, aspect), touching)));
  }

  /**
   * Every finger sampled at once: at each finger's down, corners and lift, and every display frame
   * while any finger moves; a finger appears from its down to its lift, lifted in its last report.
   */
  private static void planMultiTouch(MultiTouch m, List<TimelineEvent> out) {
    TreeSet<Integer> times = new TreeSet<>();
    for (MultiTouch.Stroke s : m.strokes()) {
      int t = s.startMs();
      times.add(t);
      for (int i = 0; i < s.segmentMs().size(); i++) {
        int leg = s.segmentMs().get(i);
        boolean moves = !s.path().get(i).equals(s.path().get(i + 1));
        for (int k = GestureShape.DWELL_SAMPLE_MS;
            moves && k < leg;
            k += GestureShape.DWELL_SAMPLE_MS) {
          times.add(t + k);
        }
        t += leg;
        times.add(t);
      }
    }
    List<MultiTouch.Stroke> strokes = m.strokes();
    for (int ms : times) {
      List<HidReport.Contact> contacts = new ArrayList<>();
      for (int id = 0; id < strokes.size(); id++) {
        MultiTouch.Stroke s = strokes.get(id);
        if (ms >= s.startMs() && ms <= s.endMs()) {
          contacts.add(new HidReport.Contact(id, s.at(ms), ms < s.endMs()));
        }
      }
      if (!contacts.isEmpty()) {
        out.add(new TouchEvent(ms * MS, contacts));
      }
    }
  }

  /** At least one step per segment, the rest by largest remainder; the sum is exactly {@code n}. */
  static int[] allocateSteps(double[] share, int n) {
    int k = share.length;
    int[] steps = new int[k];
    int spare = n - k;
    double[] remainder = new double[k];
    int used = 0;
    for (int i = 0; i < k; i++) {
      double exact = share[i] * spare;
      steps[i] = 1 + (int) Math.floor(exact);
      remainder[i] = exact - Math.floor(exact);
      used += steps[i];
    }
    while (used < n) {
      int best = 0;
      for (int i = 1; i < k; i++) {
        if (remainder[i] > remainder[best]) {
          best = i;
        }
      }
      steps[best]++;
      remainder[best] = -1;
      used++;
    }
    return steps;
  }

  private static Timeline enforceSpacing(List<TimelineEvent> raw, long minInterval) {
    if (minInterval == 0) {
      return new Timeline(raw, 0, 0);
    }
    List<TimelineEvent> out = new ArrayList<>(raw.size());
    int merged = 0;
    long last = Long.MIN_VALUE;
    for (int i = 0; i < raw.size(); i++) {
      TimelineEvent e = raw.get(i);
      long earliest = last == Long.MIN_VALUE ? e.offsetNanos() : last + minInterval;
      // A move that is too early is merged into the next move when that one is also due before
      // the link is free again, or when the next one is the final move and sending this one would
      // make it late; otherwise it is only delayed (by less than one step).
      boolean mergeable = false;
      if (isMove(raw, i) && i + 1 < raw.size() && isMove(raw, i + 1)) {
        long next = raw.get(i + 1).offsetNanos();
        boolean nextIsFinal = i + 2 >= raw.size() || !isMove(raw, i + 2);
        mergeable = next <= earliest || (nextIsFinal && next < earliest + minInterval);
      }
      if (e.offsetNanos() < earliest && mergeable) {
        merged++;
        continue;
      }
      long at = Math.max(e.offsetNanos(), earliest);
      out.add(withOffset(e, at));
      last = at;
    }
    return new Timeline(out, merged, minInterval);
  }

  /**
   * Whether event {@code i} only moves fingers already down: a pointer move, or a touch report in
   * which every finger touches and none is new. Downs, lifts and keys are never merged away.
   */
  private static boolean isMove(List<TimelineEvent> raw, int i) {
    TimelineEvent e = raw.get(i);
    if (e instanceof PointerEvent p) {
      return p.phase() == Phase.MOVE;
    }
    if (!(e instanceof TouchEvent t) || i == 0 || !(raw.get(i - 1) instanceof TouchEvent before)) {
      return false;
    }
    if (t.touching() != t.contacts().size() || before.touching() != before.contacts().size()) {
      return false;
    }
    Set<Integer> down = new HashSet<>();
    before.contacts().forEach(c -> down.add(c.id()));
    return t.contacts().stream().allMatch(c -> down.contains(c.id()));
  }

  private static TimelineEvent withOffset(TimelineEvent e, long at) {
    if (e.offsetNanos() == at) {
      return e;
    }
    if (e instanceof PointerEvent p) {
      return new PointerEvent(at, p.phase(), p.point());
    }
    if (e instanceof TouchEvent t) {
      return new TouchEvent(at, t.contacts());
    }
    KeyEvent k = (KeyEvent) e;
    return new KeyEvent(at, k.key(), k.modifiers(), k.down());
  }
}
