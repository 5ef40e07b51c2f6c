package dev.swipe.core.internal;

import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.TraceSink;
import dev.swipe.core.trace.TraceReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The default {@link TraceSink}: {@code DIR/trace.jsonl} appended one whole line per write, and
 * each file beside it, created once ({@code DIR/shots/}, {@code DIR/golden/}). Writes are not
 * interruptible: a run whose thread is interrupted (a WebDriver session ended under a gesture)
 * still records the interrupted action, where an interruptible channel would close itself and lose
 * that record and every later one.
 */
public final class DirectorySink implements TraceSink {
  /** A file's name: a directory and a file, neither starting with a dot. */
  static final Pattern FILE_NAME =
      Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}");

  private final Path dir;
  private final FileOutputStream out;
  private boolean closed;
  private @Nullable String stopReason;

  private DirectorySink(Path dir, FileOutputStream out) {
    this.dir = dir;
    this.out = out;
  }

  /**
   * Opens (or continues) the trace file in {@code dir}, creating the directory and its {@code
   * shots/} and checking they can be written.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code trace}) when they cannot
   */
  public static DirectorySink open(Path dir) {
    SwipeException.requireArgument(dir, "trace");
    try {
      Files.createDirectories(dir.resolve(TraceReader.SHOTS));
      if (!Files.isWritable(dir.resolve(TraceReader.SHOTS))) {
        throw new IOException(
            "the directory " + dir.resolve(TraceReader.SHOTS) + " is not writable");
      }
      return new DirectorySink(
          dir, new FileOutputStream(dir.resolve(TraceReader.FILE).toFile(), true));
    } catch (IOException | RuntimeException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "trace: cannot write a trace in " + dir + ": " + e.getMessage(),
          Map.of("field", "trace", "path", dir.toString()),
          e);
    }
  }

  @Override
  public Optional<Path> directory() {
    return Optional.of(dir);
  }

  @Override
  public synchronized boolean append(String record) {
    if (closed) {
      return false;
    }
    try {
      out.write((record + "\n").getBytes(StandardCharsets.UTF_8)); // one write of the whole line
      return stopReason == null;
    } catch (IOException e) {
      if (stopReason == null) {
        stopReason = "writing the trace failed: " + e.getMessage();
      }
      return false;
    }
  }

  @Override
  public synchronized Optional<String> store(String name, byte[] bytes) {
    if (closed) {
      return Optional.of("the trace is closed");
    }
    if (!FILE_NAME.matcher(name).matches()) {
      return Optional.of("'" + name + "' is not a file name of a trace");
    }
    try {
      Path file = dir.resolve(name);
      Files.createDirectories(file.getParent());
      // createFile fails on a file already there (another writer's): it is never written over
      Files.createFile(file);
      try (FileOutputStream f = new FileOutputStream(file.toFile())) {
        f.write(bytes);
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }

  @Override
  public synchronized Optional<String> stopReason() {
    return Optional.ofNullable(stopReason);
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      out.getFD().sync();
      out.close();
    } catch (IOException e) {
      // nothing more to save
    }
  }

  @Override
  public String toString() {
    return dir.toString();
  }
}
