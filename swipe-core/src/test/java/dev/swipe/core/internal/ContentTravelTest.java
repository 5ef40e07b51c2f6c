package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.diff.GreyRaster;
import org.junit.jupiter.api.Test;

class ContentTravelTest {
  /** Each example draws and compares whole frames: fewer than the default thousand. */
  private static final int EXAMPLES = 60;

  private static final int LIST_PX = ScrollingListPicture.TAB_BAR - ScrollingListPicture.HEADER;

  /** Pixels of the screen per normalized unit along y. */
  private static final double PX = ScrollingListPicture.HEIGHT / 1000.0;

  /** Reduced pixels are this many screen pixels; a shift is found to within one, either way. */
  private static final int FACTOR =
      (LIST_PX + ContentTravel.MAX_LENGTH - 1) / ContentTravel.MAX_LENGTH;

  @Test
  void aListScrolledDownTravelsAsFarAsItMovedWhileTheFramesOverlap() {
    travelsAsFarAsItMoved(ScrollDirection.DOWN, 0);
  }

  @Test
  void aListScrolledUpTravelsTheOtherWay() {
    travelsAsFarAsItMoved(ScrollDirection.UP, 300);
  }

  /** From an offset of at least {@code lowest}, content moved the way {@code d} reveals. */
  private static void travelsAsFarAsItMoved(ScrollDirection d, int lowest) {
    int sign = d == ScrollDirection.DOWN ? 1 : -1;
    qt().withExamples(EXAMPLES)
        .forAll(
            longs().between(1, 1_000_000),
            integers().between(lowest, 1500),
            integers().between(0, (int) (LIST_PX * (1 - ContentTravel.MIN_OVERLAP)) - FACTOR))
        .checkAssert(
            (seed, offset, moved) -> {
              ScrollingListPicture list = new ScrollingListPicture(seed, 40);
              double t =
                  ContentTravel.along(
                      list.frame(offset),
                      list.frame(offset + sign * moved),
                      ScrollingListPicture.LIST,
                      d);
              assertThat(t * PX).as("moved %d px", moved).isCloseTo(moved, within(2.0 * FACTOR));
            });
  }

  @Test
  void framesThatShareNoContentDoNotLineUp() {
    qt().withExamples(EXAMPLES)
        .forAll(
            longs().between(1, 1_000_000),
            integers().between(0, 800),
            integers().between(LIST_PX, 3 * LIST_PX))
        .checkAssert(
            (seed, offset, moved) -> {
              ScrollingListPicture list = new ScrollingListPicture(seed, 40);
              assertThat(
                      ContentTravel.along(
                          list.frame(offset),
                          list.frame(offset + moved),
                          ScrollingListPicture.LIST,
                          ScrollDirection.DOWN))
                  .as("moved %d px, more than the list's %d", moved, LIST_PX)
                  .isNaN();
            });
  }

  @Test
  void aStillScreenTravelsNothingAndTheWrongDirectionLinesNothingUp() {
    ScrollingListPicture list = new ScrollingListPicture(7, 40);
    GreyRaster a = list.frame(500);
    assertThat(
            ContentTravel.along(
                a, list.frame(500), ScrollingListPicture.LIST, ScrollDirection.DOWN))
        .isZero();
    assertThat(
            ContentTravel.along(
                a, list.frame(400), ScrollingListPicture.LIST, ScrollDirection.DOWN))
        .as("the content moved down while the scroll reveals what lies below")
        .isNaN();
  }

  private static org.assertj.core.data.Offset<Double> within(double d) {
    return org.assertj.core.data.Offset.offset(d);
  }
}
