package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.Sleeper;
import dev.swipe.base.Ticker;

/**
 * What a provider receives when it opens a part: the device's clock, so frame timestamps and report
 * times share one time base.
 */
@Api(status = Api.Status.STABLE)
public record ProviderContext(Ticker ticker, Sleeper sleeper) {
  /** Real time. */
  public static ProviderContext system() {
    return new ProviderContext(Ticker.system(), Sleeper.system());
  }
}
