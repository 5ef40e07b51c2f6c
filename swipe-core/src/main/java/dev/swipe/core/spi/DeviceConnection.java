package dev.swipe.core.spi;

import dev.swipe.base.Api;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;

/**
 * The parts of a combined device (such as the simulator): its finger, its eyes and, when it keeps
 * its own time (virtual time), the clock the device must use.
 *
 * @param hid the transport
 * @param capture the frame source
 * @param ticker the device's time source
 * @param sleeper how the device waits (advances virtual time on a simulator)
 */
@Api(status = Api.Status.STABLE)
public record DeviceConnection(
    HidTransport hid, FrameSource capture, Ticker ticker, Sleeper sleeper) {
  /** Requires every part. */
  public DeviceConnection {
    SwipeException.requireArgument(hid, "hid");
    SwipeException.requireArgument(capture, "capture");
    SwipeException.requireArgument(ticker, "ticker");
    SwipeException.requireArgument(sleeper, "sleeper");
  }
}
