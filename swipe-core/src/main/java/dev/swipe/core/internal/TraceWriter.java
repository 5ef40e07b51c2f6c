package dev.swipe.core.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.Observation;
import dev.swipe.core.spi.TraceSink;
import dev.swipe.core.trace.TraceReader;
import dev.swipe.core.trace.TraceRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * Builds a run's trace records and hands them, with the screenshots they name, to a {@link
 * TraceSink}: by default a directory, {@code DIR/trace.jsonl} with one JSON line per action and
 * each screenshot once beside it in {@code DIR/shots/}. Each record is a single write of a whole
 * line, so a killed process leaves at most one truncated last line, which {@link TraceReader}
 * skips. The files and names are {@link TraceReader}'s.
 *
 * <p>The trace's size is bounded by {@code maxBytes}, wherever its sink keeps it: screenshots stop
 * at three quarters of it (records say so), records when the next line would not fit. A trace that
 * stops, at its budget or because its sink stopped (the disk refused a write, a collector refused
 * the trace), ends with a {@code trace_stopped} record giving the reason (when the sink can still
 * take that line) and keeps everything written before; the run goes on untraced. A directory that
 * cannot be written fails when the trace is opened, before any action.
 *
 * <p>A directory that already holds a trace (a second run given the same directory) is continued,
 * never merged or overwritten: records go on numbering after its last {@code seq} and their times
 * after its last record's end, and a run whose id the directory already holds (each process counts
 * its runs from {@code run-1}) is recorded under a new one, {@code run-1.2}, so its screenshots get
 * files of their own. A screenshot file is never written over. A sink that is no directory starts a
 * new trace.
 *
 * <p>A sink that throws, against its contract, counts as stopped: a trace never breaks the action
 * it records.
 */
public final class TraceWriter implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Room kept for the {@code trace_stopped} line. */
  private static final int STOP_RESERVE = 512;

  private final TraceSink sink;
  private final long maxBytes;
  private final AtomicLong seq;
  private final Set<String> storedShots = new HashSet<>();

  /** What the directory held when this writer opened it. */
  private final Prior prior;

  /** The id each run of this writer is recorded under (its own unless the directory had it). */
  private final Map<String, String> runIds = new HashMap<>();

  private long bytes;
  private boolean closed;
  private @Nullable String stopReason;

  /**
   * What an earlier trace in the directory used: its last record number, when its last record
   * ended, its run ids and its screenshot files.
   */
  private record Prior(long lastSeq, double endMs, Set<String> runs, Set<String> shots) {
    static final Prior NONE = new Prior(0, 0, Set.of(), Set.of());

    static Prior of(Path dir) throws IOException {
      Set<String> shots = new HashSet<>();
      try (var files = Files.list(dir.resolve(TraceReader.SHOTS))) {
        files.forEach(f -> shots.add(f.getFileName().toString()));
      }
      if (!Files.isRegularFile(dir.resolve(TraceReader.FILE))) {
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

  private TraceWriter(TraceSink sink, long maxBytes, long existingBytes, Prior prior) {
    this.sink = sink;
    this.maxBytes = maxBytes;
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
    checkBudget(maxBytes);
    return open(DirectorySink.open(dir), maxBytes);
  }

  /**
   * Opens a trace into {@code sink}, continuing what its {@linkplain TraceSink#directory()
   * directory} holds, if it has one. The writer owns the sink from here: it is closed when the
   * writer is, or now when this fails.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code trace}) when the sink's directory
   *     cannot be read, (field {@code trace_max_bytes}) for a budget under 4096
   */
  public static TraceWriter open(TraceSink sink, long maxBytes) {
    SwipeException.requireArgument(sink, "trace");
    try {
      checkBudget(maxBytes);
      Optional<Path> dir = sink.directory();
      if (dir.isEmpty()) {
        return new TraceWriter(sink, maxBytes, 0, Prior.NONE);
      }
      try {
        Prior prior = Prior.of(dir.get());
        return new TraceWriter(sink, maxBytes, directorySize(dir.get()), prior);
      } catch (IOException | RuntimeException e) {
        throw new SwipeException(
            CommonCode.INVALID_ARGUMENT,
            "trace: cannot write a trace in " + dir.get() + ": " + e.getMessage(),
            Map.of("field", "trace", "path", dir.get().toString()),
            e);
      }
    } catch (RuntimeException e) {
      closeQuietly(sink);
      throw e;
    }
  }

  private static void checkBudget(long maxBytes) {
    if (maxBytes < 4096) {
      throw SwipeException.invalidArgument(
          "trace_max_bytes", "must be at least 4096, was " + maxBytes);
    }
  }

  private static void closeQuietly(TraceSink sink) {
    try {
      sink.close();
    } catch (RuntimeException e) {
      // a sink must not throw; one that does has nothing more to give
    }
  }

  /** The trace directory, when the trace is kept in one (see {@link TraceSink#directory()}). */
  public Optional<Path> directory() {
    try {
      return sink.directory();
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Why the trace stopped before it was closed (budget reached, a write failed), if it did. */
  public synchronized Optional<String> stopReason() {
    return Optional.ofNullable(stopReason);
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
  public synchronized void attachShot(ObjectNode record, String field, @Nullable Observation o) {
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
      shot.put("file", TraceReader.SHOTS + "/" + name);
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
    Optional<String> refused = store(TraceReader.SHOTS + "/" + name, o.jpeg());
    if (refused.isPresent()) {
      shot.put("skipped", "could not store: " + refused.get());
      return;
    }
    bytes += o.jpegSize();
    storedShots.add(name);
    shot.put("file", TraceReader.SHOTS + "/" + name);
  }

  /**
   * Keeps a file beside the trace (a golden screen's diff image) under {@code name} ({@code
   * golden/NAME.diff.png}), within the trace's budget.
   *
   * @return empty when kept, otherwise why not
   */
  public synchronized Optional<String> storeFile(String name, byte[] content) {
    if (closed) {
      return Optional.of("the trace is closed");
    }
    if (stopReason != null) {
      return Optional.of("the trace stopped: " + stopReason);
    }
    if (bytes + content.length > maxBytes / 4 * 3) {
      return Optional.of("trace disk budget of " + maxBytes + " bytes reached");
    }
    Optional<String> refused = store(name, content);
    if (refused.isEmpty()) {
      bytes += content.length;
    }
    return refused;
  }

  private Optional<String> store(String name, byte[] content) {
    try {
      return sink.store(name, content);
    } catch (RuntimeException e) {
      return Optional.of("the trace sink failed: " + e);
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
    String line;
    try {
      line = JSON.writeValueAsString(record);
    } catch (IOException e) {
      return false;
    }
    if (bytes + line.getBytes(StandardCharsets.UTF_8).length + 1 > maxBytes - STOP_RESERVE) {
      stop("trace disk budget of " + maxBytes + " bytes reached");
      return false;
    }
    if (write(line)) {
      return true;
    }
    stop(sinkStopReason());
    return false;
  }

  /** Why the sink refused a record (a sink that says nothing stopped without a reason). */
  private String sinkStopReason() {
    try {
      return sink.stopReason().orElse("the trace sink stopped");
    } catch (RuntimeException e) {
      return "the trace sink failed: " + e;
    }
  }

  /** Stops the trace, leaving a last record with the reason when the sink still takes it. */
  private void stop(String reason) {
    stopReason = reason;
    ObjectNode r = JSON.createObjectNode();
    r.put("seq", seq.incrementAndGet());
    r.put("action", TraceReader.STOPPED);
    r.put("reason", reason);
    try {
      String line = JSON.writeValueAsString(r);
      if (line.getBytes(StandardCharsets.UTF_8).length + 1 <= STOP_RESERVE) {
        write(line);
      }
    } catch (IOException e) {
      // the reason cannot be written; what was written before stays readable
    }
  }

  /** Hands the sink one record (without its line end); false when the sink took it not. */
  private boolean write(String line) {
    boolean taken;
    try {
      taken = sink.append(line);
    } catch (RuntimeException e) {
      taken = false;
    }
    if (taken) {
      bytes += line.getBytes(StandardCharsets.UTF_8).length + 1;
    }
    return taken;
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
    closeQuietly(sink);
  }

  private static long directorySize(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
