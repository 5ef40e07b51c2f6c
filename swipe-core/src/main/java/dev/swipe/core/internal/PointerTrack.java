package dev.swipe.core.internal;

import dev.swipe.diff.PixelRect;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * Where the steered pointer was drawn, over time, so that two screens compare without the pointer's
 * own image ({@link dev.swipe.core.Observation#greyToCompareWith}).
 *
 * <p>Why: a phone that draws its pointer (an iPhone's circle, an Android arrow) shows it in every
 * frame the SDK judges. Between an action's before and after screens the pointer moves from where
 * the last gesture ended to where this one ended, so a wheel's rows or a carousel "changed" when
 * only the pointer did (the honesty benchmark counted such wrong claims). The pointer loop knows
 * where it put the pointer and when, so the places a frame may show it can be left out of both
 * sides of a comparison.
 *
 * <p>A frame captured at {@code t} shows the phone as it was at some moment of {@code [t - lag,
 * t]}; every place the pointer had in that window is marked. The lag is the capture's stated
 * latency plus {@link #LAG_SLACK_NANOS}, as real captures lag more than they say. A place known
 * only by prediction (the end of a drag) is marked wider, by how far the pointer went unseen.
 *
 * <p>Thread-safe: the loop writes while a run's comparisons read.
 */
final class PointerTrack implements LongFunction<List<PixelRect>> {
  /** Places kept: hundreds of gestures' paths; a frame older than all of them gets no marks. */
  static final int KEPT = 8192;

  /** Lag a frame may have beyond the source's stated latency (rig captures: 90-240 ms). */
  static final long LAG_SLACK_NANOS = 250_000_000L;

  /**
   * How far the pointer's image may reach from its tip each way, frame pixels: an iPhone's circle
   * lies around its tip, an arrow below and right of it.
   */
  record Reach(double left, double up, double right, double down) {
    /** The same distance every way. */
    static Reach around(double r) {
      return new Reach(r, r, r, r);
    }
  }

  /**
   * The pointer from {@code nanos} on: its drawn tip and how far around it the image may reach, in
   * frame pixels; NaN when its place is not known.
   */
  private record Place(long nanos, double x, double y, Reach reach) {
    boolean known() {
      return !Double.isNaN(x);
    }
  }

  private final ArrayDeque<Place> places = new ArrayDeque<>();
  private final LongSupplier latencyNanos;

  /**
   * @param latencyNanos the capture's latency now (it grows when the device measures more)
   */
  PointerTrack(LongSupplier latencyNanos) {
    this.latencyNanos = latencyNanos;
  }

  /**
   * The pointer is drawn around {@code x, y} (frame pixels) from {@code nanos} on, reaching {@code
   * reach} every way.
   */
  void at(long nanos, double x, double y, double reach) {
    at(nanos, x, y, Reach.around(reach));
  }

  /** The pointer is drawn around {@code x, y} (frame pixels) from {@code nanos} on. */
  synchronized void at(long nanos, double x, double y, Reach reach) {
    add(new Place(nanos, x, y, reach));
  }

  /**
   * The pointer was found at {@code x, y} where it had rested since the last place recorded (since
   * ever, when there is none): a search found it there before moving it.
   */
  void restedAt(double x, double y, double reach) {
    restedAt(x, y, Reach.around(reach));
  }

  /** {@link #restedAt(double, double, double)} with the image's reach each way. */
  synchronized void restedAt(double x, double y, Reach reach) {
    Place last = places.peekLast();
    if (last == null) {
      add(new Place(Long.MIN_VALUE, x, y, reach));
    } else {
      add(new Place(last.nanos + 1, x, y, reach));
    }
  }

  /** From {@code nanos} on the pointer's place is unknown (a gesture failed part way). */
  synchronized void unknown(long nanos) {
    add(new Place(nanos, Double.NaN, Double.NaN, Reach.around(0)));
  }

  private void add(Place p) {
    Place last = places.peekLast();
    if (last != null && p.nanos < last.nanos) {
      p = new Place(last.nanos, p.x, p.y, p.reach); // the clock never runs back in the track
    }
    places.addLast(p);
    while (places.size() > KEPT) {
      places.removeFirst();
    }
  }

  /**
   * The rectangles (frame pixels) where a frame captured at {@code captureNanos} may show the
   * pointer; empty when the track knows nothing of that time.
   */
  @Override
  public synchronized List<PixelRect> apply(long captureNanos) {
    long from = captureNanos - Math.max(0, latencyNanos.getAsLong()) - LAG_SLACK_NANOS;
    List<PixelRect> out = new ArrayList<>();
    Place previous = null;
    for (Place p : places) {
      if (p.nanos > captureNanos) {
        break;
      }
      if (previous != null && p.nanos > from) {
        mark(previous, out); // it held until p came, inside the window
      }
      previous = p;
    }
    if (previous != null) {
      mark(previous, out); // the place at the capture itself
    }
    return List.copyOf(out);
  }

  /** Adds the place's box, merged into the previous one when the two mostly overlap. */
  private static void mark(Place p, List<PixelRect> out) {
    if (!p.known()) {
      return;
    }
    Reach reach = p.reach;
    int l = (int) Math.max(0, Math.floor(p.x - reach.left()));
    int t = (int) Math.max(0, Math.floor(p.y - reach.up()));
    int r = (int) Math.max(l + 1, Math.ceil(p.x + reach.right()) + 1);
    int b = (int) Math.max(t + 1, Math.ceil(p.y + reach.down()) + 1);
    PixelRect box = new PixelRect(l, t, r - l, b - t);
    if (!out.isEmpty()) {
      PixelRect prev = out.get(out.size() - 1);
      int ml = Math.min(prev.x(), l);
      int mt = Math.min(prev.y(), t);
      int mr = Math.max(prev.right(), r);
      int mb = Math.max(prev.bottom(), b);
      long merged = (long) (mr - ml) * (mb - mt);
      long apart = (long) prev.width() * prev.height() + (long) box.width() * box.height();
      if (merged <= apart) {
        out.set(out.size() - 1, new PixelRect(ml, mt, mr - ml, mb - mt));
        return;
      }
    }
    out.add(box);
  }
}
