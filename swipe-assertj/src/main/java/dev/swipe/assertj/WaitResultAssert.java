package dev.swipe.assertj;

import dev.swipe.base.Api;
import dev.swipe.core.screen.WaitResult;
import org.assertj.core.api.AbstractAssert;

/** Assertions on the outcome of {@code waitUntil} or {@code waitForStable}. */
@Api(status = Api.Status.EXPERIMENTAL)
public final class WaitResultAssert extends AbstractAssert<WaitResultAssert, WaitResult> {

  WaitResultAssert(WaitResult actual) {
    super(actual, WaitResultAssert.class);
  }

  /** The condition held on a settled screenshot before the timeout. */
  public WaitResultAssert held() {
    isNotNull();
    if (!actual.held()) {
      failWithMessage("Expected the wait to hold, but it %s", actual.summary());
    }
    return this;
  }

  /** The condition never held before the timeout. */
  public WaitResultAssert timedOut() {
    isNotNull();
    if (actual.held()) {
      failWithMessage("Expected the wait to time out, but it %s", actual.summary());
    }
    return this;
  }

  /** Assertions on the last screenshot the wait took. */
  public ObservationAssert lastObservation() {
    isNotNull();
    return new ObservationAssert(actual.observation());
  }
}
