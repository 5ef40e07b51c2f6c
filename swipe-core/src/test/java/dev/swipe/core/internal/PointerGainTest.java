package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

import org.junit.jupiter.api.Test;

/**
 * The closed-loop pointer's gain model: a burst's first report moves {@code first} pixels, every
 * later one {@code paced}; the fit recovers both from what frames show, and the report count it
 * picks comes within half a report of any distance.
 */
class PointerGainTest {
  @Test
  void bothGainsAreRecoveredFromBurstsOfTwoKinds() {
    qt().forAll(doubles().between(2, 120), doubles().between(0.75, 0.98), integers().between(2, 12))
        .checkAssert(
            (paced, ratio, n) -> {
              double first = paced * ratio;
              PointerLoop.Gain g = new PointerLoop.Gain(() -> 20);
              g.observeFirst(n, first + paced * (n - 1));
              g.observePaced(n + 3, paced * (n + 3));
              g.observeFirst(1, first);
              assertThat(g.perReport()).isCloseTo(paced, within(paced * 0.02));
              assertThat(g.distance(1, true)).isCloseTo(first, within(paced * 0.05));
            });
  }

  @Test
  void oneKindOfSightIsEnoughForAFirstGuess() {
    qt().forAll(doubles().between(2, 120), integers().between(2, 12))
        .checkAssert(
            (paced, n) -> {
              PointerLoop.Gain g = new PointerLoop.Gain(() -> 20);
              double moved = paced * (PointerLoop.ISOLATED_RATIO + n - 1);
              g.observeFirst(n, moved);
              assertThat(g.distance(n, true)).isCloseTo(moved, within(moved * 0.02));
            });
  }

  @Test
  void theReportCountComesWithinHalfAReportOfTheDistance() {
    qt().forAll(doubles().between(2, 120), doubles().between(0, 2000))
        .checkAssert(
            (paced, px) -> {
              PointerLoop.Gain g = new PointerLoop.Gain(() -> paced);
              for (boolean leading : new boolean[] {true, false}) {
                int n = g.reportsFor(px, leading);
                assertThat(Math.abs(g.distance(n, leading) - px))
                    .isLessThanOrEqualTo(paced * 0.5 + 1e-9);
              }
            });
  }

  @Test
  void beforeAnySightTheGuessIsUsed() {
    PointerLoop.Gain g = new PointerLoop.Gain(() -> 7.5);
    assertThat(g.perReport()).isEqualTo(7.5);
    assertThat(g.distance(0, true)).isZero();
    assertThat(g.reportsFor(2, true)).isZero();
  }

  @Test
  void aRecalledGainIsUsedUntilSightsOfThisSessionOutweighIt() {
    qt().forAll(doubles().between(2, 120), doubles().between(0.5, 2), integers().between(4, 12))
        .checkAssert(
            (recalled, change, n) -> {
              PointerLoop.Gain g = new PointerLoop.Gain(() -> 20);
              g.prior(recalled * PointerLoop.ISOLATED_RATIO, recalled);
              assertThat(g.perReport()).isCloseTo(recalled, within(recalled * 1e-6));
              // the rig's setting changed since: this session's bursts move change times as far
              double now = recalled * change;
              for (int i = 0; i < 3; i++) {
                g.observeFirst(n, now * (PointerLoop.ISOLATED_RATIO + n - 1));
                g.observePaced(n, now * n);
              }
              assertThat(Math.abs(g.perReport() - now))
                  .as("nearer this session's gain than the recalled one")
                  .isLessThan(Math.abs(recalled - now) * 0.2 + 1e-9);
            });
  }

  @Test
  void aRecalledValueThatIsNotAPositiveNumberIsLeftOut() {
    PointerLoop.Gain g = new PointerLoop.Gain(() -> 7.5);
    g.prior(Double.NaN, -3);
    assertThat(g.perReport()).isEqualTo(7.5);
    assertThat(g.paced()).isNaN();
  }
}
