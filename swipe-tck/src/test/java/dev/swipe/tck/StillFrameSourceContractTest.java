package dev.swipe.tck;

import dev.swipe.base.Ticker;
import dev.swipe.base.VirtualClock;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.core.testkit.StillFrameSource;
import java.time.Duration;

/** The capture kit run against core's still source on virtual time. */
class StillFrameSourceContractTest extends FrameSourceContract {
  private final VirtualClock clock = new VirtualClock();

  @Override
  protected FrameSource openSource() {
    return new StillFrameSource(clock, clock, Duration.ofMillis(60));
  }

  @Override
  protected Ticker ticker() {
    return clock;
  }
}
