package dev.swipe.sim;

import dev.swipe.base.Ticker;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.tck.FrameSourceContract;

/** The shared capture kit against the simulator's frame source on virtual time. */
class SimFrameSourceContractTest extends FrameSourceContract {
  private SimPhone phone;

  @Override
  protected FrameSource openSource() {
    phone = SimPhone.create(SimConfig.builder().scale(0.5).build());
    return phone.frameSource();
  }

  @Override
  protected Ticker ticker() {
    return phone.ticker();
  }

  @Override
  protected void closeProducer() {
    phone.close();
  }
}
