package dev.swipe.core.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.core.ErrorCode;
import dev.swipe.core.Observation;
import dev.swipe.core.SwipeException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Appends one JSON line per action to {@code DIR/trace.jsonl} and stores each screenshot once
 * beside it in {@code DIR/shots/}. Each record is a single write of a whole line, so a killed
 * process leaves at most one truncated last line, which {@link TraceReader} skips. Disk use is
 * bounded: past {@code maxBytes} no more screenshots are stored (records say so), and records
 * stop at twice that.
 */
public final class TraceWriter implements AutoCloseable {
  /** The trace file's name inside the trace directory. */
  public static final String FILE = "trace.jsonl";
  /** Where screenshots go, relative to the trace directory. */
  public static final String SHOTS = "shots";
  /** Default disk budget: 512 MiB. */
  public static final long DEFAULT_MAX_BYTES = 512L * 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final long maxBytes;
  private final FileChannel channel;
  private final AtomicLong seq = new AtomicLong();
  private final Set<String> storedShots = new HashSet<>();
  private long bytes;
  private boolean closed;

  private TraceWriter(Path dir, long maxBytes, FileChannel channel, long existingBytes) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.channel = channel;
    this.bytes = existingBytes;
  }

  /**
   * Opens (or continues) a trace in {@code dir}.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code trace}) when the directory
   *     cannot be created or written
   */
  public static TraceWriter open(Path dir, long maxBytes) {
    SwipeException.requireArgument(dir, "trace");
    if (maxBytes < 1024) {
      throw SwipeException.invalidArgument("trace_max_bytes", "must be at least 1024, was " + maxBytes);
    }
    try {
      Files.createDirectories(dir.resolve(SHOTS));
      FileChannel ch = FileChannel.open(dir.resolve(FILE),
          StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
      return new TraceWriter(dir, maxBytes, ch, directorySize(dir));
    } catch (IOException e) {
      throw new SwipeException(ErrorCode.INVALID_ARGUMENT,
          "trace: cannot write a trace in " + dir + ": " + e.getMessage(), Map.of("field", "trace", "path", dir.toString()), e);
    }
  }

  /** The trace directory. */
  public Path directory() {
    return dir;
  }

  /** A new record builder stamped with the next sequence number. */
  public ObjectNode newRecord(String action, double timeMs, String runId) {
    ObjectNode r = JSON.createObjectNode();
    r.put("seq", seq.incrementAndGet());
    r.put("t_ms", timeMs);
    r.put("run", runId);
    r.put("action", action);
    return r;
  }

  /** Stores a screenshot once and puts its id and relative file into {@code record.field}. */
  public synchronized void attachShot(ObjectNode record, String field, Observation o) {
    if (o == null) {
      return;
    }
    ObjectNode shot = record.putObject(field);
    shot.put("id", o.id());
    shot.put("width", o.width());
    shot.put("height", o.height());
    shot.put("settled", o.settled());
    String name = o.runId() + "-" + o.id() + ".jpg";
    if (storedShots.contains(name)) {
      shot.put("file", SHOTS + "/" + name);
      return;
    }
    if (bytes + o.jpegSize() > maxBytes) {
      shot.put("skipped", "trace disk budget of " + maxBytes + " bytes reached");
      return;
    }
    try {
      Files.write(dir.resolve(SHOTS).resolve(name), o.jpeg());
      bytes += o.jpegSize();
      storedShots.add(name);
      shot.put("file", SHOTS + "/" + name);
    } catch (IOException e) {
      shot.put("skipped", "could not store: " + e.getMessage());
    }
  }

  /** Appends a record as one line; never throws (a trace must not break the action it records). */
  public synchronized boolean append(ObjectNode record) {
    if (closed || bytes > 2 * maxBytes) {
      return false;
    }
    try {
      byte[] line = (JSON.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8);
      ByteBuffer buf = ByteBuffer.wrap(line);
      while (buf.hasRemaining()) {
        channel.write(buf);
      }
      bytes += line.length;
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** A JSON array helper for callers building records. */
  public static ArrayNode array() {
    return JSON.createArrayNode();
  }

  /** A JSON object helper for callers building records. */
  public static ObjectNode object() {
    return JSON.createObjectNode();
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      channel.force(true);
      channel.close();
    } catch (IOException e) {
      // nothing more to save
    }
  }

  private static long directorySize(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
