package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import org.junit.jupiter.api.Test;

/**
 * Drags that let go short by a slop that depends on their length, some against the screen's edge,
 * ask for what each length needs once it has been seen (however little of it the edge left room
 * for), and a length not yet seen starts from the nearest one seen.
 */
class ReleaseMissesTest {
  static final double PITCH = 70;

  /**
   * A picker that drops {@code slop + perRow x rows} of every drag: the miss of a drag played
   * {@code played} units further than its plan and allowance.
   */
  static double miss(double slop, double perRow, int rows, double played) {
    return slop + perRow * rows - played;
  }

  @Test
  void eachLengthAsksWhatItNeedsOnceSeenAndAWallNeverRunsTheLearningAway() {
    qt().forAll(
            doubles().between(-10, 15),
            doubles().between(-2, 2),
            integers().between(0, 40),
            integers().between(1, 1_000))
        .checkAssert(
            (slop, perRow, room, seed) -> {
              ReleaseMisses misses = new ReleaseMisses();
              java.util.Random order = new java.util.Random(seed);
              for (int k = 0; k < 60; k++) {
                int rows = k < 6 ? k + 1 : 1 + order.nextInt(6);
                // the screen's edge leaves at most room units for the drags of six rows
                double asked = misses.extension(500, rows);
                double played = rows == 6 ? Math.min(asked, room) : asked;
                double m = miss(slop, perRow, rows, played);
                misses.learn(500, rows, PITCH, played, m);
                double bound = ReleaseMisses.MAX_MISS_ROWS * PITCH;
                assertThat(Math.abs(misses.extension(500, rows))).isLessThanOrEqualTo(bound);
              }
              for (int rows = 1; rows <= 6; rows++) {
                assertThat(misses.extension(500, rows))
                    .as("%d rows, six against a wall %d units away", rows, room)
                    .isCloseTo(slop + perRow * rows, within(1e-9));
              }
            });
  }

  @Test
  void aLengthNotYetSeenStartsFromTheNearestSeenOnItsColumnThenFromAnyColumn() {
    ReleaseMisses misses = new ReleaseMisses();
    assertThat(misses.extension(300, 4)).as("nothing learned").isZero();
    misses.learn(300, 2, PITCH, 0, 5);
    misses.learn(300, 6, PITCH, 0, 11);
    assertThat(misses.extension(300, 1)).isEqualTo(5);
    assertThat(misses.extension(300, -3)).as("rows up or down alike").isEqualTo(5);
    assertThat(misses.extension(300, 5)).isEqualTo(11);
    assertThat(misses.extension(700, 3))
        .as("another column starts from the latest learned")
        .isEqualTo(11);
    misses.learn(700, 3, PITCH, 11, -2);
    assertThat(misses.extension(700, 3)).isEqualTo(9);
    assertThat(misses.extension(300, 3)).as("the first column keeps its own").isEqualTo(5);
  }

  @Test
  void aLearnedMissStaysWithinItsShareOfThePitch() {
    ReleaseMisses misses = new ReleaseMisses();
    misses.learn(500, 2, PITCH, 0, 500);
    assertThat(misses.extension(500, 2)).isEqualTo(ReleaseMisses.MAX_MISS_ROWS * PITCH);
    misses.learn(500, 2, PITCH, 0, -500);
    assertThat(misses.extension(500, 2)).isEqualTo(-ReleaseMisses.MAX_MISS_ROWS * PITCH);
  }
}
