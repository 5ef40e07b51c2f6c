package dev.swipe.core.testkit;

import dev.swipe.core.VirtualClock;
import dev.swipe.core.spi.HidTransport;
import java.util.List;

/** The kit run against the recording transport, which proves the kit itself can pass and fail. */
class RecordingHidTransportContractTest extends HidTransportContract {
  private RecordingHidTransport recording;

  @Override
  protected HidTransport openTransport() {
    recording = new RecordingHidTransport(new VirtualClock());
    return recording;
  }

  @Override
  protected List<ObservedPointer> observedPointer() {
    return recording.observed();
  }
}
