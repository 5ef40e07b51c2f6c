package dev.swipe.video;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.Api;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Device;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.HidReport;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.video.internal.FramePainter;
import dev.swipe.video.internal.Mp4Writer;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Records the frames a device captures during a run into an MP4 (H.264 by jcodec, pure Java).
 *
 * <pre>{@code
 * try (Device phone = Device.builder().device("sim:").trace(dir).open();
 *     VideoRecorder video = VideoRecorder.start(phone, dir.resolve("video.mp4"), Options.DEFAULT)) {
 *   phone.scroll(Scroll.of(ScrollDirection.DOWN));
 * }   // the report rendered from dir links each step to its moment in the video
 * }</pre>
 *
 * <p>What is recorded: every frame the device captured (settling, probes, a fling's coast), at its
 * capture time. Timing is variable: each frame is shown from its capture time until the next
 * frame's, so the video's clock is the device's and nothing is duplicated; between actions, when
 * the device captures nothing, the last screen stays up. Frames closer together than the frame rate
 * cap are thinned (the latest one of a burst is kept when the next step starts).
 *
 * <p>The device's thread only hands frames over: decoding, drawing and encoding happen on the
 * recorder's own thread, and when it falls behind by more than the queue, newer frames are dropped
 * (counted in the summary) rather than slowing the run. At the disk or duration budget recording
 * stops with a reason and the file stays playable. Beside the MP4 a JSON sidecar ({@code
 * video.mp4.json}) gives its start on the device clock, which the HTML report (swipe-report) uses
 * to link each step of a trace in the same directory to its moment.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class VideoRecorder implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Object END = new Object();

  /** Index bytes kept free per frame, and in all, below the disk budget. */
  private static final long INDEX_BYTES_PER_FRAME = 64;

  private static final long INDEX_BYTES = 16 * 1024;

  private final Path file;
  private final Options options;
  private final Mp4Writer writer;
  private final FramePainter painter;
  private final Device.Listener.Registration registration;
  private final BlockingQueue<Object> queue;
  private final Thread worker;
  private final long minGapNanos;

  // device thread state (guarded by this)
  private long origin = Long.MIN_VALUE;
  private long lastSeen = Long.MIN_VALUE;
  private long lastAccepted = Long.MIN_VALUE;
  private @Nullable Frame pending;
  private int thinned;
  private int dropped;
  private boolean closed;
  private final Deque<TouchAt> touches = new ArrayDeque<>();
  private final Object stopping = new Object();

  /** A pointer report as heard, on the device clock. */
  private record TouchAt(double x, double y, boolean pressed, long atNanos) {}

  private final List<long[]> labelTimes = new ArrayList<>();
  private final List<String> labels = new ArrayList<>();

  // worker state
  private final List<Long> written = new ArrayList<>();
  private volatile @Nullable String stopReason;
  private @Nullable BufferedImage held;
  private long heldPts;
  private long lastFrameBytes;

  private VideoRecorder(Path file, Options options, Mp4Writer writer, Device device) {
    this.file = file;
    this.options = options;
    this.writer = writer;
    this.painter = new FramePainter(options.scale());
    this.queue = new ArrayBlockingQueue<>(options.queueFrames() + 1);
    this.minGapNanos = 1_000_000_000L / options.maxFps();
    this.worker = new Thread(this::work, "swipe-video-" + file.getFileName());
    this.worker.setDaemon(true);
    this.worker.start();
    this.registration =
        device
            .rig()
            .listen(
                new Device.Listener() {
                  @Override
                  public void frameCaptured(Frame frame) {
                    seen(frame);
                  }

                  @Override
                  public void pointerSent(HidReport.Pointer report, long atNanos) {
                    touched(report, atNanos);
                  }

                  @Override
                  public void stepStarted(String action, long atNanos) {
                    step(action, atNanos);
                  }
                });
  }

  /**
   * Starts recording {@code device}'s frames into {@code mp4} (replaced if it exists).
   *
   * @throws SwipeException {@code invalid_argument} (field {@code video}) when the file cannot be
   *     created, before anything is recorded
   */
  public static VideoRecorder start(Device device, Path mp4, Options options) {
    SwipeException.requireArgument(device, "device");
    SwipeException.requireArgument(mp4, "video");
    SwipeException.requireArgument(options, "options");
    Mp4Writer w;
    try {
      if (mp4.toAbsolutePath().getParent() != null) {
        Files.createDirectories(mp4.toAbsolutePath().getParent());
      }
      w = Mp4Writer.create(mp4);
    } catch (IOException | RuntimeException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "video: cannot write " + mp4 + ": " + e.getMessage(),
          Map.of("field", "video", "path", mp4.toString()),
          e);
    }
    try {
      return new VideoRecorder(mp4, options, w, device);
    } catch (RuntimeException e) {
      try {
        w.close();
      } catch (IOException | RuntimeException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  /** Why recording stopped on its own (disk or duration budget, a write failure), if it did. */
  public Optional<String> stopReason() {
    return Optional.ofNullable(stopReason);
  }

  // ---- device thread -----------------------------------------------------------------------

  private synchronized void seen(Frame f) {
    if (closed || stopReason != null || f.captureNanos() <= lastSeen) {
      return; // a frame grabbed twice is recorded once
    }
    lastSeen = f.captureNanos();
    if (origin == Long.MIN_VALUE) {
      origin = f.captureNanos();
    }
    if (lastAccepted == Long.MIN_VALUE || f.captureNanos() - lastAccepted >= minGapNanos) {
      if (pending != null) {
        thinned++;
        pending = null;
      }
      accept(f);
    } else {
      if (pending != null) {
        thinned++;
      }
      pending = f;
    }
  }

  private void accept(Frame f) {
    lastAccepted = f.captureNanos();
    if (!queue.offer(f)) {
      dropped++;
    }
  }

  private synchronized void flushPending() {
    if (pending != null) {
      Frame f = pending;
      pending = null;
      accept(f);
    }
  }

  private synchronized void touched(HidReport.Pointer r, long atNanos) {
    if (closed || !options.overlay()) {
      return;
    }
    touches.addLast(new TouchAt(r.at().x(), r.at().y(), r.pressed(), atNanos));
    while (touches.size() > 4000) {
      touches.removeFirst();
    }
  }

  private void step(String action, long atNanos) {
    flushPending();
    synchronized (this) {
      if (!closed && options.overlay()) {
        labelTimes.add(new long[] {atNanos});
        labels.add(action);
      }
    }
  }

  // ---- recorder thread ---------------------------------------------------------------------

  private void work() {
    try {
      while (true) {
        Object item = queue.take();
        if (item == END) {
          break;
        }
        if (stopReason == null) {
          encode((Frame) item);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void encode(Frame f) {
    long originNanos;
    synchronized (this) {
      originNanos = origin;
    }
    long pts = Math.max(0, (f.captureNanos() - originNanos) / 1_000_000L);
    try {
      if (pts > options.maxDuration().toMillis()) {
        stop("max_duration of " + options.maxDuration().toMillis() + " ms reached");
        return;
      }
      BufferedImage img = painter.decode(f.jpeg(), f.width(), f.height());
      if (options.overlay()) {
        paint(img, f.captureNanos(), originNanos);
      }
      BufferedImage last = held;
      if (last != null && !writeHeld(last, pts - heldPts)) {
        return;
      }
      held = img;
      heldPts = pts;
    } catch (IOException | RuntimeException e) {
      stop("writing the video failed: " + e);
    }
  }

  /**
   * Writes the held frame, {@code frame}, for {@code durationMs}; false (and stopped) when the
   * budget is reached.
   */
  private boolean writeHeld(BufferedImage frame, long durationMs) throws IOException {
    long before = writer.bytes();
    long reserve = INDEX_BYTES + INDEX_BYTES_PER_FRAME * (written.size() + 1);
    if (before + Math.max(lastFrameBytes, 1) * 3 / 2 + reserve > options.maxBytes()) {
      stop("max_bytes of " + options.maxBytes() + " bytes reached");
      return false;
    }
    writer.write(frame, heldPts, durationMs);
    written.add(heldPts);
    lastFrameBytes = writer.bytes() - before;
    held = null;
    return true;
  }

  private void paint(BufferedImage img, long atNanos, long originNanos) {
    List<FramePainter.Touch> trail = new ArrayList<>();
    String label = null;
    synchronized (this) {
      long from = atNanos - 1_000_000_000L;
      while (!touches.isEmpty() && touches.peekFirst().atNanos() < from - 1_000_000_000L) {
        touches.removeFirst(); // older than any frame still to come needs
      }
      for (TouchAt t : touches) {
        if (t.atNanos() >= from && t.atNanos() <= atNanos) {
          trail.add(
              new FramePainter.Touch(
                  t.x(), t.y(), t.pressed(), (t.atNanos() - originNanos) / 1_000_000L));
        }
      }
      for (int i = labels.size() - 1; i >= 0; i--) {
        if (labelTimes.get(i)[0] <= atNanos) {
          label = labels.get(i);
          break;
        }
      }
    }
    painter.overlay(img, trail, label, (atNanos - originNanos) / 1_000_000L);
  }

  private void stop(String reason) {
    if (stopReason == null) {
      stopReason = reason;
    }
  }

  // ---- ending ------------------------------------------------------------------------------

  /**
   * Stops listening, encodes the frames still queued, writes the MP4's index and the sidecar, and
   * says what was written; calling it twice returns the same summary.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code video}) when the file could not
   *     be finished
   */
  public Summary stop() {
    synchronized (stopping) {
      return finish();
    }
  }

  private Summary finish() {
    if (summary != null) {
      return summary;
    }
    registration.close();
    synchronized (this) {
      if (pending != null && stopReason == null) {
        Frame f = pending;
        pending = null;
        accept(f);
      }
      closed = true;
    }
    try {
      queue.put(END);
      worker.join(TimeUnit.MINUTES.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    worker.interrupt();
    try {
      BufferedImage last = held;
      if (last != null) {
        writeHeld(last, 1000L / options.maxFps());
      }
      writer.close();
      long duration =
          written.isEmpty() ? 0 : written.get(written.size() - 1) + 1000L / options.maxFps();
      int thinnedFrames;
      int droppedFrames;
      long originNanos;
      synchronized (this) {
        thinnedFrames = thinned;
        droppedFrames = dropped;
        originNanos = origin;
      }
      summary =
          new Summary(
              file,
              written,
              originNanos == Long.MIN_VALUE ? 0 : originNanos / 1e6,
              duration,
              Files.size(file),
              thinnedFrames,
              droppedFrames,
              Optional.ofNullable(stopReason));
      writeSidecar(summary);
      return summary;
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "video: cannot finish " + file + ": " + e.getMessage(),
          Map.of("field", "video", "path", file.toString()),
          e);
    }
  }

  private @Nullable Summary summary;

  private void writeSidecar(Summary s) throws IOException {
    ObjectNode j = JSON.createObjectNode();
    j.put("file", file.getFileName().toString());
    j.put("timing", "variable: each frame from its capture time to the next frame's");
    j.put("start_clock_ms", s.startClockMs());
    j.put("duration_ms", s.durationMs());
    j.put("frames", s.frames());
    j.put("thinned", s.thinned());
    j.put("dropped", s.dropped());
    s.stopReason().ifPresent(r -> j.put("stop_reason", r));
    var times = j.putArray("frame_times_ms");
    s.frameTimesMs().forEach(times::add);
    Files.writeString(
        file.resolveSibling(file.getFileName() + TraceReader.VIDEO_SIDECAR_SUFFIX),
        j.toPrettyString());
  }

  /** {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }

  /**
   * How to record: at most {@code maxFps} frames a second, except that the last frame seen before
   * each step starts is always kept (so every action's final screen is in the video), frames scaled
   * by {@code scale}, the finger path and step labels drawn when {@code overlay}, and the recording
   * stops (the file stays playable) at {@code maxBytes} or {@code maxDuration}.
   *
   * @param maxFps frames per second at most, 1..30 (default 10)
   * @param scale frame size relative to the capture, 0.1..1 (default 0.5)
   * @param overlay draw the finger path and the current step (default true)
   * @param maxBytes disk budget of the MP4, at least 64 KiB (default 256 MiB)
   * @param maxDuration longest video, up to 24 h (default 30 min)
   * @param queueFrames frames waiting for the encoder before newer ones are dropped, 1..1000
   *     (default 120)
   */
  public record Options(
      int maxFps,
      double scale,
      boolean overlay,
      long maxBytes,
      Duration maxDuration,
      int queueFrames) {
    /** The defaults. */
    public static final Options DEFAULT =
        new Options(10, 0.5, true, 256L * 1024 * 1024, Duration.ofMinutes(30), 120);

    /**
     * Validates every field.
     *
     * @throws SwipeException {@code invalid_argument} naming the field
     */
    public Options {
      if (maxFps < 1 || maxFps > 30) {
        throw SwipeException.invalidArgument("max_fps", "must be in [1, 30], was " + maxFps);
      }
      if (!(scale >= 0.1 && scale <= 1)) {
        throw SwipeException.invalidArgument("scale", "must be in [0.1, 1], was " + scale);
      }
      if (maxBytes < 64 * 1024) {
        throw SwipeException.invalidArgument(
            "max_bytes", "must be at least 65536, was " + maxBytes);
      }
      SwipeException.requireArgument(maxDuration, "max_duration");
      if (maxDuration.isNegative()
          || maxDuration.isZero()
          || maxDuration.compareTo(Duration.ofHours(24)) > 0) {
        throw SwipeException.invalidArgument(
            "max_duration", "must be in (0, 24 h], was " + maxDuration);
      }
      if (queueFrames < 1 || queueFrames > 1000) {
        throw SwipeException.invalidArgument(
            "queue_frames", "must be in [1, 1000], was " + queueFrames);
      }
    }

    /** These options with another frame rate cap. */
    public Options withMaxFps(int fps) {
      return new Options(fps, scale, overlay, maxBytes, maxDuration, queueFrames);
    }

    /** These options with another scale. */
    public Options withScale(double s) {
      return new Options(maxFps, s, overlay, maxBytes, maxDuration, queueFrames);
    }

    /** These options with or without the overlay. */
    public Options withOverlay(boolean on) {
      return new Options(maxFps, scale, on, maxBytes, maxDuration, queueFrames);
    }

    /** These options with another disk budget. */
    public Options withMaxBytes(long bytes) {
      return new Options(maxFps, scale, overlay, bytes, maxDuration, queueFrames);
    }

    /** These options with another longest duration. */
    public Options withMaxDuration(Duration d) {
      return new Options(maxFps, scale, overlay, maxBytes, d, queueFrames);
    }

    /** These options with another encoder queue length. */
    public Options withQueueFrames(int frames) {
      return new Options(maxFps, scale, overlay, maxBytes, maxDuration, frames);
    }
  }

  /**
   * What a recording wrote.
   *
   * @param file the MP4
   * @param frameTimesMs each written frame's presentation time in ms from the first frame: its
   *     capture time (variable frame timing: no frame is duplicated to fill a constant rate)
   * @param startClockMs the first frame's capture time on the device's clock, in ms (what a trace's
   *     {@code clock_ms} is measured on)
   * @param durationMs the video's length
   * @param bytes the file's size
   * @param thinned frames left out to keep to the frame rate cap
   * @param dropped frames left out because the encoder fell behind (its queue was full)
   * @param stopReason why recording stopped before {@link VideoRecorder#stop()}, if it did
   */
  public record Summary(
      Path file,
      List<Long> frameTimesMs,
      double startClockMs,
      long durationMs,
      long bytes,
      int thinned,
      int dropped,
      Optional<String> stopReason) {
    /** Copies the list. */
    public Summary {
      frameTimesMs = List.copyOf(frameTimesMs);
    }

    /** Frames written. */
    public int frames() {
      return frameTimesMs.size();
    }
  }
}
