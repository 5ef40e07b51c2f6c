package dev.swipe.sim.internal.serial;

import dev.swipe.core.spi.HidReport;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * The device end of a serial HID link: reads request frames from a stream (usually a
 * pseudo-terminal), answers them like the real device would, and hands every decoded report to a
 * {@link Consumer} sink, e.g. a simulated phone's HID input. Faults can be injected to exercise a
 * transport's error handling: stop answering, corrupt replies, reject frames, hang up the line in
 * the middle of a gesture, or follow a per-frame schedule of {@link FrameFault}s (late, lost,
 * duplicated, corrupted, noisy, damaged, vanishing).
 *
 * <p>Reading and acting are apart, as in a real device: the line is read as bytes arrive, and
 * frames are acted on in arrival order, each no earlier than its arrival plus its delay. The
 * emulator records when each frame arrived and when each report was acted on, so a test can tell
 * whether a host claimed a report before the device took it.
 *
 * <p>Optionally the emulator keeps the pace of a real UART at its baud rate (10 bits per byte), so
 * a link that is instantaneous (a pseudo-terminal) behaves like a 9600 or 115200 baud cable.
 *
 * <p>Thread-safe: the serving threads and a test thread may use it concurrently.
 */
public abstract class SerialDeviceEmulator implements AutoCloseable {
  private static final long SECOND_NANOS = 1_000_000_000L;
  private static final int MAX_GARBAGE = 12;

  private final Consumer<HidReport> sink;
  private final List<HidReport> reports = new ArrayList<>();
  private final List<Long> reportTimes = new ArrayList<>();
  private final List<byte[]> frames = new ArrayList<>();
  private final List<Long> frameTimes = new ArrayList<>();
  private final List<Throwable> sinkFailures = new ArrayList<>();
  private final ArrayDeque<Arrival> queue = new ArrayDeque<>();
  private final Map<FrameFault.Kind, Integer> faultCounts = new EnumMap<>(FrameFault.Kind.class);
  private final Random noise = new Random(0x5EED_F00DL);
  private volatile boolean lineTiming;
  private long lineFreeAt;
  private long lastActedAt;
  private boolean silent;
  private int corruptReplies;
  private int rejectFrames;
  private int rejectCode;
  private int hangUpAfter = -1;
  private @Nullable Runnable hangUpAction;
  private @Nullable IntFunction<FrameFault> schedule;
  private int scheduled;
  private boolean vanished;
  private long lastActivityNanos = System.nanoTime();
  private int inFlight;
  private boolean inputEnded;
  private @Nullable Thread thread;
  private @Nullable InputStream in;
  private @Nullable OutputStream out;
  private volatile boolean closed;
  private volatile @Nullable Throwable serveFailure;

  /** A frame read from the line, waiting to be acted on. */
  @SuppressWarnings("ArrayRecordComponent")
  // a frame as it arrived, queued once and consumed; never compared or hashed
  private record Arrival(byte[] frame, long readAt) {}

  SerialDeviceEmulator(Consumer<HidReport> sink, boolean lineTiming) {
    this.sink = Objects.requireNonNull(sink, "sink");
    this.lineTiming = lineTiming;
  }

  /**
   * Feeds one received byte to the frame assembler.
   *
   * @return a complete request frame, or null while one is still being assembled
   */
  abstract byte @Nullable [] assemble(int b);

  /**
   * Acts on one complete request frame and returns the reply to send (null for none). Decoded
   * reports go to {@link #deliver(HidReport)}.
   */
  abstract byte @Nullable [] handle(byte[] frame);

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
      reportTimes.add(System.nanoTime());
      notifyAll();
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
  public synchronized SerialDeviceEmulator start(
      InputStream input, OutputStream output, String name) {
    if (thread != null) {
      throw new IllegalStateException("already serving");
    }
    this.in = input;
    this.out = output;
    thread =
        new Thread(
            () -> {
              try {
                serve(input, output);
              } catch (IOException e) {
                if (!closed) {
                  serveFailure = e;
                }
              } catch (RuntimeException e) {
                serveFailure = e;
              }
            },
            name);
    thread.setDaemon(true);
    thread.start();
    return this;
  }

  /**
   * Serves until the input ends (EOF or a hung-up terminal): reads on the calling thread and acts
   * on a second thread, and returns once every frame read has been acted on.
   *
   * @throws IOException when reading or writing fails
   */
  public void serve(InputStream input, OutputStream output) throws IOException {
    synchronized (this) {
      inputEnded = false;
    }
    IOException[] actFailure = new IOException[1];
    Thread actor =
        new Thread(
            () -> {
              try {
                act(output);
              } catch (IOException e) {
                actFailure[0] = e;
              }
            },
            Thread.currentThread().getName() + " device");
    actor.setDaemon(true);
    actor.start();
    try {
      byte[] buf = new byte[256];
      int n;
      while ((n = input.read(buf)) >= 0) {
        long readAt = System.nanoTime();
        synchronized (this) {
          lastActivityNanos = readAt;
          for (int i = 0; i < n; i++) {
            byte[] frame = assemble(buf[i] & 0xFF);
            if (frame != null) {
              queue.addLast(new Arrival(frame, readAt));
              inFlight++;
            }
          }
          notifyAll();
        }
      }
    } finally {
      synchronized (this) {
        inputEnded = true;
        notifyAll();
      }
      try {
        actor.join();
      } catch (InterruptedException e) {
        actor.interrupt();
        Thread.currentThread().interrupt();
      }
    }
    if (actFailure[0] != null) {
      throw actFailure[0];
    }
  }

  /** Acts on queued frames in order until the input ended and the queue is empty. */
  private void act(OutputStream output) throws IOException {
    while (true) {
      Arrival next;
      synchronized (this) {
        while (queue.isEmpty() && !inputEnded) {
          try {
            wait();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("device thread interrupted");
          }
        }
        if (queue.isEmpty()) {
          return;
        }
        next = queue.removeFirst();
      }
      try {
        onFrame(next.frame, next.readAt, output);
      } finally {
        synchronized (this) {
          inFlight--;
          lastActivityNanos = System.nanoTime();
          notifyAll();
        }
      }
    }
  }

  private void onFrame(byte[] frame, long readAt, OutputStream output) throws IOException {
    FrameFault fault;
    synchronized (this) {
      if (vanished) {
        return; // the line died: whatever was still queued never reaches the device
      }
      fault =
          schedule == null
              ? FrameFault.NONE
              : Objects.requireNonNull(schedule.apply(scheduled++), "fault");
      if (fault.kind() == FrameFault.Kind.VANISH && hangUpAction == null) {
        fault = FrameFault.NONE; // nothing to hang up with
      }
      if (fault.kind() != FrameFault.Kind.NONE) {
        faultCounts.merge(fault.kind(), 1, Integer::sum);
      }
    }
    long actAt = readAt + fault.delay().toNanos();
    if (lineTiming) {
      // The frame's bytes left the host when it wrote them (about readAt) but need their wire
      // time to arrive; a frame queued behind another waits for the line.
      long done = Math.max(readAt, lineFreeAt) + wireNanos(frame.length);
      lineFreeAt = done;
      actAt = Math.max(actAt, done);
    }
    // A late device still takes frames in order.
    actAt = Math.max(actAt, lastActedAt);
    sleepUntil(actAt);
    lastActedAt = actAt;
    boolean answer;
    boolean reject;
    Runnable hangUp = null;
    synchronized (this) {
      frames.add(frame.clone());
      frameTimes.add(System.nanoTime());
      notifyAll();
      if (fault.kind() == FrameFault.Kind.VANISH) {
        hangUp = hangUpAction;
        vanished = hangUp != null;
      }
      answer = !silent && fault.kind() != FrameFault.Kind.DROP && !vanished;
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
        vanished = true;
      }
    }
    if (hangUp != null) {
      hangUp.run();
      return;
    }
    if (!answer) {
      return;
    }
    byte[] handled = frame;
    if (fault.kind() == FrameFault.Kind.DAMAGED_REQUEST) {
      handled = frame.clone();
      handled[handled.length - 1] ^= (byte) 0x5A;
    }
    byte[] reply = reject ? errorReply(handled, rejectCode) : handle(handled);
    if (reply == null) {
      return;
    }
    byte[] garbage = new byte[0];
    synchronized (this) {
      if ((corruptReplies > 0 || fault.kind() == FrameFault.Kind.CORRUPT_REPLY)
          && reply.length > 0) {
        if (fault.kind() != FrameFault.Kind.CORRUPT_REPLY) {
          corruptReplies--;
        }
        reply = reply.clone();
        reply[reply.length - 1] ^= (byte) 0x5A;
      }
      if (fault.kind() == FrameFault.Kind.GARBAGE) {
        garbage = noise(reply);
      }
    }
    byte[] wire =
        fault.kind() == FrameFault.Kind.DUPLICATE_REPLY
            ? concat(reply, reply)
            : concat(garbage, reply);
    if (lineTiming) {
      sleepUntil(System.nanoTime() + wireNanos(wire.length));
    }
    output.write(wire);
    output.flush();
    afterReply(frame);
  }

  /**
   * Line noise: a few random bytes, biased towards the protocol's head bytes (those of the reply it
   * precedes), so that noise can start a false frame that swallows the real reply.
   */
  private byte[] noise(byte[] reply) {
    byte[] g = new byte[1 + noise.nextInt(MAX_GARBAGE)];
    for (int i = 0; i < g.length; i++) {
      g[i] =
          noise.nextInt(3) == 0
              ? reply[noise.nextInt(Math.min(2, reply.length))]
              : (byte) noise.nextInt(256);
    }
    return g;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = new byte[a.length + b.length];
    System.arraycopy(a, 0, c, 0, a.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
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
   * Fault: when the {@code count}-th next frame arrives, run {@code hangUp} (typically {@link
   * PseudoTerminalPair#hangUp()}) instead of acting on or answering it: the line dies in the middle
   * of a gesture.
   */
  public synchronized void hangUpAfterFrames(int count, Runnable hangUp) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, was " + count);
    }
    hangUpAfter = count;
    hangUpAction = Objects.requireNonNull(hangUp, "hangUp");
  }

  /**
   * Fault schedule: the {@code n}-th frame acted on from now on (counting from 0) suffers {@code
   * schedule.apply(n)}. A {@link FrameFault.Kind#VANISH} runs {@code hangUp} (typically {@link
   * PseudoTerminalPair#hangUp()}); without one it is ignored.
   */
  public synchronized void injectFaults(
      IntFunction<FrameFault> schedule, @Nullable Runnable hangUp) {
    this.schedule = Objects.requireNonNull(schedule, "schedule");
    this.scheduled = 0;
    if (hangUp != null) {
      this.hangUpAction = hangUp;
    }
  }

  /** Every frame from now on is handled correctly again. */
  public synchronized void clearFaults() {
    schedule = null;
  }

  /** How many frames suffered each kind of scheduled fault so far. */
  public synchronized Map<FrameFault.Kind, Integer> faultCounts() {
    return Map.copyOf(faultCounts);
  }

  /** Every report decoded so far, oldest first. */
  public synchronized List<HidReport> reports() {
    return List.copyOf(reports);
  }

  /**
   * {@link System#nanoTime()} at which each report of {@link #reports()} was acted on: when the
   * device consumed the frame that carried it.
   */
  public synchronized List<Long> reportTimes() {
    return List.copyOf(reportTimes);
  }

  /** Forgets the recorded reports and frames. */
  public synchronized void clearRecording() {
    reports.clear();
    reportTimes.clear();
    frames.clear();
    frameTimes.clear();
  }

  /** Every request frame the device read so far (valid or not, acted on or not), oldest first. */
  public synchronized List<byte[]> frames() {
    List<byte[]> copy = new ArrayList<>(frames.size());
    for (byte[] f : frames) {
      copy.add(f.clone());
    }
    return copy;
  }

  /**
   * {@link System#nanoTime()} at which the device read each frame of {@link #frames()} (its last
   * byte arrived, plus the delay of a late frame).
   */
  public synchronized List<Long> frameTimes() {
    return List.copyOf(frameTimes);
  }

  /** Exceptions the sink threw (they are caught so the device keeps answering). */
  public synchronized List<Throwable> sinkFailures() {
    return List.copyOf(sinkFailures);
  }

  /** Why the serving thread stopped, if it failed (null while serving or after a clean end). */
  public @Nullable Throwable serveFailure() {
    return serveFailure;
  }

  /**
   * Waits until at least {@code count} frames have been read by the device.
   *
   * @return whether they were within the timeout
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
   * Waits until every frame received has been acted on and the line has been quiet (nothing
   * received or acted on) for {@code quiet}, so everything sent so far has been taken.
   */
  public void awaitQuiet(Duration quiet, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      long since;
      synchronized (this) {
        if (inFlight > 0) {
          wait(Math.max(1, Math.min(50, (deadline - System.nanoTime()) / 1_000_000)));
          continue;
        }
        since = System.nanoTime() - lastActivityNanos;
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
      vanished = true; // frames still queued are not acted on
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

  private static void closeQuietly(@Nullable AutoCloseable c) {
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
