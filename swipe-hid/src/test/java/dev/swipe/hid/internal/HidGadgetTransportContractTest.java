package dev.swipe.hid.internal;

import dev.swipe.core.spi.DeviceUri;
import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.core.spi.HidTransport;
import dev.swipe.tck.HidTransportContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;

/**
 * The HID compatibility kit against regular files standing in for /dev/hidgN, every pointer profile
 * (absolute mouse, one-finger and multi-touch screen): a write that returned is in the file, so
 * what the "host" observed is exact and needs no waiting. (The FIFO tests in {@link
 * HidGadgetTransportTest} cover a live reader.)
 */
class HidGadgetTransportContractTest {
  abstract static class OverFile extends HidTransportContract {
    private Path dir;
    private Path device;

    abstract String pointer();

    abstract int reportSize();

    /** The URI's options. */
    String options() {
      return "pointer=" + pointer();
    }

    /** What the host makes of the report at {@code at}: the finger and whether it touches. */
    HidTransportContract.ObservedPointer decode(byte[] all, int at) {
      int x = (all[at + 1] & 0xFF) | (all[at + 2] & 0xFF) << 8;
      int y = (all[at + 3] & 0xFF) | (all[at + 4] & 0xFF) << 8;
      return new HidTransportContract.ObservedPointer(
          HidCapabilities.Range.USB_ABSOLUTE.toNorm(x),
          HidCapabilities.Range.USB_ABSOLUTE.toNorm(y),
          (all[at] & 0x01) != 0);
    }

    @Override
    protected HidTransport openTransport() {
      try {
        dir = Files.createTempDirectory("hidg");
        device = Files.createFile(dir.resolve("hidg1"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new HidGadgetTransportProvider()
          .open(DeviceUri.parse("hidg:" + device + "?" + options()), null);
    }

    @Override
    protected List<HidTransportContract.ObservedPointer> observedPointer() {
      byte[] all;
      try {
        all = Files.readAllBytes(device);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      List<HidTransportContract.ObservedPointer> seen = new ArrayList<>();
      for (int at = 0; at + reportSize() <= all.length; at += reportSize()) {
        seen.add(decode(all, at));
      }
      return seen;
    }

    @Override
    protected double positionTolerance() {
      return 0.05;
    }

    @Override
    protected void closePeer() {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException ignored) {
        // temp files
      }
    }
  }

  @Nested
  class AbsoluteMouse extends OverFile {
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
  class TouchDigitizer extends OverFile {
    @Override
    String pointer() {
      return "touch";
    }

    @Override
    int reportSize() {
      return 5;
    }
  }

  /**
   * Two fingers, so the kit's several-fingers case plays them. The host sees one pointer per
   * report: the first touching finger among the Contact Count slots, or slot 0 (not touching) when
   * none touches.
   */
  @Nested
  class MultiTouchScreen extends OverFile {
    @Override
    String pointer() {
      return "touch";
    }

    @Override
    String options() {
      return "pointer=touch&contacts=2";
    }

    @Override
    int reportSize() {
      return 2 * MultiTouchDigitizer.SLOT_BYTES + 1;
    }

    @Override
    HidTransportContract.ObservedPointer decode(byte[] all, int at) {
      int count = all[at + reportSize() - 1] & 0xFF;
      int slot = 0;
      for (int i = 0; i < count; i++) {
        if ((all[at + i * MultiTouchDigitizer.SLOT_BYTES] & 0x01) != 0) {
          slot = i;
          break;
        }
      }
      int s = at + slot * MultiTouchDigitizer.SLOT_BYTES;
      int x = (all[s + 2] & 0xFF) | (all[s + 3] & 0xFF) << 8;
      int y = (all[s + 4] & 0xFF) | (all[s + 5] & 0xFF) << 8;
      return new HidTransportContract.ObservedPointer(
          HidCapabilities.Range.USB_ABSOLUTE.toNorm(x),
          HidCapabilities.Range.USB_ABSOLUTE.toNorm(y),
          (all[s] & 0x01) != 0);
    }
  }
}
