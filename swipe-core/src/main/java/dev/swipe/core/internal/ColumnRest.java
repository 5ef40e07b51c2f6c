package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.core.spi.Frame;
import dev.swipe.diff.GreyRaster;
import dev.swipe.diff.internal.FrameStability;
import org.jspecify.annotations.Nullable;

/**
 * Ends the wait after a wheel nudge that {@code setWheel} plays on its way to a target once the
 * column's rows have rested long enough to be read, before the screen as a whole has settled.
 *
 * <p>The nudge dwells before it lifts, so the column leaves the finger with no velocity and the
 * picker's snap carries it to the row nearest the selection line: the row read once the rows stop
 * moving is the row the snap ends on. What is left of the snap then is a crawl of a pixel or two
 * whose last steps come hundreds of milliseconds apart, and a settle window long enough to see it
 * out ({@link FrameSettler.Quiet#PICKER}) takes a second or more per nudge. The frame this watcher
 * stops at is returned unsettled, so the nudge claims nothing about the screen's rest; the setter
 * still confirms its target on a later screenshot before it claims it.
 */
final class ColumnRest implements FrameSettler.Watcher {
  /**
   * Capture time the column's rows must show no change for: longer than a frame gap of the slowest
   * screencast seen while rows still move whole pixels, short beside the crawl's tail.
   */
  static final long QUIET_NANOS = 130_000_000L;

  /** Frames that must agree, the first included: two frames alone may bracket a moving row. */
  static final int MIN_FRAMES = 3;

  private final NormRegion region;
  private @Nullable GreyRaster anchor;
  private long since;
  private int frames;

  /** A watcher of the rows in {@code rows} (the selected row and its neighbours). */
  ColumnRest(NormRegion rows) {
    this.region = rows;
  }

  @Override
  public boolean stopAt(Frame frame, GreyRaster grey) {
    long at = frame.captureNanos();
    if (anchor == null
        || !FrameSettler.sameSize(anchor, grey)
        || !FrameStability.STRICT.compare(anchor, grey, region).stable()) {
      anchor = grey;
      since = at;
      frames = 1;
      return false;
    }
    frames++;
    return frames >= MIN_FRAMES && at - since >= QUIET_NANOS;
  }
}
