package dev.swipe.core.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.swipe.base.Api;
import dev.swipe.base.SwipeException;
import dev.swipe.core.spi.TraceSink;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A {@link TraceSink} that sends a run's trace to a trace collector over HTTP (the agent jar's
 * {@code collect} command), so the runs of a farm of rigs land in one directory there, {@code
 * DIR/RIG/RUN/}, each exactly the files a local trace directory holds, and {@code report DIR}
 * renders them with an index per rig.
 *
 * <pre>{@code
 * HttpTraceSink sink = HttpTraceSink.builder(URI.create("http://10.0.0.5:8770"))
 *     .token(System.getenv("SWIPE_TRACE_TOKEN"))
 *     .rig("rig-a")
 *     .run("20261201-040512.345-checkout")
 *     .open();
 * try (Device run = phone.run().forkTracedTo(new AttachmentRegistry(), sink, 64L << 20)) {
 *   run.screenshot(); // records and screenshots go to the collector
 * }
 * }</pre>
 *
 * <p>Delivery never holds the run up. {@link #append} and {@link #store} put the record or file in
 * a spool in memory and return; a thread of the sink's own delivers the spool in order, records in
 * batches and each file once, and waits and retries (up to every 5 s) while the collector cannot be
 * reached or answers that it is busy. Each delivery is idempotent: records are numbered by their
 * place in the run's trace and the collector keeps each place once, a file is kept once by name, so
 * a dropped connection or a collector restarted in the middle (what it acknowledged is on its disk)
 * loses and duplicates nothing. The spool is bounded ({@link Builder#spoolBytes}, default 64 MiB):
 * a screenshot that does not fit is skipped (its record says so), and a record that does not fit
 * stops the trace, whose last record ({@code trace_stopped}) still goes out when the collector is
 * back and says why. A collector that refuses the trace (a wrong token, a name it does not take,
 * the run's directory full) stops it at once, with the reason in {@link #stopReason()}; what it
 * cannot know it is told on {@link Builder#log}.
 *
 * <p>{@link #close()} waits for the spool to be delivered for at most {@link Builder#closeTimeout}
 * (default 5 s), and not at all while the collector is unreachable, so a run that ends while the
 * collector is down ends at once. What is left is still delivered in the background, for at most
 * {@link Builder#linger} after the close (default 2 min), on a daemon thread that never holds the
 * process up.
 *
 * <p>The protocol, which the collector implements: every request carries {@code Swipe-Run-Key}, a
 * random key of this sink (the first request for a run claims its directory with it, and a run
 * already claimed with another key answers 409 {@code run_taken}, so the sink takes the next name,
 * {@code RUN-2}), and {@code Authorization: Bearer TOKEN} when a token is set.
 *
 * <ul>
 *   <li>{@code PUT /traces/RIG/RUN/files/DIR/NAME}, the file's bytes: 201 kept, 200 already kept
 *       with the same bytes, 409 {@code file_exists} for other bytes.
 *   <li>{@code POST /traces/RIG/RUN/records?from=N}, {@code application/x-ndjson}, records {@code
 *       N}, {@code N+1}, ... of the run (from 0), one per line: 200 {@code {"lines": T}}, the
 *       records the run holds now (those it held already are not appended again); 409 {@code
 *       records_missing} with {@code lines} when {@code N} is past them.
 * </ul>
 *
 * <p>Names: a rig is 1-64 and a run 1-128 of {@code A-Z a-z 0-9 . _ -}, starting with a letter or
 * digit. The connection ignores the JVM's proxy settings (a collector is on the farm's own
 * network); an {@code https} collector behind a TLS proxy works as any {@code https} URL.
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class HttpTraceSink implements TraceSink {
  /** Default bound of what waits for delivery: 64 MiB. */
  public static final long DEFAULT_SPOOL_BYTES = 64L * 1024 * 1024;

  /** Default longest wait of {@link #close()} for the spool to be delivered. */
  public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(5);

  /** Default time the spool is still delivered after {@link #close()}. */
  public static final Duration DEFAULT_LINGER = Duration.ofMinutes(2);

  private static final Pattern RIG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  private static final Pattern RUN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
  private static final Pattern FILE_NAME =
      Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  /** Most bytes of records in one request. */
  private static final int BATCH_BYTES = 1024 * 1024;

  /** Most records in one request. */
  private static final int BATCH_LINES = 1000;

  private static final long MIN_BACKOFF_MS = 100;
  private static final long MAX_BACKOFF_MS = 5000;
  private static final int CONNECT_TIMEOUT_MS = 5000;
  private static final int READ_TIMEOUT_MS = 30_000;

  /** Most names tried when runs of the name are taken ({@code RUN-2} ... {@code RUN-100}). */
  private static final int MAX_NAMES = 100;

  /** Something waiting for delivery. */
  private sealed interface Item permits Line, FileItem {
    int size();
  }

  /** A record, its line end included. */
  private static final class Line implements Item {
    private final byte[] utf8;

    Line(byte[] utf8) {
      this.utf8 = utf8;
    }

    byte[] utf8() {
      return utf8;
    }

    @Override
    public int size() {
      return utf8.length;
    }
  }

  /** A file of the trace by its relative name. */
  private static final class FileItem implements Item {
    private final String name;
    private final byte[] bytes;

    FileItem(String name, byte[] bytes) {
      this.name = name;
      this.bytes = bytes;
    }

    String name() {
      return name;
    }

    byte[] bytes() {
      return bytes;
    }

    @Override
    public int size() {
      return bytes.length;
    }
  }

  private final URI collector;
  private final @Nullable String token;
  private final String rig;
  private final String baseRun;
  private final String key;
  private final long spoolBytes;
  private final Duration closeTimeout;
  private final Duration linger;
  private final Consumer<String> log;
  private final Thread sender;

  // guarded by this
  private final ArrayDeque<Item> queue = new ArrayDeque<>();
  private long queuedBytes;
  private long linesAcked;
  private String run;
  private int names = 1;
  private boolean claimed;
  private @Nullable String stopReason;
  private boolean fatal;
  private boolean lastRecordTaken;
  private boolean closed;
  private long closedAtNanos;
  private boolean failing;
  private boolean done;
  private long failingSinceNanos;

  private HttpTraceSink(Builder b) {
    this.collector = b.collector;
    this.token = b.token;
    this.rig = b.rig != null ? b.rig : defaultRig();
    this.baseRun = b.run != null ? b.run : TraceNames.stamp() + "-run";
    this.run = baseRun;
    this.key = HexFormat.of().formatHex(randomKey());
    this.spoolBytes = b.spoolBytes;
    this.closeTimeout = b.closeTimeout;
    this.linger = b.linger;
    this.log = b.log;
    this.sender = new Thread(this::deliver, "swipe-trace-" + baseRun);
    this.sender.setDaemon(true);
  }

  private static byte[] randomKey() {
    byte[] k = new byte[16];
    RANDOM.nextBytes(k);
    return k;
  }

  /**
   * A builder of a sink sending to the collector at {@code collector} ({@code http://HOST:PORT}).
   */
  public static Builder builder(URI collector) {
    return new Builder(collector);
  }

  /** The collector's address. */
  public URI collector() {
    return collector;
  }

  /** The rig the runs are filed under. */
  public String rig() {
    return rig;
  }

  /**
   * The run's name at the collector: the one asked for, or {@code NAME-2} and so on when another
   * sink had claimed it.
   */
  public synchronized String run() {
    return run;
  }

  /** Where the run's trace lands: the collector's address, rig and run. */
  @Override
  public String toString() {
    return collector + " (rig " + rig + ", run " + run() + ")";
  }

  @Override
  public synchronized boolean append(String record) {
    if (closed || (fatal && stopReason != null)) {
      return false;
    }
    byte[] line = (record + "\n").getBytes(StandardCharsets.UTF_8);
    if (stopReason != null) {
      // the writer's trace_stopped record: kept beyond the bound, so the trace says how it ended
      if (!lastRecordTaken) {
        lastRecordTaken = true;
        enqueue(new Line(line));
      }
      return false;
    }
    if (queuedBytes + line.length > spoolBytes) {
      stopReason =
          "the spool of "
              + spoolBytes
              + " bytes waiting for the collector at "
              + collector
              + " is full"
              + (failing ? ": it has not taken the trace for " + failingFor() : "");
      return false;
    }
    enqueue(new Line(line));
    return true;
  }

  @Override
  public synchronized Optional<String> store(String name, byte[] bytes) {
    if (name == null || !FILE_NAME.matcher(name).matches()) {
      return Optional.of("'" + name + "' is not a file name of a trace");
    }
    if (closed) {
      return Optional.of("the trace is closed");
    }
    if (stopReason != null) {
      return Optional.of("the trace stopped: " + stopReason);
    }
    if (queuedBytes + bytes.length > spoolBytes) {
      return Optional.of(
          "the spool of "
              + spoolBytes
              + " bytes waiting for the collector at "
              + collector
              + " is full"
              + (failing ? ": it has not taken the trace for " + failingFor() : ""));
    }
    enqueue(new FileItem(name, bytes.clone()));
    return Optional.empty();
  }

  private void enqueue(Item item) {
    queue.addLast(item);
    queuedBytes += item.size();
    notifyAll();
  }

  @Override
  public synchronized Optional<String> stopReason() {
    return Optional.ofNullable(stopReason);
  }

  /**
   * Waits up to the close timeout for the spool to be delivered, not at all while the collector is
   * unreachable; what is left is delivered in the background for the linger time.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    closedAtNanos = System.nanoTime();
    notifyAll();
    long deadline = closedAtNanos + closeTimeout.toNanos();
    try {
      while (!done && !queue.isEmpty() && !failing) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        wait(Math.max(1, left / 1_000_000));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the rest is delivered in the background
    }
  }

  /**
   * Whether everything given to the sink has been delivered (or dropped) and its thread has ended;
   * for tests and a host that wants to wait longer than {@link #close()} does.
   *
   * @return true when the sender ended within {@code timeout}
   */
  public boolean awaitDelivered(Duration timeout) throws InterruptedException {
    sender.join(Math.max(1, timeout.toMillis()));
    return !sender.isAlive();
  }

  // --- delivery, on the sender thread ---

  /** One request's worth: a file, or records from {@code from} on. */
  private record Batch(@Nullable FileItem file, List<Line> lines, long from, String run) {}

  private void deliver() {
    long backoff = MIN_BACKOFF_MS;
    while (true) {
      Batch batch;
      synchronized (this) {
        try {
          while (queue.isEmpty() && !closed && !fatal) {
            wait();
          }
        } catch (InterruptedException e) {
          giveUp("the delivery thread was interrupted");
          return;
        }
        if (queue.isEmpty() || fatal) {
          finish();
          return;
        }
        if (closed && System.nanoTime() - closedAtNanos > linger.toNanos()) {
          String left = queue.size() + " records and files (" + queuedBytes + " bytes)";
          giveUp(null);
          say(
              "gave up delivering the trace of run "
                  + run
                  + " to "
                  + collector
                  + ": "
                  + left
                  + " still undelivered "
                  + linger.toSeconds()
                  + " s after the run ended");
          return;
        }
        batch = next();
      }
      Outcome outcome = send(batch);
      String message = null;
      synchronized (this) {
        switch (outcome.kind()) {
          case DONE -> {
            delivered(batch, outcome.lines());
            if (failing) {
              message = "the collector at " + collector + " takes the trace again";
            }
            failing = false;
            claimed = true;
            backoff = MIN_BACKOFF_MS;
          }
          case TAKEN -> {
            if (!claimed && names < MAX_NAMES && batch.run().equals(run)) {
              names++;
              run = baseRun + "-" + names;
            } else {
              stop("the collector at " + collector + " gives run " + run + " to another sink");
              message = stopReason;
            }
          }
          case LOST -> {
            stop(
                "the collector at "
                    + collector
                    + " holds "
                    + outcome.lines()
                    + " records of run "
                    + run
                    + ", fewer than the "
                    + linesAcked
                    + " it had taken: the rest is lost");
            message = stopReason;
          }
          case SKIP_FILE -> {
            delivered(batch, -1);
            message =
                "the collector at "
                    + collector
                    + " holds another "
                    + Objects.requireNonNull(batch.file(), "a file's batch").name()
                    + " for run "
                    + run
                    + "; this one was not kept";
          }
          case REFUSED -> {
            stop("the collector at " + collector + " refused the trace: " + outcome.reason());
            message = stopReason;
          }
          case RETRY -> {
            if (!failing) {
              failing = true;
              failingSinceNanos = System.nanoTime();
              message =
                  "the collector at "
                      + collector
                      + " does not take the trace of run "
                      + run
                      + " now ("
                      + outcome.reason()
                      + "); retrying, holding up to "
                      + spoolBytes
                      + " bytes";
            }
          }
        }
        notifyAll();
      }
      if (message != null) {
        say(message);
      }
      if (outcome.kind() == Kind.RETRY) {
        // new records and a close wake the thread; neither cuts the wait for a collector short
        long until = System.nanoTime() + backoff * 1_000_000;
        synchronized (this) {
          try {
            for (long left = until - System.nanoTime();
                left > 0 && !fatal;
                left = until - System.nanoTime()) {
              wait(Math.max(1, left / 1_000_000));
            }
          } catch (InterruptedException e) {
            giveUp("the delivery thread was interrupted");
            return;
          }
        }
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
      }
    }
  }

  /** The next request: the file at the head, or the records at the head. */
  private Batch next() {
    Item head = queue.peekFirst();
    if (head instanceof FileItem f) {
      return new Batch(f, List.of(), linesAcked, run);
    }
    List<Line> lines = new ArrayList<>();
    int bytes = 0;
    for (Item i : queue) {
      if (!(i instanceof Line l)
          || lines.size() >= BATCH_LINES
          || (!lines.isEmpty() && bytes + l.size() > BATCH_BYTES)) {
        break;
      }
      lines.add(l);
      bytes += l.size();
    }
    return new Batch(null, lines, linesAcked, run);
  }

  /** Takes what the collector acknowledged off the spool. */
  private void delivered(Batch batch, long total) {
    if (batch.file() != null) {
      Item head = queue.pollFirst();
      queuedBytes -= head == null ? 0 : head.size();
      return;
    }
    long taken = Math.min(total, batch.from() + batch.lines().size()) - batch.from();
    for (long i = 0; i < taken; i++) {
      Item head = queue.pollFirst();
      queuedBytes -= head == null ? 0 : head.size();
    }
    linesAcked = Math.max(linesAcked, Math.min(total, batch.from() + batch.lines().size()));
  }

  private void stop(String reason) {
    if (stopReason == null) {
      stopReason = reason;
    }
    fatal = true;
    queue.clear();
    queuedBytes = 0;
  }

  private void giveUp(@Nullable String reason) {
    synchronized (this) {
      if (reason != null && stopReason == null) {
        stopReason = reason;
      }
      queue.clear();
      queuedBytes = 0;
      finish();
    }
  }

  private void finish() {
    done = true;
    notifyAll();
  }

  private String failingFor() {
    return (System.nanoTime() - failingSinceNanos) / 1_000_000_000L + " s";
  }

  private void say(String message) {
    try {
      log.accept(message);
    } catch (RuntimeException e) {
      // a log that fails says nothing
    }
  }

  private enum Kind {
    DONE,
    TAKEN,
    LOST,
    SKIP_FILE,
    REFUSED,
    RETRY
  }

  /** What a request came to; {@code lines} is the collector's count after a records request. */
  private record Outcome(Kind kind, long lines, String reason) {}

  private Outcome send(Batch b) {
    String path =
        "/traces/"
            + rig
            + "/"
            + b.run()
            + (b.file() != null ? "/files/" + b.file().name() : "/records?from=" + b.from());
    byte[] body;
    if (b.file() != null) {
      body = b.file().bytes();
    } else {
      int size = 0;
      for (Line l : b.lines()) {
        size += l.size();
      }
      body = new byte[size];
      int at = 0;
      for (Line l : b.lines()) {
        System.arraycopy(l.utf8(), 0, body, at, l.size());
        at += l.size();
      }
    }
    HttpURLConnection c = null;
    try {
      URL url = URI.create(base() + path).toURL();
      c = (HttpURLConnection) url.openConnection(Proxy.NO_PROXY);
      c.setConnectTimeout(CONNECT_TIMEOUT_MS);
      c.setReadTimeout(READ_TIMEOUT_MS);
      c.setUseCaches(false);
      c.setInstanceFollowRedirects(false);
      c.setRequestMethod(b.file() != null ? "PUT" : "POST");
      c.setRequestProperty(
          "Content-Type", b.file() != null ? "application/octet-stream" : "application/x-ndjson");
      c.setRequestProperty("Swipe-Run-Key", key);
      if (token != null) {
        c.setRequestProperty("Authorization", "Bearer " + token);
      }
      c.setDoOutput(true);
      c.setFixedLengthStreamingMode(body.length);
      try (OutputStream out = c.getOutputStream()) {
        out.write(body);
      }
      int status = c.getResponseCode();
      JsonNode answer = answer(c, status);
      String code = answer.path("error").path("code").asText("");
      String reason =
          status
              + (code.isEmpty() ? "" : " " + code)
              + (answer.path("error").path("message").isTextual()
                  ? ": " + answer.path("error").path("message").asText()
                  : "");
      if (code.isEmpty() && c.getResponseMessage() != null) {
        // a 401 to a streamed request comes without its body
        reason = status + " " + c.getResponseMessage().toLowerCase(Locale.ROOT);
      }
      if (status == 200 || status == 201) {
        return new Outcome(Kind.DONE, answer.path("lines").asLong(0), "");
      }
      if (status == 409 && code.equals("run_taken")) {
        return new Outcome(Kind.TAKEN, 0, reason);
      }
      if (status == 409 && code.equals("records_missing")) {
        return new Outcome(Kind.LOST, answer.path("lines").asLong(0), reason);
      }
      if (status == 409 && code.equals("file_exists")) {
        return new Outcome(Kind.SKIP_FILE, 0, reason);
      }
      if (status == 408 || status == 429 || (status >= 500 && status != 507)) {
        return new Outcome(Kind.RETRY, 0, reason);
      }
      return new Outcome(Kind.REFUSED, 0, reason);
    } catch (IOException | RuntimeException e) {
      if (c != null) {
        c.disconnect(); // a connection that failed is not kept for the next request
      }
      return new Outcome(Kind.RETRY, 0, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /** The collector's address without a trailing slash. */
  private String base() {
    String s = collector.toString();
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }

  /** The answer's JSON, read to its end so the connection can be kept; empty when it is none. */
  private static JsonNode answer(HttpURLConnection c, int status) {
    try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
      if (in == null) {
        return JSON.createObjectNode();
      }
      byte[] bytes = in.readNBytes(64 * 1024);
      in.transferTo(OutputStream.nullOutputStream());
      JsonNode n = JSON.readTree(bytes);
      return n == null ? JSON.createObjectNode() : n;
    } catch (IOException | RuntimeException e) {
      return JSON.createObjectNode();
    }
  }

  /**
   * This machine's name as a rig name, the default of {@link Builder#rig}: its host name in lower
   * case, unsafe characters as {@code _}, at most 64; {@code rig} when it has none. Looking the
   * name up may take a moment where name resolution is slow, so a server asks once.
   */
  public static String defaultRig() {
    String name;
    try {
      name = InetAddress.getLocalHost().getHostName();
    } catch (IOException | RuntimeException e) {
      name = System.getenv("HOSTNAME");
    }
    return TraceNames.rig(name == null ? "" : name);
  }

  /**
   * Builds an {@link HttpTraceSink}. Each part is set once: a second set fails with {@code
   * invalid_argument} naming it.
   */
  public static final class Builder {
    private final URI collector;
    private @Nullable String token;
    private @Nullable String rig;
    private @Nullable String run;
    private long spoolBytes = DEFAULT_SPOOL_BYTES;
    private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;
    private Duration linger = DEFAULT_LINGER;
    private Consumer<String> log = m -> {};

    private Builder(URI collector) {
      SwipeException.requireArgument(collector, "trace_to");
      String scheme = collector.getScheme();
      if (scheme == null
          || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
          || collector.getHost() == null
          || collector.getRawUserInfo() != null
          || collector.getRawQuery() != null
          || collector.getRawFragment() != null) {
        throw SwipeException.invalidArgument(
            "trace_to",
            "must be http://HOST:PORT (or https://, optionally with a path), was '"
                + collector
                + "'");
      }
      this.collector = collector;
    }

    /** The bearer token the collector asks for (none by default: a collector on loopback). */
    public Builder token(String token) {
      SwipeException.requireNotSet(this.token != null, "trace_token");
      if (token == null || token.isBlank() || token.chars().anyMatch(ch -> ch < 0x20)) {
        throw SwipeException.invalidArgument(
            "trace_token", "must be a non-blank token without control characters");
      }
      this.token = token.strip();
      return this;
    }

    /**
     * The rig the run is filed under at the collector: 1-64 of {@code A-Z a-z 0-9 . _ -}, starting
     * with a letter or digit. Default: this machine's host name (its unsafe characters as {@code
     * _}).
     */
    public Builder rig(String rig) {
      SwipeException.requireNotSet(this.rig != null, "rig");
      if (rig == null || !RIG.matcher(rig).matches()) {
        throw SwipeException.invalidArgument(
            "rig", "must be 1-64 of A-Z a-z 0-9 . _ - starting with a letter or digit, was " + rig);
      }
      this.rig = rig;
      return this;
    }

    /**
     * The run's name at the collector: 1-128 of {@code A-Z a-z 0-9 . _ -}, starting with a letter
     * or digit; the directory {@code DIR/RIG/RUN}. Default: when the sink opened ({@code
     * 20261201-040512.345-run}); a name another sink claimed first becomes {@code RUN-2}.
     */
    public Builder run(String run) {
      SwipeException.requireNotSet(this.run != null, "run");
      if (run == null || !RUN.matcher(run).matches()) {
        throw SwipeException.invalidArgument(
            "run",
            "must be 1-128 of A-Z a-z 0-9 . _ - starting with a letter or digit, was " + run);
      }
      this.run = run;
      return this;
    }

    /**
     * Most bytes held waiting for delivery (default 64 MiB, at least 64 KiB); beyond it screenshots
     * are skipped and the trace stops.
     */
    public Builder spoolBytes(long bytes) {
      if (bytes < 64 * 1024) {
        throw SwipeException.invalidArgument("spool_bytes", "must be at least 65536, was " + bytes);
      }
      this.spoolBytes = bytes;
      return this;
    }

    /**
     * Longest wait of {@link HttpTraceSink#close()} for the spool (default 5 s, at most 10 min).
     */
    public Builder closeTimeout(Duration timeout) {
      this.closeTimeout = bounded(timeout, "close_timeout");
      return this;
    }

    /** How long after the close the rest is still delivered (default 2 min, at most 10 min). */
    public Builder linger(Duration linger) {
      this.linger = bounded(linger, "linger");
      return this;
    }

    /**
     * Where the sink says what a run cannot see: the collector unreachable (once, until it takes
     * the trace again), a refusal, a spool given up. Called on the sink's own thread; default:
     * nowhere.
     */
    public Builder log(Consumer<String> log) {
      this.log = SwipeException.requireArgument(log, "log");
      return this;
    }

    private static Duration bounded(Duration d, String field) {
      SwipeException.requireArgument(d, field);
      if (d.isNegative() || d.toMinutes() > 10) {
        throw SwipeException.invalidArgument(field, "must be between 0 and 10 min, was " + d);
      }
      return d;
    }

    /**
     * Starts the sink's delivery thread. Nothing is sent until the first record or file, and a
     * collector that cannot be reached now is not an error: the spool waits for it.
     */
    public HttpTraceSink open() {
      HttpTraceSink sink = new HttpTraceSink(this);
      sink.sender.start();
      return sink;
    }
  }

  /** Names at the collector, made from what a server knows (a host name, a label). */
  static final class TraceNames {
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");

    private TraceNames() {}

    static String stamp() {
      return java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss.SSS")
          .withZone(java.time.ZoneOffset.UTC)
          .format(java.time.Instant.now());
    }

    /**
     * {@code name} as a rig name: unsafe characters as {@code _}, at most 64, {@code rig} if none.
     */
    static String rig(String name) {
      String s = UNSAFE.matcher(name.strip().toLowerCase(Locale.ROOT)).replaceAll("_");
      while (!s.isEmpty() && !Character.isLetterOrDigit(s.charAt(0))) {
        s = s.substring(1);
      }
      if (s.length() > 64) {
        s = s.substring(0, 64);
      }
      return s.isEmpty() ? "rig" : s;
    }
  }
}
