package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.core.trace.TraceFormat;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Appends one JSON line per action to {@code DIR/trace.jsonl} and stores each screenshot once
 * beside it in {@code DIR/shots/}. Each record is a single write of a whole line, so a killed
 * process leaves at most one truncated last line, which {@link TraceReader} skips. The files and
 * names are {@link TraceFormat}'s.
 *
 * <p>Disk use is bounded by {@code maxBytes} for the whole directory: screenshots stop at three
 * quarters of it (records say so), records when the next line would not fit. A trace that stops, at
 * its budget or because the disk refused a write, ends with a {@code trace_stopped} record giving
 * the reason (when that line can still be written) and keeps everything written before; the run
 * goes on untraced. A directory that cannot be written fails when the trace is opened, before any
 * action.
 *
 * <p>A directory that already holds a trace (a second run given the same directory) is continued,
 * never merged or overwritten: records go on numbering after its last {@code seq} and their times
 * after its last record's end, and a run whose id the directory already holds (each process counts
 * its runs from {@code run-1}) is recorded under a new one, {@code run-1.2}, so its screenshots get
 * files of their own. A screenshot file is never written over.
 *
 * <p>Writes are not interruptible: a run whose thread is interrupted (a WebDriver session ended
 * under a gesture) still records the interrupted action, where an interruptible channel would close
 * itself and lose that record and every later one.
 */
public final class TraceWriter implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Room kept for the {@code trace_stopped} line. */
  private static final int STOP_RESERVE = 512;

  private final Path dir;
  private final long maxBytes;
  private final FileOutputStream out;
  private final AtomicLong seq;
  private final Set<String> storedShots = new HashSet<>();

  /** What the directory held when this writer opened it. */
  private final Prior prior;

  /** The id each run of this writer is recorded under (its own unless the directory had it). */
  private final Map<String, String> runIds = new HashMap<>();

  private long bytes;
  private boolean closed;
  private String stopReason;

  /**
   * What an earlier trace in the directory used: its last record number, when its last record
   * ended, its run ids and its screenshot files.
   */
  private record Prior(long lastSeq, double endMs, Set<String> runs, Set<String> shots) {
    static Prior of(Path dir) throws IOException {
      Set<String> shots = new HashSet<>();
      try (var files = Files.list(dir.resolve(TraceFormat.SHOTS))) {
        files.forEach(f -> shots.add(f.getFileName().toString()));
      }
      if (!Files.isRegularFile(dir.resolve(TraceFormat.FILE))) {
        return new Prior(0, 0, Set.of(), shots);
      }
      long last = 0;
      double end = 0;
      Set<String> runs = new HashSet<>();
      for (TraceRecord r : TraceReader.read(dir).records()) {
        last = Math.max(last, r.seq());
        end = Math.max(end, Math.max(r.timeMs(), r.endMs().orElse(0)));
        r.runId().ifPresent(runs::add);
      }
      return new Prior(last, end, runs, shots);
    }

    /** True when {@code run} was used here: by a record, or by a screenshot file's name. */
    boolean taken(String run) {
      return runs.contains(run) || shots.stream().anyMatch(f -> f.startsWith(run + "-"));
    }
  }

  private TraceWriter(
      Path dir, long maxBytes, FileOutputStream out, long existingBytes, Prior prior) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.out = out;
    this.bytes = existingBytes;
    this.prior = prior;
    this.seq = new AtomicLong(prior.lastSeq());
  }

  /**
   * Opens (or continues) a trace in {@code dir}.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code trace}) when the directory cannot
   *     be created or written
   */
  public static TraceWriter open(Path dir, long maxBytes) {
    SwipeException.requireArgument(dir, "trace");
    if (maxBytes < 4096) {
      throw SwipeException.invalidArgument(
          "trace_max_bytes", "must be at least 4096, was " + maxBytes);
    }
    try {
      Files.createDirectories(dir.resolve(TraceFormat.SHOTS));
      if (!Files.isWritable(dir.resolve(TraceFormat.SHOTS))) {
        throw new IOException(
            "the directory " + dir.resolve(TraceFormat.SHOTS) + " is not writable");
      }
      Prior prior = Prior.of(dir);
      FileOutputStream file = new FileOutputStream(dir.resolve(TraceFormat.FILE).toFile(), true);
      return new TraceWriter(dir, maxBytes, file, directorySize(dir), prior);
    } catch (IOException | RuntimeException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "trace: cannot write a trace in " + dir + ": " + e.getMessage(),
          Map.of("field", "trace", "path", dir.toString()),
          e);
    }
  }

  /** The trace directory. */
  public Path directory() {
    return dir;
  }

  /** Why the trace stopped before it was closed (budget reached, a write failed), if it did. */
  public synchronized java.util.Optional<String> stopReason() {
    return java.util.Optional.ofNullable(stopReason);
  }

  /**
   * Where this writer's time starts, in the trace's milliseconds: 0 for a new trace, the end of the
   * last record of a continued one (so a second run's steps follow the first's).
   */
  public double startMs() {
    return prior.endMs();
  }

  /**
   * The id {@code runId} is recorded under: itself, or {@code runId.N} when the directory already
   * held a run of that id (written by another process, whose runs count from {@code run-1} too).
   */
  public synchronized String runId(String runId) {
    return runIds.computeIfAbsent(
        runId,
        id -> {
          String name = id;
          for (int n = 2; prior.taken(name) || runIds.containsValue(name); n++) {
            name = id + "." + n;
          }
          return name;
        });
  }

  /** A new record builder stamped with the next sequence number. */
  public ObjectNode newRecord(String action, double timeMs, String runId) {
    ObjectNode r = JSON.createObjectNode();
    r.put("seq", seq.incrementAndGet());
    r.put("t_ms", timeMs);
    r.put("run", runId(runId));
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
    String name = runId(o.runId()) + "-" + o.id() + ".jpg";
    if (storedShots.contains(name)) {
      shot.put("file", TraceFormat.SHOTS + "/" + name);
      return;
    }
    if (stopReason != null) {
      shot.put("skipped", "the trace stopped: " + stopReason);
      return;
    }
    if (bytes + o.jpegSize() > maxBytes / 4 * 3) {
      shot.put(
          "skipped",
          "trace disk budget of "
              + maxBytes
              + " bytes reached (screenshots may use three quarters)");
      return;
    }
    try {
      // createFile fails on a file already there (another writer's): it is never written over
      Path file = Files.createFile(dir.resolve(TraceFormat.SHOTS).resolve(name));
      try (FileOutputStream shotFile = new FileOutputStream(file.toFile())) {
        shotFile.write(o.jpeg());
      }
      bytes += o.jpegSize();
      storedShots.add(name);
      shot.put("file", TraceFormat.SHOTS + "/" + name);
    } catch (IOException e) {
      shot.put("skipped", "could not store: " + e.getMessage());
    }
  }

  /**
   * Appends a record as one line; never throws (a trace must not break the action it records).
   *
   * @return false when the record was not written: the trace is closed or stopped, or stops now
   */
  public synchronized boolean append(ObjectNode record) {
    if (closed || stopReason != null) {
      return false;
    }
    byte[] line;
    try {
      line = (JSON.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (IOException e) {
      return false;
    }
    if (bytes + line.length > maxBytes - STOP_RESERVE) {
      stop("trace disk budget of " + maxBytes + " bytes reached");
      return false;
    }
    try {
      write(line);
      return true;
    } catch (IOException e) {
      stop("writing the trace failed: " + e.getMessage());
      return false;
    }
  }

  /** Stops the trace, leaving a last record with the reason when the disk still takes it. */
  private void stop(String reason) {
    stopReason = reason;
    ObjectNode r = JSON.createObjectNode();
    r.put("seq", seq.incrementAndGet());
    r.put("action", TraceFormat.STOPPED);
    r.put("reason", reason);
    try {
      byte[] line = (JSON.writeValueAsString(r) + "\n").getBytes(StandardCharsets.UTF_8);
      if (line.length <= STOP_RESERVE) {
        write(line);
      }
    } catch (IOException e) {
      // the disk refused even the reason; what was written before stays readable
    }
  }

  private void write(byte[] line) throws IOException {
    out.write(line); // one write of the whole line
    bytes += line.length;
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
      out.getFD().sync();
      out.close();
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
