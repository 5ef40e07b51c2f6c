package dev.swipe.agent.server;

import dev.swipe.agent.AgentRun;
import dev.swipe.base.CommonCode;
import dev.swipe.base.SwipeException;
import dev.swipe.core.trace.HttpTraceSink;
import dev.swipe.core.trace.TraceReader;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Where the servers' runs ({@code --trace DIR}) leave their traces: one sub-directory of {@code
 * DIR} per run, named by when it started and what it is ({@code 20261201-040512.345-connection-1}),
 * so a server's runs never mix in one file and {@code report DIR} renders each.
 *
 * <p>Disk use is bounded twice: each run's directory by its own budget ({@code --trace-max-bytes},
 * default 512 MiB), and the run directories together by a total ({@code --trace-total-bytes},
 * default 4 GiB): before a run starts, the directories of the oldest runs that have ended are
 * removed until the total plus the new run's budget fits. A run still going on counts at its whole
 * budget, reserved when it started, since it may still fill it; when the runs going on leave less
 * room than a run's budget, the new run gets what is left, and below 4096 bytes it goes untraced
 * (the server says so on its log), so many live runs together cannot pass the total either. Only
 * directories this naming makes ({@code yyyyMMdd-HHmmss.SSS-...}) are ever removed, and never a run
 * still going on; a run's budget larger than the total is cut to the total.
 *
 * <p>The root is checked when the server starts (a coded error then, never in the middle of a run).
 * A run whose own directory cannot be made later (the disk filled up) goes on untraced, and the
 * server says so on its log; a trace that reaches its budget or a full disk stops with a recorded
 * reason while the run goes on.
 *
 * <p>With {@code --trace-to URL} ({@link #remote}) each run's trace goes to a trace collector
 * instead, through an {@link HttpTraceSink}, as {@code RIG/NAME} there under the same name a local
 * run directory would have; nothing is written locally, each run keeps its budget, and the
 * collector keeps the runs together (the total is its business).
 */
final class RunTraces {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss.SSS").withZone(ZoneOffset.UTC);
  private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");
  private static final Pattern RUN_DIR =
      Pattern.compile("[0-9]{8}-[0-9]{6}\\.[0-9]{3}-[A-Za-z0-9._-]+");

  /** Default budget of all run directories together: 4 GiB. */
  static final long DEFAULT_TOTAL_MAX_BYTES = 4L * 1024 * 1024 * 1024;

  private final @Nullable Path root;
  private final long maxBytes;
  private final long totalMaxBytes;
  private final PrintStream log;

  /** Where runs' traces are sent instead of {@link #root}, or null. */
  private final @Nullable URI collector;

  private final @Nullable String token;
  private final @Nullable String rig;

  /**
   * Guarded by this: the runs started here, by directory, so a live run's trace is never removed.
   */
  private final Map<Path, AgentRun> started = new HashMap<>();

  /** Guarded by this: the budget each run still going on reserved when it started. */
  private final Map<Path, Long> reserved = new HashMap<>();

  /** The smallest trace budget a run is given; with less room left it goes untraced. */
  static final long MIN_RUN_BYTES = 4096;

  private RunTraces(Path root, long maxBytes, long totalMaxBytes, PrintStream log) {
    this.root = root;
    this.maxBytes = Math.min(maxBytes, totalMaxBytes);
    this.totalMaxBytes = totalMaxBytes;
    this.log = log;
    this.collector = null;
    this.token = null;
    this.rig = null;
  }

  private RunTraces(
      URI collector, @Nullable String token, String rig, long maxBytes, PrintStream log) {
    this.root = null;
    this.maxBytes = maxBytes;
    this.totalMaxBytes = maxBytes;
    this.log = log;
    this.collector = collector;
    this.token = token;
    this.rig = rig;
  }

  /**
   * Runs traced to the collector at {@code collector} as rig {@code rig} (its unsafe characters as
   * {@code _}; null: this machine's host name), each within {@code maxBytes}. The collector is
   * asked once now: a token or a name it refuses fails here, before anything starts; a collector
   * that cannot be reached now is only said on the log, since runs' traces wait for it.
   *
   * @throws SwipeException {@code invalid_argument}: (field {@code trace_to}) an address that is no
   *     http URL or one whose host name the collector refuses, (field {@code trace_token}) a token
   *     the collector refuses or that it asks for and was not given, (field {@code rig}) a rig name
   *     it cannot take, (field {@code trace_max_bytes}) a budget under 4096
   */
  static RunTraces remote(
      URI collector, @Nullable String token, @Nullable String rig, long maxBytes, PrintStream log) {
    if (maxBytes < 4096) {
      throw SwipeException.invalidArgument(
          "trace_max_bytes", "must be at least 4096, was " + maxBytes);
    }
    HttpTraceSink.Builder check = HttpTraceSink.builder(collector); // checks the URL
    if (token != null) {
      check.token(token);
    }
    String name = rig == null ? HttpTraceSink.defaultRig() : rigName(rig);
    check.rig(name);
    String status = probe(collector, token);
    if (status.startsWith("refused: 401")) {
      throw SwipeException.invalidArgument(
          "trace_token",
          "the trace collector at "
              + collector
              + " "
              + status
              + (token == null ? " (give --trace-token or SWIPE_TRACE_TOKEN)" : ""));
    }
    if (status.startsWith("refused")) {
      throw SwipeException.invalidArgument(
          "trace_to",
          "the trace collector at "
              + collector
              + " "
              + status
              + " (a name for it other than its address needs its --allow-host)");
    }
    RunTraces t = new RunTraces(collector, token, name, maxBytes, log);
    log.println(
        "swipe-agent: runs' traces go to "
            + collector
            + " as rig "
            + name
            + (status.isEmpty() ? "" : " (" + status + ")"));
    return t;
  }

  /**
   * These traces with runs filed under rig {@code name} at the collector (its unsafe characters as
   * {@code _}); traces to a local directory are the same for every rig.
   *
   * @throws SwipeException {@code invalid_argument} (field {@code rig}) for a name with no letter
   *     or digit
   */
  RunTraces forRig(String name) {
    return collector == null ? this : new RunTraces(collector, token, rigName(name), maxBytes, log);
  }

  /** {@code name} as a collector's rig name: unsafe characters as {@code _}, at most 64. */
  static String rigName(String name) {
    String s = UNSAFE.matcher(name.strip()).replaceAll("_");
    while (!s.isEmpty() && !Character.isLetterOrDigit(s.charAt(0))) {
      s = s.substring(1);
    }
    s = s.length() > 64 ? s.substring(0, 64) : s;
    if (s.isEmpty()) {
      throw SwipeException.invalidArgument(
          "rig", "'" + name + "' has no letter or digit to name a rig by");
    }
    return s;
  }

  /**
   * Asks the collector's {@code GET /status}: empty when it answers, "refused ..." when it refuses
   * the token or this server's name for it, otherwise why it cannot be asked now.
   */
  private static String probe(URI collector, @Nullable String token) {
    java.net.HttpURLConnection c = null;
    try {
      String base = collector.toString().replaceAll("/+$", "");
      c =
          (java.net.HttpURLConnection)
              URI.create(base + "/status").toURL().openConnection(java.net.Proxy.NO_PROXY);
      c.setConnectTimeout(5000);
      c.setReadTimeout(10_000);
      if (token != null) {
        c.setRequestProperty("Authorization", "Bearer " + token.strip());
      }
      int code = c.getResponseCode();
      java.io.InputStream in = code >= 400 ? c.getErrorStream() : c.getInputStream();
      String body = in == null ? "" : new String(in.readNBytes(4096), StandardCharsets.UTF_8);
      if (in != null) {
        in.close();
      }
      if (code == 200) {
        return "";
      }
      if (code == 401 || code == 403) {
        return "refused: " + code + " " + body.strip();
      }
      return "it answered " + code + " " + body.strip();
    } catch (IOException | RuntimeException e) {
      return "not reachable now: "
          + e.getClass().getSimpleName()
          + ": "
          + e.getMessage()
          + "; runs' traces wait for it";
    } finally {
      if (c != null) {
        c.disconnect();
      }
    }
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
    return open(root, maxBytes, DEFAULT_TOTAL_MAX_BYTES, log);
  }

  /**
   * {@link #open(Path, long, PrintStream)} with a budget for all run directories together.
   *
   * @param totalMaxBytes the budget of all run directories (at least 4096)
   * @throws SwipeException as there, and {@code invalid_argument} (field {@code trace_total_bytes})
   *     for a total under 4096
   */
  static RunTraces open(Path root, long maxBytes, long totalMaxBytes, PrintStream log) {
    SwipeException.requireArgument(root, "trace");
    if (maxBytes < 4096) {
      throw SwipeException.invalidArgument(
          "trace_max_bytes", "must be at least 4096, was " + maxBytes);
    }
    if (totalMaxBytes < 4096) {
      throw SwipeException.invalidArgument(
          "trace_total_bytes", "must be at least 4096, was " + totalMaxBytes);
    }
    try {
      Files.createDirectories(root);
      Path probe = Files.createTempFile(root, ".swipe-write-check", ".tmp");
      Files.delete(probe);
    } catch (IOException | RuntimeException e) {
      throw new SwipeException(
          CommonCode.INVALID_ARGUMENT,
          "trace: cannot write traces in " + root + ": " + e,
          Map.of("field", "trace", "path", root.toString()),
          e);
    }
    return new RunTraces(root, maxBytes, totalMaxBytes, log);
  }

  /**
   * Builds {@code run} traced into a new sub-directory named for {@code label}; when that cannot be
   * made, untraced (the run matters more than its trace), saying why on the log.
   */
  AgentRun start(AgentRun.Builder run, String label) {
    if (collector != null) {
      return startRemote(run, label);
    }
    Path dir;
    long budget;
    synchronized (this) {
      try {
        budget = makeRoom();
      } catch (IOException | RuntimeException e) {
        log.println("swipe-agent: could not remove old traces in " + root + ": " + e);
        budget = maxBytes;
      }
      if (budget < MIN_RUN_BYTES) {
        log.println(
            "swipe-agent: run "
                + label
                + " is not traced: the traces of runs still going on fill --trace-total-bytes "
                + totalMaxBytes);
        return run.build();
      }
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
      reserved.put(dir, budget);
    }
    try {
      AgentRun r = run.trace(dir, budget).build();
      synchronized (this) {
        started.put(dir, r);
      }
      return r;
    } catch (RuntimeException e) {
      synchronized (this) {
        reserved.remove(dir); // its directory holds no run now
      }
      if (!(e instanceof SwipeException s) || !"trace".equals(s.field())) {
        throw e;
      }
      log.println("swipe-agent: run " + label + " is not traced: " + e.getMessage());
      return run.trace((Path) null, 0).build();
    }
  }

  /** Builds {@code run} traced to the collector as {@code RIG/STAMP-label}. */
  private AgentRun startRemote(AgentRun.Builder run, String label) {
    String name = STAMP.format(Instant.now()) + "-" + UNSAFE.matcher(label).replaceAll("_");
    // a remote RunTraces has its collector and rig's name; a local one its root
    HttpTraceSink.Builder b =
        HttpTraceSink.builder(Objects.requireNonNull(collector, "collector"))
            .run(name.length() > 128 ? name.substring(0, 128) : name)
            .log(m -> log.println("swipe-agent: " + m));
    if (token != null) {
      b.token(token);
    }
    b.rig(Objects.requireNonNull(rig, "rig"));
    return run.traceTo(b.open(), maxBytes).build();
  }

  /**
   * Removes the directories of the oldest ended runs until the run directories and one more run's
   * budget fit the total, counting a run still going on at its reserved budget.
   *
   * @return the budget the new run can have: a whole run's, or what the total leaves
   */
  private synchronized long makeRoom() throws IOException {
    started
        .entrySet()
        .removeIf(
            e -> {
              if (!e.getValue().isClosed()) {
                return false;
              }
              reserved.remove(e.getKey());
              return true;
            });
    List<Path> dirs;
    try (Stream<Path> list = Files.list(root)) {
      dirs =
          list.filter(d -> RUN_DIR.matcher(d.getFileName().toString()).matches())
              .filter(d -> Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS))
              .sorted() // by name: by start time
              .toList();
    }
    Map<Path, Long> sizes = new HashMap<>();
    long total = 0;
    for (Path d : dirs) {
      long size = size(d);
      sizes.put(d, size);
      total += Math.max(size, reserved.getOrDefault(d, 0L));
    }
    for (Path d : dirs) {
      if (total + maxBytes <= totalMaxBytes) {
        break;
      }
      if (reserved.containsKey(d)) {
        continue; // a run still going on keeps its trace
      }
      delete(d);
      total -= sizes.getOrDefault(d, 0L); // every listed directory was measured
      log.println(
          "swipe-agent: removed the trace of an ended run, "
              + d.getFileName()
              + ", to keep traces within --trace-total-bytes "
              + totalMaxBytes);
    }
    return Math.min(maxBytes, totalMaxBytes - total);
  }

  private static long size(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
          .mapToLong(f -> f.toFile().length())
          .sum();
    }
  }

  private static void delete(Path dir) throws IOException {
    List<Path> all;
    try (Stream<Path> files = Files.walk(dir)) {
      all = files.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path f : all) {
      Files.deleteIfExists(f);
    }
  }

  private Path newDirectory(String label) throws IOException {
    String base = STAMP.format(Instant.now()) + "-" + UNSAFE.matcher(label).replaceAll("_");
    for (int i = 1; i <= 100; i++) {
      Path dir = Objects.requireNonNull(root, "root").resolve(i == 1 ? base : base + "-" + i);
      try {
        return Files.createDirectory(dir);
      } catch (FileAlreadyExistsException e) {
        // another run started in the same millisecond under the same name: take the next
      }
    }
    throw new IOException("100 directories named " + base + " already exist");
  }

  /** The budget of all run directories together. */
  long totalMaxBytes() {
    return totalMaxBytes;
  }

  /** The default budget of each run's trace. */
  static long defaultMaxBytes() {
    return TraceReader.DEFAULT_MAX_BYTES;
  }
}
