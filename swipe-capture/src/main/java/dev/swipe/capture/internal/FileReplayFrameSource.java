package dev.swipe.capture.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.Sleeper;
import dev.swipe.base.SwipeException;
import dev.swipe.base.Ticker;
import dev.swipe.capture.FrameRecorder;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.spi.Frame;
import dev.swipe.core.spi.FrameSource;
import dev.swipe.diff.internal.JpegHeader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Replays a directory written by {@link FrameRecorder} as if it were live: the recording is laid on
 * the device's clock from the moment the source opens (optionally faster, or looped), and {@link
 * #grab} hands out the newest frame that had "arrived" by then, waiting on the device's {@link
 * Sleeper} for one that is fresh enough. On a virtual clock a replay runs instantly; on the system
 * clock at the recorded pace. When the recording is over, a frame newer than its end does not
 * exist: {@code capture_stale}.
 */
public final class FileReplayFrameSource implements FrameSource {
  /** One line of {@code frames.tsv}. */
  record Entry(String file, long recordedNanos, int width, int height) {}

  private final Path dir;
  private final List<Entry> entries;
  private final CaptureOptions options;
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final double speed;
  private final boolean loop;
  private final long origin;
  private final long span;
  private final ScreenPipeline pipeline;
  private volatile boolean closed;

  FileReplayFrameSource(
      Path dir,
      CaptureOptions options,
      Ticker ticker,
      Sleeper sleeper,
      double speed,
      boolean loop) {
    this.dir = dir;
    this.entries = readIndex(dir);
    this.options = options;
    this.ticker = ticker;
    this.sleeper = sleeper;
    this.speed = speed;
    this.loop = loop;
    this.pipeline = new ScreenPipeline(options);
    long first = entries.get(0).recordedNanos();
    long last = entries.get(entries.size() - 1).recordedNanos();
    long gap = entries.size() > 1 ? (last - first) / (entries.size() - 1) : 33_333_333L;
    this.span = Math.max(1, last - first + Math.max(1, gap));
    this.origin = ticker.read();
  }

  /** Frames in the recording. */
  public int frameCount() {
    return entries.size();
  }

  @Override
  public Frame grab(long notBeforeNanos, Duration timeout) {
    SwipeException.requireArgument(timeout, "timeout");
    if (closed) {
      throw NewestFrameSlot.closedError(toString());
    }
    long due = notBeforeNanos + options.latency().toNanos();
    long now = ticker.read();
    long newest = newestAt(now);
    long index = newest >= 0 && timeOf(newest) >= due ? newest : firstAtOrAfter(due);
    if (index < 0) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("source", toString());
      details.put("frames", entries.size());
      details.put("recording_ended_before_due_ms", (due - timeOf(entries.size() - 1)) / 1_000_000L);
      throw new SwipeException(
          ErrorCode.CAPTURE_STALE,
          "the recording in "
              + dir
              + " ends before the asked time; its last frame is older (use loop=true to repeat it)",
          details,
          null);
    }
    long at = timeOf(index);
    long wait = at - now;
    if (wait > timeout.toNanos()) {
      throw new SwipeException(
          ErrorCode.CAPTURE_TIMEOUT,
          "the next replayed frame fresh enough is "
              + wait / 1_000_000L
              + " ms away, beyond the "
              + timeout.toMillis()
              + " ms timeout",
          Map.of("source", toString(), "timeout_ms", timeout.toMillis()),
          null);
    }
    if (wait > 0) {
      try {
        sleeper.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SwipeException(
            CommonCode.INTERRUPTED, "interrupted while waiting for a replayed frame");
      }
    }
    if (closed) {
      throw NewestFrameSlot.closedError(toString());
    }
    Entry entry = entries.get((int) (index % entries.size()));
    byte[] jpeg = read(entry);
    // read(entry) refuses bytes that are not a whole JPEG
    JpegHeader size = Objects.requireNonNull(JpegHeader.readComplete(jpeg, jpeg.length), "header");
    return pipeline.toFrame(
        new NewestFrameSlot.Captured(jpeg, null, size.width(), size.height(), at, index + 1));
  }

  /** When global frame {@code index} (cycles counted on) "arrives" on the device clock. */
  private long timeOf(long index) {
    long cycle = index / entries.size();
    Entry e = entries.get((int) (index % entries.size()));
    long recorded = cycle * span + (e.recordedNanos() - entries.get(0).recordedNanos());
    return origin + (long) (recorded / speed);
  }

  /** The newest frame arrived at or before {@code t}, or -1. */
  private long newestAt(long t) {
    if (t < origin) {
      return -1;
    }
    long lo = 0;
    long hi =
        loop
            ? Math.max(entries.size(), ((long) ((t - origin) * speed) / span + 1) * entries.size())
            : entries.size() - 1;
    if (timeOf(lo) > t) {
      return -1;
    }
    while (lo < hi) {
      long mid = lo + (hi - lo + 1) / 2;
      if (timeOf(mid) <= t) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The first frame arriving at or after {@code t}, or -1 when the recording ends before. */
  private long firstAtOrAfter(long t) {
    long newest = newestAt(t);
    long candidate = newest < 0 ? 0 : (timeOf(newest) >= t ? newest : newest + 1);
    if (!loop && candidate >= entries.size()) {
      return -1;
    }
    return candidate;
  }

  private byte[] read(Entry entry) {
    try {
      byte[] jpeg = Files.readAllBytes(dir.resolve(entry.file()));
      if (JpegHeader.readComplete(jpeg, jpeg.length) == null) {
        throw new SwipeException(
            CommonCode.IMAGE_DECODE_FAILED,
            "recorded frame " + entry.file() + " in " + dir + " is not a whole JPEG",
            Map.of("file", entry.file()),
            null);
      }
      return jpeg;
    } catch (IOException e) {
      throw new SwipeException(
          CommonCode.IMAGE_DECODE_FAILED,
          "cannot read recorded frame " + entry.file() + " in " + dir + ": " + e.getMessage(),
          Map.of("file", entry.file()),
          e);
    }
  }

  static List<Entry> readIndex(Path dir) {
    Path index = dir.resolve(FrameRecorder.INDEX);
    List<String> lines;
    try {
      lines = Files.readAllLines(index, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw SwipeException.invalidArgument(
          "path",
          "no recording at "
              + dir
              + " (cannot read "
              + FrameRecorder.INDEX
              + ": "
              + e.getMessage()
              + ")");
    }
    List<Entry> entries = new ArrayList<>();
    long previous = Long.MIN_VALUE;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#") || line.equals(FrameRecorder.HEADER)) {
        continue;
      }
      String[] cols = line.split("\t", -1); // stripped: no trailing empty column either way
      try {
        if (cols.length != 4
            || cols[0].contains("/")
            || cols[0].contains("\\")
            || cols[0].startsWith(".")) {
          throw new NumberFormatException();
        }
        Entry e =
            new Entry(
                cols[0],
                Long.parseLong(cols[1]),
                Integer.parseInt(cols[2]),
                Integer.parseInt(cols[3]));
        if (e.width() <= 0 || e.height() <= 0 || e.recordedNanos() < previous) {
          throw new NumberFormatException();
        }
        previous = e.recordedNanos();
        entries.add(e);
      } catch (NumberFormatException e) {
        throw SwipeException.invalidArgument(
            "path",
            FrameRecorder.INDEX
                + " line "
                + (i + 1)
                + " must be 'file<TAB>capture_nanos<TAB>width<TAB>height' with"
                + " non-decreasing times and a plain file name, was '"
                + line
                + "'");
      }
    }
    if (entries.isEmpty()) {
      throw SwipeException.invalidArgument("path", "the recording at " + dir + " holds no frames");
    }
    return entries;
  }

  @Override
  public Duration latency() {
    return options.latency();
  }

  @Override
  public void close() {
    closed = true;
  }

  @Override
  public String toString() {
    return "files:" + dir;
  }
}
