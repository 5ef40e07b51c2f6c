package dev.swipe.core.internal;

import dev.swipe.core.Observation;
import dev.swipe.text.TextQuery;
import java.util.function.Predicate;

/**
 * "The text is on the screen" as a scroll search's condition, reading only the frames worth
 * reading. Every pass's end screen is read: "found" is claimed only there. Of a fling's coast
 * frames (seen in passing, ids {@code motion-N}), one is read every {@link
 * #COAST_READ_INTERVAL_NANOS} of capture time and at most {@link #MAX_COAST_READS} per pass: at the
 * fastest fling a pass makes a row crosses the list in about a fifth of a second, whole for a
 * little less, so reads that far apart see every row whole at least once, while the frames in
 * between (most of a coast) show nothing new.
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

  private boolean found(Observation o) {
    return reader.find(o, query).found();
  }
}
