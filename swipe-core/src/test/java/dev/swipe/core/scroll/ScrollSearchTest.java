package dev.swipe.core.scroll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ScrollSearchTest {
  private static void assertInvalid(Runnable r, String field) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            SwipeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(CommonCode.INVALID_ARGUMENT);
              assertThat(e.field()).isEqualTo(field);
            });
  }

  @Test
  void theDefaultsAreTwelveFlingingPassesWithinNinetySeconds() {
    ScrollSearch d = ScrollSearch.defaults();
    assertThat(d.maxPasses()).isEqualTo(60);
    assertThat(d.timeout()).isEqualTo(Duration.ofMinutes(2));
    assertThat(d.pace()).isEqualTo(SearchPace.FLING);
  }

  @Test
  void theBuilderChangesOnlyWhatItIsToldAndTheLastValueWins() {
    ScrollSearch s =
        ScrollSearch.builder().maxPasses(3).pace(SearchPace.STEADY).maxPasses(30).build();
    assertThat(s).isEqualTo(new ScrollSearch(30, ScrollSearch.DEFAULT_TIMEOUT, SearchPace.STEADY));
  }

  @Test
  void passesOutsideOneToAHundredAreRefusedNamingMaxPasses() {
    qt().forAll(integers().all())
        .checkAssert(
            n -> {
              if (n >= 1 && n <= 100) {
                assertThat(ScrollSearch.builder().maxPasses(n).build().maxPasses()).isEqualTo(n);
              } else {
                assertInvalid(() -> ScrollSearch.builder().maxPasses(n).build(), "max_passes");
              }
            });
  }

  @Test
  void aTimeoutOutsideZeroToAnHourAndANullPaceAreRefused() {
    assertInvalid(() -> ScrollSearch.builder().timeout(Duration.ZERO).build(), "timeout");
    assertInvalid(() -> ScrollSearch.builder().timeout(Duration.ofMillis(-1)).build(), "timeout");
    assertInvalid(
        () -> ScrollSearch.builder().timeout(Duration.ofHours(1).plusMillis(1)).build(), "timeout");
    assertInvalid(() -> ScrollSearch.builder().timeout(null).build(), "timeout");
    assertInvalid(() -> ScrollSearch.builder().pace(null).build(), "pace");
    assertThat(ScrollSearch.builder().timeout(Duration.ofHours(1)).build().timeout())
        .isEqualTo(Duration.ofHours(1));
    assertThat(ScrollSearch.builder().timeout(Duration.ofMillis(1)).build().timeout())
        .isEqualTo(Duration.ofMillis(1));
  }
}
