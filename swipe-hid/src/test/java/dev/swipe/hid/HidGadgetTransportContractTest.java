package dev.swipe.hid;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.core.testkit.HidTransportContract;
import dev.swipe.core.testkit.ObservedPointer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;

/** The HID compatibility kit against FIFOs standing in for /dev/hidgN, both pointer profiles. */
class HidGadgetTransportContractTest {
  abstract static class OverFifo extends HidTransportContract {
    private Path dir;
    private GadgetFifo fifo;

    abstract String pointer();

    abstract int reportSize();

    @Override
    protected HidTransport openTransport() {
      try {
        dir = Files.createTempDirectory("hidg");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      fifo = GadgetFifo.create(dir, "hidg1", reportSize());
      return new HidGadgetTransportProvider().open(DeviceUri.parse("hidg:" + fifo.path + "?pointer=" + pointer()), null);
    }

    @Override
    protected List<ObservedPointer> observedPointer() {
      try {
        fifo.awaitQuiet(Duration.ofMillis(30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return fifo.pointers();
    }

    @Override
    protected double positionTolerance() {
      return 0.05;
    }

    @Override
    protected void closePeer() {
      fifo.close();
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException ignored) {
        // temp files
      }
    }
  }

  @Nested
  class AbsoluteMouse extends OverFifo {
    @Override
    String pointer() {
      return "abs";
    }

    @Override
    int reportSize() {
      return 6;
    }
  }

  @Nested
  class TouchDigitizer extends OverFifo {
    @Override
    String pointer() {
      return "touch";
    }

    @Override
    int reportSize() {
      return 5;
    }
  }
}
