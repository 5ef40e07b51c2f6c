package dev.swipe.sim.serial;

import dev.swipe.core.spi.HidReport;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The device end of a serial HID link: reads request frames from a stream (usually a
 * pseudo-terminal), answers them like the real device would, and hands every decoded report to a
 * {@link Consumer} sink, e.g. a simulated phone's HID input. Faults can be injected to exercise
 * a transport's error handling: stop answering, corrupt replies, reject frames, or hang up the line
 * in the middle of a gesture.
 *
 * <p>Optionally the emulator keeps the pace of a real UART at its baud rate (10 bits per byte), so
 * a link that is instantaneous (a pseudo-terminal) behaves like a 9600 or 115200 baud cable.
 *
 * <p>Thread-safe: the serving thread and a test thread may use it concurrently.
 */
public abstract class SerialDeviceEmulator implements AutoCloseable {
  private static final long SECOND_NANOS = 1_000_000_000L;

  private final Consumer<HidReport> sink;
  private final List<HidReport> reports = new ArrayList<>();
  private final List<byte[]> frames = new ArrayList<>();
  private final List<Long> frameTimes = new ArrayList<>();
  private final List<Throwable> sinkFailures = new ArrayList<>();
  private volatile boolean lineTiming;
  private long lineFreeAt;
  private boolean silent;
  private int corruptReplies;
  private int rejectFrames;
  private int rejectCode;
  private int hangUpAfter = -1;
  private Runnable hangUpAction;
  private long lastByteNanos = System.nanoTime();
  private long bytesReceived;
  private Thread thread;
  private InputStream in;
  private OutputStream out;
  private volatile boolean closed;
  private volatile Throwable serveFailure;

  SerialDeviceEmulator(Consumer<HidReport> sink, boolean lineTiming) {
    this.sink = Objects.requireNonNull(sink, "sink");
    this.lineTiming = lineTiming;
  }

  /**
   * Feeds one received byte to the frame assembler.
   *
   * @return a complete request frame, or null while one is still being assembled
   */
  abstract byte[] assemble(int b);

  /**
   * Acts on one complete request frame and returns the reply to send (null for none). Decoded
   * reports go to {@link #deliver(HidReport)}.
   */
  abstract byte[] handle(byte[] frame);

  /** The reply a device gives when it refuses {@code frame} with the injected error code. */
  abstract byte[] errorReply(byte[] frame, int code);

  /** The current line speed in baud, for pacing. */
  abstract int baud();

  /** Called after a reply was written (e.g. to switch baud after a reset). */
  void afterReply(byte[] frame) {}

  /** Hands a decoded report to the recording and the sink. */
  final void deliver(HidReport report) {
    synchronized (this) {
      reports.add(report);
    }
    try {
      sink.accept(report);
    } catch (RuntimeException e) {
      synchronized (this) {
        sinkFailures.add(e);
      }
    }
  }

  final synchronized void recordSinkFailure(Throwable t) {
    sinkFailures.add(t);
  }

  /**
   * Opens a pseudo-terminal (the device side of a {@link PseudoTerminalPair}) and serves it on a
   * daemon thread until the line hangs up or {@link #close()} is called.
   *
   * @return this, for chaining
   */
  public synchronized SerialDeviceEmulator start(Path terminal) throws IOException {
    if (thread != null) {
      throw new IllegalStateException("already serving");
    }
    FileInputStream fin = new FileInputStream(terminal.toFile());
    FileOutputStream fout;
    try {
      fout = new FileOutputStream(terminal.toFile());
    } catch (IOException e) {
      fin.close();
      throw e;
    }
    return start(fin, fout, getClass().getSimpleName() + " " + terminal);
  }

  /** Serves the given streams on a daemon thread. */
  public synchronized SerialDeviceEmulator start(InputStream input, OutputStream output, String name) {
    if (thread != null) {
      throw new IllegalStateException("already serving");
    }
    this.in = input;
    this.out = output;
    thread = new Thread(() -> {
      try {
        serve(input, output);
      } catch (IOException e) {
        if (!closed) {
          serveFailure = e;
        }
      } catch (RuntimeException e) {
        serveFailure = e;
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
    return this;
  }

  /**
   * Serves on the calling thread until the input ends (EOF or a hung-up terminal).
   *
   * @throws IOException when reading or writing fails
   */
  public void serve(InputStream input, OutputStream output) throws IOException {
    byte[] buf = new byte[256];
    int n;
    while ((n = input.read(buf)) >= 0) {
      long readAt = System.nanoTime();
      synchronized (this) {
        lastByteNanos = readAt;
        bytesReceived += n;
        notifyAll();
      }
      for (int i = 0; i < n; i++) {
        byte[] frame = assemble(buf[i] & 0xFF);
        if (frame != null) {
          onFrame(frame, readAt, output);
        }
      }
    }
  }

  private void onFrame(byte[] frame, long readAt, OutputStream output) throws IOException {
    if (lineTiming) {
      // The frame's bytes left the host when it wrote them (about readAt) but need their wire
      // time to arrive; a frame queued behind another waits for the line.
      long done = Math.max(readAt, lineFreeAt) + wireNanos(frame.length);
      lineFreeAt = done;
      sleepUntil(done);
    }
    boolean answer;
    boolean reject;
    Runnable hangUp = null;
    synchronized (this) {
      frames.add(frame.clone());
      frameTimes.add(System.nanoTime());
      notifyAll();
      answer = !silent;
      reject = answer && rejectFrames > 0;
      if (reject) {
        rejectFrames--;
      }
      if (hangUpAfter > 0) {
        hangUpAfter--;
      }
      if (hangUpAfter == 0) {
        hangUpAfter = -1;
        hangUp = hangUpAction;
      }
    }
    if (hangUp != null) {
      hangUp.run();
      return;
    }
    if (!answer) {
      return;
    }
    byte[] reply = reject ? errorReply(frame, rejectCode) : handle(frame);
    if (reply == null) {
      return;
    }
    synchronized (this) {
      if (corruptReplies > 0 && reply.length > 0) {
        corruptReplies--;
        reply = reply.clone();
        reply[reply.length - 1] ^= (byte) 0x5A;
      }
    }
    if (lineTiming) {
      sleepUntil(System.nanoTime() + wireNanos(reply.length));
    }
    output.write(reply);
    output.flush();
    afterReply(frame);
  }

  private long wireNanos(int bytes) {
    // 8N1: a start bit, eight data bits and a stop bit per byte.
    return bytes * 10L * SECOND_NANOS / baud();
  }

  private static void sleepUntil(long deadline) {
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      if (left > 200_000) {
        LockSupport.parkNanos(left - 100_000);
      } else {
        Thread.onSpinWait();
      }
    }
  }

  /** Keeps the pace of a real UART at the device's baud rate (or stops doing so). */
  public void setLineTiming(boolean enabled) {
    this.lineTiming = enabled;
  }

  /** Fault: read frames but neither act on them nor answer, like a hung device. */
  public synchronized void stopAnswering() {
    silent = true;
  }

  /** Undoes {@link #stopAnswering()}. */
  public synchronized void resumeAnswering() {
    silent = false;
  }

  /** Fault: the next {@code count} replies leave with a broken checksum (the frames still act). */
  public synchronized void corruptNextReplies(int count) {
    corruptReplies = count;
  }

  /**
   * Fault: refuse the next {@code count} frames with the protocol's error {@code code} (e.g. CH9329
   * status {@code 0xE5}, PiKVM response {@code 0x45}); refused frames do not act.
   */
  public synchronized void rejectNextFrames(int count, int code) {
    rejectFrames = count;
    rejectCode = code;
  }

  /**
   * Fault: when the {@code count}-th next frame arrives, run {@code hangUp} (typically
   * {@link PseudoTerminalPair#hangUp()}) instead of acting on or answering it: the line dies in
   * the middle of a gesture.
   */
  public synchronized void hangUpAfterFrames(int count, Runnable hangUp) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, was " + count);
    }
    hangUpAfter = count;
    hangUpAction = Objects.requireNonNull(hangUp, "hangUp");
  }

  /** Every report decoded so far, oldest first. */
  public synchronized List<HidReport> reports() {
    return List.copyOf(reports);
  }

  /** Forgets the recorded reports and frames. */
  public synchronized void clearRecording() {
    reports.clear();
    frames.clear();
    frameTimes.clear();
  }

  /** Every request frame received so far (valid or not), oldest first. */
  public synchronized List<byte[]> frames() {
    List<byte[]> copy = new ArrayList<>(frames.size());
    for (byte[] f : frames) {
      copy.add(f.clone());
    }
    return copy;
  }

  /** {@link System#nanoTime()} at which each frame of {@link #frames()} was complete. */
  public synchronized List<Long> frameTimes() {
    return List.copyOf(frameTimes);
  }

  /** Exceptions the sink threw (they are caught so the device keeps answering). */
  public synchronized List<Throwable> sinkFailures() {
    return List.copyOf(sinkFailures);
  }

  /** Why the serving thread stopped, if it failed (null while serving or after a clean end). */
  public Throwable serveFailure() {
    return serveFailure;
  }

  /**
   * Waits until at least {@code count} frames have arrived.
   *
   * @return whether they did within the timeout
   */
  public synchronized boolean awaitFrames(int count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (frames.size() < count) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  /**
   * Waits until the line has been quiet (no byte received) for {@code quiet}, so everything sent
   * so far has been acted on.
   */
  public void awaitQuiet(Duration quiet, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      long since;
      synchronized (this) {
        since = System.nanoTime() - lastByteNanos;
      }
      if (since >= quiet.toNanos()) {
        return;
      }
      Thread.sleep(Math.max(1, (quiet.toNanos() - since) / 1_000_000));
    }
  }

  /** Whether the serving thread is running. */
  public synchronized boolean isServing() {
    return thread != null && thread.isAlive();
  }

  /**
   * Stops serving: closes the streams and waits briefly for the thread. A thread blocked reading a
   * terminal ends when the terminal hangs up, so close the {@link PseudoTerminalPair} first.
   */
  @Override
  public void close() {
    Thread t;
    synchronized (this) {
      closed = true;
      t = thread;
    }
    closeQuietly(in);
    closeQuietly(out);
    if (t != null && t != Thread.currentThread()) {
      try {
        t.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (Exception ignored) {
      // closing is best effort
    }
  }
}
