package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.core.Observation;
import dev.swipe.text.ScreenText;
import dev.swipe.text.TextQuery;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/**
 * "The text is on the screen" as a scroll search's condition, reading only the frames worth
 * reading. Every pass's end screen is read: "found" is claimed only there. A search given this
 * condition itself reads a fling's coast after it, from the frames a {@link CoastReel} kept ({@link
 * #readsIn}). Composed into a caller's predicate it is asked of the coast's frames as they come
 * (ids {@code motion-N}), and reads one every {@link #COAST_READ_INTERVAL_NANOS} of capture time,
 * at most {@link #MAX_COAST_READS} per pass: frames in between show little new, and on a phone that
 * runs in real time every read lets the list travel on unseen.
 */
final class TextCondition implements Predicate<Observation> {
  static final long COAST_READ_INTERVAL_NANOS = 150_000_000L;
  static final int MAX_COAST_READS = 16;

  private final ScreenReader reader;
  private final TextQuery query;
  private long lastCoastRead = Long.MIN_VALUE;
  private int coastReads;

  /**
   * Reads the query's region, or the whole screen: the list shows rows beyond the band the finger
   * swipes in, and a row at rest below the band is on the screen all the same.
   */
  TextCondition(ScreenReader reader, TextQuery query) {
    this.reader = reader;
    this.query = query;
  }

  @Override
  public boolean test(Observation o) {
    if (!o.inPassing()) {
      coastReads = 0;
      lastCoastRead = Long.MIN_VALUE;
      return found(o);
    }
    if (coastReads >= MAX_COAST_READS
        || (lastCoastRead != Long.MIN_VALUE
            && o.captureNanos() - lastCoastRead < COAST_READ_INTERVAL_NANOS)) {
      return false;
    }
    coastReads++;
    lastCoastRead = o.captureNanos();
    return found(o);
  }

  /**
   * Whether the text is on {@code o}, whatever it is: a frame kept from a coast and read after it
   * is not rationed like one read as the coast goes.
   */
  boolean readsIn(Observation o) {
    return found(o);
  }

  private boolean found(Observation o) {
    return reader.find(o, query).found();
  }

  /**
   * How far (normalized units along the scroll's axis, positive towards larger coordinates) the
   * content must move to bring the query's match to the middle of {@code band}, when the match is
   * on the settled screen {@code o} but not inside the band's interior: the band less a line (the
   * match's own height) at either end. Empty when a match lies inside, when nothing matches, and
   * for a query with a region of its own (the caller said where it counts).
   *
   * <p>A row at the edge of a scrolling list is often cut by the bar above or below it while its
   * text still reads (found by the honesty benchmark on {@code chrome:}: a contact whose name was
   * read under the header, its row's top under it); a line's clearance inside the band keeps the
   * row a tap on the text would hit on the screen whole.
   */
  OptionalDouble misplacement(Observation o, NormRegion band, boolean vertical) {
    if (query.region().isPresent()) {
      return OptionalDouble.empty();
    }
    List<ScreenText> matches = reader.find(o, query).matches();
    if (matches.isEmpty()) {
      return OptionalDouble.empty();
    }
    double bandLo = vertical ? band.y() : band.x();
    double bandHi = vertical ? band.y2() : band.x2();
    for (ScreenText m : matches) {
      double lo = vertical ? m.region().y() : m.region().x();
      double hi = vertical ? m.region().y2() : m.region().x2();
      double line = m.region().h();
      if (lo >= bandLo + line && hi <= bandHi - line) {
        return OptionalDouble.empty();
      }
    }
    NormRegion best = matches.get(0).region();
    double centre = vertical ? best.center().y() : best.center().x();
    return OptionalDouble.of((bandLo + bandHi) / 2 - centre);
  }

  /**
   * Whether a match on the settled screen {@code now} is content that the last move brought, not
   * text drawn over the list: no match stood at its place (within a quarter of its line) on {@code
   * before}, the screen that move began on. A list at its edge rests its first or last row where
   * the list ends, which may lie outside the band the finger swipes in; a bar's label that matches
   * the query stands still whatever the list does. Only the band and the side of it towards the
   * edge count ({@code towardsLow}: the edge at smaller coordinates), not a row the move pushed
   * under a bar at the far side.
   */
  boolean broughtByMove(
      Observation now, Observation before, NormRegion band, boolean vertical, boolean towardsLow) {
    List<ScreenText> was = reader.find(before, query).matches();
    for (ScreenText m : reader.find(now, query).matches()) {
      double c = vertical ? m.region().center().y() : m.region().center().x();
      boolean farSide =
          towardsLow
              ? c > (vertical ? band.y2() : band.x2())
              : c < (vertical ? band.y() : band.x());
      if (farSide) {
        continue;
      }
      double tolerance = Math.max(1, m.region().h() / 4);
      boolean stood = false;
      for (ScreenText b : was) {
        if (Math.abs(b.region().center().x() - m.region().center().x()) <= tolerance
            && Math.abs(b.region().center().y() - m.region().center().y()) <= tolerance) {
          stood = true;
          break;
        }
      }
      if (!stood) {
        return true;
      }
    }
    return false;
  }

  /** Whether a match's centre lies inside {@code band} on the settled screen {@code o}. */
  boolean withinBand(Observation o, NormRegion band) {
    for (ScreenText m : reader.find(o, query).matches()) {
      if (band.contains(m.region().center())) {
        return true;
      }
    }
    return false;
  }
}
