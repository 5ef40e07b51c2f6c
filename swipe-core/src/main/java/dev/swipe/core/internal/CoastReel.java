package dev.swipe.core.internal;

import dev.swipe.base.NormRegion;
import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.spi.Frame;
import dev.swipe.diff.GreyRaster;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The frames of a fling's coast that a text search reads once the coast is over: kept as the coast
 * goes, each where the content has travelled {@link #KEEP_AT} of the band from the frame kept
 * before it, so that consecutive kept frames overlap and every row the coast passed is whole on one
 * of them.
 *
 * <p>Why after, not during: on a phone that runs in real time the list keeps coasting while a frame
 * is read, and a read takes longer than the list takes to cross the screen, so frames read as the
 * coast goes miss the rows that passed in between (on {@code chrome:} a search flew past its
 * contact this way). Measuring travel is cheap enough to do on every frame ({@link ContentTravel});
 * reading waits until the screen is still.
 *
 * <p>When two frames in a row do not overlap at all (frames too far apart for how fast the content
 * moved), the stretch between them was never on a frame: the reel counts it as a gap.
 */
final class CoastReel {
  /** Share of the band travelled since the last kept frame at which a frame is kept. */
  static final double KEEP_AT = 0.6;

  /** Most frames kept for one coast; later ones are counted as gaps. */
  static final int MAX_KEPT = 32;

  /**
   * A kept frame.
   *
   * @param frame the frame as captured
   * @param grey its diff raster
   * @param travel the content's travel from the frame kept before it (the coast's first frame: from
   *     the screen before the pass), normalized units; NaN across a gap
   */
  record Kept(Frame frame, GreyRaster grey, double travel) {}

  private final NormRegion band;
  private final ScrollDirection direction;
  private final double keepAt;
  private final List<Kept> kept = new ArrayList<>();
  private GreyRaster anchor;
  private @Nullable Kept pending;
  private int gaps;

  /** A reel whose travel is measured from {@code start}, the screen before the pass. */
  CoastReel(GreyRaster start, NormRegion band, ScrollDirection direction) {
    this.anchor = start;
    this.band = band;
    this.direction = direction;
    this.keepAt = KEEP_AT * (direction.vertical() ? band.h() : band.w());
  }

  /**
   * Takes the coast's next frame: kept when it has travelled far enough, or when the next may not.
   */
  void offer(Frame frame, GreyRaster grey) {
    double t = ContentTravel.along(anchor, grey, band, direction);
    if (Double.isNaN(t) && pending != null) {
      keep(pending);
      t = ContentTravel.along(anchor, grey, band, direction);
    }
    if (Double.isNaN(t)) {
      gaps++;
      keep(new Kept(frame, grey, Double.NaN));
    } else if (t >= keepAt) {
      keep(new Kept(frame, grey, t));
    } else {
      pending = new Kept(frame, grey, t);
    }
  }

  private void keep(Kept k) {
    pending = null;
    anchor = k.grey();
    if (kept.size() < MAX_KEPT) {
      kept.add(k);
    } else {
      gaps++;
    }
  }

  /** The kept frames, oldest first. */
  List<Kept> kept() {
    return List.copyOf(kept);
  }

  /** Stretches of the coast that no kept frame shows. */
  int gaps() {
    return gaps;
  }

  /**
   * How far (normalized units) the content travelled from kept frame {@code index} to {@code
   * settled}, the screen the coast came to rest on; NaN when a gap lies between.
   */
  double travelSince(int index, GreyRaster settled) {
    double sum = ContentTravel.along(anchor, settled, band, direction);
    for (int i = index + 1; i < kept.size(); i++) {
      sum += kept.get(i).travel();
    }
    return sum;
  }
}
