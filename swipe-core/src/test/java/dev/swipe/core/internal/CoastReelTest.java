package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.swipe.core.scroll.ScrollDirection;
import dev.swipe.core.spi.Frame;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CoastReelTest {
  /** Each example draws and compares whole frames: fewer than the default thousand. */
  private static final int EXAMPLES = 60;

  private static final int LIST_PX = ScrollingListPicture.TAB_BAR - ScrollingListPicture.HEADER;
  private static final double PX = ScrollingListPicture.HEIGHT / 1000.0;

  /**
   * A coast from offset 0: frames whose steps, drawn from the seed, never exceed {@code maxStep}.
   */
  private static List<Integer> coast(Random rnd, int frames, int maxStep) {
    List<Integer> offsets = new ArrayList<>();
    int o = 0;
    for (int i = 0; i < frames; i++) {
      o += rnd.nextInt(maxStep + 1);
      offsets.add(o);
    }
    return offsets;
  }

  @Test
  void everyRowACoastPassesIsWholeOnAKeptFrameOrTheScreensEitherSide() {
    qt().withExamples(EXAMPLES)
        .forAll(longs().between(1, 1_000_000), integers().between(2, 40))
        .checkAssert(
            (seed, frames) -> {
              Random rnd = new Random(seed);
              ScrollingListPicture list = new ScrollingListPicture(seed, 200);
              // frames of a coast arrive at most 70% of the list apart
              List<Integer> offsets = coast(rnd, frames, (int) (0.7 * LIST_PX));
              CoastReel reel =
                  new CoastReel(list.frame(0), ScrollingListPicture.LIST, ScrollDirection.DOWN);
              List<Integer> keptOffsets = new ArrayList<>();
              for (int o : offsets) {
                var kept = reel.kept().size();
                reel.offer(new Frame(new byte[] {1}, 200, 500, o), list.frame(o));
                // which offsets were kept: the reel keeps the frame offered or the one before it
                for (CoastReel.Kept k : reel.kept().subList(kept, reel.kept().size())) {
                  keptOffsets.add((int) k.frame().captureNanos());
                }
              }
              assertThat(reel.gaps()).isZero();
              List<Integer> seen = new ArrayList<>(keptOffsets);
              seen.add(0);
              seen.add(offsets.get(offsets.size() - 1));
              int last = offsets.get(offsets.size() - 1);
              for (int row = 0; (row + 1) * ScrollingListPicture.PITCH <= last + LIST_PX; row++) {
                int top = row * ScrollingListPicture.PITCH;
                int bottom = top + ScrollingListPicture.PITCH;
                boolean whole = seen.stream().anyMatch(o -> top >= o && bottom <= o + LIST_PX);
                assertThat(whole)
                    .as("row %d (%d..%d) whole on one of %s", row, top, bottom, seen)
                    .isTrue();
              }
            });
  }

  @Test
  void theTravelSinceAKeptFrameIsHowFarTheContentMovedAfterIt() {
    qt().withExamples(EXAMPLES)
        .forAll(longs().between(1, 1_000_000), integers().between(2, 30))
        .checkAssert(
            (seed, frames) -> {
              Random rnd = new Random(seed);
              ScrollingListPicture list = new ScrollingListPicture(seed, 200);
              List<Integer> offsets = coast(rnd, frames, (int) (0.5 * LIST_PX));
              CoastReel reel =
                  new CoastReel(list.frame(0), ScrollingListPicture.LIST, ScrollDirection.DOWN);
              for (int o : offsets) {
                reel.offer(new Frame(new byte[] {1}, 200, 500, o), list.frame(o));
              }
              int end = offsets.get(offsets.size() - 1);
              List<CoastReel.Kept> kept = reel.kept();
              for (int i = 0; i < kept.size(); i++) {
                int from = (int) kept.get(i).frame().captureNanos();
                double pixels = reel.travelSince(i, list.frame(end)) * PX;
                // each measured leg is within two reduced pixels (three screen pixels each)
                double slack = 6.0 * (kept.size() - i + 1);
                assertThat(pixels).isBetween(end - from - slack, end - from + slack);
              }
            });
  }

  @Test
  void aJumpFurtherThanTheListIsAGap() {
    ScrollingListPicture list = new ScrollingListPicture(3, 120);
    CoastReel reel = new CoastReel(list.frame(0), ScrollingListPicture.LIST, ScrollDirection.DOWN);
    reel.offer(new Frame(new byte[] {1}, 200, 500, 100), list.frame(100));
    reel.offer(
        new Frame(new byte[] {1}, 200, 500, 100 + 2 * LIST_PX), list.frame(100 + 2 * LIST_PX));
    assertThat(reel.gaps()).isEqualTo(1);
    assertThat(reel.kept())
        .extracting(k -> k.frame().captureNanos())
        .containsExactly(100L, 100L + 2 * LIST_PX);
    assertThat(reel.travelSince(0, list.frame(100 + 2 * LIST_PX))).isNaN();
  }
}
