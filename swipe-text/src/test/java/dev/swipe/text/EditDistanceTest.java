package dev.swipe.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.strings;

import org.junit.jupiter.api.Test;

class EditDistanceTest {

  /** The textbook recursion over prefixes, without any shortcut: the oracle. */
  private static int bruteForce(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      for (int j = 0; j <= b.length(); j++) {
        if (i == 0 || j == 0) {
          d[i][j] = i + j;
        } else {
          d[i][j] =
              Math.min(
                  d[i - 1][j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1),
                  Math.min(d[i - 1][j], d[i][j - 1]) + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  @Test
  void boundedDistanceAgreesWithTheFullTableWithinTheBoundAndSaysTooFarOutsideIt() {
    qt().forAll(
            strings().betweenCodePoints('a', 'd').ofLengthBetween(0, 9),
            strings().betweenCodePoints('a', 'd').ofLengthBetween(0, 9),
            integers().between(0, 5))
        .checkAssert(
            (a, b, bound) -> {
              int truth = bruteForce(a, b);
              int got = EditDistance.bounded(a, b, bound);
              if (truth <= bound) {
                assertThat(got).isEqualTo(truth);
              } else {
                assertThat(got).isEqualTo(Integer.MAX_VALUE);
              }
            });
  }

  @Test
  void knownPairs() {
    assertThat(EditDistance.bounded("kitten", "sitting", 5)).isEqualTo(3);
    assertThat(EditDistance.bounded("patel", "pate1", 1)).isEqualTo(1);
    assertThat(EditDistance.bounded("patel", "pate1", 0)).isEqualTo(Integer.MAX_VALUE);
  }
}
