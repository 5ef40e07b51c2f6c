package dev.swipe.core.scroll;

import dev.swipe.base.Api;

/**
 * How {@code scroll until} travels between looks.
 *
 * <p>A screen shows ten to twenty rows of a list, and a steady pass moves content by at most the
 * finger's travel, under half a screen: twelve passes do not reach row 150 of a contacts list.
 * Flinging covers many screens per pass, but anything that slides past between two looks is missed
 * unless the frames in between are looked at too. {@link #FLING} does exactly that.
 */
@Api(status = Api.Status.STABLE)
public enum SearchPace {
  /**
   * Shaped passes that dwell before lifting (no release velocity): the content moves the finger's
   * travel and stops, and the predicate is checked on each settled screen. Predictable and slow;
   * right for short lists and for stepping back.
   */
  STEADY("steady"),
  /**
   * Flinging passes for long lists: the finger lifts while moving fast along a short path (the
   * scroll's amount sizes only the steady passes), and the content coasts. A text search keeps
   * frames of the coast spaced so that each overlaps the one before and reads them once the list is
   * still: on a phone that runs in real time a read takes longer than the list takes to cross the
   * screen. Any other predicate is checked on every frame captured while the content coasts; when
   * it holds in motion, a short slow drag along the travel catches the content (a touch stops a
   * fling on Android and iOS, and a drag past the touch slop is never a tap). Either way, when the
   * target was seen in motion but is not on the screen the pass left, steady passes in the opposite
   * direction bring it back. "Found" is only ever claimed on a settled screen.
   */
  FLING("fling");

  private final String id;

  SearchPace(String id) {
    this.id = id;
  }

  /** The wire name ({@code steady}, {@code fling}). */
  public String id() {
    return id;
  }
}
