package dev.swipe.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryDelaysTest {
  private static final long MS = 1_000_000L;

  @Test
  void nothingIsUsualBeforeEnoughDeliveries() {
    DeliveryDelays d = new DeliveryDelays();
    for (int i = 1; i < DeliveryDelays.MIN_DELIVERIES; i++) {
      d.add(300 * MS);
      assertThat(d.usualNanos()).isZero();
    }
    d.add(300 * MS);
    assertThat(d.usualNanos()).isEqualTo(300 * MS);
  }

  @Test
  void aStallAmongPromptDeliveriesLeavesTheUsualDelayWhereItWas() {
    DeliveryDelays d = new DeliveryDelays();
    for (int i = 0; i < DeliveryDelays.WINDOW; i++) {
      d.add(20 * MS);
    }
    for (int i = 0; i < DeliveryDelays.WINDOW / 2; i++) {
      d.add(900 * MS); // half the window one long stall
    }
    assertThat(d.usualNanos()).isEqualTo(20 * MS);
  }

  @Test
  void anAlwaysSlowSourceCountsOnlyUpToTheCap() {
    DeliveryDelays d = new DeliveryDelays();
    for (int i = 0; i < DeliveryDelays.WINDOW; i++) {
      d.add(3_000 * MS);
    }
    assertThat(d.usualNanos()).isEqualTo(DeliveryDelays.CAP_NANOS);
    d.add(-50 * MS); // a frame stamped after it arrived counts as none, not as negative
    assertThat(d.usualNanos()).isEqualTo(DeliveryDelays.CAP_NANOS);
  }

  @Test
  void theUsualDelayIsTheQuarterQuantileOfTheLatestWindow() {
    qt().forAll(lists().of(integers().between(-100, 2_000)).ofSizeBetween(1, 100))
        .checkAssert(
            delaysMs -> {
              DeliveryDelays d = new DeliveryDelays();
              delaysMs.forEach(ms -> d.add(ms * MS));
              List<Long> window = new ArrayList<>();
              for (int ms :
                  delaysMs.subList(
                      Math.max(0, delaysMs.size() - DeliveryDelays.WINDOW), delaysMs.size())) {
                window.add(Math.max(0, ms) * MS);
              }
              // by counting: the least delay that more than a quarter of the window (its first
              // (n - 1) / 4 + 1 deliveries in order) does not exceed
              int rank = (window.size() - 1) / 4;
              long expected = Long.MAX_VALUE;
              for (long v : window) {
                long atMost = window.stream().filter(x -> x <= v).count();
                if (atMost > rank) {
                  expected = Math.min(expected, v);
                }
              }
              if (window.size() < DeliveryDelays.MIN_DELIVERIES) {
                expected = 0;
              }
              expected = Math.min(DeliveryDelays.CAP_NANOS, expected);
              assertThat(d.usualNanos()).isEqualTo(expected);
            });
  }
}
