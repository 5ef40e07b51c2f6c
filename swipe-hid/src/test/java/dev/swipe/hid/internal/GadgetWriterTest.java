package dev.swipe.hid.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.Pipe;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gadget writer against kernel pipes: a non-blocking pipe answers a full buffer with EAGAIN (as
 * {@code /dev/hidgN} does while the previous report is pending), a blocking one blocks (as {@code
 * /dev/hidgN} does when the host stops polling).
 */
class GadgetWriterTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
  private static final byte[] REPORT = {0x01, 0x00, 0x20, (byte) 0xFF, 0x5F, 0x00};
  private static final long BOUND = 300_000_000L;

  @TempDir Path dir;

  /** Fills a pipe until it takes nothing more (its sink must be non-blocking meanwhile). */
  private static long fill(Pipe pipe) throws IOException {
    pipe.sink().configureBlocking(false);
    ByteBuffer chunk = ByteBuffer.allocate(4096);
    long total = 0;
    int n;
    do {
      chunk.clear();
      n = pipe.sink().write(chunk);
      total += n;
    } while (n > 0);
    return total;
  }

  private static long drain(Pipe pipe, long bytes) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(4096);
    long read = 0;
    while (read < bytes) {
      buf.clear();
      buf.limit((int) Math.min(buf.capacity(), bytes - read));
      read += pipe.source().read(buf);
    }
    return read;
  }

  @Test
  void aBusyDeviceIsRetriedUntilItTakesTheWholeReport() throws Exception {
    Pipe pipe = Pipe.open();
    long filled = fill(pipe); // non-blocking and full: every write answers EAGAIN for now
    LinkFaults faults = new LinkFaults();
    try (GadgetWriter w = new GadgetWriter("pipe", pipe.sink(), faults)) {
      CompletableFuture<Long> host =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  Thread.sleep(50);
                  return drain(pipe, filled);
                } catch (IOException | InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              });
      w.write(REPORT, 5_000_000_000L);
      assertThat(host.get()).isEqualTo(filled);
      ByteBuffer got = ByteBuffer.allocate(REPORT.length);
      while (got.hasRemaining()) {
        pipe.source().read(got);
      }
      assertThat(HEX.formatHex(got.array())).isEqualTo(HEX.formatHex(REPORT));
    }
    assertThat(faults.snapshot().count("busy_write")).isPositive();
  }

  @Test
  void aDeviceBusyBeyondTheBoundIsAStall() throws Exception {
    Pipe pipe = Pipe.open();
    fill(pipe);
    LinkFaults faults = new LinkFaults();
    try (GadgetWriter w = new GadgetWriter("pipe", pipe.sink(), faults)) {
      assertThatThrownBy(() -> w.write(REPORT, BOUND))
          .isInstanceOfSatisfying(
              GadgetWriter.Refused.class, e -> assertThat(e.reason).isEqualTo("write_stalled"));
    }
  }

  @Test
  void aBlockedWriteIsBoundedAndTheNextWriteWaitsForIt() throws Exception {
    Pipe pipe = Pipe.open();
    long filled = fill(pipe);
    pipe.sink().configureBlocking(true); // now a write blocks, like a report the host never reads
    LinkFaults faults = new LinkFaults();
    try (GadgetWriter w = new GadgetWriter("pipe", pipe.sink(), faults)) {
      assertThatThrownBy(() -> w.write(REPORT, BOUND))
          .isInstanceOfSatisfying(
              GadgetWriter.Refused.class, e -> assertThat(e.reason).isEqualTo("write_stalled"));
      assertThat(w.stalled()).isTrue();
      assertThat(faults.snapshot().count("stalled_write")).isEqualTo(1);
      drain(pipe, filled); // the host reads again: the blocked report goes out
      w.write(REPORT, 5_000_000_000L);
      assertThat(w.stalled()).isFalse();
      ByteBuffer got = ByteBuffer.allocate(2 * REPORT.length);
      while (got.hasRemaining()) {
        pipe.source().read(got);
      }
      assertThat(HEX.formatHex(got.array()))
          .isEqualTo(HEX.formatHex(REPORT) + " " + HEX.formatHex(REPORT));
    }
  }

  /**
   * A gadget whose report length is shorter than the report takes only its first bytes. No user
   * space file does that, so this channel stands in for the kernel's cut: it writes the first
   * {@code taken} bytes to a real file and says so.
   */
  private static final class ShortReportLength implements WritableByteChannel {
    private final FileChannel file;
    private final int taken;

    ShortReportLength(FileChannel file, int taken) {
      this.file = file;
      this.taken = taken;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      ByteBuffer cut = src.duplicate();
      cut.limit(Math.min(src.limit(), src.position() + taken));
      int n = file.write(cut);
      src.position(src.position() + n);
      return n;
    }

    @Override
    public boolean isOpen() {
      return file.isOpen();
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
  }

  @Test
  void aReportTakenInPartFailsAndItsRestIsNeverSentAsAReportOfItsOwn() throws Exception {
    Path dev = dir.resolve("hidg1");
    LinkFaults faults = new LinkFaults();
    try (GadgetWriter w =
        new GadgetWriter(
            "hidg1",
            new ShortReportLength(
                FileChannel.open(dev, StandardOpenOption.CREATE, StandardOpenOption.WRITE), 5),
            faults)) {
      assertThatThrownBy(() -> w.write(REPORT, BOUND))
          .isInstanceOfSatisfying(
              GadgetWriter.Refused.class, e -> assertThat(e.reason).isEqualTo("short_write"));
    }
    assertThat(Files.readAllBytes(dev)).hasSize(5);
    assertThat(faults.snapshot().count("short_write")).isEqualTo(1);
  }
}
