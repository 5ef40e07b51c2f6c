package dev.swipe.hid.internal;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * Writes whole reports to one gadget device file ({@code /dev/hidgN}), each within a time bound.
 *
 * <p>The kernel's HID function takes one report per {@code write}: it blocks while the previous
 * report still waits for the USB host to read it (a host that stopped polling blocks it for good),
 * answers {@code EAGAIN} instead when the file is non-blocking, and cuts a report longer than the
 * gadget's report length short. So each report is one write on a thread of its own, waited for at
 * most the bound; a write that takes nothing is retried until the bound; a write that takes part of
 * a report is an error, never followed by the rest (which the host would read as a report of its
 * own).
 */
final class GadgetWriter implements AutoCloseable {
  private static final long BUSY_PAUSE_NANOS = 500_000;

  /** Why a report did not go out whole in time. */
  static final class Refused extends Exception {
    final String reason;

    Refused(String reason, String message) {
      super(message, null, false, false);
      this.reason = reason;
    }
  }

  private final String path;
  private final WritableByteChannel channel;
  private final LinkFaults faults;
  private final ExecutorService thread;

  /** A write the host did not take in time; the next writes queue behind it. */
  private @Nullable Future<Integer> stuck;

  GadgetWriter(String path, WritableByteChannel channel, LinkFaults faults) {
    this.path = path;
    this.channel = channel;
    this.faults = faults;
    this.thread =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "hidg-writer " + path);
              t.setDaemon(true);
              return t;
            });
  }

  String path() {
    return path;
  }

  /**
   * Writes {@code report} whole within {@code timeoutNanos}.
   *
   * @throws IOException the device is gone (unbound gadget, closed FIFO)
   * @throws Refused the host did not take it in time ({@code write_stalled}), or the device took
   *     only part of it ({@code short_write})
   */
  void write(byte[] report, long timeoutNanos) throws IOException, Refused {
    long deadline = System.nanoTime() + timeoutNanos;
    awaitStuck(deadline);
    while (true) {
      Future<Integer> f = thread.submit(() -> channel.write(ByteBuffer.wrap(report)));
      int n;
      try {
        n = f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        stuck = f;
        faults.count(LinkFaults.STALLED_WRITE);
        throw new Refused(
            "write_stalled",
            "the USB host did not take a report from "
                + path
                + " within "
                + timeoutNanos / 1_000_000
                + " ms (is the phone awake and the cable in?)");
      } catch (ExecutionException e) {
        throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
      } catch (InterruptedException e) {
        f.cancel(true);
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while writing to " + path);
      }
      if (n == report.length) {
        return;
      }
      if (n > 0) {
        faults.count(LinkFaults.SHORT_WRITE);
        throw new Refused(
            "short_write",
            path
                + " took "
                + n
                + " of a "
                + report.length
                + "-byte report: its report descriptor does not"
                + " match this pointer profile (see docs/hid-gadget.md)");
      }
      // Nothing taken: the previous report is still pending. Try again until the bound.
      faults.count(LinkFaults.BUSY_WRITE);
      if (System.nanoTime() - deadline >= 0) {
        throw new Refused(
            "write_stalled",
            "the USB host kept "
                + path
                + " busy for "
                + timeoutNanos / 1_000_000
                + " ms (is the phone awake and the cable in?)");
      }
      LockSupport.parkNanos(BUSY_PAUSE_NANOS);
    }
  }

  /**
   * Queues {@code report} behind whatever is pending and returns at once (a last-resort release).
   */
  void queue(byte[] report) {
    // a last-resort release is not waited on: a failed write stays in the discarded future, as the
    // link is being given up anyway
    Future<Integer> unused = thread.submit(() -> channel.write(ByteBuffer.wrap(report)));
  }

  /** Whether a write is still blocked in the device. */
  boolean stalled() {
    return stuck != null && !stuck.isDone();
  }

  private void awaitStuck(long deadline) throws IOException, Refused {
    if (stuck == null) {
      return;
    }
    try {
      stuck.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      stuck = null;
    } catch (TimeoutException e) {
      throw new Refused(
          "write_stalled", "an earlier report to " + path + " is still not taken by the USB host");
    } catch (ExecutionException e) {
      stuck = null;
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while writing to " + path);
    }
  }

  /** Closes the file; a write still blocked in it ends (the channel interrupts it). */
  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException ignored) {
      // closing is best effort
    }
    thread.shutdownNow();
  }
}
