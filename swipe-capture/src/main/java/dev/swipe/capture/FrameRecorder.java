package dev.swipe.capture;

import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.capture.internal.NewestFrameSlot;
import dev.swipe.core.spi.Frame;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * Writes frames to a directory that {@code files:} replays: one JPEG per frame ({@code 000001.jpg},
 * ...) and {@code frames.tsv} with each file's capture time and size, so a run on a real rig can be
 * replayed offline, frame for frame and at its original pace.
 *
 * <p>{@code frames.tsv}: a comment line {@code # swipe-capture frames v1}, a header line {@code
 * file capture_nanos width height}, then one tab-separated line per frame. Capture times are the
 * device clock's readings; only their differences matter. Each line is flushed after its JPEG is
 * written, so a killed process leaves a readable recording.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class FrameRecorder implements AutoCloseable {
  /** The index file's name. */
  public static final String INDEX = "frames.tsv";

  static final String MAGIC = "# swipe-capture frames v1";

  /** The index's column header, the line after its first; a reader of the index skips it. */
  public static final String HEADER = "file\tcapture_nanos\twidth\theight";

  private final Path dir;
  private final BufferedWriter index;
  private int count;
  private boolean closed;

  private FrameRecorder(Path dir, BufferedWriter index) {
    this.dir = dir;
    this.index = index;
  }

  /**
   * Starts a recording in {@code dir} (created if missing; it must not already hold one).
   *
   * @throws SwipeException {@code invalid_argument} (field {@code record}) when the directory
   *     cannot be used
   */
  public static FrameRecorder create(Path dir) {
    try {
      Files.createDirectories(dir);
      Path index = dir.resolve(INDEX);
      if (Files.exists(index)) {
        throw SwipeException.invalidArgument(
            "record", dir + " already holds a recording (" + INDEX + ")");
      }
      BufferedWriter writer =
          Files.newBufferedWriter(
              index,
              StandardCharsets.UTF_8,
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE);
      writer.write(MAGIC + "\n" + HEADER + "\n");
      writer.flush();
      return new FrameRecorder(dir, writer);
    } catch (IOException e) {
      throw new SwipeException(
          dev.swipe.base.CommonCode.INVALID_ARGUMENT,
          "record: cannot record into " + dir + ": " + e.getMessage(),
          Map.of("field", "record"),
          e);
    }
  }

  /** Appends one frame. */
  public synchronized void record(Frame frame) {
    if (closed) {
      throw NewestFrameSlot.closedError("recorder " + dir);
    }
    String file = String.format("%06d.jpg", count + 1);
    try {
      Files.write(dir.resolve(file), frame.jpeg());
      index.write(
          file + "\t" + frame.captureNanos() + "\t" + frame.width() + "\t" + frame.height() + "\n");
      index.flush();
      count++;
    } catch (IOException e) {
      throw new SwipeException(
          dev.swipe.base.CommonCode.INVALID_ARGUMENT,
          "record: writing " + file + " into " + dir + " failed: " + e.getMessage(),
          Map.of("field", "record"),
          e);
    }
  }

  /** Frames written so far. */
  public synchronized int frameCount() {
    return count;
  }

  /** The recording directory. */
  public Path directory() {
    return dir;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      index.close();
    } catch (IOException ignored) {
      // every line was flushed when written
    }
  }
}
