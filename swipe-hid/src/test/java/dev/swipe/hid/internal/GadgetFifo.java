package dev.swipe.hid.internal;

import dev.swipe.core.spi.HidCapabilities;
import dev.swipe.tck.HidTransportContract;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A FIFO standing in for {@code /dev/hidgN}: a reader thread takes fixed-size reports as the USB
 * host would and stamps when each arrived. It can close its end after some reports (the host going
 * away), which makes the next write fail with a broken pipe, or stop reading for a while (the host
 * not polling), which blocks writes once the pipe is full.
 */
final class GadgetFifo implements AutoCloseable {
  final Path path;
  private final int reportSize;
  private final List<byte[]> reports = new ArrayList<>();
  private final List<Long> arrivals = new ArrayList<>();
  private final Thread reader;
  private volatile int closeAfter = -1;
  private boolean paused;

  private GadgetFifo(Path path, int reportSize) {
    this.path = path;
    this.reportSize = reportSize;
    this.reader = new Thread(this::read, "gadget-fifo " + path);
    reader.setDaemon(true);
  }

  /** Makes the FIFO and starts the reader (which waits for a writer). */
  static GadgetFifo create(Path dir, String name, int reportSize) {
    Path path = dir.resolve(name);
    try {
      Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
      if (p.waitFor() != 0) {
        throw new IOException("mkfifo " + path + " failed");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    GadgetFifo f = new GadgetFifo(path, reportSize);
    f.reader.start();
    return f;
  }

  /** Closes the reading end once {@code count} reports arrived in total. */
  void closeAfter(int count) {
    closeAfter = count;
  }

  private void read() {
    // Not FileInputStream.readNBytes: on JDK 17 it asks a FIFO for its position (ESPIPE).
    try (DataInputStream in = new DataInputStream(new FileInputStream(path.toFile()))) {
      while (true) {
        synchronized (this) {
          while (paused) {
            wait();
          }
        }
        byte[] r = new byte[reportSize];
        try {
          in.readFully(r);
        } catch (EOFException writerClosed) {
          return;
        }
        synchronized (this) {
          reports.add(r);
          arrivals.add(System.nanoTime());
          notifyAll();
          if (closeAfter > 0 && reports.size() >= closeAfter) {
            return;
          }
        }
      }
    } catch (IOException e) {
      // reader gone
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The host stops reading (a phone asleep): once the pipe is full, writes block. */
  synchronized void pause() {
    paused = true;
  }

  /** The host reads again. */
  synchronized void resume() {
    paused = false;
    notifyAll();
  }

  synchronized List<byte[]> reports() {
    return List.copyOf(reports);
  }

  synchronized List<Long> arrivals() {
    return List.copyOf(arrivals);
  }

  /** Waits until {@code count} reports arrived. */
  synchronized boolean await(int count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (reports.size() < count) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  /** Decodes absolute-mouse (6-byte) or touch (5-byte) reports into normalized positions. */
  synchronized List<HidTransportContract.ObservedPointer> pointers() {
    List<HidTransportContract.ObservedPointer> out = new ArrayList<>();
    for (byte[] r : reports) {
      int x = (r[1] & 0xFF) | (r[2] & 0xFF) << 8;
      int y = (r[3] & 0xFF) | (r[4] & 0xFF) << 8;
      out.add(
          new HidTransportContract.ObservedPointer(
              HidCapabilities.Range.USB_ABSOLUTE.toNorm(x),
              HidCapabilities.Range.USB_ABSOLUTE.toNorm(y),
              (r[0] & 0x01) != 0));
    }
    return out;
  }

  /** Waits for the reader to finish (after the writer closed). */
  @Override
  public void close() {
    try {
      reader.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
