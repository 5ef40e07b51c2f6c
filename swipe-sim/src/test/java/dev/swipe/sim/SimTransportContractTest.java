package dev.swipe.sim;

import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.spi.PointerKind;
import dev.swipe.tck.HidTransportContract;
import java.util.List;
import org.junit.jupiter.api.Nested;

/** The shared HID kit against the simulator, for every pointer kind it offers. */
class SimTransportContractTest {
  private static List<HidTransportContract.ObservedPointer> observed(SimPhone phone) {
    return phone.oracle().pointerLog().stream()
        .map(s -> new HidTransportContract.ObservedPointer(s.x(), s.y(), s.pressed()))
        .toList();
  }

  abstract static class Kit extends HidTransportContract {
    SimPhone phone;

    abstract PointerKind kind();

    @Override
    protected HidTransport openTransport() {
      phone = SimPhone.create(SimConfig.builder().pointer(kind()).scale(0.5).build());
      return phone.transport();
    }

    @Override
    protected List<HidTransportContract.ObservedPointer> observedPointer() {
      return observed(phone);
    }

    @Override
    protected void closePeer() {
      phone.close();
    }
  }

  @Nested
  class Touch extends Kit {
    @Override
    PointerKind kind() {
      return PointerKind.TOUCH;
    }
  }

  @Nested
  class AbsoluteMouse extends Kit {
    @Override
    PointerKind kind() {
      return PointerKind.ABSOLUTE;
    }
  }

  @Nested
  class RelativeMouse extends Kit {
    @Override
    PointerKind kind() {
      return PointerKind.RELATIVE;
    }
  }
}
