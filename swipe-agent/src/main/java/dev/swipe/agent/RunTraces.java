package dev.swipe.agent;

import dev.swipe.core.ErrorCode;
import dev.swipe.core.SwipeException;
import dev.swipe.core.trace.TraceWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where the servers' runs ({@code --trace DIR}) leave their traces: one sub-directory of {@code
 * DIR} per run, named by when it started and what it is ({@code 20261201-040512.345-connection-1}),
 * so a server's runs never mix in one file and {@code report DIR} renders each.
 *
 * <p>The root is checked when the server starts (a coded error then, never in the middle of a run).
 * A run whose own directory cannot be made later (the disk filled up) goes on untraced, and the
 * server says so on its log; a trace that reaches its budget or a full disk stops with a recorded
 * reason while the run goes on.
 */
final class RunTraces {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss.SSS").withZone(ZoneOffset.UTC);
  private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");

  private final Path root;
  private final long maxBytes;
  private final PrintStream log;

  private RunTraces(Path root, long maxBytes, PrintStream log) {
    this.root = root;
    this.maxBytes = maxBytes;
    this.log = log;
  }

  /**
   * Checks that {@code root} can hold traces: it is created if missing and a file is written and
   * removed in it.
   *
   * @param maxBytes each run's trace budget (at least 4096)
   * @throws SwipeException {@code invalid_argument} (field {@code trace}) when it cannot be
   *     written, (field {@code trace_max_bytes}) for a budget under 4096
   */
  static RunTraces open(Path root, long maxBytes, PrintStream log) {
    SwipeException.requireArgument(root, "trace");
    if (maxBytes < 4096) {
      throw SwipeException.invalidArgument(
          "trace_max_bytes", "must be at least 4096, was " + maxBytes);
    }
    try {
      Files.createDirectories(root);
      Path probe = Files.createTempFile(root, ".swipe-write-check", ".tmp");
      Files.delete(probe);
    } catch (IOException | RuntimeException e) {
      throw new SwipeException(
          ErrorCode.INVALID_ARGUMENT,
          "trace: cannot write traces in " + root + ": " + e,
          Map.of("field", "trace", "path", root.toString()),
          e);
    }
    return new RunTraces(root, maxBytes, log);
  }

  /**
   * Builds {@code run} traced into a new sub-directory named for {@code label}; when that cannot be
   * made, untraced (the run matters more than its trace), saying why on the log.
   */
  AgentRun start(AgentRun.Builder run, String label) {
    Path dir;
    try {
      dir = newDirectory(label);
    } catch (IOException | RuntimeException e) {
      log.println(
          "swipe-agent: run "
              + label
              + " is not traced: cannot make its directory in "
              + root
              + ": "
              + e);
      return run.build();
    }
    try {
      return run.trace(dir, maxBytes).build();
    } catch (SwipeException e) {
      if (!"trace".equals(e.field())) {
        throw e;
      }
      log.println("swipe-agent: run " + label + " is not traced: " + e.getMessage());
      return run.trace(null, 0).build();
    }
  }

  private Path newDirectory(String label) throws IOException {
    String base = STAMP.format(Instant.now()) + "-" + UNSAFE.matcher(label).replaceAll("_");
    for (int i = 1; i <= 100; i++) {
      Path dir = root.resolve(i == 1 ? base : base + "-" + i);
      try {
        return Files.createDirectory(dir);
      } catch (FileAlreadyExistsException e) {
        // another run started in the same millisecond under the same name: take the next
      }
    }
    throw new IOException("100 directories named " + base + " already exist");
  }

  /** The default budget of each run's trace. */
  static long defaultMaxBytes() {
    return TraceWriter.DEFAULT_MAX_BYTES;
  }
}
