package dev.swipe.tck;

import dev.swipe.base.VirtualClock;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.testkit.RecordingHidTransport;
import java.util.List;

/** The kit run against core's recording transport, which proves the kit itself can pass. */
class RecordingHidTransportContractTest extends HidTransportContract {
  private RecordingHidTransport recording;

  @Override
  protected HidTransport openTransport() {
    recording = new RecordingHidTransport(new VirtualClock());
    return recording;
  }

  @Override
  protected List<HidTransportContract.ObservedPointer> observedPointer() {
    return recording.observed().stream()
        .map(p -> new HidTransportContract.ObservedPointer(p.x(), p.y(), p.pressed()))
        .toList();
  }
}
