package dev.swipe.assertj;

import dev.swipe.base.Api;
import dev.swipe.core.Observation;
import dev.swipe.core.screen.WaitResult;

/**
 * Entry points, to import statically beside AssertJ's own:
 *
 * <pre>{@code
 * import static dev.swipe.assertj.SwipeAssertions.assertThat;
 *
 * assertThat(phone.screenshot())
 *     .isSettled()
 *     .matchesBaseline(GoldenScreen.load(golden).mask(STATUS_BAR))
 *     .hasText(phone, "Saved");
 * assertThat(phone.screen().waitUntil(phone.text().visible(TextQuery.of("Saved")), Duration.ofSeconds(5))).held();
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class SwipeAssertions {
  private SwipeAssertions() {}

  /** Assertions on a screenshot. */
  public static ObservationAssert assertThat(Observation actual) {
    return new ObservationAssert(actual);
  }

  /** Assertions on the outcome of a wait. */
  public static WaitResultAssert assertThat(WaitResult actual) {
    return new WaitResultAssert(actual);
  }
}
